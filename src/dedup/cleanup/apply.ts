/**
 * Applies a cleanup plan at Firefox's speed limit, journal first, and never at the cost of a change someone else
 * makes while it runs (docs/ARCHITECTURE.md, "A change the cleanup did not make always wins").
 *
 * 1. Check (plan-check.ts, reads only): every planned item must still be what the plan saw; roots are never
 *    touched; a removal goes ahead only while its kept copy stays (never the last copy). Refusals are reported. The
 *    tree the check read becomes the guard's shadow (cleanup-guard.ts), kept current by every bookmark event.
 * 2. Journal: one durable IndexedDB transaction records the session, every item to be removed (every descendant
 *    of a removed folder too) with parent, index, title, URL, dateAdded, type, the URL's tags and path, every
 *    planned move with its original place, and every tag merge with the tags the URL had before.
 * 3. Act, call by call. Before EACH call the item, the copy it duplicates (a folder: the folder that stays) and every
 *    folder they are in must be untouched by anyone else so far, or the item is skipped; a skip is written to the
 *    journal before the apply goes on, and so is, per batch, what the apply is about to attempt and what it did.
 *    A copied folder is re-read right before its removeTree and must match its journal entry exactly (ids, titles,
 *    URLs, structure); otherwise its journaled items are removed one by one and whatever else is in it stays.
 *    Loose duplicates go with bookmarks.remove, REMOVAL_LANES calls in flight, last child first in each folder
 *    (docs/ARCHITECTURE.md "Cleanup speed").
 * 4. After each call, and once more after the last (when late events of calls that raced ours have arrived): what
 *    someone else did between a decision and Firefox's transaction is put back at once. A duplicate renamed,
 *    re-addressed or moved in that moment is re-created with their change; an item created in, moved into or
 *    edited inside a folder as the folder was removed is re-created (in the folder that stays); when the copy that
 *    should stay is removed or re-addressed by someone else, a removed copy comes back so its URL keeps a bookmark.
 *    Each is journaled and reported. Firefox gives no atomic check-and-remove: the window left is the time between
 *    the last event seen and Firefox's transaction, measured in docs/ARCHITECTURE.md.
 *
 * ctx.checkpoint() honours pause and cancel between calls. A cancel stops before the next call: what was done
 * stays done (and can be undone), the rest is reported as skipped. Crash safety: see recovery.ts.
 */
import { AppError } from '../../messaging/errors';
import type { JobContext } from '../../messaging/define';
import { isRootId, ROOT_ID, UNFILED_ID, type BookmarkNode, type Browser } from '../../platform/browser';
import { tagKey } from '../../platform/tag-key';
import { chunks, errorMessage } from '../../platform/bookmark-reads';
import { isMissingBookmarkError } from '../../platform/bookmark-errors';
import { descendants, kindOf } from '../../platform/tree';
import { createBookmarkEvents } from '../../platform/bookmark-events';
import { CleanupGuard } from './cleanup-guard';
import {
  createChangeWatch,
  NO_NUMBERS,
  type ChangeTracker,
  type CleanupOutcomeNumbers,
  type CleanupPhase,
  type CleanupProgress,
  type TagAccess,
  type WriteDeps,
} from '../../operation-history';
import {
  MAX_CALLS_IN_FLIGHT,
  newSession,
  numberEntries,
  ProgressLog,
  removedEntryOf,
  type RemovedEntryData,
  type Journal,
  type JournalEntry,
  type NewJournalEntry,
  type RemovedEntry,
  type RescuedEntry,
} from '../../operation-history';
import { createProgressMeter, type ProgressMeter } from './cleanup-progress';
import { checkPlan, problem, type ApplyProblem, type CheckedRemoval, type PlanCheck, type ProblemReason } from './plan-check';
import type { CleanupPlan, PlannedMove } from '../plan-types';
import { worthReplacing } from '../replace-choice';
import { emptiedFolderChanged, emptiedFolderHolds, emptiedInOrder, isEmptied } from './emptied-folders';
import { READ_LATER_TITLE as READ_LATER } from '../../platform/browser';
import { msg, type Msg } from '../../i18n';

export type { ApplyProblem, ProblemReason } from './plan-check';

/** Why a planned removal is left alone: the problem's code and what the page says about it. */
type LeaveReason = { reason: ProblemReason; message: Msg };
const leave = (reason: ProblemReason, message: Msg): LeaveReason => ({ reason, message });

export type ApplyPhase = CleanupPhase;
/** See cleanup-numbers.ts: fixed order of phases, a total fixed once journaled, a moving-window rate. */
export type ApplyProgress = CleanupProgress;

export interface ApplyResult {
  sessionId: string;
  cancelled: boolean;
  /** What was done, in the plan's units (cleanup-numbers.ts). */
  counts: CleanupOutcomeNumbers;
  /** Everything left as it was or put back, and why (reason 'rescued': someone else's item re-created). */
  problems: ApplyProblem[];
  elapsedMs: number;
}

type Ctx<P> = Pick<JobContext<P>, 'progress' | 'checkpoint'>;

/** Moves per write-ahead record and checkpoint. */
const MOVE_BATCH = 100;
/** Loose duplicates per write-ahead record and checkpoint. */
export const REMOVAL_BATCH = 50;
/**
 * bookmarks.remove calls in flight: as many as recovery allows for (operations MAX_CALLS_IN_FLIGHT). Measured on 1,000
 * loose duplicates in folders of 50, 250 and 1,000 (Firefox ESR 153, two cores): two in flight took 2.7-3.6 ms per
 * item against 3.5-5.5 ms one at a time; four were no faster than two. Moves are never run two at a time out of one
 * folder (see the moves below).
 */
const REMOVAL_LANES = MAX_CALLS_IN_FLIGHT;
/** How long the apply waits after its last call for late events of calls that raced it (measured: 0-10 ms). */
export const SETTLE_MS = 200;

function isCancel(error: unknown): boolean {
  return error instanceof AppError && error.code === 'cancelled';
}

/** Tags of many URLs: above a few hundred, one read of every tagged URL beats one lookup per URL. */
async function tagsForUrls(tags: TagAccess, urls: string[]): Promise<Map<string, string[]>> {
  if (urls.length <= 500) return tags.getTagsForUrls(urls);
  const all = new Map((await tags.all()).map((e) => [e.url, e.tags]));
  return new Map(urls.map((u) => [u, all.get(u) ?? []]));
}

type RemovedRecord = RemovedEntryData;

/** Step 2's entries: the journal of everything the session will change. */
async function buildEntries(check: PlanCheck, plan: CleanupPlan, tags: TagAccess, replacements: readonly Replacement[]): Promise<NewJournalEntry[]> {
  const movedIds = new Set(check.moves.keys());
  const removed: RemovedRecord[] = [];
  for (const r of check.removals.values()) {
    const chain = check.ancestry.chain(r.node.parentId!);
    removed.push(removedEntryOf(r.node, check.ancestry.titles(chain), chain, true, r.planned.reason));
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
      removed.push(removedEntryOf(d.node, path, fullChain, false, 'inside-removed-folder'));
    }
  }
  const urls = new Set<string>();
  for (const e of removed) if (e.url) urls.add(e.url);
  for (const m of plan.tagMerges) urls.add(m.url);
  const tagsOf = urls.size ? await tagsForUrls(tags, [...urls]) : new Map<string, string[]>();

  const entries: NewJournalEntry[] = removed.map((e) => ({ ...e, tags: e.url ? (tagsOf.get(e.url) ?? []) : [] }));
  for (const m of check.moves.values()) {
    entries.push({ role: 'moved', id: m.node.id, title: m.node.title, parentId: m.node.parentId!, index: m.node.index ?? 0, toParentId: m.planned.toParentId });
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
  for (const { folder, survivors } of replacements) {
    entries.push({
      role: 'replaced-folder',
      id: folder.id,
      parentId: folder.parentId!,
      index: folder.index ?? 0,
      title: folder.title,
      dateAdded: folder.dateAdded ?? null,
      survivors: survivors.map((n) => ({ id: n.id, index: n.index ?? 0 })),
    });
  }
  return entries;
}

/** A folder the apply replaces by a fresh copy (replace-choice.ts), as read when the apply started. */
interface Replacement {
  /** The old folder, with its children. */
  folder: BookmarkNode;
  /** The loose removals directly in it, in its order. */
  removals: CheckedRemoval[];
  /** Everything else directly in it, in order: moved into the fresh folder. */
  survivors: BookmarkNode[];
  /** Its journal entry. */
  seq: number;
}

/** The journal record of one item about to go: everything undo needs to put it back. */
/**
 * Runs `work` over items, collecting per-item failures. Items of one group always go one after another, groups in
 * the order their first item comes; up to `lanes` groups run side by side.
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
export async function applyPlan(deps: WriteDeps, plan: CleanupPlan, ctx: Ctx<ApplyProgress>): Promise<ApplyResult> {
  const started = deps.now();
  ctx.progress({ phase: 'checking', done: 0, total: 0, rate: 0, etaMs: null });
  // Tracking starts before the check, so whatever changes after the check is seen.
  const ownEvents = deps.watch ? null : createBookmarkEvents(deps.browser.bookmarks);
  const ownWatch = ownEvents ? createChangeWatch(ownEvents) : null;
  const tracker = (deps.watch ?? ownWatch!).track();
  try {
    const check = await checkPlan(deps.browser, plan);
    await ctx.checkpoint();
    return await new CleanupRun(deps, plan, ctx, check, tracker, started).run();
  } finally {
    tracker.stop();
    ownWatch?.close();
    ownEvents?.close();
  }
}

type Entry = RemovedEntry & { seq: number };

/** What someone else made of a removed item: its title, URL and folder as they left them. */
interface Version {
  title: string;
  url: string | null;
  parentId: string;
}

