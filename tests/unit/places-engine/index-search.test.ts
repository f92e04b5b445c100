/**
 * search() on the in-memory index against the Firefox path (runSearch, the implementation search() had before,
 * kept as the oracle): on random trees edited by random changes (through the Places API, browser.bookmarks
 * directly, the tag store and history) after the index was loaded, every random query gives the very same reply,
 * items and groups, clock values included. Also: which path answers when.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { Bookmark, Group, remove } from '@tidymarks/places';
import { runSearch } from '@tidymarks/places/background';
import { decodeSearchReply, type WireQuery, type WireSearchOptions } from '@tidymarks/places';
import { MENU_ID, MOBILE_ID, TOOLBAR_ID, UNFILED_ID, type BookmarkNode } from '../../../src/platform/browser';
import { createRng, type Rng } from '../../../scripts/prng.mjs';
import { boot } from '../../kit/boot';

const WORDS = ['Mozilla', 'firefox', 'Docs', 'café', 'Rust', 'recipes', 'Travel', 'news', 'ÉTÉ', 'api', 'guide', 'a'];
const HOSTS = ['mozilla.org', 'developer.mozilla.org', 'www.mozilla.org', 'example.com', 'blog.example.com', 'rust-lang.org'];
const TAGS = ['work', 'Read-Later', 'recipes', 'docs', 'fun', 'moz'];
const SORTS = [undefined, undefined, 'title', 'url', 'date', 'visitCount', 'dateAdded', 'lastModified', 'nonsense'];

async function setup(seed: number) {
  // Firefox's clock for dateAdded: stays on one ms for several items now and then, so creation order has ties.
  let t = 1_700_000_000_000;
  const env = await boot({ seed, now: () => t });
  return Object.assign(env, { tick: (ms: number) => (t += ms) });
}

type Env = Awaited<ReturnType<typeof setup>>;

/** The index was built from Firefox and its positions are Firefox's: searches answer from it. */
async function waitForIndex(env: Env) {
  const live = env.app.placesFeature.searchIndex()!;
  await live.whenFresh();
  expect(live.positionsExact).toBe(true);
}

/** Random items in random folders (nested), random titles and URLs, tags, separators. */
async function growTree(env: Env, r: Rng, count: number) {
  const folders = [MENU_ID, TOOLBAR_ID, UNFILED_ID, MOBILE_ID];
  for (let i = 0; i < count; i++) {
    env.tick(r.chance(0.4) ? 0 : 1);
    const parentId = r.pick(folders);
    const index = r.chance(0.3) ? r.below(4) : undefined;
    const kind = r.below(10);
    const title = `${r.pick(WORDS)} ${r.pick(WORDS)}${r.chance(0.3) ? ` ${i}` : ''}`;
    if (kind < 2) {
      folders.push((await env.browser.bookmarks.create({ parentId, index, title })).id);
    } else if (kind < 3) {
      await env.browser.bookmarks.create({ parentId, index, type: 'separator' });
    } else {
      const url = `${r.pick(['https', 'http'])}://${r.pick(HOSTS)}/${r.pick(WORDS).toLowerCase()}/${r.below(5)}`;
      await env.browser.bookmarks.create({ parentId, index, title, url });
      if (r.chance(0.4)) await env.app.tagStore.addTags([url], [r.pick(TAGS), ...(r.chance(0.3) ? [r.pick(TAGS)] : [])]);
    }
  }
}

async function allNodes(env: Env): Promise<BookmarkNode[]> {
  const out: BookmarkNode[] = [];
  const walk = (n: BookmarkNode) => {
    for (const c of n.children ?? []) {
      out.push(c);
      walk(c);
    }
  };
  walk((await env.browser.bookmarks.getTree())[0]!);
  return out.filter((n) => ![MENU_ID, TOOLBAR_ID, UNFILED_ID, MOBILE_ID].includes(n.id));
}

