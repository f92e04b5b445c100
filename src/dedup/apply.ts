/**
 * Applies a cleanup plan at Firefox's speed limit, journal first.
 *
 * 1. Check (reads only): every planned item is fetched in batches (bookmarks.get takes an array of ids) and must
 *    still be what the plan saw: same type, parent and URL. Roots are never touched. A removal goes ahead only
 *    when its kept copy still exists and is neither removed nor inside a removed folder (never the last copy). A
 *    redundant folder whose contents changed after the plan was made is kept, and so is one whose unique
 *    children cannot all be moved out. Anything refused is reported, not silently dropped.
 * 2. Journal: one durable IndexedDB transaction records the session, every item to be removed (every descendant
 *    of a removed folder too) with parent, index, title, URL, dateAdded, type, the URL's tags and path, every
 *    planned move with its original place, and every tag merge with the tags the URL had before.
 * 3. Act, using the API's fast paths (measured in Firefox: remove ~9 ms per item whatever the concurrency, move
 *    ~3 ms, removeTree of 10k ~0.4 s): merge tags; move unique children into their kept folder; one removeTree per
 *    redundant folder; loose duplicates are moved into a holding folder ("Tidymarks cleanup <date>" in Other
 *    Bookmarks) that is then removed with ONE removeTree. Each batch is checked again right before it is touched
 *    (the user may have changed things during a pause), and ctx.checkpoint() between batches honours pause and
 *    cancel. A cancel stops at the next batch: what was done stays done (and can be undone), the holding folder
 *    is still removed with what it holds, and the rest is reported as skipped.
 *
 * Crash safety: see recovery.ts (an interrupted session is rolled back from the journal on the next start).
 */
import { AppError } from '../messaging/errors';
import type { JobContext } from '../messaging/define';
import { isRootId, ROOT_ID, UNFILED_ID, type BookmarkNode, type Browser } from '../platform/browser';
import { tagKey } from '../tags/tag-name';
import type { TagStore } from '../tags/tag-store';
import type { Journal, NewJournalEntry, RemovedEntry, SessionCounts, SessionRecord } from './journal';
import type { CleanupPlan, PlannedMove, PlannedRemoval } from './plan-types';

/** What apply and undo need of the tag store. */
export type TagAccess = Pick<TagStore, 'getTagsForUrls' | 'addTags' | 'removeTags' | 'all'>;

export interface CleanupDeps {
  browser: Browser;
  journal: Journal;
  tags: TagAccess;
  now: () => number;
  /** Ids for new sessions; injectable for tests. */
  newSessionId?: () => string;
  /** Bookmark events since the check: lets apply skip what changed without re-reading every batch. */
  watch?: ChangeWatch;
}

/** What changed (by bookmark events) while one apply runs. */
export interface ChangeTracker {
  /** The item was changed, moved, removed or created since tracking began (not counting our own moves). */
  isTouched(id: string): boolean;
  /** Something was added to, moved into or out of this folder since tracking began. */
  isParentTouched(id: string): boolean;
  /** The next move of this item is ours: do not count it. */
  expectMove(id: string): void;
  stop(): void;
}

export interface ChangeWatch {
  track(): ChangeTracker;
}

type BookmarkEvents = Pick<Browser['bookmarks'], 'onChanged' | 'onMoved' | 'onRemoved' | 'onCreated'>;

/**
 * Listens to bookmark events (registered when called: call it while the background starts) and feeds every
 * running tracker. Firefox fires events for our own changes too; trackers ignore the moves they were told about.
 */
export function createChangeWatch(events: BookmarkEvents): ChangeWatch {
  const active = new Set<{ touched: Set<string>; parents: Set<string>; ours: Set<string> }>();
  const touch = (id: string, parents: (string | undefined)[] = []) => {
    for (const t of active) {
      t.touched.add(id);
      for (const p of parents) if (p) t.parents.add(p);
    }
  };
  events.onChanged.addListener((id) => touch(id));
  events.onRemoved.addListener((id, info) => touch(id, [info?.parentId]));
  events.onCreated.addListener((id, node) => touch(id, [node?.parentId]));
  events.onMoved.addListener((id, info) => {
    for (const t of active) {
      if (t.ours.delete(id)) continue;
      t.touched.add(id);
      t.parents.add(info.parentId).add(info.oldParentId);
    }
  });
  return {
    track() {
      const state = { touched: new Set<string>(), parents: new Set<string>(), ours: new Set<string>() };
      active.add(state);
      return {
        isTouched: (id) => state.touched.has(id),
        isParentTouched: (id) => state.parents.has(id),
        expectMove: (id) => void state.ours.add(id),
        stop: () => void active.delete(state),
      };
    },
  };
}