/** A planned removal: not reached yet, decided and its call under way, done, left alone, put back. */
type ItemState = 'pending' | 'in-flight' | 'removed' | 'skipped' | 'put-back';

/** One apply, from the journal on. */
class CleanupRun {
  private readonly browser: Browser;
  private readonly guard: CleanupGuard;
  private readonly problems: ApplyProblem[];
  private readonly counts: CleanupOutcomeNumbers = { ...NO_NUMBERS, skipped: 0 };
  private readonly state = new Map<string, ItemState>();
  /** Where each removal was decided (a guard mark): later events of others concern what went after it. */
  private readonly decidedAt = new Map<string, number>();
  /** Per removed folder: others' events up to here were reconciled already. */
  private readonly reconciledUpTo = new Map<string, number>();
  /** Others' events up to here were looked at by reconcileNew. */
  private seenUpTo = 0;
  private reconciling: Promise<void> = Promise.resolve();
  private readonly entriesOf = new Map<string, Entry[]>();
  private readonly topEntry = new Map<string, Entry>();
  private readonly entryById = new Map<string, Entry>();
  private readonly movedSeq = new Map<string, number>();
  private readonly skippedSeqs = new Set<number>();
  private readonly removedKeys: string[] = [];
  /** Someone else's items re-created (old id -> new id), so one is never re-created twice. */
  private readonly rescued = new Map<string, string>();
  private readonly keptFolders = new Set<string>();
  private readonly entryOfSeq = new Map<number, Entry>();
  /** Journaled items someone else removed or moved away: never put back with their folder. */
  private readonly takenByOthers = new Set<number>();
  private groups: Map<string, CheckedRemoval[]> | null = null;
  /** Put-back items by old id: the copy, and from where later edits of the old id are followed onto it. */
  private readonly putBackCopies = new Map<string, { made: { id: string }; since: number; version: Version }>();
  /** Folders a create of ours found gone (before the guard heard of it). */
  private readonly deadFolders = new Set<string>();
  /** What the apply re-created (put back, rescued), to make again should its folder vanish under it. */
  private readonly made: { id: string; parentId: string; ancestors: string[]; remake: (parentId: string) => Promise<{ id: string; parentId: string } | null> }[] = [];
  /** Copied folders that went item by item (removeOneByOne), and the items that went so. */
  private readonly singly = new Set<string>();
  private readonly removedSingly = new Set<string>();
  /** Copied folders that stay after their journaled items went one by one: the items that went. */
  private readonly partlyRemoved = new Map<string, Entry[]>();
  /** Folders the apply replaces by a fresh copy, by old id. */
  private readonly replacements = new Map<string, Replacement>();
  /** Folders replaced by a fresh copy: old id -> new id. */
  private readonly replacedBy = new Map<string, string>();
  private sessionId = '';
  /** The session's own write (beginSession): settled before any other write. */
  private begun!: Promise<void>;
  /** The journal's writes, each after `begun`. */
  private journal!: JournalWrites;
  private log!: ProgressLog;
  private meter!: ProgressMeter;
  private cancelled = false;

  constructor(
    private readonly deps: WriteDeps,
    private readonly plan: CleanupPlan,
    private readonly ctx: Ctx<ApplyProgress>,
    private readonly check: PlanCheck,
    tracker: ChangeTracker,
    private readonly started: number,
  ) {
    this.browser = deps.browser;
    this.guard = new CleanupGuard(check.snapshot, tracker);
    this.problems = [...check.problems];
  }

  async run(): Promise<ApplyResult> {
    const { journal, tags, now } = this.deps;
    this.ctx.progress({ phase: 'journaling', done: 0, total: 0, rate: 0, etaMs: null });
    const replacements = await this.chooseReplacements();
    const newEntries = await buildEntries(this.check, this.plan, tags, replacements);
    await this.ctx.checkpoint();
    this.sessionId = this.deps.newSessionId?.() ?? crypto.randomUUID();
    const session = newSession(this.sessionId, 'cleanup', this.plan.id, now());
    // From here on the journal is being written: changes happen, and every exit path finishes the session. Reads
    // change nothing and may run while it is written (the first copied folder's re-read, collapseOne); every write,
    // to the journal or to anything else, waits for it. A failed write of it is thrown by the first of them.
    this.begun = journal.beginSession(session, newEntries).then(() => undefined);
    this.begun.catch(() => undefined);
    this.journal = writesAfter(journal, this.begun);
    this.log = new ProgressLog(this.journal, this.sessionId);
    const entries = numberEntries(this.sessionId, newEntries);
    this.index(entries);
    const replacedSeq = new Map(entries.filter((e) => e.role === 'replaced-folder').map((e) => [e.id, e.seq]));
    for (const r of replacements) r.seq = replacedSeq.get(r.folder.id)!;

    const folders = [...this.check.removals.values()].filter((r) => r.planned.kind === 'folder' && !isEmptied(r));
    const emptied = [...this.check.removals.values()].filter(isEmptied).length;
    const inReplaced = replacements.reduce((sum, r) => sum + r.removals.length, 0);
    const looseCount = this.check.removals.size - folders.length - inReplaced - emptied;
    // The total is the copies the plan removes, the page's headline figure (plan.numbers.copies when the pre-check
    // refused nothing): folders and moves go along without units of their own.
    const total = [...this.check.removals.keys()].reduce((sum, id) => sum + this.copiesOf(id), 0);
    this.meter = createProgressMeter({
      now,
      total,
      calls: { move: this.check.moves.size, folder: folders.length + replacements.length + emptied, loose: looseCount },
      emit: (p) => this.ctx.progress(p),
    });
    for (const id of this.check.removals.keys()) this.state.set(id, 'pending');

    try {
      await this.mergeTags(entries);
      await this.moveUniqueChildren();
      await this.collapseFolders(folders);
      await this.replaceFolders(replacements);
      await this.removeLoose();
      await this.removeEmptied();
      // Late events of calls that raced ours, then what they call for. The features take what the calls changed
      // while the wait runs (a 10,000-bookmark folder is a few dozen ms of the search index's time).
      const settling = (this.deps.settle ?? (() => defaultSettle(this.browser)))();
      this.deps.deliverEvents?.();
      await settling;
      await this.settleNew();
      await this.reconcileEverything();
    } finally {
      this.counts.skipped = this.problems.filter((p) => p.reason !== 'rescued').length;
    }

    const finishedAt = now();
    await this.log.write();
    await this.journal.finishApply(this.sessionId, {
      skippedSeqs: [...this.skippedSeqs],
      removedKeys: this.removedKeys,
      patch: { status: 'applied', cancelled: this.cancelled, counts: this.counts, finishedAt },
    });
    this.meter.report('done');
    return { sessionId: this.sessionId, cancelled: this.cancelled, counts: this.counts, problems: this.problems, elapsedMs: finishedAt - this.started };
  }

  private index(entries: JournalEntry[]) {
    for (const e of entries) {
      if (e.role === 'moved') this.movedSeq.set(e.id, e.seq);
      if (e.role !== 'removed') continue;
      this.entryById.set(e.id, e);
      this.entryOfSeq.set(e.seq, e);
      const top = e.topLevel ? e.id : this.check.insideRemoved.get(e.id);
      if (top === undefined) continue;
      if (e.topLevel) this.topEntry.set(e.id, e);
      const list = this.entriesOf.get(top);
      if (list) list.push(e);
      else this.entriesOf.set(top, [e]);
    }
  }

  /** Copies a planned removal takes away: a loose duplicate 1, a copied folder the bookmarks in it, an empty folder 0. */
  private copiesOf(id: string): number {
    const r = this.check.removals.get(id);
    if (r && isEmptied(r)) return 0;
    return r?.planned.kind === 'folder' ? this.bookmarksInside(id) : 1;
  }

  private bookmarksInside(id: string): number {
    return (this.entriesOf.get(id) ?? []).filter((e) => !e.topLevel && e.type === 'bookmark').length;
  }

  private seqsOf(id: string): number[] {
    return (this.entriesOf.get(id) ?? []).map((e) => e.seq);
  }

  private async checkpoint(): Promise<boolean> {
    if (this.cancelled) return false;
    try {
      await this.ctx.checkpoint();
      return true;
    } catch (error) {
      if (!isCancel(error)) throw error;
      this.cancelled = true;
      return false;
    }
  }

  /**
   * A planned removal is left alone. When someone else's change is the reason, the skip is written before the apply
   * goes on: recovery after a crash must not re-create what that person deleted.
   */
  private async skipRemoval(id: string, title: string | null, reason: ProblemReason, message: Msg, seqs = this.seqsOf(id), report = true): Promise<void> {
    if (report) this.problems.push(problem(id, title, reason, message));
    this.state.set(id, 'skipped');
    for (const seq of seqs) this.skippedSeqs.add(seq);
    this.meter.drop(this.laneOf(id), 1);
    if (reason === 'cancelled') this.log.note({ skipped: seqs });
    else await this.log.write({ skipped: seqs });
  }