/** Random changes after the index loaded: they reach it as events only. */
async function editTree(env: Env, r: Rng, steps: number) {
  const b = env.browser.bookmarks;
  for (let step = 0; step < steps; step++) {
    env.tick(r.chance(0.5) ? 0 : 1);
    const nodes = await allNodes(env);
    const folders = [MENU_ID, TOOLBAR_ID, UNFILED_ID, MOBILE_ID, ...nodes.filter((n) => n.type === 'folder').map((n) => n.id)];
    const bookmarks = nodes.filter((n) => n.type === 'bookmark');
    const op = r.below(11);
    try {
      if (op === 0 || !nodes.length) await growTree(env, r, 1);
      else if (op <= 2) {
        // Moves, half of them asking for the old index (where Firefox leaves a gap in another folder).
        const node = r.pick(nodes);
        const index = r.chance(0.5) ? node.index : r.chance(0.5) ? r.below(6) : undefined;
        await b.move(node.id, { parentId: r.pick(folders), index });
      } else if (op === 3) await b.removeTree(r.pick(nodes).id);
      else if (op === 4 && bookmarks.length) await b.update(r.pick(bookmarks).id, { title: `${r.pick(WORDS)} renamed` });
      else if (op === 5 && bookmarks.length) await b.update(r.pick(bookmarks).id, { url: `https://${r.pick(HOSTS)}/moved/${step}` });
      else if (op === 6 && bookmarks.length) {
        const urls = [r.pick(bookmarks).url!];
        if (r.chance(0.5)) await env.app.tagStore.addTags(urls, [r.pick(TAGS)]);
        else await env.app.tagStore.setTags(urls[0]!, []);
      } else if (op === 7 && bookmarks.length) {
        // History, for the date and visitCount sorts.
        await env.browser.history.addUrl({ url: r.pick(bookmarks).url!, visitTime: 1_600_000_000_000 + r.below(1_000_000) });
      } else if (op === 8) {
        const group = r.chance(0.5) ? new Group({ title: `${r.pick(WORDS)} group`, group: r.pick(folders) }) : undefined;
        await env.places.save(
          new Bookmark({
            title: `${r.pick(WORDS)} saved`,
            url: `https://${r.pick(HOSTS)}/saved/${step}`,
            group: group ?? r.pick(folders),
            tags: r.chance(0.5) ? [r.pick(TAGS)] : [],
          }),
        );
      } else if (op === 9 && nodes.length) {
        const [item] = await env.places.search({ group: r.pick(folders) });
        if (item && item.type !== 'group') await env.places.save(remove(item));
      } else if (op === 10 && folders.length > 4) await b.update(r.pick(folders.slice(4)), { title: `${r.pick(WORDS)} folder` });
    } catch {
      // A random move into its own descendant is refused by Firefox: nothing changed, nothing to check.
    }
  }
}

function randomWord(r: Rng): string {
  const source = r.pick([...WORDS, ...HOSTS, ...TAGS, 'zzz-nowhere', 'org/', '.com', 'ex']);
  const start = r.below(Math.max(1, source.length - 2));
  const word = source.slice(start, start + 2 + r.below(5));
  return r.chance(0.3) ? word.toUpperCase() : word;
}

function randomQuery(r: Rng, nodes: BookmarkNode[]): WireQuery {
  const q: WireQuery = {};
  if (r.chance(0.5)) q.query = Array.from({ length: 1 + r.below(2) }, () => randomWord(r)).join(' ');
  if (r.chance(0.25)) q.tags = Array.from({ length: 1 + r.below(2) }, () => (r.chance(0.5) ? r.pick(TAGS).toUpperCase() : r.pick(TAGS)));
  if (r.chance(0.3)) {
    const folders = nodes.filter((n) => n.type === 'folder').map((n) => n.id);
    q.group = r.pick([MENU_ID, TOOLBAR_ID, UNFILED_ID, MOBILE_ID, ...folders, ...folders, r.pick(nodes)?.id ?? MENU_ID, 'nonexistent0']);
  }
  if (r.chance(0.25)) {
    const host = r.pick(HOSTS);
    q.url = r.pick([host, `*.${host.replace(/^www\./, '')}`, `https://${host}`, `https://${host}/${r.pick(WORDS).toLowerCase()}/*`, `http://${host}/*`]);
  }
  return q;
}

function randomOptions(r: Rng): WireSearchOptions {
  const options: WireSearchOptions = {};
  const sort = r.pick(SORTS);
  if (sort) options.sort = sort;
  if (r.chance(0.3)) options.descending = r.chance(0.5);
  if (r.chance(0.3)) options.count = r.below(6);
  return options;
}