/** Is each item still what the check saw? From events when a tracker runs, else by reading the items again. */
async function stillSame(
  browser: Browser,
  tracker: ChangeTracker | null,
  items: { id: string; parentId: string; url: string | undefined; folderIds?: readonly string[]; ids?: readonly string[] }[],
): Promise<Map<string, 'ok' | 'changed' | 'missing'>> {
  const out = new Map<string, 'ok' | 'changed' | 'missing'>();
  if (tracker) {
    for (const item of items) {
      const touched =
        tracker.isTouched(item.id) ||
        (item.ids ?? []).some((id) => tracker.isTouched(id)) ||
        (item.folderIds ?? []).some((id) => tracker.isParentTouched(id));
      out.set(item.id, touched ? 'changed' : 'ok');
    }
    return out;
  }
  const current = await getExisting(browser, items.map((i) => i.id));
  for (const item of items) {
    const node = current.get(item.id);
    out.set(item.id, !node ? 'missing' : node.parentId === item.parentId && node.url === item.url ? 'ok' : 'changed');
  }
  return out;
}

export type ApplyPhase = 'checking' | 'journaling' | 'merging-tags' | 'moving' | 'collapsing' | 'holding' | 'removing' | 'done';

export interface ApplyProgress {
  phase: ApplyPhase;
  done: number;
  total: number;
  /** Items per second since the changes started. */
  rate: number;
}

export type ProblemReason =
  | 'missing' // the item no longer exists
  | 'changed' // its URL, parent or type is not what the plan saw
  | 'contents-changed' // a folder to remove got new or moved contents after the plan was made
  | 'root' // a root folder: never removed or moved
  | 'kept-copy-missing' // the copy that should stay is gone or is being removed itself
  | 'unique-child-not-moved' // a unique child of the folder could not be moved out, so the folder stays
  | 'folder-kept' // a move out of a folder that is not removed after all
  | 'bad-target' // a move's destination is missing, not a folder, or being removed
  | 'duplicate-entry' // the plan lists the item twice
  | 'cancelled' // the job was cancelled before the item was touched
  | 'error'; // the browser refused the change

export interface ApplyProblem {
  id: string;
  title: string | null;
  reason: ProblemReason;
  message: string;
}

export interface ApplyResult {
  sessionId: string;
  cancelled: boolean;
  counts: SessionCounts;
  problems: ApplyProblem[];
  elapsedMs: number;
}

type Ctx<P> = Pick<JobContext<P>, 'progress' | 'checkpoint'>;

const BATCH = 100;
const GET_CHUNK = 1000;
/**
 * One move at a time. Measured in Firefox ESR: concurrent bookmarks.move calls out of one folder leave gaps in the
 * positions Places stores (getChildren then reports indices 0,1,2,4,5), and later inserts by index land one place
 * off. The fake browser does not model this; tests/e2e/dedup-apply.e2e.ts catches it.
 */
const MOVE_CONCURRENCY = 1;
/** How Firefox says an id does not exist (get: "Bookmark not found"; malformed GUIDs are not ours either). */
const MISSING_ID = /Bookmark not found|No bookmarks found|Invalid value for property 'guid'/i;

const nodeType = (node: BookmarkNode): 'bookmark' | 'folder' | 'separator' =>
  node.type ?? (node.url === undefined ? 'folder' : 'bookmark');

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function isCancel(error: unknown): boolean {
  return error instanceof AppError && error.code === 'cancelled';
}

/**
 * Fetches many items with few calls: bookmarks.get accepts an array but fails as a whole when one id is missing,
 * so a failing batch is split in halves until the missing ids are isolated. Missing ids are simply absent.
 */
export async function getExisting(browser: Browser, ids: readonly string[]): Promise<Map<string, BookmarkNode>> {
  const out = new Map<string, BookmarkNode>();
  const unique = [...new Set(ids)];
  const fetch = async (batch: string[]): Promise<void> => {
    if (!batch.length) return;
    try {
      const nodes = await browser.bookmarks.get(batch);
      for (const node of nodes) out.set(node.id, node);
    } catch (error) {
      if (batch.length === 1) {
        if (MISSING_ID.test(errorMessage(error))) return;
        throw error;
      }
      const half = Math.ceil(batch.length / 2);
      await fetch(batch.slice(0, half));
      await fetch(batch.slice(half));
    }
  };
  for (const batch of chunks(unique, GET_CHUNK)) await fetch(batch);
  return out;
}