  /** The progress meter's kind of call for a planned removal. */
  private laneOf(id: string): 'folder' | 'loose' {
    const r = this.check.removals.get(id);
    return r && (r.planned.kind === 'folder' || isEmptied(r)) ? 'folder' : 'loose';
  }

  private markRemoved(id: string) {
    const planned = this.check.removals.get(id)?.planned;
    const inside = this.bookmarksInside(id);
    if (planned?.reason === 'duplicate-folder') {
      this.counts.copiedFolders++;
      this.counts.insideFolders += inside;
      this.counts.copies += inside;
    } else if (planned?.reason === 'empty-folder' || planned?.reason === 'emptied-folder') {
      if (planned.kind === 'folder') this.counts.emptyFolders++;
    } else {
      this.counts.loose++;
      this.counts.copies++;
    }
    this.state.set(id, 'removed');
    this.log.note({ done: this.seqsOf(id) });
  }

  // ---- tag merges

  private async mergeTags(entries: JournalEntry[]) {
    this.meter.report('merging-tags');
    // Tag merges first: harmless if anything later is interrupted, and the survivor keeps every tag.
    for (const e of entries) {
      if (e.role !== 'tag-merge') continue;
      // The tags each URL had are journaled before any is added.
      await this.begun;
      try {
        await this.deps.tags.addTags([e.url], e.tagsAdded);
        this.counts.tagMerges++;
        this.log.note({ done: [e.seq] });
      } catch (error) {
        this.problems.push(problem(e.url, null, 'error', msg('cleanupProblemTagsNotMerged', e.url, errorMessage(error))));
        this.skippedSeqs.add(e.seq);
        this.log.note({ skipped: [e.seq] });
      }
    }
  }

  // ---- moves of unique children into the folder that stays

  private async moveUniqueChildren() {
    this.meter.report('moving');
    const movedOk = new Set<string>();
    const reported = new Set<string>();
    for (const batch of chunks([...this.check.moves.values()], MOVE_BATCH)) {
      if (!(await this.checkpoint())) break;
      await this.log.write({ attempting: batch.map((m) => this.movedSeq.get(m.node.id)!) });
      // One move at a time. Measured in Firefox ESR: concurrent bookmarks.move calls out of one folder leave gaps in
      // the positions Places stores (getChildren then reports indices 0,1,2,4,5; a move computes the old index from a
      // read made before its transaction), and later inserts by index land one place off. The fake browser does not
      // model this; tests/e2e/dedup-apply.e2e.ts catches it.
      for (const m of batch) {
        await this.settleNew();
        const id = m.node.id;
        const to = m.planned.toParentId;
        const seq = this.movedSeq.get(id)!;
        if (this.guard.isGone(id) || this.guard.disturbedSince(id) || this.guard.disturbedSince(to) || this.guard.isGone(to)) {
          this.problems.push(problem(id, m.node.title, 'changed', msg('cleanupProblemMoveRaced')));
          reported.add(id);
          this.skippedSeqs.add(seq);
          await this.log.write({ skipped: [seq] });
          continue;
        }
        const mark = this.guard.mark();
        this.guard.expectMove(id, to);
        try {
          await this.browser.bookmarks.move(id, { parentId: to });
        } catch (error) {
          this.problems.push(problem(id, m.node.title, 'error', msg('cleanupProblemNotMoved', errorMessage(error))));
          reported.add(id);
          continue;
        } finally {
          this.guard.callSettled('move', id);
        }
        movedOk.add(id);
        this.counts.moved++;
        this.log.note({ done: [seq] });
        await this.log.keepUp();
        this.meter.advance('move', 1, 0);
        await this.respectMoveByOthers(m.planned, mark);
      }
      this.meter.report('moving');
    }
    for (const m of this.check.moves.values()) {
      if (movedOk.has(m.node.id)) continue;
      if (!reported.has(m.node.id)) this.problems.push(problem(m.node.id, m.node.title, 'cancelled', msg('cleanupProblemCancelledBeforeMove')));
      const seq = this.movedSeq.get(m.node.id)!;
      this.skippedSeqs.add(seq);
      this.log.note({ skipped: [seq] });
      const folder = this.check.insideRemoved.get(m.node.id);
      if (folder) this.keptFolders.add(folder);
    }
  }

  /** Someone else moved the item as we moved it: their move wins (ours may have landed after theirs). */
  private async respectMoveByOthers(m: PlannedMove, mark: number) {
    const moves = this.guard.othersAbout(m.id, mark).filter((e) => e.kind === 'moved');
    const theirs = moves.at(-1);
    if (!theirs || theirs.kind !== 'moved' || theirs.parentId === m.toParentId) return;
    try {
      const [now] = await this.browser.bookmarks.get(m.id);
      if (now.parentId !== theirs.parentId && !this.guard.isGone(theirs.parentId)) {
        this.guard.expectMove(m.id, theirs.parentId);
        try {
          await this.browser.bookmarks.move(m.id, { parentId: theirs.parentId });
        } finally {
          this.guard.callSettled('move', m.id);
        }
      }
    } catch {
      // Gone meanwhile: nothing to respect.
    }
  }

  // ---- copied folders

  private async collapseFolders(folders: CheckedRemoval[]) {
    this.meter.report('collapsing');
    for (const r of folders) {
      const id = r.node.id;
      if (!(await this.checkpoint())) {
        await this.skipRemoval(id, r.node.title, 'cancelled', msg('cleanupProblemCancelledBeforeFolder'));
        continue;
      }
      await this.collapseOne(r);
      this.meter.report('collapsing');
    }
  }

  private async collapseOne(r: CheckedRemoval) {
    await this.settleNew();
    const id = r.node.id;
    const guard = this.guard;
    if (this.state.get(id) !== 'pending') return;
    if (this.keptFolders.has(id)) {
      return this.skipRemoval(id, r.node.title, 'unique-child-not-moved', msg('cleanupProblemUniqueChildStays'));
    }
    const why = this.reasonToLeave(r);
    if (why) return this.skipRemoval(id, r.node.title, why.reason, why.message);
    this.state.set(id, 'in-flight');
    const mark = guard.mark();
    this.decidedAt.set(id, mark);
    // Right before the call: the folder must still be exactly what the journal holds. It is read while the journal
    // (for the first folder) and the attempt are written; when those outlast the read, it is read once more after
    // them, so the read is never further from the call than the read itself.
    const reread = () =>
      this.browser.bookmarks
        .getSubTree(id)
        .then((t) => t[0])
        .catch(() => null);
    let read = false;
    let reading = reread().finally(() => (read = true));
    // One call for the whole folder: its own entry stands for everything in it (undo.ts carriedOut).
    await this.log.write({ attempting: [this.topEntry.get(id)!.seq] });
    if (read) reading = reread();
    const live = await reading;
    if (!live) return this.skipRemoval(id, r.node.title, 'missing', msg('cleanupProblemMissing'));
    const entries = this.entriesOf.get(id) ?? [];
    if (sameAsJournal(live, entries) && !guard.contentTouchedSince(id, mark) && !guard.touchedSince(id, mark)) {
      guard.expectRemove(id);
      try {
        await this.browser.bookmarks.removeTree(id);
      } catch (error) {
        return this.skipRemoval(id, r.node.title, isMissingBookmarkError(error) ? 'missing' : 'error', msg('cleanupProblemNotRemoved', errorMessage(error)));
      } finally {
        guard.callSettled('remove', id);
      }
      if (guard.ancestorRemovedSince(id, mark)) return this.skipRemoval(id, r.node.title, 'missing', msg('cleanupProblemFolderRemovedByOther'));
      this.markRemoved(id);
      this.noteRemovedKeys(entries);
      this.meter.advance('folder', 1, this.copiesOf(id));
      await this.reconcileFolder(id);
      return;
    }
    await this.removeOneByOne(r, live, entries);
  }

