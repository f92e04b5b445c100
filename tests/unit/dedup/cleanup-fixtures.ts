/**
 * Shared set-up for the apply / undo / recovery tests: a fake browser, a fresh journal and tag store per test,
 * tree seeding from a compact spec, a tree snapshot without ids and dates, job contexts that pause or cancel, and
 * a planner that builds valid cleanup plans straight from a tree (exact-URL groups, copied folders).
 */
import { expect } from 'vitest';
import { gate } from '../../kit/gate';
import { createFakeBrowser } from '../../fakes/browser';
import type { BookmarkCall } from '../../fakes/bookmarks';
import { applyPlan, type ApplyProgress } from '../../../src/dedup/cleanup/apply';
import { restoreSession } from '../../../src/operation-history/undo';
import { recoverInterruptedSessions } from '../../../src/operation-history/recovery';
import type { WriteDeps } from '../../../src/operation-history';
import { openJournal } from '../../../src/operation-history/journal';
import type { CleanupPlan, PlannedMove, PlannedRemoval } from '../../../src/dedup/plan-types';
import { cleanupPlan, moveInto, removeCopiedFolder, removeCopy, removeEmptyFolder } from '../../kit/plan';
import { AppError } from '../../../src/messaging/errors';
import type { BookmarkNode, Browser } from '../../../src/platform/browser';
import { openTagStore, type TagStore } from '../../../src/tags/tag-store';

export const MENU = 'menu________';
export const TOOLBAR = 'toolbar_____';
export const UNFILED = 'unfiled_____';
export const MOBILE = 'mobile______';
export const USER_ROOTS = [MENU, TOOLBAR, UNFILED, MOBILE];

export interface Spec {
  title?: string;
  url?: string;
  separator?: true;
  children?: Spec[];
}

let dbCounter = 0;

export function setup(options: { seed?: number } = {}) {
  let clock = 1_700_000_000_000;
  const now = () => clock;
  const fake = createFakeBrowser({ now, seed: options.seed ?? 1 });
  const n = ++dbCounter;
  const journalName = `test-journal-${n}`;
  const journal = openJournal(journalName);
  const tags = openTagStore(`test-tags-${n}`);
  // Late events of racing calls in the fake arrive within its statement queue: two round trips let them in.
  const settle = async () => {
    await fake.browser.bookmarks.getTree();
    await fake.browser.bookmarks.getTree();
  };
  const deps: WriteDeps = { browser: fake.browser, journal, tags, now, settle };
  return {
    ...fake,
    journal,
    journalName,
    tags,
    deps,
    tick(ms = 1000) {
      clock += ms;
    },
    now,
  };
}

export async function seed(browser: Browser, parentId: string, specs: readonly Spec[]): Promise<void> {
  for (const spec of specs) {
    if (spec.separator) await browser.bookmarks.create({ parentId, type: 'separator' });
    else if (spec.url !== undefined) await browser.bookmarks.create({ parentId, title: spec.title ?? '', url: spec.url });
    else {
      const folder = await browser.bookmarks.create({ parentId, title: spec.title ?? '' });
      await seed(browser, folder.id, spec.children ?? []);
    }
  }
}

export interface Snap {
  title: string;
  url?: string;
  type: string;
  children?: Snap[];
}

function strip(node: BookmarkNode): Snap {
  const out: Snap = { title: node.title, type: node.type ?? (node.url ? 'bookmark' : 'folder') };
  if (node.url !== undefined) out.url = node.url;
  if (node.children) out.children = node.children.map(strip);
  return out;
}

/** The whole tree without ids and dates: what a user sees. */
export async function snapshot(browser: Browser): Promise<Snap[]> {
  const [root] = await browser.bookmarks.getTree();
  return root.children!.map(strip);
}

export async function allTags(tags: TagStore): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const e of await tags.all()) out[e.url] = [...e.tags].sort();
  return out;
}

export function flatten(roots: BookmarkNode[]): BookmarkNode[] {
  const out: BookmarkNode[] = [];
  const stack = [...roots];
  while (stack.length) {
    const node = stack.shift()!;
    out.push(node);
    if (node.children) stack.unshift(...node.children);
  }
  return out;
}

/** Every node of the tree, depth first. */
export async function allNodes(browser: Browser): Promise<BookmarkNode[]> {
  const [root] = await browser.bookmarks.getTree();
  return flatten([root]);
}

/** Bookmarks as "title|url", sorted: what a person finds, wherever it is. */
export async function bookmarkList(browser: Browser): Promise<string[]> {
  return (await allNodes(browser))
    .filter((n) => n.type === 'bookmark')
    .map((n) => `${n.title}|${n.url}`)
    .sort();
}

/** `list` with `from` replaced by `to`, sorted again. */
export function replacedIn(list: readonly string[], from: string, to: string): string[] {
  const out = [...list];
  out.splice(out.indexOf(from), 1, to);
  return out.sort();
}

