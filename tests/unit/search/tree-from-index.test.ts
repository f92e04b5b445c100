/**
 * treeFromIndex (src/search/tree-from-index.ts) against Firefox's own getTree: on random trees edited by random
 * changes after the index was built (they reach it as events only), the tree it makes is getTree's, field for field
 * on the fields the mirror keeps, and a duplicate scan of it finds exactly what a scan of getTree finds. Null while
 * the index may not stand in for Firefox.
 */
import { describe, expect, it } from 'vitest';
import { treeFromIndex } from '../../../src/search';
import { scanBookmarks } from '../../../src/dedup/scan/scan';
import { DEFAULT_SETTINGS } from '../../../src/settings/settings';
import { NO_REMOVED_HISTORY } from '../../../src/operation-history';
import { MENU_ID, MOBILE_ID, TOOLBAR_ID, UNFILED_ID, type BookmarkNode } from '../../../src/platform/browser';
import { createRng, type Rng } from '../../../scripts/prng.mjs';
import { boot } from '../../kit/boot';

const WORDS = ['Docs', 'café', 'Rust', 'news', 'api', 'guide'];
const HOSTS = ['mozilla.org', 'www.mozilla.org', 'example.com', 'rust-lang.org'];
const ROOTS = [MENU_ID, TOOLBAR_ID, UNFILED_ID, MOBILE_ID];

async function setup(seed: number) {
  let t = 1_700_000_000_000;
  const env = await boot({ seed, now: () => t });
  return Object.assign(env, { tick: (ms: number) => (t += ms) });
}
type Env = Awaited<ReturnType<typeof setup>>;

/** The fields the mirror keeps, as getTree gives them. */
function project(node: BookmarkNode): BookmarkNode {
  const out: BookmarkNode = { id: node.id, title: node.title, index: node.index ?? 0, dateAdded: node.dateAdded, type: node.type };
  if (node.parentId !== undefined) out.parentId = node.parentId;
  if (node.url !== undefined) out.url = node.url;
  if (node.children) out.children = node.children.map(project);
  return out;
}

async function nodesOf(env: Env): Promise<BookmarkNode[]> {
  const out: BookmarkNode[] = [];
  const walk = (n: BookmarkNode) => n.children?.forEach((c) => (out.push(c), walk(c)));
  walk((await env.browser.bookmarks.getTree())[0]!);
  return out.filter((n) => !ROOTS.includes(n.id));
}

/** Random creates (copies of one another's addresses, so the scan finds groups), moves, removals, renames. */
async function change(env: Env, r: Rng, steps: number) {
  const b = env.browser.bookmarks;
  for (let step = 0; step < steps; step++) {
    env.tick(r.chance(0.5) ? 0 : 1);
    const nodes = await nodesOf(env);
    const folders = [...ROOTS, ...nodes.filter((n) => n.type === 'folder').map((n) => n.id)];
    const bookmarks = nodes.filter((n) => n.type === 'bookmark');
    const op = nodes.length < 5 ? 0 : r.below(8);
    const parentId = r.pick(folders);
    const index = r.chance(0.3) ? r.below(4) : undefined;
    try {
      if (op <= 1) await b.create({ parentId, index, title: `${r.pick(WORDS)} ${step}`, url: `https://${r.pick(HOSTS)}/${r.pick(WORDS)}/${r.below(4)}` });
      else if (op === 2) await b.create({ parentId, index, title: r.pick(WORDS) });
      else if (op === 3) await b.create({ parentId, index, type: 'separator' });
      else if (op === 4) {
        const node = r.pick(nodes);
        await b.move(node.id, { parentId, index: r.chance(0.5) ? node.index : index });
      } else if (op === 5) await b.removeTree(r.pick(nodes).id);
      else if (op === 6 && bookmarks.length) await b.update(r.pick(bookmarks).id, { title: `${r.pick(WORDS)} renamed`, url: `https://${r.pick(HOSTS)}/x/${r.below(3)}` });
      else if (op === 7 && folders.length > 4) await b.update(r.pick(folders.slice(4)), { title: `${r.pick(WORDS)} folder` });
    } catch {
      // A move into its own descendant is refused by Firefox: nothing changed.
    }
  }
}

const scanOf = (tree: BookmarkNode[]) =>
  scanBookmarks({ tree, settings: DEFAULT_SETTINGS, tagsByUrl: new Map(), visitsByUrl: new Map(), removedHistory: NO_REMOVED_HISTORY, now: 1_800_000_000_000 });

describe('treeFromIndex', () => {
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    it(`is getTree on the mirror's fields after random changes, and scans the same (seed ${seed})`, async () => {
      const env = await setup(seed);
      const r = createRng(seed);
      await change(env, r, 60);
      const live = env.app.live;
      await live.whenFresh();
      await change(env, r, 120);
      // The events of the last changes reach the mirror when it is read (the live index flushes them).
      const made = treeFromIndex(live);
      const firefox = await env.browser.bookmarks.getTree();
      expect(live.positionsExact).toBe(true);
      expect(made).toEqual(firefox.map(project));
      const fromIndex = scanOf(made!);
      const fromFirefox = scanOf(firefox);
      expect(fromIndex.groups.length).toBeGreaterThan(0);
      expect({ ...fromIndex, durationMs: 0 }).toEqual({ ...fromFirefox, durationMs: 0 });
    });
  }

  it('is null once the order cannot follow Firefox (the caller reads Firefox)', async () => {
    const env = await setup(8);
    const live = env.app.live;
    await live.whenFresh();
    live.order.invalidate();
    expect(live.positionsExact).toBe(false);
    expect(treeFromIndex(live)).toBeNull();
  });
});