  /**
   * The folder changed after it was journaled: its journaled items go one by one, each only if it is still exactly
   * as journaled, deepest first; a folder goes only once empty (bookmarks.remove refuses a non-empty one), so what
   * someone added stays, in the folders it was added to.
   */
  private async removeOneByOne(r: CheckedRemoval, live: BookmarkNode, entries: Entry[]) {
    const id = r.node.id;
    const nodes = new Map<string, BookmarkNode>();
    for (const n of descendants(live)) nodes.set(n.id, n);
    const order = [...entries].sort((a, b) => b.ancestorIds.length - a.ancestorIds.length || b.index - a.index);
    let bookmarks = 0;
    let topRemoved = false;
    const removedHere: Entry[] = [];
    this.singly.add(id);
    for (const e of order) {
      await this.settleNew();
      const node = nodes.get(e.id);
      const same = node && node.parentId === e.parentId && node.title === e.title && (e.type !== 'bookmark' || node.url === e.url) && kindOf(node) === e.type;
      if (!same || this.guard.disturbedSince(e.id) || this.guard.isGone(e.id)) {
        this.skippedSeqs.add(e.seq);
        await this.log.write({ skipped: [e.seq] });
        continue;
      }
      const mark = this.guard.mark();
      this.guard.expectRemove(e.id);
      let removed = true;
      try {
        await this.browser.bookmarks.remove(e.id);
      } catch {
        // Not empty (someone put something in it) or gone already: it stays as it is.
        removed = false;
      } finally {
        this.guard.callSettled('remove', e.id);
      }
      if (!removed || this.guard.ancestorRemovedSince(e.id, mark)) {
        this.skippedSeqs.add(e.seq);
        this.log.note({ skipped: [e.seq] });
        continue;
      }
      this.log.note({ done: [e.seq] });
      await this.log.keepUp();
      this.decidedAt.set(e.id, mark);
      this.noteRemovedKeys([e]);
      this.removedSingly.add(e.id);
      removedHere.push(e);
      if (e.type === 'bookmark') bookmarks++;
      if (e.id === id) topRemoved = true;
      await this.reconcileItem(e);
      if (e.type === 'folder') await this.reconcileFolder(e.id);
    }
    this.counts.insideFolders += bookmarks;
    this.counts.copies += bookmarks;
    if (topRemoved) {
      this.counts.copiedFolders += r.planned.reason === 'duplicate-folder' ? 1 : 0;
      this.counts.emptyFolders += r.planned.reason === 'empty-folder' ? 1 : 0;
      this.state.set(id, 'removed');
    } else {
      this.state.set(id, 'skipped');
      this.problems.push(problem(id, r.node.title, 'contents-changed', msg('cleanupProblemRemovedOneByOne')));
      // It stays, without these: they no longer keep their URLs there should the folder that stays lose them.
      if (removedHere.length) this.partlyRemoved.set(id, removedHere);
    }
    this.meter.advance('folder', 1, bookmarks);
  }

  // ---- folders replaced by a fresh copy

  /**
   * The plan's replacements that still hold against the live tree: the folder is where the plan saw it, not a root,
   * not held by Tidymarks, not in or above a copied folder or a move of the plan, and its loose removals (all of them
   * still going ahead) still outnumber what stays by the measured margin (replace-choice.ts). What stays is journaled
   * from the check's read of the whole tree (a plan with replacements is always read whole), not from a read of each
   * folder here (31 folders took 180-270 ms): whatever anyone else did in or to the folder since is an event since the
   * tracking began, before that read, and replaceOne then gives the replacement up (`untouched`).
   */
  private async chooseReplacements(): Promise<Replacement[]> {
    const planned = this.plan.replacements ?? [];
    if (!planned.length) return [];
    const held = (await this.deps.heldFolderIds?.()) ?? new Set<string>();
    const busy = new Set<string>();
    const markUp = (id: string | null | undefined) => {
      if (!id) return;
      busy.add(id);
      const node = this.guard.node(id);
      for (const a of node?.parentId ? this.check.ancestry.chain(node.parentId) : []) busy.add(a);
    };
    for (const r of this.check.removals.values()) {
      if (r.planned.kind !== 'folder') continue;
      markUp(r.node.id);
      markUp(r.planned.keptId);
    }
    for (const m of this.check.moves.values()) {
      markUp(m.node.parentId);
      markUp(m.planned.toParentId);
    }
    const byParent = new Map<string, CheckedRemoval[]>();
    for (const r of this.check.removals.values()) {
      if (r.planned.kind === 'folder') continue;
      const list = byParent.get(r.node.parentId!);
      if (list) list.push(r);
      else byParent.set(r.node.parentId!, [r]);
    }
    const out: Replacement[] = [];
    for (const p of planned) {
      const removals = byParent.get(p.id);
      if (!removals || held.has(p.id) || busy.has(p.id) || isRootId(p.id) || p.expectedParentId === ROOT_ID || this.replacements.has(p.id)) continue;
      const folder =
        this.check.whole?.get(p.id) ??
        (await this.browser.bookmarks
          .getSubTree(p.id)
          .then((t) => t[0])
          .catch(() => null));
      if (!folder || kindOf(folder) !== 'folder' || !folder.parentId || folder.parentId !== p.expectedParentId || folder.parentId === ROOT_ID) continue;
      // The quick bookmark's default folder is found by its title in Other Bookmarks: never replaced either.
      if (folder.parentId === UNFILED_ID && folder.title === READ_LATER) continue;
      const going = new Set(removals.map((r) => r.node.id));
      const children = folder.children ?? [];
      const survivors = children.filter((c) => !going.has(c.id));
      if (children.length - survivors.length !== removals.length || !worthReplacing(removals.length, survivors.length)) continue;
      const order = new Map(children.map((c, i) => [c.id, i]));
      const replacement: Replacement = { folder, removals: [...removals].sort((a, b) => order.get(a.node.id)! - order.get(b.node.id)!), survivors, seq: -1 };
      this.replacements.set(p.id, replacement);
      out.push(replacement);
    }
    return out;
  }

  private async replaceFolders(replacements: readonly Replacement[]) {
    if (!replacements.length) return;
    this.meter.report('removing');
    for (const rep of replacements) {
      if (!(await this.checkpoint())) {
        // Cancelled: its copies are reported with the loose ones (removeLoose), the folder is left as it is.
        this.skippedSeqs.add(rep.seq);
        this.log.note({ skipped: [rep.seq] });
        this.replacements.delete(rep.folder.id);
        continue;
      }
      await this.replaceOne(rep);
      this.meter.report('removing');
    }
  }

  /**
   * One folder: a fresh folder with its title at its place, what stays moved into it in order, then, once the old
   * folder is re-read and holds exactly the journaled copies, one removeTree. Anything someone else did to the
   * folder, its copies or what stays (before or during the moves) and the copies go one by one instead (removeLoose),
   * with what stays moved back. Events after the re-read are reconciled like a copied folder's (reconcileFolder).
   */
  private async replaceOne(rep: Replacement) {
    await this.settleNew();
    const guard = this.guard;
    const old = rep.folder;
    const parentId = old.parentId!;
    const untouched = () =>
      !guard.isGone(old.id) &&
      !guard.disturbedSince(old.id) &&
      !guard.contentTouchedSince(old.id) &&
      rep.removals.every((r) => this.state.get(r.node.id) === 'pending' && !this.reasonToLeave(r));
    if (!untouched()) return this.giveUpReplacing(rep, null, []);
    await this.log.write({ attempting: [rep.seq] });
    let fresh: BookmarkNode;
    guard.expectCreate(parentId, old.title, undefined);
    try {
      fresh = await this.browser.bookmarks.create({ parentId, index: old.index, title: old.title, type: 'folder' });
    } catch {
      return this.giveUpReplacing(rep, null, []);
    }
    await this.log.write({ ids: [{ seq: rep.seq, id: fresh.id }] });
    const moved: BookmarkNode[] = [];
    for (const item of rep.survivors) {
      await this.settleNew();
      // Someone moved, edited or removed it: it stays where they left it (then the old folder stays too).
      if (guard.isGone(item.id) || guard.touchedSince(item.id) || guard.node(item.id)?.parentId !== old.id) continue;
      const mark = guard.mark();
      guard.expectMove(item.id, fresh.id);
      try {
        await this.browser.bookmarks.move(item.id, { parentId: fresh.id });
      } catch {
        continue;
      } finally {
        guard.callSettled('move', item.id);
      }
      moved.push(item);
      await this.respectMoveByOthers({ id: item.id, expectedParentId: old.id, toParentId: fresh.id }, mark);
    }
    // Right before the removeTree: the old folder must hold exactly the journaled copies, nothing else.
    await this.settleNew();
    const mark = guard.mark();
    const live = await this.browser.bookmarks
      .getSubTree(old.id)
      .then((t) => t[0])
      .catch(() => null);
    if (!live) {
      // Someone removed the old folder with the copies in it: their removal took them; what was moved stays.
      for (const r of rep.removals)
        if (this.state.get(r.node.id) === 'pending') await this.skipRemoval(r.node.id, r.node.title, 'missing', msg('cleanupProblemFolderRemovedByOther'));
      return this.finishReplacement(rep, fresh.id);
    }
    const entries = rep.removals.map((r) => this.topEntry.get(r.node.id)!);
    if (moved.length !== rep.survivors.length || !untouched() || !holdsExactly(live, entries)) return this.giveUpReplacing(rep, fresh.id, moved);
    await this.log.write({ attemptingAtOnce: entries.map((e) => e.seq) });
    this.decidedAt.set(old.id, mark);
    for (const r of rep.removals) {
      this.decidedAt.set(r.node.id, mark);
      this.state.set(r.node.id, 'in-flight');
    }
    guard.expectRemove(old.id);
    try {
      await this.browser.bookmarks.removeTree(old.id);
    } catch (error) {
      for (const r of rep.removals) this.state.set(r.node.id, 'pending');
      if (isMissingBookmarkError(error)) {
        for (const r of rep.removals) await this.skipRemoval(r.node.id, r.node.title, 'missing', msg('cleanupProblemFolderRemovedByOther'));
        return this.finishReplacement(rep, fresh.id);
      }
      return this.giveUpReplacing(rep, fresh.id, moved);
    } finally {
      guard.callSettled('remove', old.id);
    }
    if (guard.ancestorRemovedSince(old.id, mark)) {
      for (const r of rep.removals) await this.skipRemoval(r.node.id, r.node.title, 'missing', msg('cleanupProblemFolderRemovedByOther'));
      return this.finishReplacement(rep, fresh.id);
    }
    let removed = 0;
    for (const r of rep.removals) {
      if (!guard.isGone(r.node.id)) {
        // Moved out by someone else in the moment of the removeTree: it is where they put it, not removed.
        this.unjournal(r.node.id);
        this.state.set(r.node.id, 'skipped');
        this.problems.push(problem(r.node.id, r.node.title, 'changed', msg('cleanupProblemChangedDuring')));
        continue;
      }
      this.markRemoved(r.node.id);
      this.noteRemovedKeys(this.entriesOf.get(r.node.id) ?? []);
      removed++;
    }
    await this.finishReplacement(rep, fresh.id);
    this.meter.advance('folder', 1, removed);
    // What someone else did in the moment of the removeTree: an edited copy comes back with their edit, an item
    // created in or moved into the old folder is re-created in the fresh one.
    for (const r of rep.removals) await this.reconcileItem(this.topEntry.get(r.node.id)!);
    await this.reconcileFolder(old.id);
  }

