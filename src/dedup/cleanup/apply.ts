/**
 * Applies a cleanup plan at Firefox's speed limit, journal first.
 *
 * 1. Check (plan-check.ts, reads only): every planned item must still be what the plan saw; roots are never
 *    touched; a removal goes ahead only while its kept copy stays (never the last copy). Refusals are reported.
 * 2. Journal: one durable IndexedDB transaction records the session, every item to be removed (every descendant
 *    of a removed folder too) with parent, index, title, URL, dateAdded, type, the URL's tags and path, every
 *    planned move with its original place, and every tag merge with the tags the URL had before.
 * 3. Act, using the API's fast paths where it has them: merge tags; move unique children into their kept folder;
 *    one removeTree per redundant folder (10,000 items in about 0.4 s); loose duplicates are removed with
 *    bookmarks.remove, REMOVAL_LANES calls in flight, last child first in each folder. (Measured in Firefox ESR 153,
 *    bench/dedup-cleanup.bench.ts and docs/ARCHITECTURE.md "Cleanup speed": the API has no bulk path for loose items,
 *    and moving them into a holding folder to removeTree it cost more per item than removing them: a move 3-6 ms, a
 *    remove 2.7-4 ms. Two removes in flight overlap Firefox's reads with its serialized writes; Places renumbers a
 *    folder inside each remove's transaction, so concurrent removes, also from one folder, leave dense positions.)
 *    Before each batch, items changed since the check (bookmark events, change-watch.ts; or a batched re-read without
 *    a watch) are skipped and reported, and so is a loose duplicate whose kept copy changed; ctx.checkpoint() honours
 *    pause and cancel. A cancel stops at the next batch: what was done stays done (and can be undone), and the rest
 *    is reported as skipped.
 *
 * Crash safety: see recovery.ts (an interrupted session is rolled back from the journal on the next start).
 */
import { AppError } from '../../messaging/errors';
import type { JobContext } from '../../messaging/define';
import type { BookmarkNode, Browser } from '../../platform/browser';
import { tagKey } from '../../tags/tag-name';
import type { TagStore } from '../../tags/tag-store';
import { chunks, errorMessage, nodeType } from '../../platform/bookmark-reads';
import { stillSame, type ChangeTracker, type ChangeWatch } from './change-watch';
import { NO_NUMBERS, type CleanupOutcomeNumbers, type CleanupPhase, type CleanupProgress } from '../cleanup-numbers';
import type { Journal, NewJournalEntry, RemovedEntry, SessionRecord } from '../../operations/journal';
import { createProgressMeter } from './cleanup-progress';
import { checkPlan, problem, type ApplyProblem, type PlanCheck, type ProblemReason } from './plan-check';
import type { CleanupPlan } from '../plan-types';

export type { ApplyProblem, ProblemReason } from './plan-check';

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

export type ApplyPhase = CleanupPhase;
/** See cleanup-numbers.ts: fixed order of phases, a total fixed once journaled, a moving-window rate. */
export type ApplyProgress = CleanupProgress;

export interface ApplyResult {
  sessionId: string;
  cancelled: boolean;
  /** What was done, in the plan's units (cleanup-numbers.ts). */
  counts: CleanupOutcomeNumbers;
  problems: ApplyProblem[];
  elapsedMs: number;
}

type Ctx<P> = Pick<JobContext<P>, 'progress' | 'checkpoint'>;

const BATCH = 100;
/** Loose duplicates per batch (one check of what changed, one checkpoint for pause and cancel). */
const REMOVAL_BATCH = 200;
/**
 * bookmarks.remove calls in flight. Measured on 1,000 loose duplicates in folders of 50, 250 and 1,000 (Firefox ESR
 * 153, two cores): two in flight took 2.7-3.6 ms per item against 3.5-5.5 ms one at a time; four were no faster than
 * two. Moves are never run two at a time out of one folder (see the moves below).
 */
const REMOVAL_LANES = 2;