export async function find(browser: Browser, title: string): Promise<BookmarkNode> {
  const [root] = await browser.bookmarks.getTree();
  const hit = flatten([root]).find((n) => n.title === title);
  if (!hit) throw new Error(`No item titled ${title}`);
  return hit;
}

/** A job context that records progress and can be told to pause or to cancel at its n-th checkpoint. */
export function testCtx<P = ApplyProgress>(options: { cancelAt?: number; onCheckpoint?: (n: number) => Promise<void> | void } = {}) {
  const progress: P[] = [];
  let checkpoints = 0;
  return {
    progress: (p: P) => void progress.push(p),
    seen: progress,
    get checkpoints() {
      return checkpoints;
    },
    async checkpoint() {
      checkpoints++;
      await options.onCheckpoint?.(checkpoints);
      if (options.cancelAt !== undefined && checkpoints >= options.cancelAt) throw new AppError('cancelled', 'The job was cancelled.');
    },
  };
}

export interface PlanOptions {
  /** Pairs [kept, removed] of folders to merge: unique children of the removed one move into the kept one. */
  folderMerges?: [string, string][];
  /** Tags to merge onto each kept URL. */
  tagMerges?: { url: string; tags: string[] }[];
  /** Remove empty folders too. */
  emptyFolders?: boolean;
  createdAt: number;
}

/**
 * A valid plan for the tree as it is: folder merges as asked, then one keeper per exact URL among what stays (the
 * first in tree order; moved items always stay), then empty folders outside everything kept.
 */
export async function planFromTree(browser: Browser, options: PlanOptions): Promise<CleanupPlan> {
  const [root] = await browser.bookmarks.getTree();
  const nodes = flatten([root]);
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const removals: PlannedRemoval[] = [];
  const moves: PlannedMove[] = [];
  const removedSubtree = new Set<string>();
  const moved = new Set<string>();
  const markSubtree = (node: BookmarkNode) => {
    removedSubtree.add(node.id);
    for (const c of node.children ?? []) markSubtree(c);
  };
  for (const [keptId, goneId] of options.folderMerges ?? []) {
    const kept = byId.get(keptId)!;
    const gone = byId.get(goneId)!;
    const keptUrls = new Set((kept.children ?? []).filter((c) => c.url && c.type !== 'separator').map((c) => c.url));
    for (const child of gone.children ?? []) {
      if (child.type === 'bookmark' && keptUrls.has(child.url)) continue;
      moves.push(moveInto(child, kept.id));
      moved.add(child.id);
    }
    removals.push(removeCopiedFolder(gone, kept));
    markSubtree(gone);
    for (const id of moved) {
      const m = byId.get(id)!;
      const unmark = (n: BookmarkNode) => {
        removedSubtree.delete(n.id);
        for (const c of n.children ?? []) unmark(c);
      };
      unmark(m);
    }
  }
  const groups = new Map<string, BookmarkNode[]>();
  for (const n of nodes) {
    if (n.type !== 'bookmark' || removedSubtree.has(n.id)) continue;
    const list = groups.get(n.url!) ?? [];
    list.push(n);
    groups.set(n.url!, list);
  }
  const keepers = new Set<string>();
  for (const list of groups.values()) {
    const keeper = list.find((n) => moved.has(n.id)) ?? list[0];
    keepers.add(keeper.id);
    for (const n of list) {
      if (n === keeper || moved.has(n.id)) continue;
      removals.push(removeCopy(n, keeper));
    }
  }
  if (options.emptyFolders) {
    const holdsSomething = (n: BookmarkNode): boolean =>
      n.type === 'bookmark' || (n.children ?? []).some(holdsSomething) || (options.folderMerges ?? []).some(([k]) => k === n.id);
    const visit = (n: BookmarkNode) => {
      for (const c of n.children ?? []) {
        if (c.type !== 'folder' || removedSubtree.has(c.id)) continue;
        if (!holdsSomething(c) && ![...moved].some((m) => byId.get(m)!.parentId === c.id)) {
          removals.push(removeEmptyFolder(c));
          markSubtree(c);
        } else visit(c);
      }
    };
    for (const r of root.children!) visit(r);
  }
  return cleanupPlan({ createdAt: options.createdAt, removals, moves, tagMerges: options.tagMerges ?? [] });
}

/**
 * A folder 'Work' in the Bookmarks Menu and its copy 'Work (1)' in the toolbar, both holding `urls` (bookmarks titled
 * a, b, ...), and the plan that removes the copy.
 */
export async function copiedFolder(t: ReturnType<typeof setup>, urls: readonly string[]) {
  const items = urls.map((url, i) => ({ title: String.fromCharCode(97 + i), url }));
  await seed(t.browser, MENU, [{ title: 'Work', children: items }]);
  await seed(t.browser, TOOLBAR, [{ title: 'Work (1)', children: items }]);
  const kept = await find(t.browser, 'Work');
  const copy = await find(t.browser, 'Work (1)');
  const plan = await planFromTree(t.browser, { createdAt: t.now(), folderMerges: [[kept.id, copy.id]] });
  return { kept, copy, plan };
}