  /** The old folder is gone: the fresh one takes its place for good (the id map says so, for undo). */
  private async finishReplacement(rep: Replacement, freshId: string) {
    this.replacedBy.set(rep.folder.id, freshId);
    this.log.note({ done: [rep.seq] });
    await this.log.write();
    await this.journal.recordIdMap([{ oldId: rep.folder.id, newId: freshId, sessionId: this.sessionId }]);
  }

  /**
   * The folder is not replaced after all (someone else changed it, or Firefox refused a call): what was moved goes
   * back to its place in the old folder, the fresh folder goes if nothing else is in it, and the copies are left to
   * removeLoose, each decided on its own.
   */
  private async giveUpReplacing(rep: Replacement, freshId: string | null, moved: readonly BookmarkNode[]) {
    const old = rep.folder;
    this.replacements.delete(old.id);
    this.meter.drop('folder', 1);
    for (const item of [...moved].sort((a, b) => (a.index ?? 0) - (b.index ?? 0))) {
      await this.settleNew();
      // Moved on by someone else since: it stays where they put it.
      if (this.guard.isGone(item.id) || this.guard.node(item.id)?.parentId !== freshId || this.guard.isGone(old.id)) continue;
      const count = await this.browser.bookmarks
        .getChildren(old.id)
        .then((c) => c.length)
        .catch(() => 0);
      this.guard.expectMove(item.id, old.id);
      try {
        await this.browser.bookmarks.move(item.id, { parentId: old.id, index: Math.min(item.index ?? 0, count) });
      } catch {
        // Gone meanwhile: nothing to move back.
      } finally {
        this.guard.callSettled('move', item.id);
      }
    }
    if (freshId) {
      const left = await this.browser.bookmarks.getChildren(freshId).catch(() => null);
      if (left && !left.length) {
        this.guard.expectRemove(freshId);
        await this.browser.bookmarks.remove(freshId).catch(() => undefined);
        this.guard.callSettled('remove', freshId);
      }
    }
    this.skippedSeqs.add(rep.seq);
    await this.log.write({ skipped: [rep.seq] });
  }

  // ---- loose duplicates

  private async removeLoose() {
    // Last child first in each folder: Places then has fewer following siblings to renumber on each remove.
    const loose = [...this.check.removals.values()]
      // Copies a replaced folder took with it are done already.
      .filter((r) => r.planned.kind !== 'folder' && !isEmptied(r) && this.state.get(r.node.id) === 'pending')
      .sort((a, b) => (a.node.parentId! < b.node.parentId! ? -1 : a.node.parentId! > b.node.parentId! ? 1 : (b.node.index ?? 0) - (a.node.index ?? 0)));
    if (loose.length) this.meter.report('removing');
    for (const batch of chunks(loose, REMOVAL_BATCH)) {
      if (!(await this.checkpoint())) {
        for (const r of batch) await this.skipRemoval(r.node.id, r.node.title, 'cancelled', msg('cleanupProblemCancelledBeforeItem'));
        continue;
      }
      // Already ruled out by what someone else did: skipped in the same record, never "attempted".
      for (const r of batch) {
        const why = this.state.get(r.node.id) === 'pending' ? this.reasonToLeave(r) : null;
        if (why) await this.skipRemoval(r.node.id, r.node.title, why.reason, why.message);
      }
      await this.log.write({ attempting: batch.filter((r) => this.state.get(r.node.id) === 'pending').map((r) => this.topEntry.get(r.node.id)!.seq) });
      // Every item is its own group: any two may be removed side by side, in the order of `loose`.
      const failures = await inLanes(
        batch,
        (r) => r.node.id,
        REMOVAL_LANES,
        (r) => this.removeOne(r),
      );
      for (const { item, error } of failures) await this.skipRemoval(item.node.id, item.node.title, 'error', msg('cleanupProblemNotRemoved', errorMessage(error)));
      // What raced the calls of this batch and has arrived by now.
      for (const r of batch) if (this.state.get(r.node.id) === 'removed') await this.reconcileItem(this.topEntry.get(r.node.id)!);
      await this.reconcileKeptCopies();
      this.meter.report('removing');
    }
  }

  /** Why a loose removal must not go ahead now, from everything seen so far; null when it may. */
  private reasonToLeave(r: CheckedRemoval): LeaveReason | null {
    const id = r.node.id;
    const keptId = r.planned.keptId;
    const guard = this.guard;
    if (isEmptied(r) && r.planned.kind === 'folder') return emptiedFolderChanged(r, guard);
    if (r.planned.kind === 'folder') {
      const keptChanged = keptId !== null && (guard.isGone(keptId) || guard.disturbedSince(keptId) || guard.contentTouchedSince(keptId));
      if (guard.isGone(id) || guard.disturbedSince(id) || guard.contentTouchedSince(id) || keptChanged) {
        return leave('contents-changed', msg('cleanupProblemFolderChangedDuring'));
      }
      return null;
    }
    if (guard.isGone(id)) return leave('missing', msg('cleanupProblemRemovedByOther'));
    if (guard.disturbedSince(id)) return leave('changed', msg('cleanupProblemChangedDuring'));
    if (keptId !== null && (guard.isGone(keptId) || guard.disturbedSince(keptId))) {
      return leave('kept-copy-missing', msg('cleanupProblemKeptCopyChangedDuring'));
    }
    return null;
  }

  private async removeOne(r: CheckedRemoval) {
    await this.settleNew();
    const id = r.node.id;
    const guard = this.guard;
    if (this.state.get(id) !== 'pending') return;
    // Decided against everything seen so far, right before the call.
    const why = this.reasonToLeave(r);
    if (why) return this.skipRemoval(id, r.node.title, why.reason, why.message);
    const mark = guard.mark();
    this.decidedAt.set(id, mark);
    this.state.set(id, 'in-flight');
    guard.expectRemove(id);
    try {
      await this.browser.bookmarks.remove(id);
    } catch (error) {
      if (isMissingBookmarkError(error)) return this.skipRemoval(id, r.node.title, 'missing', msg('cleanupProblemRemovedByOther'));
      throw error;
    } finally {
      guard.callSettled('remove', id);
    }
    // Its folder removed by someone else before our call came back: their removal took it (ours found nothing).
    if (guard.ancestorRemovedSince(id, mark)) return this.skipRemoval(id, r.node.title, 'missing', msg('cleanupProblemFolderRemovedByOther'));
    this.markRemoved(id);
    this.noteRemovedKeys(this.entriesOf.get(id) ?? []);
    this.meter.advance(this.laneOf(id), 1, this.copiesOf(id));
    await this.log.keepUp();
  }

  // ---- folders the cleanup emptied (emptied-folders.ts): last, deepest first, each after its separators

  private async removeEmptied() {
    const order = emptiedInOrder(this.check);
    if (order.length) this.meter.report('removing');
    for (const { folder, separators } of order) {
      const items = [...separators, folder].filter((r) => this.state.get(r.node.id) === 'pending');
      if (this.state.get(folder.node.id) !== 'pending') continue;
      // A folder that stays keeps its separators: only the folder is reported.
      const skipAll = async (why: LeaveReason) => {
        for (const r of items)
          if (this.state.get(r.node.id) === 'pending') await this.skipRemoval(r.node.id, r.node.title, why.reason, why.message, undefined, r === folder);
      };
      if (!(await this.checkpoint())) {
        await skipAll(leave('cancelled', msg('cleanupProblemCancelledBeforeItem')));
        continue;
      }
      await this.settleNew();
      // Its separators go only with it: decided first, as if they were gone.
      const why = this.reasonToLeave(folder) ?? emptiedFolderHolds(folder, this.guard, new Set(separators.map((r) => r.node.id)));
      if (why) {
        await skipAll(why);
        continue;
      }
      await this.log.write({ attempting: items.filter((r) => this.state.get(r.node.id) === 'pending').map((r) => this.topEntry.get(r.node.id)!.seq) });
      for (const r of items) {
        if (r === folder) {
          await this.settleNew();
          const holds = this.state.get(r.node.id) === 'pending' ? emptiedFolderHolds(r, this.guard) : null;
          if (holds) {
            await this.skipRemoval(r.node.id, r.node.title, holds.reason, holds.message);
            continue;
          }
        }
        // Firefox refuses to remove a folder that is not empty: what someone added in the last moment keeps it.
        await this.removeOne(r).catch((error: unknown) => this.skipRemoval(r.node.id, r.node.title, 'error', msg('cleanupProblemNotRemoved', errorMessage(error))));
        if (this.state.get(r.node.id) === 'removed') await this.reconcileItem(this.topEntry.get(r.node.id)!);
      }
      this.meter.report('removing');
    }
  }

