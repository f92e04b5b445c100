/**
 * Ordered writes: one Places instance (a page, or the background's) applies its saves in call order through one
 * queue; the background runs save requests from all pages one at a time, so two pages never lose each other's
 * update and never see a conflict that is not one. URLs given to save() come back as given.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createClient } from '../../../src/app-protocol/client';
import { createPagePlaces } from '../../../src/places';
import { Bookmark, Group, MENU, UNSORTED, type PlainItem } from '@tidymarks/places';
import { boot, type Booted } from '../../kit/boot';
import { record } from './record';

let env: Booted;
beforeEach(async () => {
  env = await boot({ seed: 7 });
});

const url = (n: number | string) => `https://example.org/${n}`;
const childrenOf = async (id: string) => env.browser.bookmarks.getChildren(id);

/** Names of bookmark events in the order the background saw them. */
function watchBookmarkEvents() {
  const seen: string[] = [];
  const b = env.browser.bookmarks;
  b.onCreated.addListener((_id, node) => seen.push(`created ${node.title}`));
  b.onChanged.addListener((_id, change) => seen.push(`changed ${change.title ?? change.url}`));
  b.onMoved.addListener((id) => seen.push(`moved ${id}`));
  return seen;
}

describe('ordered writes from one Places instance', () => {
  it('concurrent saves into one group land in call order with their true indexes; each end reports its own input order', async () => {
    const group = (await env.places.save(new Group({ title: 'target', group: MENU })))[0] as Group;
    const saves = ['a', 'b', 'c'].map((t) =>
      env.places.save([new Bookmark({ title: `${t}1`, url: url(`${t}1`), group }), new Bookmark({ title: `${t}2`, url: url(`${t}2`), group })]),
    );
    const results = (await Promise.all(saves)) as Bookmark[][];
    expect(results.map((r) => r.map((b) => b.title))).toEqual([
      ['a1', 'a2'],
      ['b1', 'b2'],
      ['c1', 'c2'],
    ]);
    expect(results.flat().map((b) => b.index)).toEqual([0, 1, 2, 3, 4, 5]);
    expect((await childrenOf(group.id!)).map((n) => [n.title, n.index])).toEqual([
      ['a1', 0],
      ['a2', 1],
      ['b1', 2],
      ['b2', 3],
      ['c1', 4],
      ['c2', 5],
    ]);
  });

  it('a save whose resolve() round is still running lands completely before the save called after it', async () => {
    const [x] = (await env.places.save(new Bookmark({ title: 'x', url: url('x') }))) as Bookmark[];
    await env.browser.bookmarks.update(x.id!, { title: 'theirs' });
    const seen = watchBookmarkEvents();
    x.title = 'mine';
    let release!: () => void;
    const resolving = new Promise<void>((r) => (release = r));
    const resolve = vi.fn(async (mine: PlainItem) => {
      await resolving;
      return mine;
    });
    const first = env.places.save(x, { resolve });
    const second = env.places.save(new Bookmark({ title: 'y', url: url('y') }));
    await vi.waitFor(() => expect(resolve).toHaveBeenCalledTimes(1));
    // The second save waits for the first one's resolve(), it does not slip in between.
    expect(seen).toEqual([]);
    release();
    await Promise.all([first, second]);
    expect(seen).toEqual(['changed mine', 'created y']);
    expect((await childrenOf(UNSORTED.id!)).map((n) => n.title)).toEqual(['mine', 'y']);
  });

  it('a failed save does not stop the queue: the next save still runs', async () => {
    const bad = env.places.save({ type: 'bookmark', title: 'bad', url: 'no url' });
    const good = env.places.save(new Bookmark({ title: 'good', url: url('good') }));
    await expect(bad).rejects.toThrow('The `url` property must be a valid URL.');
    expect(((await good) as Bookmark[])[0].title).toBe('good');
  });
});