const never = () => new Promise<never>(() => undefined);

type Mutation = 'move' | 'removeTree' | 'create' | 'remove';

/**
 * The browser as the event page sees it until it dies: the `at`-th bookmark change never answers (the page is gone).
 * With `landed`, the change itself happens first (Firefox did it, the page died before hearing back).
 */
export function crashingBrowser(browser: Browser, at: number, landed: boolean) {
  let calls = 0;
  const state = { crashed: false };
  /** Settles when the page dies. */
  const crashed = gate();
  // Changes Firefox is still carrying out when the page dies (the one that landed, another lane's): they finish.
  const underWay = new Set<Promise<unknown>>();
  const carryOut = (call: () => Promise<unknown>) => {
    const done = call();
    underWay.add(done);
    void done.catch(() => undefined).finally(() => underWay.delete(done));
    return done;
  };
  const wrap = <K extends Mutation>(name: K) => {
    const real = browser.bookmarks[name] as (...args: unknown[]) => Promise<unknown>;
    return async (...args: unknown[]) => {
      if (state.crashed) return never();
      calls++;
      if (calls === at) {
        state.crashed = true;
        crashed.open();
        if (landed) await carryOut(() => real(...args));
        return never();
      }
      return carryOut(() => real(...args));
    };
  };
  const bookmarks = { ...browser.bookmarks, move: wrap('move'), removeTree: wrap('removeTree'), create: wrap('create'), remove: wrap('remove') };
  /** Resolves once the page has died and every change Firefox was carrying out is done. */
  const dead = async () => {
    await crashed.promise;
    while (underWay.size) await Promise.allSettled([...underWay]);
  };
  return { browser: { ...browser, bookmarks } as unknown as Browser, state, crashed: crashed.promise, dead };
}

/** A fresh background after the crash: a new journal connection over the same database, the real browser. */
export function restart(t: ReturnType<typeof setup>): WriteDeps {
  return { ...t.deps, journal: openJournal(t.journalName) };
}

/**
 * Runs `action` (someone else's change) once, at the `nth` bookmarks call matching `match`: `before` the call (the
 * change is made first, so its read and transaction come first), or `during` it (right after the call started: the
 * change lands between the call's read and its transaction, or after it, as Places interleaves them).
 */
export function onCall(t: ReturnType<typeof setup>, match: (call: BookmarkCall) => boolean, when: 'before' | 'during', action: () => Promise<unknown>, nth = 1) {
  let seen = 0;
  let inAction = false;
  let fired = false;
  const done: Promise<unknown>[] = [];
  const stop = t.control.observeBookmarkCalls((call) => {
    if (fired || inAction || !match(call) || ++seen < nth) return;
    fired = true;
    const run = () => {
      inAction = true;
      try {
        done.push(
          action().then(
            () => true,
            // Firefox refused it (what it acts on was gone by then): no change was made.
            () => false,
          ),
        );
      } finally {
        inAction = false;
      }
    };
    if (when === 'before') run();
    else queueMicrotask(run);
  });
  return {
    get fired() {
      return fired;
    },
    /** Whether Firefox made the change. */
    settled: async () => {
      stop();
      return (await Promise.all(done)).every(Boolean);
    },
  };
}

/**
 * The apply of `plan` with Firefox dying at its `at`-th write (made or not): the next start rolls it back to the exact
 * tree and tags, once (a second start finds nothing to do).
 */
export async function expectCrashRolledBack(t: ReturnType<typeof setup>, plan: CleanupPlan, at: number, landed: boolean): Promise<void> {
  const before = await snapshot(t.browser);
  const tagsBefore = await allTags(t.tags);
  const crash = crashingBrowser(t.browser, at, landed);
  void applyPlan({ ...t.deps, browser: crash.browser }, plan, testCtx());
  await crash.dead();
  expect(await recoverInterruptedSessions(restart(t))).toEqual([expect.objectContaining({ action: 'rolled-back', error: null })]);
  expect(await snapshot(t.browser)).toEqual(before);
  expect(await allTags(t.tags)).toEqual(tagsBefore);
  expect(await recoverInterruptedSessions(restart(t))).toEqual([]);
}

/** `plan` applied, then its undo with Firefox dying at the undo's `at`-th write: the next start finishes the undo. */
export async function expectUndoCrashFinished(t: ReturnType<typeof setup>, plan: CleanupPlan, at: number): Promise<void> {
  const before = await snapshot(t.browser);
  const result = await applyPlan(t.deps, plan, testCtx());
  const crash = crashingBrowser(t.browser, at, true);
  void restoreSession({ ...t.deps, browser: crash.browser }, result.sessionId, testCtx(), 'undo');
  await crash.dead();
  const deps = restart(t);
  expect(await recoverInterruptedSessions(deps)).toEqual([expect.objectContaining({ action: 'undo-finished', error: null })]);
  expect(await snapshot(t.browser)).toEqual(before);
  expect((await deps.journal.getSession(result.sessionId))?.status).toBe('undone');
}