  private noteRemovedKeys(entries: readonly Entry[]) {
    for (const e of entries) {
      if (e.type === 'bookmark') this.removedKeys.push(e.id);
      if (e.url) this.removedKeys.push(e.url);
    }
  }

  // ---- putting back what someone else changed

  /**
   * Before each call: what someone else did since the last call that concerns what the cleanup already removed is put
   * back now, durably, before the cleanup goes on (a crash right after must not lose it). Nothing new: nothing to do.
   */
  private settleNew(): Promise<void> {
    if (this.guard.others.length === this.seenUpTo) return this.reconciling;
    this.reconciling = this.reconciling.then(() => this.reconcileNew());
    return this.reconciling;
  }

  private async reconcileNew() {
    const from = this.seenUpTo;
    const events = this.guard.others.slice(from);
    this.seenUpTo = from + events.length;
    if (!events.length) return;
    // Planned removals not reached yet that someone else's change rules out: skipped now, written before the next call
    // (recovery after a crash must not re-create what that person deleted).
    for (const [id, state] of this.state) {
      if (state !== 'pending') continue;
      const why = this.reasonToLeave(this.check.removals.get(id)!);
      if (why) await this.skipRemoval(id, this.check.removals.get(id)!.node.title, why.reason, why.message);
    }
    const folders = new Set<string>();
    let keptCopies = false;
    for (const event of events) {
      const e = this.entryById.get(event.id);
      if (e && this.putBackCopies.has(e.id)) await this.followLateEdits(e);
      else if (e && this.removedByUs(event.id)) await this.reconcileItem(e);
      for (const [id, state] of this.state) {
        if (state === 'removed' && this.check.removals.get(id)?.planned.kind === 'folder' && this.guard.isInside(event.id, id)) folders.add(id);
      }
      for (const id of this.replacedBy.keys()) if (this.guard.isInside(event.id, id)) folders.add(id);
      if (event.kind === 'removed' || (event.kind === 'changed' && event.url !== undefined)) keptCopies = true;
    }
    for (const id of folders) await this.reconcileFolder(id);
    if (keptCopies) await this.reconcileKeptCopies();
    // What this found (entries someone else removed or moved away) is written before the next call.
    await this.log.write();
  }

  /** What someone else made of a removed item after the apply decided to remove it; null when nothing. */
  private versionAfter(e: Entry): Version | null {
    const mark = this.decidedAt.get(e.topLevel ? e.id : (this.check.insideRemoved.get(e.id) ?? e.id)) ?? this.decidedAt.get(e.id);
    if (mark === undefined) return null;
    const v: Version = { title: e.title, url: e.url, parentId: e.parentId };
    let changed = false;
    const read = this.guard.ourRemoved.get(e.id);
    // Our own onRemoved carries what Firefox read right before the delete: a difference is someone else's edit.
    if (read) {
      if (read.title !== e.title) [v.title, changed] = [read.title, true];
      if (e.type === 'bookmark' && read.url !== undefined && read.url !== e.url) [v.url, changed] = [read.url, true];
      if (read.parentId && read.parentId !== e.parentId) [v.parentId, changed] = [read.parentId, true];
    }
    for (const event of this.guard.othersAbout(e.id, mark)) {
      if (event.kind === 'changed') {
        if (event.title !== undefined) v.title = event.title;
        if (event.url !== undefined) v.url = event.url;
        changed = true;
      } else if (event.kind === 'moved') {
        v.parentId = event.parentId;
        changed = true;
      } else if (event.kind === 'removed') {
        return null; // They removed it too.
      }
    }
    return changed ? v : null;
  }

  /** Takes a planned removal out of what the cleanup did. */
  private uncount(id: string) {
    const planned = this.check.removals.get(id)?.planned;
    if (!planned) return;
    if (planned.reason === 'emptied-folder') {
      if (planned.kind === 'folder') this.counts.emptyFolders--;
    } else if (planned.kind === 'folder') {
      const inside = this.bookmarksInside(id);
      if (planned.reason === 'duplicate-folder') this.counts.copiedFolders--;
      else this.counts.emptyFolders--;
      this.counts.insideFolders -= inside;
      this.counts.copies -= inside;
    } else {
      this.counts.loose--;
      this.counts.copies--;
    }
  }

  /** A removed item someone changed in the moment it went: put it back with their change. */
  private async reconcileItem(e: Entry) {
    if (this.state.get(e.id) === 'put-back') return this.followLateEdits(e);
    if (this.skippedSeqs.has(e.seq)) return;
    const mark = this.decidedAt.get(e.topLevel ? e.id : (this.check.insideRemoved.get(e.id) ?? e.id)) ?? this.decidedAt.get(e.id);
    if (mark !== undefined && this.guard.othersAbout(e.id, mark).some((event) => event.kind === 'removed')) {
      // Someone else removed it in the same moment (both removals resolve): theirs wins, undo will not bring it back.
      for (const entry of e.topLevel ? (this.entriesOf.get(e.id) ?? [e]) : [e]) this.unjournal(entry.id);
      if (e.topLevel && this.state.get(e.id) === 'removed') {
        this.uncount(e.id);
        this.problems.push(problem(e.id, e.title, 'missing', msg('cleanupProblemRemovedSameMoment')));
      }
      this.state.set(e.id, 'skipped');
      await this.log.write();
      return;
    }
    const version = this.versionAfter(e);
    if (!version) return;
    await this.putBack(e, version, 'put-back', msg('cleanupProblemPutBackWithChange'));
  }

  /**
   * Re-creates a removed item (and, for a folder, what the journal holds inside it) with `version` for the item
   * itself, journals each re-creation, and takes it out of what the cleanup did.
   */
  private async putBack(top: Entry, version: Version, reason: ProblemReason, message: Msg) {
    // Edits arriving from here on are not in `version`: followLateEdits carries them over.
    const since = this.guard.mark();
    const parentId = this.liveTarget(version.parentId, top.ancestorIds);
    // Their version first, durably, with where it goes: a crash before it is re-created must not bring back the old
    // one, and a roll-back finds the copy made just before the crash there.
    await this.log.write({ versions: [{ seq: top.seq, ...version, parentId }] });
    const made = await this.createPutBack(top, version, parentId);
    if (!made) return;
    this.made.push({ ...made, ancestors: [...top.ancestorIds], remake: (parent) => this.createPutBack(top, version, parent) });
    this.putBackCopies.set(top.id, { made: this.made.at(-1)!, since, version: { ...version, parentId } });
    await this.followLateEdits(top);
    this.problems.push(problem(top.id, version.title, reason, message));
    // It is no longer something the cleanup removed.
    if (this.check.removals.has(top.id) && this.state.get(top.id) === 'removed') this.uncount(top.id);
    else if (!top.topLevel && top.type === 'bookmark') {
      this.counts.insideFolders--;
      this.counts.copies--;
    }
    this.state.set(top.id, 'put-back');
  }

  /**
   * Creates an item in `parentId`, or, when that folder is gone by the time Firefox creates it (someone removed it in
   * that moment), in the nearest folder above that is not: `ancestors` nearest last.
   */
  private async createSomewhere(
    details: { parentId: string; title: string; url?: string; type?: 'folder' | 'separator' | 'bookmark'; index?: number },
    ancestors: readonly string[],
  ) {
    let target = details.parentId;
    for (let attempt = 0; ; attempt++) {
      this.guard.expectCreate(target, details.title, details.url);
      try {
        const created = await this.browser.bookmarks.create({ ...details, parentId: target, index: target === details.parentId ? details.index : undefined });
        return created;
      } catch (error) {
        if (!/parentGuid must be valid/.test(errorMessage(error)) || attempt >= 5) throw error;
        this.deadFolders.add(target);
        target = this.liveTarget(target, ancestors);
      }
    }
  }

  /**
   * An edit of the removed item that reached Firefox after the apply had put it back (the edit itself changed
   * nothing: the item was gone): carried over to the copy, journaled as its version first.
   */
  private async followLateEdits(e: Entry) {
    const copy = this.putBackCopies.get(e.id);
    if (!copy) return;
    const changes: { title?: string; url?: string } = {};
    for (const event of this.guard.othersAbout(e.id, copy.since)) {
      if (event.kind !== 'changed') continue;
      if (event.title !== undefined) changes.title = event.title;
      if (event.url !== undefined && e.type === 'bookmark') changes.url = event.url;
    }
    copy.since = this.guard.mark();
    if (changes.title === undefined && changes.url === undefined) return;
    copy.version = { ...copy.version, title: changes.title ?? copy.version.title, url: changes.url ?? copy.version.url };
    await this.log.write({ versions: [{ seq: e.seq, ...copy.version }] });
    await this.browser.bookmarks.update(copy.made.id, changes).catch(() => undefined);
  }

