import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Bookmark, Group, MENU, Separator, UNSORTED, remove, type Item, type PlainItem } from '@tidymarks/places';
import { boot, type Booted } from '../../kit/boot';
import { record } from './record';

let env: Booted;
beforeEach(async () => {
  env = await boot({ seed: 7 });
});

const url = (n: number | string) => `https://example.org/${n}`;
const childrenOf = async (id: string) => env.browser.bookmarks.getChildren(id);

describe('save', () => {
  it('#3 a bookmark with three tags: one data with the new snapshot and the input; end holds its tags', async () => {
    const input = new Bookmark({ title: 'Moz', url: 'https://mozilla.org/', tags: ['a', 'b', 'c'] });
    const r = record(env.places.save(input));
    const results = await r.ended;
    expect(r.of('data')).toHaveLength(1);
    const [snapshot, passed] = r.of('data')[0].args as [Bookmark, unknown];
    expect(passed).toBe(input);
    expect(snapshot.id).toMatch(/\w+/);
    expect(snapshot.title).toBe('Moz');
    expect(snapshot.url).toBe('https://mozilla.org/');
    expect(snapshot.group).toBe(UNSORTED);
    expect(results).toHaveLength(1);
    expect((results[0] as Bookmark).tags).toEqual(new Set(['a', 'b', 'c']));
    expect(r.of('error')).toHaveLength(0);
  });

  it('#4 a Group in MENU is created with group === MENU', async () => {
    const [g] = (await env.places.save(new Group({ title: 'G', group: MENU }))) as Group[];
    expect(g.type).toBe('group');
    expect(g.group).toBe(MENU);
    expect((await childrenOf(MENU.id!)).map((n) => n.title)).toEqual(['G']);
  });

  it('#5 a Separator in MENU is created', async () => {
    const [s] = (await env.places.save(new Separator({ group: MENU }))) as Separator[];
    expect(s.type).toBe('separator');
    expect(s.group).toBe(MENU);
    expect((await childrenOf(MENU.id!))[0].type).toBe('separator');
  });

  it('#6 a bad item fails alone; after the fix, saving all three again makes exactly three bookmarks', async () => {
    const items = [
      { type: 'bookmark' as const, title: 'one', url: url(1) },
      { type: 'bookmark' as const, title: 'two', url: 'not a url' },
      { type: 'bookmark' as const, title: 'three', url: url(3) },
    ];
    const r = record(env.places.save(items));
    const results = await r.ended;
    expect(r.of('data')).toHaveLength(2);
    expect(r.of('error')).toHaveLength(1);
    expect((r.of('error')[0].args[0] as Error).message).toBe('The `url` property must be a valid URL.');
    expect(r.of('error')[0].args[1]).toBe(items[1]);
    expect(results[0]).toBeInstanceOf(Bookmark);
    expect(results[1]).toBe(items[1]);
    expect(results[2]).toBeInstanceOf(Bookmark);

    items[1].url = url(2);
    const r2 = record(env.places.save(items));
    await r2.ended;
    expect(r2.of('data')).toHaveLength(3);
    expect(r2.of('error')).toHaveLength(0);
    expect((await childrenOf(UNSORTED.id!)).map((n) => n.title)).toEqual(['one', 'three', 'two']);
  });

  it('#7 a plain bookmark object saves', async () => {
    const [b] = (await env.places.save({ type: 'bookmark', title: 'plain', url: url('p') })) as Bookmark[];
    expect(b).toBeInstanceOf(Bookmark);
    expect(b.title).toBe('plain');
  });

  it('#8 a plain separator and a plain bookmark sharing one plain group: the group is created once, both inside', async () => {
    const group = { type: 'group' as const, title: 'shared' };
    const results = (await env.places.save([
      { type: 'separator', group },
      { type: 'bookmark', title: 'b', url: url('b'), group },
    ])) as Item[];
    const folders = await childrenOf(UNSORTED.id!);
    expect(folders.map((n) => n.title)).toEqual(['shared']);
    const inside = await childrenOf(folders[0].id);
    expect(inside.map((n) => n.type)).toEqual(['separator', 'bookmark']);
    expect(results.map((r) => r.group?.id)).toEqual([folders[0].id, folders[0].id]);
  });

  it('#9 saving the same unsaved instance twice updates one item', async () => {
    const b = new Bookmark({ title: 'first', url: url(9) });
    const [s1] = (await env.places.save(b)) as Bookmark[];
    b.title = 'second';
    const [s2] = (await env.places.save(b)) as Bookmark[];
    expect(s2.id).toBe(s1.id);
    const all = await childrenOf(UNSORTED.id!);
    expect(all.map((n) => n.title)).toEqual(['second']);
  });

  it("#10 data's second argument is the matching input", async () => {
    const inputs = [new Bookmark({ title: 'a', url: url('a') }), new Bookmark({ title: 'b', url: url('b') })];
    const r = record(env.places.save(inputs));
    await r.ended;
    for (const e of r.of('data')) {
      const [snapshot, input] = e.args as [Bookmark, Bookmark];
      expect(snapshot.title).toBe(input.title);
      expect(inputs).toContain(input);
    }
  });

  it('#11 a bookmark in a new group: the group is created under UNSORTED, end holds only the explicit items', async () => {
    const group = new Group({ title: 'new group' });
    const r = record(env.places.save(new Bookmark({ title: 'in', url: url(11), group })));
    const results = await r.ended;
    expect(r.of('data').map((e) => (e.args[0] as Item).type)).toEqual(['group', 'bookmark']);
    expect(results).toHaveLength(1);
    expect((results[0] as Bookmark).group.id).toBe((r.of('data')[0].args[0] as Group).id);
    expect((results[0] as Bookmark).group.group).toBe(UNSORTED);
  });

  it('#12 a parent listed after its children still works', async () => {
    const group = new Group({ title: 'late parent' });
    const child = new Bookmark({ title: 'child', url: url(12), group });
    const results = (await env.places.save([child, group])) as Item[];
    expect(results[0].group?.id).toBe(results[1].id);
    expect(results[1].type).toBe('group');
  });

  it('#13 nested new groups top > middle > three bookmarks: five data events, parents right', async () => {
    const top = new Group({ title: 'top' });
    const middle = new Group({ title: 'middle', group: top });
    const bookmarks = [1, 2, 3].map((i) => new Bookmark({ title: `b${i}`, url: url(`13-${i}`), group: middle }));
    const r = record(env.places.save(bookmarks));
    await r.ended;
    const data = r.of('data').map((e) => e.args[0] as Item);
    expect(data).toHaveLength(5);
    expect(data.map((d) => d.type)).toEqual(['group', 'group', 'bookmark', 'bookmark', 'bookmark']);
    const [t, m, ...bs] = data;
    expect(t.group).toBe(UNSORTED);
    expect(m.group?.id).toBe(t.id);
    for (const b of bs) expect(b.group?.id).toBe(m.id);
  });

  it('#14 a plain group reused in a second save keeps its id', async () => {
    const group = { type: 'group' as const, title: 'reused' };
    const [a] = (await env.places.save({ type: 'bookmark', title: 'a', url: url('14a'), group })) as Bookmark[];
    const [b] = (await env.places.save({ type: 'bookmark', title: 'b', url: url('14b'), group })) as Bookmark[];
    expect(b.group.id).toBe(a.group.id);
    expect(await childrenOf(UNSORTED.id!)).toHaveLength(1);
  });

  it('#15 retitling a group snapshot and saving persists', async () => {
    const [g] = (await env.places.save(new Group({ title: 'before' }))) as Group[];
    g.title = 'after';
    await env.places.save(g);
    const [node] = await env.browser.bookmarks.get(g.id!);
    expect(node.title).toBe('after');
  });

  it('#16 three separators; the first moved to index 2: its snapshot says 2', async () => {
    const seps = (await env.places.save([0, 1, 2].map(() => new Separator({ group: MENU })))) as Separator[];
    seps[0].index = 2;
    const [moved] = (await env.places.save(seps[0])) as Separator[];
    expect(moved.index).toBe(2);
  });

  it("#17 indices 0,1,2; moving the first to 3 ends at 2 (Firefox's rule), the others become 0 and 1", async () => {
    const items = (await env.places.save([0, 1, 2].map((i) => new Bookmark({ title: `i${i}`, url: url(`17-${i}`) })))) as Bookmark[];
    expect(items.map((i) => i.index)).toEqual([0, 1, 2]);
    items[0].index = 3;
    const [moved] = (await env.places.save(items[0])) as Bookmark[];
    expect(moved.index).toBe(2);
    const kids = await childrenOf(UNSORTED.id!);
    expect(kids.map((k) => [k.title, k.index])).toEqual([
      ['i1', 0],
      ['i2', 1],
      ['i0', 2],
    ]);
  });

  it('#18 awaiting a save with a bad url rejects with the url message; after the fix three are saved', async () => {
    const items = [
      new Bookmark({ title: 'a', url: url('18a') }),
      { type: 'bookmark' as const, title: 'b', url: 'bad url' },
      new Bookmark({ title: 'c', url: url('18c') }),
    ];
    await expect(env.places.save(items)).rejects.toThrow('The `url` property must be a valid URL.');
    items[1].url = url('18b');
    const saved = await env.places.save(items);
    expect(saved).toHaveLength(3);
    expect(await childrenOf(UNSORTED.id!)).toHaveLength(3);
  });

  it('#19 moving a bookmark into a new unsaved group creates it; the bookmark sits at 0 there; old siblings re-index', async () => {
    const items = (await env.places.save([0, 1, 2].map((i) => new Bookmark({ title: `s${i}`, url: url(`19-${i}`), group: MENU })))) as Bookmark[];
    const target = new Group({ title: 'target', group: MENU });
    items[0].group = target;
    const r = record(env.places.save(items[0]));
    const [moved] = (await r.ended) as Bookmark[];
    expect(r.of('data').map((e) => (e.args[0] as Item).type)).toEqual(['group', 'bookmark']);
    expect(moved.index).toBe(0);
    expect(moved.group.id).toBe((r.of('data')[0].args[0] as Group).id);
    const menu = await childrenOf(MENU.id!);
    expect(menu.map((n) => [n.title, n.index])).toEqual([
      ['s1', 0],
      ['s2', 1],
      ['target', 2],
    ]);
  });

  it('#21 save(remove(x)): data with null, and the item is gone', async () => {
    const [b] = (await env.places.save(new Bookmark({ title: 'gone', url: url(21) }))) as Bookmark[];
    const r = record(env.places.save(remove(b)));
    expect(await r.ended).toEqual([null]);
    expect(r.of('data')[0].args[0]).toBeNull();
    await expect(env.browser.bookmarks.get(b.id!)).rejects.toThrow();
  });

  it('removal also accepts the `removed` spelling', async () => {
    const [b] = (await env.places.save(new Bookmark({ title: 'gone', url: url('21b') }))) as Bookmark[];
    await env.places.save({ type: 'bookmark', id: b.id, title: b.title, url: b.url, removed: true });
    expect(await childrenOf(UNSORTED.id!)).toHaveLength(0);
  });

  it('#22 removing a top group removes all five nested items', async () => {
    const top = new Group({ title: 'top' });
    const middle = new Group({ title: 'middle', group: top });
    const r = record(env.places.save([1, 2, 3].map((i) => new Bookmark({ title: `b${i}`, url: url(`22-${i}`), group: middle, tags: ['t'] }))));
    await r.ended;
    const topSnapshot = r.of('data')[0].args[0] as Group;
    await env.places.save(remove(topSnapshot));
    expect(await childrenOf(UNSORTED.id!)).toHaveLength(0);
    expect(await env.app.tagStore.listTags()).toEqual([]);
  });

  it('#23 a stale snapshot goes through resolve with plain copies; what resolve returns is saved; updated increases', async () => {
    const [snapshot] = (await env.places.save(new Bookmark({ title: 'original', url: url(23) }))) as Bookmark[];
    await env.browser.bookmarks.update(snapshot.id!, { title: 'theirs' });
    snapshot.title = 'mine';
    const resolve = vi.fn((mine: PlainItem, theirs: PlainItem) => {
      expect(Array.isArray(mine.tags)).toBe(true);
      expect(typeof mine.group).toBe('string');
      return { ...mine, title: `${mine.title}+${theirs.title}` };
    });
    const [saved] = (await env.places.save(snapshot, { resolve })) as Bookmark[];
    expect(resolve).toHaveBeenCalledTimes(1);
    const [mine, theirs] = resolve.mock.calls[0];
    expect(mine.title).toBe('mine');
    expect(theirs.title).toBe('theirs');
    expect(theirs.updated!).toBeGreaterThan(snapshot.updated!);
    expect(saved.title).toBe('mine+theirs');
    expect(saved.updated!).toBeGreaterThan(theirs.updated!);
    expect((await env.browser.bookmarks.get(snapshot.id!))[0].title).toBe('mine+theirs');
  });

  it('#24 the original unsaved instance always goes through resolve', async () => {
    const original = new Bookmark({ title: 'v1', url: url(24) });
    const [snapshot] = (await env.places.save(original)) as Bookmark[];
    snapshot.title = 'v2';
    await env.places.save(snapshot);
    original.title = 'v3';
    const resolve = vi.fn((mine: PlainItem, theirs: PlainItem) => ({ ...theirs, title: `${theirs.title}/${mine.title}` }));
    const [saved] = (await env.places.save(original, { resolve })) as Bookmark[];
    expect(resolve).toHaveBeenCalledTimes(1);
    expect(saved.title).toBe('v2/v3');
    expect(saved.id).toBe(snapshot.id);
  });

  it('resolve returning nothing fails that item and writes nothing', async () => {
    const [snapshot] = (await env.places.save(new Bookmark({ title: 'x', url: url('24b') }))) as Bookmark[];
    await env.browser.bookmarks.update(snapshot.id!, { title: 'theirs' });
    snapshot.title = 'mine';
    await expect(env.places.save(snapshot, { resolve: () => undefined })).rejects.toThrow('resolve() returned nothing');
    expect((await env.browser.bookmarks.get(snapshot.id!))[0].title).toBe('theirs');
  });

  it('without resolve, mine overwrites a newer stored item', async () => {
    const [snapshot] = (await env.places.save(new Bookmark({ title: 'x', url: url('24c') }))) as Bookmark[];
    await env.browser.bookmarks.update(snapshot.id!, { title: 'theirs' });
    snapshot.title = 'mine';
    await env.places.save(snapshot);
    expect((await env.browser.bookmarks.get(snapshot.id!))[0].title).toBe('mine');
  });

  it('saving returned snapshots back to back never calls resolve (our own writes are not conflicts)', async () => {
    let [b] = (await env.places.save(new Bookmark({ title: 't0', url: url('loop'), tags: ['x'] }))) as Bookmark[];
    const resolve = vi.fn((mine: PlainItem, _theirs: PlainItem) => mine);
    for (let i = 1; i <= 30; i++) {
      b.title = `t${i}`;
      b.index = i % 2;
      b.tags = new Set([`x${i}`]);
      [b] = (await env.places.save(b, { resolve })) as Bookmark[];
    }
    expect(resolve).not.toHaveBeenCalled();
    expect(b.title).toBe('t30');
  });

  it('an edit made while the event page was unloaded still counts as newer', async () => {
    const [snapshot] = (await env.places.save(new Bookmark({ title: 'before', url: url('offline') }))) as Bookmark[];
    env.unload();
    await env.browser.bookmarks.update(snapshot.id!, { title: 'edited offline' });
    // The event page starts again with the same IndexedDB and bookmarks.
    env.start();
    snapshot.title = 'mine';
    const resolve = vi.fn((mine: PlainItem, _theirs: PlainItem) => mine);
    await env.places.save(snapshot, { resolve });
    expect(resolve).toHaveBeenCalledTimes(1);
    expect(resolve.mock.calls[0][1].title).toBe('edited offline');
  });

  it('#25 tags: start {a}; save with {b, c}: exactly {b, c}', async () => {
    const [b] = (await env.places.save(new Bookmark({ title: 't', url: url(25), tags: ['a'] }))) as Bookmark[];
    b.tags = new Set(['b', 'c']);
    const [saved] = (await env.places.save(b)) as Bookmark[];
    expect(saved.tags).toEqual(new Set(['b', 'c']));
    expect(await env.app.tagStore.getTags(url(25))).toEqual(['b', 'c']);
  });

  it('an invalid tag fails the item alone and writes nothing', async () => {
    const r = record(env.places.save([new Bookmark({ title: 'bad', url: url('tag-bad'), tags: ['a,b'] }), new Bookmark({ title: 'ok', url: url('tag-ok') })]));
    await r.ended;
    expect((r.of('error')[0].args[0] as Error).message).toMatch(/comma/);
    expect((await childrenOf(UNSORTED.id!)).map((n) => n.title)).toEqual(['ok']);
  });

  it('a failing parent does not stop its children: they go to UNSORTED', async () => {
    const badGroup = { type: 'group' as const }; // no title
    const r = record(env.places.save({ type: 'bookmark', title: 'orphan', url: url('orphan'), group: badGroup }));
    const [b] = (await r.ended) as Bookmark[];
    expect(r.of('error')[0].args[1]).toBe(badGroup);
    expect(b.group).toBe(UNSORTED);
  });

  it('#36 end order equals input order when a group is implicit', async () => {
    const g = new Group({ title: 'implicit' });
    const inputs = [new Bookmark({ title: 'x', url: url('36x'), group: g }), new Separator(), new Bookmark({ title: 'y', url: url('36y') })];
    const results = (await env.places.save(inputs)) as Item[];
    expect(results.map((r) => r.type)).toEqual(['bookmark', 'separator', 'bookmark']);
    expect((results[0] as Bookmark).title).toBe('x');
    expect((results[2] as Bookmark).title).toBe('y');
  });

  it('a save bigger than one request (1,100 items) keeps the implicit group across requests and reports in order', async () => {
    const group = new Group({ title: 'big' });
    const inputs = Array.from({ length: 1100 }, (_, i) => new Bookmark({ title: `n${i}`, url: url(`big/${i}`), group }));
    const r = record(env.places.save(inputs));
    const results = (await r.ended) as Bookmark[];
    expect(r.of('data')).toHaveLength(1101);
    expect(results.map((b) => b.title)).toEqual(inputs.map((b) => b.title));
    const [folder] = await childrenOf(UNSORTED.id!);
    expect(folder.title).toBe('big');
    expect(await childrenOf(folder.id)).toHaveLength(1100);
    expect(new Set(results.map((b) => b.group.id))).toEqual(new Set([folder.id]));
  });

  it('a plain object with no known type fails alone with "No type specified"', async () => {
    const typeless = { title: 'x', url: url('typeless') };
    const r = record(env.places.save([typeless, { type: 'bookmark', title: 'ok', url: url('typed') }]));
    const results = await r.ended;
    expect((r.of('error')[0].args[0] as Error).message).toBe('No type specified');
    expect(results[0]).toBe(typeless);
    expect((await childrenOf(UNSORTED.id!)).map((n) => n.title)).toEqual(['ok']);
  });

  it('tags changed elsewhere (the tag manager) make a held snapshot stale', async () => {
    const [held] = (await env.places.save(new Bookmark({ title: 't', url: url('tagged'), tags: ['old'] }))) as Bookmark[];
    await env.client.call('tags.rename', { from: 'old', to: 'renamed' });
    held.title = 'mine';
    const resolve = vi.fn((mine: PlainItem, theirs: PlainItem) => ({ ...mine, tags: theirs.tags }));
    const [saved] = (await env.places.save(held, { resolve })) as Bookmark[];
    expect(resolve).toHaveBeenCalledTimes(1);
    expect(resolve.mock.calls[0][1].tags).toEqual(['renamed']);
    expect(saved.tags).toEqual(new Set(['renamed']));
    expect(saved.title).toBe('mine');
  });

  it('an input listed twice is saved once and reported at both places', async () => {
    const b = new Bookmark({ title: 'twice', url: url('twice') });
    const results = (await env.places.save([b, b])) as Bookmark[];
    expect(results[0]).toBe(results[1]);
    expect(await childrenOf(UNSORTED.id!)).toHaveLength(1);
  });

  it('removing an item does not create its unsaved parent group', async () => {
    const [b] = (await env.places.save(new Bookmark({ title: 'x', url: url('rm-parent') }))) as Bookmark[];
    b.group = new Group({ title: 'never created' });
    await env.places.save(remove(b));
    expect(await childrenOf(UNSORTED.id!)).toHaveLength(0);
  });

  it('regression (review F7): removing a root through save fails with an error and removes nothing', async () => {
    await env.places.save(new Bookmark({ title: 'Inside', url: url('inside'), group: MENU }));
    const r = record(env.places.save(remove(new Group({ id: MENU.id, title: 'Bookmarks Menu' }))));
    await r.ended;
    expect(r.of('error')).toHaveLength(1);
    expect(String(r.of('error')[0].args[0])).toMatch(/root cannot be modified/);
    expect((await childrenOf(MENU.id!)).map((n) => n.title)).toEqual(['Inside']);
  });

  it('events never fire synchronously inside the call', async () => {
    const seen: string[] = [];
    const emitter = env.places.save(new Bookmark({ title: 'async', url: url('async') }));
    emitter.on('data', () => seen.push('data')).on('end', () => seen.push('end'));
    expect(seen).toEqual([]);
    await emitter;
    expect(seen).toEqual(['data', 'end']);
  });

  it('a request of the wrong shape is refused before it runs', async () => {
    await expect(
      env.client.call('places.save', { ops: [{ ref: 0, type: 'bookmark', action: 'create', index: -1, check: false, extra: 1 }] } as never),
    ).rejects.toMatchObject({ code: 'invalid-request' });
    expect(await childrenOf(UNSORTED.id!)).toHaveLength(0);
  });

  it('the background Places API (no messaging) behaves the same', async () => {
    const [b] = (await env.app.places.save(new Bookmark({ title: 'bg', url: url('bg'), tags: ['t'] }))) as Bookmark[];
    expect(b.group).toBe(UNSORTED);
    expect(b.tags).toEqual(new Set(['t']));
  });
});