/** Above this many ids to check, one getTree is cheaper than batched gets. */
const WHOLE_TREE_ABOVE = 300;

function indexWholeTree(roots: BookmarkNode[]): Map<string, BookmarkNode> {
  const out = new Map<string, BookmarkNode>();
  const stack = [...roots];
  while (stack.length) {
    const node = stack.pop()!;
    out.set(node.id, node);
    if (node.children) stack.push(...node.children);
  }
  return out;
}

/** Folder titles and parents, fetched level by level and cached, to compute paths and ancestor chains. */
class Ancestry {
  private readonly known = new Map<string, { title: string; parentId: string | undefined }>();

  constructor(private readonly browser: Browser) {}

  note(node: BookmarkNode) {
    this.known.set(node.id, { title: node.title, parentId: node.parentId });
  }

  /** Makes sure every ancestor of the given parent ids is known. */
  async load(parentIds: Iterable<string>): Promise<void> {
    let wanted = [...new Set(parentIds)].filter((id) => !this.known.has(id));
    while (wanted.length) {
      const found = await getExisting(this.browser, wanted);
      const next = new Set<string>();
      for (const id of wanted) {
        const node = found.get(id);
        this.known.set(id, { title: node?.title ?? '', parentId: node?.parentId });
        if (node?.parentId && !this.known.has(node.parentId)) next.add(node.parentId);
      }
      wanted = [...next];
    }
  }

  /** Ancestor ids of an item whose parent is `parentId`, root first (the root itself excluded). */
  chain(parentId: string): string[] {
    const out: string[] = [];
    for (let id: string | undefined = parentId; id && this.known.has(id); id = this.known.get(id)!.parentId) {
      if (!this.known.get(id)!.parentId) break; // the invisible root
      out.push(id);
      if (out.length > 1000) break;
    }
    return out.reverse();
  }

  titles(chain: readonly string[]): string[] {
    return chain.map((id) => this.known.get(id)?.title ?? '');
  }
}

interface CheckedRemoval {
  planned: PlannedRemoval;
  node: BookmarkNode;
  /** Folders: the subtree as it is now (descendants only). */
  descendants: { node: BookmarkNode; parentChainFromFolder: string[] }[];
}

interface PlanCheck {
  removals: Map<string, CheckedRemoval>;
  moves: Map<string, { planned: PlannedMove; node: BookmarkNode }>;
  problems: ApplyProblem[];
  /** Every id that goes with a removed folder (descendants), mapped to the removed folder's id. */
  insideRemoved: Map<string, string>;
  ancestry: Ancestry;
}

function problem(id: string, title: string | null, reason: ProblemReason, message: string): ApplyProblem {
  return { id, title, reason, message };
}

