// SPDX-License-Identifier: MPL-2.0
/**
 * The package's own search index (tree-index/places-index.ts), as an extension that only builds the engine with its
 * defaults gets it: search() answers from it once loaded, with the very replies of the Firefox path (runSearch, the
 * oracle) on random trees, tags and edits, edits made while it loads included; an event it cannot place sends
 * search back to Firefox until the tree is read again; `searchIndex: false` turns it off.
 */
import { describe, expect, it, vi } from 'vitest';
import { createPlacesEngine, type PlacesEngine, type PlacesEngineOptions } from '../src/engine';
import { createClock } from '../src/clock';
import { openTagStore } from '../src/tag-store';
import { PlacesIndex } from '../src/tree-index/places-index';
import { MENU_ID, MOBILE_ID, TOOLBAR_ID, UNFILED_ID, type BookmarkNode, type Browser } from '../src/support/browser';
import type { WireQuery, WireSearchOptions } from '../src/wire';
import { createRng, type Rng } from '../../../scripts/prng.mjs';
import { createFakeBrowser } from '../../../tests/fakes/browser';

const WORDS = ['Mozilla', 'firefox', 'Docs', 'café', 'Rust', 'recipes', 'Travel', 'ÉTÉ', 'api', 'a'];
const HOSTS = ['mozilla.org', 'developer.mozilla.org', 'example.com', 'rust-lang.org'];
const TAGS = ['work', 'Read-Later', 'recipes', 'docs', 'moz'];
const ROOTS = [MENU_ID, TOOLBAR_ID, UNFILED_ID, MOBILE_ID];

let databases = 0;

function setup(seed: number, options: Pick<PlacesEngineOptions, 'searchIndex'> = {}) {
  const { browser: fake } = createFakeBrowser({ seed });
  const browser = fake as unknown as Browser;
  const name = `places-index-${seed}-${databases++}`;
  const tags = openTagStore({ name: `${name}-tags` });
  const clock = createClock({ browser, tagStore: tags, now: Date.now, dbName: `${name}-clock` });
  const engine = createPlacesEngine({ browser, tags, clock, ...options });
  return { browser, tags, engine };
}

type Env = ReturnType<typeof setup>;

/** The engine's own index, loaded and exact (a first search starts the load). */
async function loaded(engine: PlacesEngine): Promise<PlacesIndex> {
  const index = engine.searchIndex();
  expect(index).toBeInstanceOf(PlacesIndex);
  await vi.waitFor(async () => {
    await engine.backend.search([{ query: 'x' }], {});
    expect(index!.positionsExact).toBe(true);
  });
  return index as PlacesIndex;
}

async function allNodes(browser: Browser): Promise<BookmarkNode[]> {
  const out: BookmarkNode[] = [];
  const walk = (n: BookmarkNode) => {
    for (const c of n.children ?? []) {
      out.push(c);
      walk(c);
    }
  };
  walk((await browser.bookmarks.getTree())[0]!);
  return out.filter((n) => !ROOTS.includes(n.id));
}

/** One random change, through browser.bookmarks or the tag store (the index hears both as events). */
async function edit({ browser, tags }: Env, r: Rng, step: number): Promise<void> {
  const b = browser.bookmarks;
  const nodes = await allNodes(browser);
  const folders = [...ROOTS, ...nodes.filter((n) => n.type === 'folder').map((n) => n.id)];
  const bookmarks = nodes.filter((n) => n.type === 'bookmark');
  const op = r.below(8);
  try {
    if (op <= 2 || !bookmarks.length) {
      const parentId = r.pick(folders);
      const index = r.chance(0.3) ? r.below(4) : undefined;
      if (r.chance(0.2)) await b.create({ parentId, index, title: `${r.pick(WORDS)} folder` });
      else {
        const url = `https://${r.pick(HOSTS)}/${r.pick(WORDS).toLowerCase()}/${r.below(5)}`;
        await b.create({ parentId, index, title: `${r.pick(WORDS)} ${r.pick(WORDS)} ${step}`, url });
        if (r.chance(0.4)) await tags.addTags([url], [r.pick(TAGS)]);
      }
    } else if (op === 3) {
      const node = r.pick(nodes);
      await b.move(node.id, { parentId: r.pick(folders), index: r.chance(0.5) ? node.index : r.below(6) });
    } else if (op === 4) await b.removeTree(r.pick(nodes).id);
    else if (op === 5) await b.update(r.pick(bookmarks).id, { title: `${r.pick(WORDS)} renamed` });
    else if (op === 6) await b.update(r.pick(bookmarks).id, { url: `https://${r.pick(HOSTS)}/moved/${step}` });
    else if (r.chance(0.5)) await tags.addTags([r.pick(bookmarks).url!], [r.pick(TAGS)]);
    else await tags.setTags(r.pick(bookmarks).url!, []);
  } catch {
    // A move into its own descendant is refused: nothing changed.
  }
}