describe('saves from two pages', () => {
  const secondPage = () => createPagePlaces(createClient(env.fake.control.transport));

  it('regression: two pages saving the same stale snapshot at once: the second goes through resolve (no lost update)', async () => {
    const [held] = (await env.places.save(new Bookmark({ title: 'start', url: url('shared') }))) as Bookmark[];
    const other = secondPage();
    const copy = new Bookmark({ ...held, tags: held.tags });
    // Hold the first page's write in Firefox until the second page's request has reached the background: without
    // one queue for all save requests, the second would check the item now (still unchanged) and overwrite it.
    const bookmarks = env.browser.bookmarks;
    const realUpdate = bookmarks.update.bind(bookmarks);
    let release!: () => void;
    const held2 = new Promise<void>((r) => (release = r));
    let updates = 0;
    bookmarks.update = (async (...args: Parameters<typeof realUpdate>) => {
      if (updates++ === 0) await held2;
      return realUpdate(...args);
    }) as typeof bookmarks.update;
    const merge = (mine: PlainItem, theirs: PlainItem) => ({ ...mine, title: `${theirs.title}+${mine.title}` });
    const resolveA = vi.fn(merge);
    const resolveB = vi.fn(merge);
    held.title = 'A';
    copy.title = 'B';
    const first = env.places.save(held, { resolve: resolveA });
    await vi.waitFor(() => expect(updates).toBe(1));
    const second = other.save(copy, { resolve: resolveB });
    await vi.waitFor(() => expect(env.app.placesFeature.saveRequestsPending()).toBe(2));
    release();
    const [[a], [b]] = (await Promise.all([first, second])) as Bookmark[][];
    expect(resolveA).not.toHaveBeenCalled();
    expect(resolveB).toHaveBeenCalledTimes(1);
    expect(resolveB.mock.calls[0][1].title).toBe('A');
    expect((await bookmarks.get(held.id!))[0].title).toBe('A+B');
    expect(a.title).toBe('A');
    expect(b.title).toBe('A+B');
    expect(b.updated!).toBeGreaterThan(a.updated!);
  });

  it('two pages saving back their own returned snapshots into one folder, interleaved: no resolve call, nothing lost', async () => {
    const other = secondPage();
    const [folder] = (await env.places.save(new Group({ title: 'shared' }))) as Group[];
    let [a] = (await env.places.save(new Bookmark({ title: 'a0', url: url('a'), group: folder }))) as Bookmark[];
    let [b] = (await other.save(new Bookmark({ title: 'b0', url: url('b'), group: folder }))) as Bookmark[];
    const resolve = vi.fn((mine: PlainItem) => mine);
    for (let i = 1; i <= 20; i++) {
      a.title = `a${i}`;
      a.index = i % 2;
      b.title = `b${i}`;
      b.tags = new Set([`t${i}`]);
      [[a], [b]] = (await Promise.all([env.places.save(a, { resolve }), other.save(b, { resolve })])) as Bookmark[][];
    }
    expect(resolve).not.toHaveBeenCalled();
    expect((await childrenOf(folder.id!)).map((n) => n.title).sort()).toEqual(['a20', 'b20']);
    expect(b.tags).toEqual(new Set(['t20']));
  });
});

describe('URLs are echoed as the caller gave them', () => {
  it("data and end carry the caller's URL; a later search returns the form Firefox stored", async () => {
    const input = new Bookmark({ title: 'Moz', url: 'http://mozilla.org' });
    const r = record(env.places.save(input));
    const [saved] = (await r.ended) as Bookmark[];
    expect((r.of('data')[0].args[0] as Bookmark).url).toBe('http://mozilla.org');
    expect(saved.url).toBe('http://mozilla.org');
    expect((await env.browser.bookmarks.get(saved.id!))[0].url).toBe('http://mozilla.org/');
    const [found] = (await env.places.search({ query: 'moz' })) as Bookmark[];
    expect(found.url).toBe('http://mozilla.org/');
  });

  it('saving an echoed snapshot again changes nothing in Firefox and is no conflict', async () => {
    const [saved] = (await env.places.save(new Bookmark({ title: 'Moz', url: 'HTTP://Mozilla.org' }))) as Bookmark[];
    const seen = watchBookmarkEvents();
    const resolve = vi.fn((mine: PlainItem) => mine);
    const [again] = (await env.places.save(saved, { resolve })) as Bookmark[];
    expect(again.url).toBe('HTTP://Mozilla.org');
    expect(resolve).not.toHaveBeenCalled();
    expect(seen).toEqual([]);
  });
});