/** Step 1: what of the plan can safely be carried out now. Reads only. */
export async function checkPlan(browser: Browser, plan: CleanupPlan): Promise<PlanCheck> {
  const problems: ApplyProblem[] = [];
  const ancestry = new Ancestry(browser);
  const wantedIds = new Set<string>();
  for (const r of plan.removals) {
    wantedIds.add(r.id);
    if (r.keptId) wantedIds.add(r.keptId);
  }
  for (const m of plan.moves) wantedIds.add(m.id).add(m.toParentId);
  const wanted = [...wantedIds].filter((id) => !isRootId(id));
  // Firefox's get costs about 0.4 ms per id and getTree about 0.035 ms per node: a big plan reads the whole tree.
  const whole = wanted.length > WHOLE_TREE_ABOVE ? indexWholeTree(await browser.bookmarks.getTree()) : null;
  const existing = new Map<string, BookmarkNode>();
  if (whole) {
    for (const id of wanted) if (whole.has(id)) existing.set(id, whole.get(id)!);
    for (const node of whole.values()) if (node.children) ancestry.note(node);
  } else {
    for (const [id, node] of await getExisting(browser, wanted)) existing.set(id, node);
  }
  for (const node of existing.values()) ancestry.note(node);

  // Each removal on its own: exists, not a root, same type, parent and URL.
  const removals = new Map<string, CheckedRemoval>();
  for (const planned of plan.removals) {
    const node = existing.get(planned.id);
    if (isRootId(planned.id)) {
      problems.push(problem(planned.id, null, 'root', 'A root folder is never removed.'));
    } else if (removals.has(planned.id)) {
      problems.push(problem(planned.id, node?.title ?? null, 'duplicate-entry', 'The plan lists this item twice.'));
    } else if (!node) {
      problems.push(problem(planned.id, null, 'missing', 'It no longer exists.'));
    } else if (nodeType(node) !== planned.kind || node.parentId !== planned.expectedParentId || (planned.kind === 'bookmark' && node.url !== planned.expectedUrl)) {
      problems.push(problem(planned.id, node.title, 'changed', 'It changed since the scan (URL, folder or type).'));
    } else {
      removals.set(planned.id, { planned, node, descendants: [] });
    }
  }

  // Folders: their subtree now; kept when something in it is newer than the plan.
  for (const removal of [...removals.values()]) {
    if (removal.planned.kind !== 'folder') continue;
    const tree = whole?.get(removal.node.id) ?? (await browser.bookmarks.getSubTree(removal.node.id))[0];
    const descendants: CheckedRemoval['descendants'] = [];
    let changed = (tree.dateGroupModified ?? 0) > plan.createdAt;
    let holdsBookmark = false;
    const walk = (folder: BookmarkNode, chain: string[]) => {
      for (const child of folder.children ?? []) {
        descendants.push({ node: child, parentChainFromFolder: chain });
        if ((child.dateAdded ?? 0) > plan.createdAt || (child.dateGroupModified ?? 0) > plan.createdAt) changed = true;
        if (nodeType(child) === 'bookmark') holdsBookmark = true;
        if (child.children) walk(child, [...chain, child.id]);
      }
    };
    walk(tree, [tree.id]);
    if (changed || (removal.planned.reason === 'empty-folder' && holdsBookmark)) {
      removals.delete(removal.node.id);
      problems.push(problem(removal.node.id, removal.node.title, 'contents-changed', 'Its contents changed after the scan, so it was kept.'));
      continue;
    }
    removal.descendants = descendants;
  }

  // Moves on their own: exists, same parent, not a root.
  const moves = new Map<string, { planned: PlannedMove; node: BookmarkNode }>();
  for (const planned of plan.moves) {
    const node = existing.get(planned.id);
    if (isRootId(planned.id)) problems.push(problem(planned.id, null, 'root', 'A root folder is never moved.'));
    else if (moves.has(planned.id)) problems.push(problem(planned.id, node?.title ?? null, 'duplicate-entry', 'The plan lists this move twice.'));
    else if (!node) problems.push(problem(planned.id, null, 'missing', 'It no longer exists.'));
    else if (node.parentId !== planned.expectedParentId) problems.push(problem(planned.id, node.title, 'changed', 'It is no longer in the folder the scan saw.'));
    else moves.set(planned.id, { planned, node });
  }

  await ancestry.load([...existing.values()].map((n) => n.parentId!).filter(Boolean));

  // Joint rules, repeated until nothing changes: kept copies stay, unique children get out first.
  let insideRemoved = new Map<string, string>();
  const computeInside = () => {
    insideRemoved = new Map();
    // A moved unique child belongs to its folder until it is moved; what is inside it moves along and stays.
    for (const r of removals.values()) {
      for (const d of r.descendants) {
        if (!d.parentChainFromFolder.some((id) => moves.has(id))) insideRemoved.set(d.node.id, r.node.id);
      }
    }
  };
  /** The removed folder that contains id (itself a removal or inside one), if any. */
  const removedFolderOf = (id: string): string | undefined => {
    if (insideRemoved.has(id)) return insideRemoved.get(id);
    if (removals.get(id)?.planned.kind === 'folder') return id;
    return undefined;
  };
  const isGoing = (id: string) => removals.has(id) || insideRemoved.has(id);
  const dropRemoval = (id: string, reason: ProblemReason, message: string) => {
    const r = removals.get(id);
    if (!r) return;
    removals.delete(id);
    problems.push(problem(id, r.node.title, reason, message));
  };
  const plannedFolderIds = new Set(plan.removals.filter((r) => r.kind === 'folder').map((r) => r.id));
  for (let round = 0; round < 10; round++) {
    computeInside();
    let changed = false;
    // Judged against the round's starting set: A keeps B while B keeps A means neither goes.
    const goingAtStart = new Set([...removals.keys(), ...insideRemoved.keys()]);
    const folderAtStart = new Set([...removals.values()].filter((r) => r.planned.kind === 'folder').map((r) => r.node.id));
    for (const r of [...removals.values()]) {
      const keptId = r.planned.keptId;
      if (keptId === null) {
        if (r.planned.reason !== 'empty-folder') {
          dropRemoval(r.node.id, 'kept-copy-missing', 'The plan names no copy to keep.');
          changed = true;
        }
        continue;
      }
      const kept = existing.get(keptId);
      const keptInsideGoing = kept ? ancestry.chain(kept.parentId!).some((a) => folderAtStart.has(a)) : false;
      if (!kept || goingAtStart.has(keptId) || keptInsideGoing || keptId === r.node.id) {
        dropRemoval(r.node.id, 'kept-copy-missing', 'The copy that should stay is gone or being removed, so this one stays.');
        changed = true;
      }
    }
    computeInside();
    for (const m of [...moves.values()]) {
      const targetId = m.planned.toParentId;
      const target = existing.get(targetId);
      const targetChain = target?.parentId ? ancestry.chain(target.parentId) : [];
      const targetBad =
        !target ||
        nodeType(target) !== 'folder' ||
        targetId === ROOT_ID ||
        targetId === m.node.id ||
        isGoing(targetId) ||
        targetChain.some((a) => a === m.node.id || removals.get(a)?.planned.kind === 'folder');
      if (targetBad) {
        moves.delete(m.node.id);
        problems.push(problem(m.node.id, m.node.title, 'bad-target', 'Its destination folder is gone or being removed.'));
        const from = removedFolderOf(m.node.id);
        if (from) dropRemoval(from, 'unique-child-not-moved', 'A unique item in it could not be moved out, so the folder stays.');
        changed = true;
      }
    }
    computeInside();
    // A move out of a planned folder that stays after all would change the user's tree for nothing.
    for (const m of [...moves.values()]) {
      const inPlannedFolder = ancestry.chain(m.node.parentId!).some((a) => plannedFolderIds.has(a));
      if (inPlannedFolder && removedFolderOf(m.node.id) === undefined) {
        moves.delete(m.node.id);
        problems.push(problem(m.node.id, m.node.title, 'folder-kept', 'Its folder is kept, so it was not moved.'));
        changed = true;
      }
    }
    if (!changed) break;
  }
  computeInside();
  // Loose removals inside a removed folder go with the folder.
  for (const id of [...removals.keys()]) {
    if (moves.has(id)) dropRemoval(id, 'duplicate-entry', 'The plan both moves and removes it, so it stays.');
    else if (insideRemoved.has(id)) removals.delete(id);
  }
  return { removals, moves, problems, insideRemoved, ancestry };
}