function randomQuery(r: Rng, nodes: readonly BookmarkNode[]): WireQuery {
  const q: WireQuery = {};
  if (r.chance(0.6)) {
    const source = r.pick([...WORDS, ...HOSTS, ...TAGS]);
    q.query = source.slice(r.below(Math.max(1, source.length - 2))).slice(0, 2 + r.below(4));
  }
  if (r.chance(0.3)) q.tags = [r.chance(0.5) ? r.pick(TAGS).toUpperCase() : r.pick(TAGS)];
  if (r.chance(0.25)) q.group = r.pick([...ROOTS, ...nodes.filter((n) => n.type === 'folder').map((n) => n.id)]);
  if (r.chance(0.2)) q.url = `*.${r.pick(HOSTS)}`;
  return q;
}

async function expectSameAsFirefox({ engine }: Env, queries: WireQuery[], options: WireSearchOptions): Promise<void> {
  const fromIndex = await engine.backend.search(queries, options);
  const fromFirefox = await engine.searchFirefox(queries, options);
  expect(fromIndex.source).toBe('index');
  expect({ items: fromIndex.items, groups: fromIndex.groups }, JSON.stringify({ queries, options })).toEqual({ items: fromFirefox.items, groups: fromFirefox.groups });
}

describe("the package's own search index (PlacesIndex)", () => {
  it('is on by default and gives the Firefox path’s replies on random trees, tags and edits', async () => {
    for (const seed of [11, 12, 13, 14]) {
      const env = setup(seed);
      const r = createRng(seed);
      for (let step = 0; step < 30; step++) await edit(env, r, step);
      // Edits while the index loads: heard as events, replayed on what the load read.
      const loading = env.engine.backend.search([{ query: 'a' }], {});
      for (let step = 30; step < 40; step++) await edit(env, r, step);
      expect((await loading).source).toBe('firefox');
      await loaded(env.engine);
      for (let step = 40; step < 70; step++) await edit(env, r, step);
      const nodes = await allNodes(env.browser);
      for (let i = 0; i < 20; i++) {
        await vi.waitFor(() => expect(env.engine.searchIndex()!.positionsExact).toBe(true));
        await expectSameAsFirefox(env, [randomQuery(r, nodes)], r.chance(0.3) ? { sort: r.pick(['title', 'url', 'dateAdded']), descending: r.chance(0.5) } : {});
      }
      env.tags.close();
    }
  }, 120_000);

  it('finds a bookmark by a tag given after the load, and forgets the tag when it is taken off', async () => {
    const env = setup(21);
    const node = await env.browser.bookmarks.create({ parentId: UNFILED_ID, title: 'Recipe', url: 'https://cook.example/soup' });
    await loaded(env.engine);
    await env.tags.addTags([node.url!], ['dinner']);
    const tagged = await env.engine.backend.search([{ tags: ['Dinner'] }], {});
    expect(tagged.source).toBe('index');
    expect(tagged.items.map((i) => i.id)).toEqual([node.id]);
    await env.tags.setTags(node.url!, []);
    expect((await env.engine.backend.search([{ tags: ['dinner'] }], {})).items).toEqual([]);
    env.tags.close();
  });

  it('sends search back to Firefox after an event it cannot place, until the tree is read again', async () => {
    const env = setup(22);
    await env.browser.bookmarks.create({ parentId: UNFILED_ID, title: 'a', url: 'https://a.example/' });
    await env.browser.bookmarks.create({ parentId: UNFILED_ID, title: 'b', url: 'https://b.example/' });
    const index = await loaded(env.engine);
    index.order.invalidate();
    const during = await env.engine.backend.search([{ group: UNFILED_ID }], {});
    expect(during.source).toBe('firefox');
    await vi.waitFor(() => expect(index.positionsExact).toBe(true));
    const again = await env.engine.backend.search([{ group: UNFILED_ID }], {});
    expect(again.source).toBe('index');
    expect(again.items).toEqual(during.items);
    env.tags.close();
  });

  it('is off with searchIndex: false: every search reads Firefox', async () => {
    const env = setup(23, { searchIndex: false });
    await env.browser.bookmarks.create({ parentId: UNFILED_ID, title: 'first', url: 'https://first.example/' });
    expect(env.engine.searchIndex()).toBeNull();
    for (let i = 0; i < 3; i++) {
      const reply = await env.engine.backend.search([{ query: 'first' }], {});
      expect(reply.source).toBe('firefox');
      expect(reply.items.map((item) => item.title)).toEqual(['first']);
    }
    env.tags.close();
  });
});