  /** Re-creates `top` (with `version`) in `parentId`, and what the journal holds inside it; journals it all. */
  private async createPutBack(top: Entry, version: Version, parentId: string): Promise<{ id: string; parentId: string } | null> {
    const under = (this.entriesOf.get(top.id) ?? []).filter((e) => e.id !== top.id);
    // A folder the cleanup emptied comes back empty: the copies that were in it went on their own.
    const emptiedFolder = this.check.removals.get(top.id)?.planned.reason === 'emptied-folder';
    const insideTop = under.length || emptiedFolder ? under : [...this.entryById.values()].filter((e) => e.ancestorIds.includes(top.id));
    const newIds = new Map<string, string>();
    const records: { seq: number; newId: string }[] = [];
    const create = async (e: Entry, parent: string, v: Version, index: number | undefined) => {
      const url = e.type === 'bookmark' ? (v.url ?? undefined) : undefined;
      const details = e.type === 'bookmark' ? { parentId: parent, title: v.title, url, index } : { parentId: parent, title: v.title, type: e.type, index };
      const created = await this.createSomewhere(details, [...top.ancestorIds, ...(e === top ? [] : [parentId])]);
      if (e === top) madeIn = created.parentId ?? parent;
      newIds.set(e.id, created.id);
      records.push({ seq: e.seq, newId: created.id });
      // Each one journaled as it is made: a crash part way leaves undo and recovery the rest to restore, inside it.
      await this.log.write({ putBack: [{ seq: e.seq, newId: created.id }] });
      await this.journal.recordIdMap([{ oldId: e.id, newId: created.id, sessionId: this.sessionId }]);
      this.skippedSeqs.add(e.seq);
    };
    let madeIn = parentId;
    try {
      await create(top, parentId, version, parentId === top.parentId ? top.index : undefined);
      const byParent = [...insideTop].sort((a, b) => a.ancestorIds.length - b.ancestorIds.length || a.index - b.index);
      for (const e of byParent) {
        const parent = newIds.get(e.parentId);
        // Taken by someone else, or put back on its own already (with their edit): not made twice.
        if (!parent || this.takenByOthers.has(e.seq) || this.putBackCopies.has(e.id)) continue;
        await create(e, parent, this.versionAfter(e) ?? { title: e.title, url: e.url, parentId: e.parentId }, undefined);
      }
    } catch (error) {
      this.problems.push(problem(top.id, version.title, 'error', msg('cleanupProblemNotPutBack', errorMessage(error))));
    }
    if (!records.length) return null;
    const id = newIds.get(top.id);
    return id ? { id, parentId: madeIn } : null;
  }

  /**
   * Everything the apply re-created must be where Firefox shows it: a folder someone removed in the moment of our
   * create leaves what we created there an orphan. Such an item is made again one folder up, and the orphan goes.
   */
  private async verifyMade() {
    for (let round = 0; round < 3; round++) {
      let remade = false;
      for (const m of this.made) {
        if (!this.guard.isGone(m.parentId) && !this.removedByUs(m.parentId)) continue;
        const target = this.liveTarget(m.parentId, m.ancestors);
        const again = await m.remake(target);
        if (!again) continue;
        await this.browser.bookmarks.removeTree(m.id).catch(() => undefined);
        m.id = again.id;
        m.parentId = again.parentId;
        remade = true;
      }
      if (!remade) return;
      await (this.deps.settle ?? (() => defaultSettle(this.browser)))();
    }
  }

  /** `wanted` if it is still there, else the nearest folder above it that is, else Other Bookmarks. */
  private liveTarget(wanted: string, ancestorIds: readonly string[]): string {
    const alive = (id: string) => id !== ROOT_ID && !this.deadFolders.has(id) && !this.guard.isGone(id) && !this.removedByUs(id);
    // A folder replaced by a fresh copy: the copy is where its items go.
    const fresh = this.replacedBy.get(wanted);
    if (fresh && alive(fresh)) return fresh;
    if (alive(wanted)) return wanted;
    for (let i = ancestorIds.length - 1; i >= 0; i--) if (alive(ancestorIds[i])) return ancestorIds[i];
    return UNFILED_ID;
  }

  private removedByUs(id: string): boolean {
    const e = this.entryById.get(id);
    if (e === undefined || this.skippedSeqs.has(e.seq)) return false;
    const top = e.topLevel ? e.id : (this.check.insideRemoved.get(e.id) ?? e.id);
    // A copied folder going item by item: only what went of it (an edit of an item it left is no business of ours).
    if (this.singly.has(top)) return this.removedSingly.has(e.id);
    return this.decidedAt.has(top);
  }

  /**
   * After a folder went: someone else's items that were created in it, moved into it or edited inside it in the
   * moment it was removed went with it (or were left as orphans Firefox no longer shows): re-create them in the
   * folder that stays, and put back journaled items someone edited with their edit.
   */
  private async reconcileFolder(folderId: string) {
    const from = Math.max(this.decidedAt.get(folderId) ?? 0, this.reconciledUpTo.get(folderId) ?? 0);
    const events = this.guard.othersSince(from);
    this.reconciledUpTo.set(folderId, from + events.length);
    if (!events.length) return;
    // A replaced folder's journaled items are its copies (its direct children): entries list their parent apart.
    const replaced = this.replacements.get(folderId);
    const entries = replaced ? replaced.removals.flatMap((r) => this.entriesOf.get(r.node.id) ?? []) : (this.entriesOf.get(folderId) ?? this.subtreeEntries(folderId));
    const journaled = new Set(entries.map((e) => e.id));
    const lost = new Set<string>();
    for (const event of events) {
      if (!this.guard.isInside(event.id, folderId)) {
        // Moved out before the folder went: it is safe where it is, and not something the cleanup removed.
        if (event.kind === 'moved' && journaled.has(event.id)) this.unjournal(event.id);
        continue;
      }
      if (journaled.has(event.id)) {
        if (event.kind === 'removed') this.unjournal(event.id);
        else {
          const e = this.entryById.get(event.id);
          if (e) await this.reconcileItem(e);
        }
      } else if (event.kind !== 'removed') lost.add(event.id);
    }
    // What someone else took or moved away is written before anything else is done.
    await this.log.write();
    if (lost.size) await this.rescue([...lost], folderId);
  }

  private subtreeEntries(folderId: string): Entry[] {
    return [...this.entryById.values()].filter((e) => e.id === folderId || e.ancestorIds.includes(folderId));
  }

  /** A journaled item someone else removed or moved away before the cleanup could: not the cleanup's to restore. */
  private unjournal(id: string) {
    const e = this.entryById.get(id);
    if (!e || this.skippedSeqs.has(e.seq)) return;
    this.takenByOthers.add(e.seq);
    this.skippedSeqs.add(e.seq);
    this.log.note({ skipped: [e.seq] });
  }

  /** Re-creates someone else's items that went with a removed folder, parents first, each journaled before. */
  private async rescue(ids: string[], folderId: string) {
    const todo = ids.filter((id) => !this.rescued.has(id)).sort((a, b) => this.guard.chain(a, 'now').length - this.guard.chain(b, 'now').length);
    const folder = this.check.removals.get(folderId);
    const keptId = folder?.planned.keptId ?? null;
    const folderEntry = this.entryById.get(folderId);
    for (const oldId of todo) {
      const node = this.guard.node(oldId);
      if (!node) continue;
      const parentOld = node.parentId ?? folderId;
      const rescuedParent = this.rescued.get(parentOld);
      const replaced = this.replacements.get(folderId);
      const target =
        rescuedParent ??
        (replaced
          ? this.liveTarget(folderId, this.check.ancestry.chain(replaced.folder.parentId!))
          : keptId && !this.guard.isGone(keptId) && !this.deadFolders.has(keptId)
            ? keptId
            : this.liveTarget(folderEntry?.parentId ?? UNFILED_ID, folderEntry?.ancestorIds ?? []));
      const ancestors = replaced
        ? this.check.ancestry.chain(replaced.folder.parentId!)
        : [...(folderEntry?.ancestorIds ?? []), ...(folderEntry ? [folderEntry.parentId] : [])];
      // Journaled as soon as it is known lost, before anything else is asked of Firefox: a crash from here on
      // leaves recovery the item to re-create.
      const [intent] = await this.journal.append(this.sessionId, [
        { role: 'rescued', oldId, parentId: target, parentSeq: null, type: node.type, title: node.title, url: node.type === 'bookmark' ? (node.url ?? null) : null },
      ]);
      // Still somewhere Firefox shows (moved on again)? Then it is not lost.
      const existing = await this.browser.bookmarks
        .get(oldId)
        .then((n) => n[0])
        .catch(() => null);
      if (existing?.parentId && existing.parentId !== oldId && !this.guard.isGone(existing.parentId) && !this.removedByUs(existing.parentId)) {
        await this.log.write({ skipped: [intent.seq] });
        continue;
      }
      const title = existing?.title ?? node.title;
      const url = node.type === 'bookmark' ? (existing?.url ?? node.url ?? null) : null;
      const made = await this.createRescued(oldId, node.type, title, url, target, ancestors, intent.seq);
      if (!made) continue;
      this.rescued.set(oldId, made.id);
      this.made.push({ ...made, ancestors, remake: (parent) => this.createRescued(oldId, node.type, title, url, parent, ancestors) });
      const where = this.guard.node(made.parentId)?.title;
      this.problems.push(problem(oldId, title, 'rescued', where ? msg('cleanupProblemRescuedIn', where) : msg('cleanupProblemRescued')));
      // An orphan Firefox left (an item moved or created into the folder after it went): it shows nowhere; the
      // copy just made takes its place.
      if (existing) await this.browser.bookmarks.remove(oldId).catch(() => undefined);
    }
  }