/** Tags of many URLs: above a few hundred, one read of every tagged URL beats one lookup per URL. */
async function tagsForUrls(tags: TagAccess, urls: string[]): Promise<Map<string, string[]>> {
  if (urls.length <= 500) return tags.getTagsForUrls(urls);
  const all = new Map((await tags.all()).map((e) => [e.url, e.tags]));
  return new Map(urls.map((u) => [u, all.get(u) ?? []]));
}

/** Step 2's entries: the journal of everything the session will change. */
async function buildEntries(check: PlanCheck, plan: CleanupPlan, tags: TagAccess): Promise<NewJournalEntry[]> {
  const movedIds = new Set(check.moves.keys());
  const removed: Omit<RemovedEntry, 'sessionId' | 'seq' | 'tags'>[] = [];
  for (const r of check.removals.values()) {
    const chain = check.ancestry.chain(r.node.parentId!);
    removed.push({
      role: 'removed',
      id: r.node.id,
      parentId: r.node.parentId!,
      index: r.node.index ?? 0,
      title: r.node.title,
      url: nodeType(r.node) === 'bookmark' ? r.node.url ?? null : null,
      dateAdded: r.node.dateAdded ?? null,
      type: nodeType(r.node),
      path: check.ancestry.titles(chain),
      ancestorIds: chain,
      topLevel: true,
      reason: r.planned.reason,
    });
    // Descendants, minus moved unique children (and what is inside them: it moves along).
    const skipUnder = new Set<string>();
    const titles = new Map<string, string>([[r.node.id, r.node.title]]);
    for (const d of r.descendants) {
      titles.set(d.node.id, d.node.title);
      if (movedIds.has(d.node.id) || skipUnder.has(d.node.parentId!)) {
        skipUnder.add(d.node.id);
        continue;
      }
      const fullChain = [...chain, ...d.parentChainFromFolder];
      removed.push({
        role: 'removed',
        id: d.node.id,
        parentId: d.node.parentId!,
        index: d.node.index ?? 0,
        title: d.node.title,
        url: nodeType(d.node) === 'bookmark' ? d.node.url ?? null : null,
        dateAdded: d.node.dateAdded ?? null,
        type: nodeType(d.node),
        path: [...check.ancestry.titles(chain), ...d.parentChainFromFolder.map((id) => titles.get(id) ?? '')],
        ancestorIds: fullChain,
        topLevel: false,
        reason: 'inside-removed-folder',
      });
    }
  }
  const urls = new Set<string>();
  for (const e of removed) if (e.url) urls.add(e.url);
  for (const m of plan.tagMerges) urls.add(m.url);
  const tagsOf = urls.size ? await tagsForUrls(tags, [...urls]) : new Map<string, string[]>();

  const entries: NewJournalEntry[] = removed.map((e) => ({ ...e, tags: e.url ? tagsOf.get(e.url) ?? [] : [] }));
  for (const m of check.moves.values()) {
    entries.push({
      role: 'moved',
      id: m.node.id,
      title: m.node.title,
      parentId: m.node.parentId!,
      index: m.node.index ?? 0,
      toParentId: m.planned.toParentId,
    });
  }
  for (const merge of plan.tagMerges) {
    const before = tagsOf.get(merge.url) ?? [];
    const have = new Set(before.map(tagKey));
    const added: string[] = [];
    for (const tag of merge.tags) {
      if (have.has(tagKey(tag))) continue;
      have.add(tagKey(tag));
      added.push(tag);
    }
    if (added.length) entries.push({ role: 'tag-merge', url: merge.url, tagsBefore: before, tagsAdded: added });
  }
  return entries;
}