async function compare(env: Env, queries: WireQuery[], options: WireSearchOptions) {
  const { placesFeature, tagStore } = env.app;
  const fromIndex = await placesFeature.backend.search(queries, options);
  const fromFirefox = await runSearch(queries, options, { browser: env.browser, tagStore, clock: placesFeature.clock });
  expect(fromIndex.source).toBe('index');
  expect({ items: fromIndex.items, groups: fromIndex.groups }, JSON.stringify({ queries, options })).toEqual(fromFirefox);
}

describe('search on the index', () => {
  it('gives exactly the Firefox path’s replies on random trees, edits and queries (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 30 }), async (seed) => {
        const env = await setup(seed);
        const r = createRng(seed);
        try {
          await growTree(env, r, 25 + r.below(30));
          await waitForIndex(env);
          await editTree(env, r, 30);
          const nodes = await allNodes(env);
          for (let i = 0; i < 25; i++) {
            const queries = Array.from({ length: r.chance(0.3) ? 2 + r.below(2) : 1 }, () => randomQuery(r, nodes));
            await compare(env, queries, randomOptions(r));
          }
          // Every sort on the whole tree, and every group alone.
          for (const sort of SORTS) await compare(env, [{}], sort ? { sort, descending: r.chance(0.5) } : {});
          for (const folder of nodes.filter((n) => n.type === 'folder')) await compare(env, [{ group: folder.id }], {});
        } finally {
          await env.close();
        }
      }),
      { numRuns: 12 },
    );
  }, 120_000);

  it('answers from Firefox until the index is fresh, then from the index', async () => {
    const env = await setup(3);
    await env.browser.bookmarks.create({ parentId: UNFILED_ID, title: 'first', url: 'https://first.example/' });
    const before = decodeSearchReply(await env.client.call('places.search', { queries: [{ query: 'first' }], options: {} }));
    expect(before.source).toBe('firefox');
    expect(before.items.map((i) => i.title)).toEqual(['first']);
    await waitForIndex(env);
    const after = decodeSearchReply(await env.client.call('places.search', { queries: [{ query: 'first' }], options: {} }));
    expect(after.source).toBe('index');
    expect(after.items).toEqual(before.items);
  });

  it('an event the sibling order cannot follow sends search back to Firefox until the tree is read again', async () => {
    const env = await setup(4);
    const a = await env.browser.bookmarks.create({ parentId: UNFILED_ID, title: 'a', url: 'https://a.example/' });
    await env.browser.bookmarks.create({ parentId: UNFILED_ID, title: 'b', url: 'https://b.example/' });
    await waitForIndex(env);
    const live = env.app.placesFeature.searchIndex()!;
    // A move event whose old position is not the one the mirror holds (as when an event was missed).
    live.onBookmarkMoved(a.id, UNFILED_ID, { parentId: UNFILED_ID, index: 1, oldParentId: UNFILED_ID, oldIndex: 5 });
    expect(live.positionsExact).toBe(false);
    const during = decodeSearchReply(await env.client.call('places.search', { queries: [{ group: UNFILED_ID }], options: {} }));
    expect(during.source).toBe('firefox');
    expect(during.items.map((i) => [i.title, i.index])).toEqual([
      ['a', 0],
      ['b', 1],
    ]);
    // That search started the re-read: the index answers again, with Firefox's positions.
    await vi.waitFor(() => expect(live.positionsExact).toBe(true));
    const again = decodeSearchReply(await env.client.call('places.search', { queries: [{ group: UNFILED_ID }], options: {} }));
    expect(again.source).toBe('index');
    expect(again.items).toEqual(during.items);
  });
});

describe('test-only Places requests', () => {
  it('are unknown to a background not started as a test build', async () => {
    const { client } = await boot({ seed: 5, testBuild: false });
    await expect(client.call('test.places.searchFirefox', { queries: [{}], options: {} })).rejects.toMatchObject({ code: 'unknown-type' });
    await expect(client.call('test.places.eventPages', {})).rejects.toMatchObject({ code: 'unknown-type' });
    await expect(client.call('test.places.settle', {})).rejects.toMatchObject({ code: 'unknown-type' });
    await expect(client.call('test.places.bootId', {})).rejects.toMatchObject({ code: 'unknown-type' });
  });
});