function isCancel(error: unknown): boolean {
  return error instanceof AppError && error.code === 'cancelled';
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
  const removed: RemovedRecord[] = [];
  for (const r of check.removals.values()) {
    const chain = check.ancestry.chain(r.node.parentId!);
    removed.push(removedEntry(r.node, check.ancestry.titles(chain), chain, true, r.planned.reason));
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
      const path = [...check.ancestry.titles(chain), ...d.parentChainFromFolder.map((id) => titles.get(id) ?? '')];
      removed.push(removedEntry(d.node, path, fullChain, false, 'inside-removed-folder'));
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

type RemovedRecord = Omit<RemovedEntry, 'sessionId' | 'seq' | 'tags'>;

/** The journal record of one item about to go: everything undo needs to put it back. */
function removedEntry(node: BookmarkNode, path: string[], ancestorIds: string[], topLevel: boolean, reason: RemovedRecord['reason']): RemovedRecord {
  const type = nodeType(node);
  return {
    role: 'removed',
    id: node.id,
    parentId: node.parentId!,
    index: node.index ?? 0,
    title: node.title,
    url: type === 'bookmark' ? node.url ?? null : null,
    dateAdded: node.dateAdded ?? null,
    type,
    path,
    ancestorIds,
    topLevel,
    reason,
  };
}

/**
 * Runs `work` over items, collecting per-item failures. Items of one group always go one after another, groups in
 * the order their first item comes; up to `lanes` groups run side by side (moves: a group is a source folder;
 * removals: every item is its own group).
 */
async function inLanes<T>(items: readonly T[], groupOf: (item: T) => string, lanes: number, work: (item: T) => Promise<void>): Promise<{ item: T; error: unknown }[]> {
  const failures: { item: T; error: unknown }[] = [];
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = groupOf(item);
    const list = groups.get(key);
    if (list) list.push(item);
    else groups.set(key, [item]);
  }
  const queue = [...groups.values()];
  const lane = async () => {
    for (let group = queue.shift(); group; group = queue.shift()) {
      for (const item of group) {
        try {
          await work(item);
        } catch (error) {
          failures.push({ item, error });
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(lanes, queue.length) }, lane));
  return failures;
}

/** Applies a plan. Throws (having changed nothing) when cancelled or failing before the journal is written. */
export async function applyPlan(deps: CleanupDeps, plan: CleanupPlan, ctx: Ctx<ApplyProgress>): Promise<ApplyResult> {
  const started = deps.now();
  ctx.progress({ phase: 'checking', done: 0, total: 0, rate: 0, etaMs: null });
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

  ctx.progress({ phase: 'journaling', done: 0, total: 0, rate: 0, etaMs: null });
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
    holdingTitle: '',
    counts: { ...NO_NUMBERS, skipped: 0 },
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
  /** Units of work of a planned removal: a bookmark or empty folder 1, a copied folder its bookmarks + 1. */
  const unitsOf = (id: string) => 1 + (entriesOf.get(id) ?? []).filter((e) => !e.topLevel && e.type === 'bookmark').length;
  const plannedFolders = [...check.removals.values()].filter((r) => r.planned.kind === 'folder');
  const plannedLoose = check.removals.size - plannedFolders.length;
  const total = check.moves.size + [...check.removals.keys()].reduce((sum, id) => sum + unitsOf(id), 0);
  const meter = createProgressMeter({ now, total, calls: { move: check.moves.size, folder: plannedFolders.length, loose: plannedLoose }, emit: (p) => ctx.progress(p) });
  const report = (phase: ApplyPhase) => meter.report(phase);
  const skippedSeqs: number[] = [];
  const removedKeys: string[] = [];
  const counts: CleanupOutcomeNumbers = { ...NO_NUMBERS, skipped: 0 };
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
    meter.drop(check.removals.get(id)?.planned.kind === 'folder' ? 'folder' : 'loose', 1);
  };
  const markRemoved = (id: string) => {
    const planned = check.removals.get(id)?.planned;
    const inside = (entriesOf.get(id) ?? []).filter((e) => !e.topLevel && e.type === 'bookmark').length;
    if (planned?.reason === 'duplicate-folder') {
      counts.copiedFolders++;
      counts.insideFolders += inside;
      counts.copies += inside;
    } else if (planned?.reason === 'empty-folder') counts.emptyFolders++;
    else {
      counts.loose++;
      counts.copies++;
    }
    for (const e of entriesOf.get(id) ?? []) {
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
      // One move at a time. Measured in Firefox ESR: concurrent bookmarks.move calls out of one folder leave gaps in
      // the positions Places stores (getChildren then reports indices 0,1,2,4,5; a move computes the old index from a
      // read made before its transaction), and later inserts by index land one place off. The fake browser does not
      // model this; tests/e2e/dedup-apply.e2e.ts catches it.
      const failures = await inLanes(ready, (m) => m.planned.expectedParentId, 1, async (m) => {
        tracker?.expectMove(m.node.id);
        await browser.bookmarks.move(m.node.id, { parentId: m.planned.toParentId });
        movedOk.add(m.node.id);
        counts.moved++;
        meter.advance('move', 1, 1);
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
    // Last child first in each folder: Places then has fewer following siblings to renumber on each remove.
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
            meter.advance('folder', 1, unitsOf(id));
          } catch (error) {
            skipRemoval(id, r.node.title, 'error', `It could not be removed: ${errorMessage(error)}`);
          }
        }
      }
      report('collapsing');
    }

    // Loose duplicates: bookmarks.remove, REMOVAL_LANES at a time (see the top of this file for why not a holding folder).
    if (loose.length) report('removing');
    for (const batch of chunks(loose, REMOVAL_BATCH)) {
      if (!(await checkpoint())) {
        for (const r of batch) skipRemoval(r.node.id, r.node.title, 'cancelled', 'The cleanup was cancelled before this item was removed.');
        continue;
      }
      // The item itself and its kept copy: a duplicate goes only while the copy it duplicates is still there as checked.
      const same = await stillSame(
        browser,
        tracker,
        batch.map((r) => ({ id: r.node.id, parentId: r.planned.expectedParentId, url: r.node.url, ids: r.planned.keptId ? [r.planned.keptId] : [] })),
      );
      const ready = batch.filter((r) => {
        const state = same.get(r.node.id)!;
        if (state === 'ok') return true;
        skipRemoval(r.node.id, r.node.title, state, 'It or the copy it duplicates changed before it could be removed.');
        return false;
      });
      // Every item is its own group: any two may be removed side by side, in the order of `loose`.
      const failures = await inLanes(ready, (r) => r.node.id, REMOVAL_LANES, async (r) => {
        await browser.bookmarks.remove(r.node.id);
        markRemoved(r.node.id);
        meter.advance('loose', 1, 1);
      });
      for (const { item, error } of failures) skipRemoval(item.node.id, item.node.title, 'error', `It could not be removed: ${errorMessage(error)}`);
      report('removing');
    }
  } finally {
    counts.skipped = problems.length;
  }

  const finishedAt = now();
  await journal.finishApply(sessionId, { skippedSeqs, removedKeys, patch: { status: 'applied', cancelled, counts, finishedAt } });
  report('done');
  return { sessionId, cancelled, counts, problems, elapsedMs: finishedAt - started };
}