  /** Re-creates someone else's item, journaled first ('rescued'), its new id recorded after. */
  private async createRescued(
    oldId: string,
    type: RescuedEntry['type'],
    title: string,
    url: string | null,
    target: string,
    ancestors: readonly string[],
    /** The journal entry already written for it (else one is written now). */
    journaled?: number,
  ): Promise<{ id: string; parentId: string } | null> {
    let seq = journaled;
    if (seq === undefined) {
      const entry: Omit<RescuedEntry, 'sessionId' | 'seq'> = { role: 'rescued', oldId, parentId: target, parentSeq: null, type, title, url };
      seq = (await this.journal.append(this.sessionId, [entry]))[0].seq;
    }
    try {
      const created = await this.createSomewhere(type === 'bookmark' ? { parentId: target, title, url: url ?? undefined } : { parentId: target, title, type }, ancestors);
      await this.log.write({ ids: [{ seq, id: created.id }] });
      await this.journal.recordIdMap([{ oldId, newId: created.id, sessionId: this.sessionId }]);
      return { id: created.id, parentId: created.parentId ?? target };
    } catch (error) {
      this.problems.push(problem(oldId, title, 'error', msg('cleanupProblemNotRecreated', errorMessage(error))));
      return null;
    }
  }

  /**
   * The copy that should stay went (someone else removed it, or its folder, or re-addressed it): a URL must keep a
   * bookmark, so one removed copy of its group comes back; a copied folder whose folder that stays lost something
   * comes back whole.
   */
  private async reconcileKeptCopies() {
    // Nothing anyone else did: nothing to reconcile (the common case, and every batch asks).
    if (this.guard.quiet) return;
    this.groups ??= groupsByKeptCopy(this.check);
    for (const [keptId, removals] of this.groups) {
      // A copy that is still there (skipped, or not reached) keeps the URL; one someone else removed does not, nor a
      // copied folder that stays without what went from it one by one.
      const ours = removals.filter((r) => this.state.get(r.node.id) === 'removed' || this.partlyRemoved.has(r.node.id));
      const keeps = (r: CheckedRemoval) => {
        const node = this.guard.node(r.node.id);
        return (
          this.state.get(r.node.id) !== 'removed' &&
          !this.partlyRemoved.has(r.node.id) &&
          !this.guard.isGone(r.node.id) &&
          (r.planned.kind === 'folder' || node?.url === node?.checkedUrl)
        );
      };
      if (!ours.length || removals.some(keeps)) continue;
      if (!this.keptCopyLost(keptId, ours)) continue;
      const partly = ours.map((r) => this.partlyRemoved.get(r.node.id)).find((went) => went !== undefined);
      if (partly) {
        // What went one by one comes back into the folder that stayed (or the nearest folder above that is there).
        this.partlyRemoved.delete(ours.find((r) => this.partlyRemoved.get(r.node.id) === partly)!.node.id);
        for (const e of partly.filter((x) => x.type === 'bookmark' && !this.skippedSeqs.has(x.seq))) {
          await this.putBack(e, this.versionAfter(e) ?? { title: e.title, url: e.url, parentId: e.parentId }, 'kept-copy-gone', msg('cleanupProblemKeptFolderLost'));
        }
        continue;
      }
      const first = ours.map((r) => this.topEntry.get(r.node.id)!).sort((a, b) => a.seq - b.seq)[0];
      const message = first.type === 'folder' ? msg('cleanupProblemKeptFolderLost') : msg('cleanupProblemKeptCopyLost');
      await this.putBack(first, this.versionAfter(first) ?? { title: first.title, url: first.url, parentId: first.parentId }, 'kept-copy-gone', message);
    }
  }

  private keptCopyLost(keptId: string, removals: CheckedRemoval[]): boolean {
    const guard = this.guard;
    if (guard.isGone(keptId)) return true;
    const kept = guard.node(keptId);
    const r = removals[0];
    if (r.planned.kind !== 'folder') {
      const wantedUrl = r.planned.keptUrl ?? kept?.checkedUrl;
      return kept !== undefined && wantedUrl !== undefined && kept.url !== wantedUrl;
    }
    // A copied folder: did the folder that stays lose anything (removed, moved out, re-addressed) after we decided?
    const mark = Math.min(...removals.map((x) => this.decidedAt.get(x.node.id) ?? Infinity));
    if (!Number.isFinite(mark)) return false;
    // Only what took away one of the copied folder's addresses counts (a folder removed in it always does).
    const urls = new Set(removals.flatMap((x) => (this.entriesOf.get(x.node.id) ?? []).map((e) => e.url).filter((u): u is string => !!u)));
    const carried = (id: string, url: string | undefined) => guard.node(id)?.type === 'folder' || (url !== undefined && urls.has(url));
    return guard.othersSince(mark).some((e) => {
      if (e.kind === 'removed') return (guard.isInside(e.parentId, keptId) || e.id === keptId) && carried(e.id, e.node?.url);
      if (e.kind === 'moved') return guard.isInside(e.oldParentId, keptId) && !guard.isInside(e.id, keptId) && carried(e.id, guard.node(e.id)?.url);
      if (e.kind === 'changed') return e.url !== undefined && guard.isInside(e.id, keptId) && carried(e.id, guard.node(e.id)?.checkedUrl);
      return false;
    });
  }

  /** After the settle: everything removed is checked once more against the events that came late. */
  private async reconcileEverything() {
    for (const id of this.putBackCopies.keys()) await this.followLateEdits(this.entryById.get(id)!);
    for (const [id, s] of this.state) {
      if (s !== 'removed') continue;
      const r = this.check.removals.get(id);
      if (r?.planned.kind === 'folder') await this.reconcileFolder(id);
      else await this.reconcileItem(this.topEntry.get(id)!);
    }
    for (const [id, mark] of this.decidedAt) {
      const e = this.entryById.get(id);
      if (e && !e.topLevel && !this.skippedSeqs.has(e.seq) && mark !== undefined) {
        await this.reconcileItem(e);
        if (e.type === 'folder') await this.reconcileFolder(id);
      }
    }
    for (const id of this.replacedBy.keys()) await this.reconcileFolder(id);
    await this.reconcileKeptCopies();
    await this.verifyMade();
  }
}

type JournalWrites = Pick<Journal, 'recordProgress' | 'append' | 'recordIdMap' | 'finishApply'>;

/** The journal's writes, each made once `begun` (the session's own write) has settled, and thrown with its failure. */
function writesAfter(journal: Journal, begun: Promise<void>): JournalWrites {
  return {
    recordProgress: (...args) => begun.then(() => journal.recordProgress(...args)),
    append: (...args) => begun.then(() => journal.append(...args)),
    recordIdMap: (...args) => begun.then(() => journal.recordIdMap(...args)),
    finishApply: (...args) => begun.then(() => journal.finishApply(...args)),
  };
}

/** Planned removals by the copy (or folder) that stays in their place. */
function groupsByKeptCopy(check: PlanCheck): Map<string, CheckedRemoval[]> {
  const groups = new Map<string, CheckedRemoval[]>();
  for (const r of check.removals.values()) {
    const kept = r.planned.keptId;
    if (kept === null) continue;
    const list = groups.get(kept);
    if (list) list.push(r);
    else groups.set(kept, [r]);
  }
  return groups;
}

/** Whether a re-read folder is exactly its journal entry: the same items, titles, URLs, types, parents and order. */
function sameAsJournal(live: BookmarkNode, entries: readonly Entry[]): boolean {
  const byId = new Map(entries.map((e) => [e.id, e]));
  const seen = new Set<string>();
  const walk = (node: BookmarkNode, parentId: string | undefined): boolean => {
    const e = byId.get(node.id);
    if (!e || seen.has(node.id)) return false;
    seen.add(node.id);
    if (e.title !== node.title || e.type !== kindOf(node) || (e.type === 'bookmark' && e.url !== node.url)) return false;
    if (parentId !== undefined && e.parentId !== parentId) return false;
    const children = node.children ?? [];
    // Order: the journaled indices of the children must rise as Firefox lists them.
    for (let i = 1; i < children.length; i++) {
      const a = byId.get(children[i - 1].id);
      const b = byId.get(children[i].id);
      if (!a || !b || a.index >= b.index) return false;
    }
    return children.every((c) => walk(c, node.id));
  };
  return walk(live, undefined) && seen.size === entries.length;
}

/** Whether a re-read folder holds exactly these journaled items, in their order, as journaled (titles, URLs, types). */
function holdsExactly(live: BookmarkNode, entries: readonly Entry[]): boolean {
  const children = live.children ?? [];
  if (children.length !== entries.length) return false;
  return children.every((c, i) => {
    const e = entries[i];
    return c.id === e.id && c.title === e.title && kindOf(c) === e.type && (e.type !== 'bookmark' || c.url === e.url) && !c.children?.length;
  });
}

/**
 * The wait is armed at once (work done meanwhile overlaps it); the round trip after it lets in every event Firefox
 * sent before answering, including those the work held up.
 */
async function defaultSettle(browser: Browser): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  await browser.bookmarks.get(ROOT_ID).catch(() => undefined);
}