/** "Tidymarks cleanup 2026-12-03 01:20:07": unique enough to find again, plain enough for a user who sees it. */
export function holdingFolderTitle(at: number): string {
  return `Tidymarks cleanup ${new Date(at).toISOString().slice(0, 19).replace('T', ' ')}`;
}

/** Runs `work` over items with a few calls in flight, collecting per-item failures. */
async function inParallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<{ item: T; error: unknown }[]> {
  const failures: { item: T; error: unknown }[] = [];
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next++];
      try {
        await work(item);
      } catch (error) {
        failures.push({ item, error });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return failures;
}

/** Applies a plan. Throws (having changed nothing) when cancelled or failing before the journal is written. */
export async function applyPlan(deps: CleanupDeps, plan: CleanupPlan, ctx: Ctx<ApplyProgress>): Promise<ApplyResult> {
  const started = deps.now();
  ctx.progress({ phase: 'checking', done: 0, total: 0, rate: 0 });
  // Tracking starts before the check, so whatever changes after the check is seen.
  const tracker = deps.watch?.track() ?? null;
  try {
    return await applyChecked(deps, plan, ctx, tracker, started);
  } finally {
    tracker?.stop();
  }
}

async function applyChecked(deps: CleanupDeps, plan: CleanupPlan, ctx: Ctx<ApplyProgress>, tracker: ChangeTracker | null, started: number): Promise<ApplyResult> {
  const { browser, journal, tags, now } = deps;
  const check = await checkPlan(browser, plan);
  const problems = [...check.problems];
  await ctx.checkpoint();

  ctx.progress({ phase: 'journaling', done: 0, total: 0, rate: 0 });
  const newEntries = await buildEntries(check, plan, tags);
  await ctx.checkpoint();
  const sessionId = deps.newSessionId?.() ?? crypto.randomUUID();
  const session: SessionRecord = {
    id: sessionId,
    planId: plan.id,
    createdAt: now(),
    status: 'applying',
    cancelled: false,
    holdingFolderId: null,
    holdingTitle: holdingFolderTitle(now()),
    counts: { removed: 0, removedTopLevel: 0, moved: 0, tagMerges: 0, skipped: 0 },
    finishedAt: null,
    undoneAt: null,
    undoStartedAt: null,
    note: null,
  };
  const entries = await journal.beginSession(session, newEntries);

  // From here on the journal is written: changes happen, and every exit path finishes the session.
  const removedEntries = entries.filter((e): e is RemovedEntry & { seq: number } => e.role === 'removed');
  const seqOf = new Map<string, number>();
  for (const e of entries) if (e.role !== 'tag-merge') seqOf.set(`${e.role}:${e.id}`, e.seq);
  /** Each planned removal's journal entries: itself and (folders) its removed descendants. */
  const entriesOf = new Map<string, (RemovedEntry & { seq: number })[]>();
  for (const e of removedEntries) {
    const top = e.topLevel ? e.id : check.insideRemoved.get(e.id);
    if (top === undefined) continue;
    const list = entriesOf.get(top);
    if (list) list.push(e);
    else entriesOf.set(top, [e]);
  }
  const total = removedEntries.length + check.moves.size;
  let done = 0;
  const actStart = now();
  const report = (phase: ApplyPhase) => {
    const seconds = Math.max(0.001, (now() - actStart) / 1000);
    ctx.progress({ phase, done, total, rate: Math.round(done / seconds) });
  };
  const skippedSeqs: number[] = [];
  const removedKeys: string[] = [];
  const counts: SessionCounts = { removed: 0, removedTopLevel: 0, moved: 0, tagMerges: 0, skipped: 0 };
  let cancelled = false;
  const checkpoint = async () => {
    if (cancelled) return false;
    try {
      await ctx.checkpoint();
      return true;
    } catch (error) {
      if (!isCancel(error)) throw error;
      cancelled = true;
      return false;
    }
  };
  const skipRemoval = (id: string, title: string | null, reason: ProblemReason, message: string) => {
    problems.push(problem(id, title, reason, message));
    for (const e of entriesOf.get(id) ?? []) skippedSeqs.push(e.seq);
  };
  const markRemoved = (id: string) => {
    counts.removedTopLevel++;
    for (const e of entriesOf.get(id) ?? []) {
      counts.removed++;
      if (e.type === 'bookmark') removedKeys.push(e.id);
      if (e.url) removedKeys.push(e.url);
    }
  };

  try {
    // Tag merges first: harmless if anything later is interrupted, and the survivor keeps every tag.
    report('merging-tags');
    for (const e of entries) {
      if (e.role !== 'tag-merge') continue;
      try {
        await tags.addTags([e.url], e.tagsAdded);
        counts.tagMerges++;
      } catch (error) {
        problems.push(problem(e.url, null, 'error', `Tags could not be merged onto ${e.url}: ${errorMessage(error)}`));
        skippedSeqs.push(e.seq);
      }
    }

    // Unique children out of redundant folders; a folder whose child was not moved stays.
    report('moving');
    const movedOk = new Set<string>();
    const movesReported = new Set<string>();
    for (const batch of chunks([...check.moves.values()], BATCH)) {
      if (!(await checkpoint())) break;
      const same = await stillSame(browser, tracker, batch.map((m) => ({ id: m.node.id, parentId: m.planned.expectedParentId, url: m.node.url })));
      const ready = batch.filter((m) => {
        const state = same.get(m.node.id)!;
        if (state === 'ok') return true;
        problems.push(problem(m.node.id, m.node.title, state, 'It changed before it could be moved.'));
        movesReported.add(m.node.id);
        return false;
      });
      const failures = await inParallel(ready, MOVE_CONCURRENCY, async (m) => {
        tracker?.expectMove(m.node.id);
        await browser.bookmarks.move(m.node.id, { parentId: m.planned.toParentId });
        movedOk.add(m.node.id);
        counts.moved++;
        done++;
      });
      for (const { item, error } of failures) {
        problems.push(problem(item.node.id, item.node.title, 'error', `It could not be moved: ${errorMessage(error)}`));
        movesReported.add(item.node.id);
      }
      report('moving');
    }
    const keptFolders = new Set<string>();
    for (const m of check.moves.values()) {
      if (movedOk.has(m.node.id)) continue;
      if (!movesReported.has(m.node.id)) {
        problems.push(problem(m.node.id, m.node.title, 'cancelled', 'The cleanup was cancelled before it was moved.'));
      }
      skippedSeqs.push(seqOf.get(`moved:${m.node.id}`)!);
      const folder = check.insideRemoved.get(m.node.id);
      if (folder) keptFolders.add(folder);
    }

    // One removeTree per redundant folder.
    report('collapsing');
    const folders = [...check.removals.values()].filter((r) => r.planned.kind === 'folder');
    // Last child first: Places then has no following siblings to renumber in the source folder on each move.
    const loose = [...check.removals.values()]
      .filter((r) => r.planned.kind !== 'folder')
      .sort((a, b) => (a.node.parentId! < b.node.parentId! ? -1 : a.node.parentId! > b.node.parentId! ? 1 : (b.node.index ?? 0) - (a.node.index ?? 0)));
    for (const batch of chunks(folders, BATCH)) {
      const go = await checkpoint();
      const same = go
        ? await stillSame(
            browser,
            tracker,
            batch.map((r) => {
              const inside = entriesOf.get(r.node.id) ?? [];
              return {
                id: r.node.id,
                parentId: r.planned.expectedParentId,
                url: r.node.url,
                ids: inside.map((e) => e.id),
                // Our own moves of unique children out of it are expected; anything else added or moved is not.
                folderIds: inside.filter((e) => e.type === 'folder').map((e) => e.id),
              };
            }),
          )
        : new Map<string, 'ok' | 'changed' | 'missing'>();
      for (const r of batch) {
        const id = r.node.id;
        if (!go) skipRemoval(id, r.node.title, 'cancelled', 'The cleanup was cancelled before this folder was removed.');
        else if (keptFolders.has(id)) skipRemoval(id, r.node.title, 'unique-child-not-moved', 'A unique item in it could not be moved out, so the folder stays.');
        else if (same.get(id) !== 'ok') skipRemoval(id, r.node.title, same.get(id) === 'missing' ? 'missing' : 'changed', 'It or its contents changed before it could be removed.');
        else {
          try {
            await browser.bookmarks.removeTree(id);
            markRemoved(id);
            done += entriesOf.get(id)?.length ?? 1;
          } catch (error) {
            skipRemoval(id, r.node.title, 'error', `It could not be removed: ${errorMessage(error)}`);
          }
        }
      }
      report('collapsing');
    }

    // Loose duplicates: into one holding folder, then one removeTree.
    if (loose.length) {
      report('holding');
      let holdingId: string | null = null;
      const held: string[] = [];
      for (const batch of chunks(loose, BATCH)) {
        if (!(await checkpoint())) {
          for (const r of batch) skipRemoval(r.node.id, r.node.title, 'cancelled', 'The cleanup was cancelled before this item was removed.');
          continue;
        }
        if (holdingId === null) {
          const folder = await browser.bookmarks.create({ parentId: UNFILED_ID, title: session.holdingTitle });
          holdingId = folder.id;
          // Recorded before anything goes in, so recovery knows the folder.
          await journal.updateSession(sessionId, { holdingFolderId: holdingId });
        }
        const same = await stillSame(browser, tracker, batch.map((r) => ({ id: r.node.id, parentId: r.planned.expectedParentId, url: r.node.url })));
        const ready = batch.filter((r) => {
          const state = same.get(r.node.id)!;
          if (state === 'ok') return true;
          skipRemoval(r.node.id, r.node.title, state, 'It changed before it could be removed.');
          return false;
        });
        const target = holdingId;
        const failures = await inParallel(ready, MOVE_CONCURRENCY, async (r) => {
          tracker?.expectMove(r.node.id);
          await browser.bookmarks.move(r.node.id, { parentId: target });
          held.push(r.node.id);
          done++;
        });
        for (const { item, error } of failures) skipRemoval(item.node.id, item.node.title, 'error', `It could not be removed: ${errorMessage(error)}`);
        report('holding');
      }
      if (holdingId !== null) {
        report('removing');
        try {
          await browser.bookmarks.removeTree(holdingId);
          for (const id of held) markRemoved(id);
        } catch (error) {
          // Nothing is lost: the items sit in the holding folder, and the journal still knows where they came from.
          for (const id of held) skipRemoval(id, null, 'error', `The holding folder could not be removed: ${errorMessage(error)}`);
        }
      }
    }
  } finally {
    counts.skipped = problems.length;
  }

  const finishedAt = now();
  await journal.finishApply(sessionId, { skippedSeqs, removedKeys, patch: { status: 'applied', cancelled, counts, finishedAt } });
  report('done');
  return { sessionId, cancelled, counts, problems, elapsedMs: finishedAt - started };
}
