/**
 * The engine's search from Firefox (runSearch), the path search() takes before the live index is fresh: regressions
 * seen on that path, through the background's clock and tag store (tests/kit/boot.ts).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Bookmark, type PlainItem, type WireQuery, type WireSearchOptions } from '@tidymarks/places';
import { runSearch } from '@tidymarks/places/background';
import { boot, type Booted } from '../../kit/boot';

let env: Booted;
/** Firefox's clock: `step` ms pass with every call that reads it (1: each save gets its own dateAdded). */
let clock: number;
let step: number;
beforeEach(async () => {
  clock = 1_700_000_000_000;
  step = 1;
  env = await boot({ seed: 7, now: () => (clock += step) });
});

describe('search on the Firefox path (before the index is fresh)', () => {
  const firefoxSearch = (queries: WireQuery[], options: WireSearchOptions = {}) =>
    runSearch(queries, options, { browser: env.browser, tagStore: env.app.tagStore, clock: env.app.placesFeature.clock });

  it('regression: sorting by lastModified does not move the clock of tagged bookmarks (no false conflict after it)', async () => {
    const [held] = (await env.places.save(new Bookmark({ title: 'tagged', url: 'https://tagged.example/', tags: ['t'] }))) as Bookmark[];
    const first = await firefoxSearch([{}], { sort: 'lastModified' });
    const second = await firefoxSearch([{}], { sort: 'lastModified' });
    expect(first.items[0].updated).toBe(held.updated);
    expect(second.items[0].updated).toBe(held.updated);
    held.title = 'mine';
    const resolve = vi.fn((mine: PlainItem) => mine);
    await env.places.save(held, { resolve });
    expect(resolve).not.toHaveBeenCalled();
  });

  it('regression: word results added in the same ms keep tree order (Firefox word search lists them otherwise)', async () => {
    // Same dateAdded for all: one create each into folders whose ids sort differently from their tree order.
    const b = env.browser.bookmarks;
    const later = await b.create({ parentId: 'toolbar_____', title: 'shared later' });
    const earlier = await b.create({ parentId: 'menu________', title: 'shared earlier' });
    step = 0;
    for (const [parentId, title] of [
      [later.id, 'word in toolbar'],
      [earlier.id, 'word in menu 2'],
      [earlier.id, 'word in menu 1'],
    ] as const) {
      await b.create({ parentId, index: 0, title, url: `https://example.org/${title.replaceAll(' ', '-')}` });
    }
    step = 1;
    const [tree] = await b.getTree();
    const treeOrder: string[] = [];
    const walk = (n: typeof tree) => {
      for (const c of n.children ?? []) {
        if (c.title.startsWith('word')) treeOrder.push(c.title);
        walk(c);
      }
    };
    walk(tree);
    expect(treeOrder).toEqual(['word in menu 1', 'word in menu 2', 'word in toolbar']);
    const reply = await firefoxSearch([{ query: 'word' }]);
    expect(reply.items.map((i) => i.title)).toEqual(treeOrder);
  });
});
