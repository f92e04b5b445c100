/**
 * The state one cleanup run shares between its phases (apply.ts runs them in order): what became of each planned
 * removal, the journal's entries by id and by folder, what the apply re-created, and the journal writes and progress
 * of the session. The phases read it and change it through the operations below (skip a removal, count one as done,
 * take one out of what the cleanup did) and, where no operation says more, through its maps.
 */
import { AppError } from '../../messaging/errors';
import type { JobContext } from '../../messaging/define';
import { ROOT_ID, UNFILED_ID, type BookmarkNode, type Browser } from '../../platform/browser';
import { NO_NUMBERS, type ChangeTracker, type CleanupOutcomeNumbers, type CleanupProgress, type WriteDeps } from '../../operation-history';
import { newSession, numberEntries, ProgressLog, type Journal, type JournalEntry, type NewJournalEntry, type RemovedEntry } from '../../operation-history';
import { CleanupGuard } from './cleanup-guard';
import type { ProgressMeter } from './cleanup-progress';
import { problem, type ApplyProblem, type CheckedRemoval, type PlanCheck, type ProblemReason } from './plan-check';
import type { CleanupPlan } from '../plan-types';
import { emptiedFolderChanged, isEmptied } from './emptied-folders';
import { msg, type Msg } from '../../i18n';

/** Why a planned removal is left alone: the problem's code and what the page says about it. */
export type LeaveReason = { reason: ProblemReason; message: Msg };
export const leave = (reason: ProblemReason, message: Msg): LeaveReason => ({ reason, message });

export type Ctx<P> = Pick<JobContext<P>, 'progress' | 'checkpoint'>;

/** How long the apply waits after its last call for late events of calls that raced it (measured: 0-10 ms). */
export const SETTLE_MS = 200;

export type Entry = RemovedEntry & { seq: number };

/** What someone else made of a removed item: its title, URL and folder as they left them. */
export interface Version {
  title: string;
  url: string | null;
  parentId: string;
}

/** A planned removal: not reached yet, decided and its call under way, done, left alone, put back. */
type ItemState = 'pending' | 'in-flight' | 'removed' | 'skipped' | 'put-back';

/** A folder the apply replaces by a fresh copy (replace-choice.ts), as read when the apply started. */
export interface Replacement {
  /** The old folder, with its children. */
  folder: BookmarkNode;
  /** The loose removals directly in it, in its order. */
  removals: CheckedRemoval[];
  /** Everything else directly in it, in order: moved into the fresh folder. */
  survivors: BookmarkNode[];
  /** Its journal entry. */
  seq: number;
}

/** Something the apply re-created (put back, rescued), to make again should its folder vanish under it. */
export interface Made {
  id: string;
  parentId: string;
  ancestors: string[];
  remake: (parentId: string) => Promise<{ id: string; parentId: string } | null>;
}

type JournalWrites = Pick<Journal, 'recordProgress' | 'append' | 'recordIdMap' | 'finishApply'>;

function isCancel(error: unknown): boolean {
  return error instanceof AppError && error.code === 'cancelled';
}

/** One apply, from the journal on. */
export class RunState {
  readonly browser: Browser;
  readonly guard: CleanupGuard;
  readonly problems: ApplyProblem[];
  readonly counts: CleanupOutcomeNumbers = { ...NO_NUMBERS, skipped: 0 };
  readonly state = new Map<string, ItemState>();
  /** Where each removal was decided (a guard mark): later events of others concern what went after it. */
  readonly decidedAt = new Map<string, number>();
  /** Per removed folder: others' events up to here were reconciled already. */
  readonly reconciledUpTo = new Map<string, number>();
  /** Others' events up to here were looked at by reconcileNew. */
  seenUpTo = 0;
  reconciling: Promise<void> = Promise.resolve();
  readonly entriesOf = new Map<string, Entry[]>();
  readonly topEntry = new Map<string, Entry>();
  readonly entryById = new Map<string, Entry>();
  readonly movedSeq = new Map<string, number>();
  readonly skippedSeqs = new Set<number>();
  readonly removedKeys: string[] = [];
  /** Someone else's items re-created (old id -> new id), so one is never re-created twice. */
  readonly rescued = new Map<string, string>();
  readonly keptFolders = new Set<string>();
  /** Journaled items someone else removed or moved away: never put back with their folder. */
  readonly takenByOthers = new Set<number>();
  groups: Map<string, CheckedRemoval[]> | null = null;
  /** Put-back items by old id: the copy, and from where later edits of the old id are followed onto it. */
  readonly putBackCopies = new Map<string, { made: { id: string }; since: number; version: Version }>();
  /** Folders a create of ours found gone (before the guard heard of it). */
  readonly deadFolders = new Set<string>();
  /** What the apply re-created (put back, rescued), to make again should its folder vanish under it. */
  readonly made: Made[] = [];
  /** Copied folders that went item by item (removeOneByOne), and the items that went so. */
  readonly singly = new Set<string>();
  readonly removedSingly = new Set<string>();
  /** Copied folders that stay after their journaled items went one by one: the items that went. */
  readonly partlyRemoved = new Map<string, Entry[]>();
  /** Folders the apply replaces by a fresh copy, by old id. */
  readonly replacements = new Map<string, Replacement>();
  /** Folders replaced by a fresh copy: old id -> new id. */
  readonly replacedBy = new Map<string, string>();
  /** Emptied folders removed with their copies in one call (remove-emptied-at-once.ts): what went with each. */
  readonly removedAtOnce = new Map<string, CheckedRemoval[]>();
  sessionId = '';
  /** The session's own write (beginSession): settled before any other write. */
  begun!: Promise<void>;
  /** The journal's writes, each after `begun`. */
  journal!: JournalWrites;
  log!: ProgressLog;
  meter!: ProgressMeter;
  cancelled = false;

  constructor(
    readonly deps: WriteDeps,
    readonly plan: CleanupPlan,
    readonly ctx: Ctx<CleanupProgress>,
    readonly check: PlanCheck,
    tracker: ChangeTracker,
    readonly started: number,
  ) {
    this.browser = deps.browser;
    this.guard = new CleanupGuard(check.snapshot, tracker);
    this.problems = [...check.problems];
  }

  /**
   * Starts writing the session's journal and returns its entries, numbered. From here on the journal is being
   * written: changes happen, and every exit path finishes the session. Reads change nothing and may run while it is
   * written (the first copied folder's re-read, collapseOne); every write, to the journal or to anything else, waits
   * for it. A failed write of it is thrown by the first of them.
   */
  beginJournal(newEntries: NewJournalEntry[]): JournalEntry[] {
    const { journal, now } = this.deps;
    this.sessionId = this.deps.newSessionId?.() ?? crypto.randomUUID();
    const session = newSession(this.sessionId, 'cleanup', this.plan.id, now());
    this.begun = journal.beginSession(session, newEntries).then(() => undefined);
    this.begun.catch(() => undefined);
    this.journal = writesAfter(journal, this.begun);
    this.log = new ProgressLog(this.journal, this.sessionId);
    const entries = numberEntries(this.sessionId, newEntries);
    this.index(entries);
    return entries;
  }

  /** The wait for late events (deps.settle, else defaultSettle). */
  settle(): Promise<void> {
    return (this.deps.settle ?? (() => defaultSettle(this.browser)))();
  }

  private index(entries: JournalEntry[]) {
    for (const e of entries) {
      if (e.role === 'moved') this.movedSeq.set(e.id, e.seq);
      if (e.role !== 'removed') continue;
      this.entryById.set(e.id, e);
      const top = e.topLevel ? e.id : this.check.insideRemoved.get(e.id);
      if (top === undefined) continue;
      if (e.topLevel) this.topEntry.set(e.id, e);
      const list = this.entriesOf.get(top);
      if (list) list.push(e);
      else this.entriesOf.set(top, [e]);
    }
  }

  /** Copies a planned removal takes away: a loose duplicate 1, a copied folder the bookmarks in it, an empty folder 0. */
  copiesOf(id: string): number {
    const r = this.check.removals.get(id);
    if (r && isEmptied(r)) return 0;
    return r?.planned.kind === 'folder' ? this.bookmarksInside(id) : 1;
  }

  /** Bookmarks the journal holds inside a planned removal (a copied folder's). */
  bookmarksInside(id: string): number {
    return (this.entriesOf.get(id) ?? []).filter((e) => !e.topLevel && e.type === 'bookmark').length;
  }

  /** The journal entries of a planned removal: the item and everything inside it. */
  seqsOf(id: string): number[] {
    return (this.entriesOf.get(id) ?? []).map((e) => e.seq);
  }

  /** Pause and cancel between calls: false once the person cancelled (and from then on). */
  async checkpoint(): Promise<boolean> {
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
  async skipRemoval(id: string, title: string | null, reason: ProblemReason, message: Msg, seqs = this.seqsOf(id), report = true): Promise<void> {
    if (report) this.problems.push(problem(id, title, reason, message));
    this.state.set(id, 'skipped');
    for (const seq of seqs) this.skippedSeqs.add(seq);
    this.meter.drop(this.laneOf(id), 1);
    if (reason === 'cancelled') this.log.note({ skipped: seqs });
    else await this.log.write({ skipped: seqs });
  }

  /** The progress meter's kind of call for a planned removal. */
  laneOf(id: string): 'folder' | 'loose' {
    const r = this.check.removals.get(id);
    return r && (r.planned.kind === 'folder' || isEmptied(r)) ? 'folder' : 'loose';
  }

  /** A planned removal went: counted in the plan's units and noted done in the journal. */
  markRemoved(id: string) {
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

  /**
   * After one removeTree took a folder with these planned removals in it: each one gone is done; one someone else
   * moved out in the moment of the call is where they put it, not removed. Returns the copies (bookmarks) removed.
   */
  settleRemovedWith(removals: readonly CheckedRemoval[]): number {
    let removed = 0;
    for (const r of removals) {
      if (!this.guard.isGone(r.node.id)) {
        this.unjournal(r.node.id);
        this.state.set(r.node.id, 'skipped');
        this.problems.push(problem(r.node.id, r.node.title, 'changed', msg('cleanupProblemChangedDuring')));
        continue;
      }
      this.markRemoved(r.node.id);
      this.noteRemovedKeys(this.entriesOf.get(r.node.id) ?? []);
      if (r.planned.kind === 'bookmark') removed++;
    }
    return removed;
  }

  /** What went, by id and URL, for the session's record (finishApply). */
  noteRemovedKeys(entries: readonly Entry[]) {
    for (const e of entries) {
      if (e.type === 'bookmark') this.removedKeys.push(e.id);
      if (e.url) this.removedKeys.push(e.url);
    }
  }

  /** Takes a planned removal out of what the cleanup did. */
  uncount(id: string) {
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

  /** A journaled item someone else removed or moved away before the cleanup could: not the cleanup's to restore. */
  unjournal(id: string) {
    const e = this.entryById.get(id);
    if (!e || this.skippedSeqs.has(e.seq)) return;
    this.takenByOthers.add(e.seq);
    this.skippedSeqs.add(e.seq);
    this.log.note({ skipped: [e.seq] });
  }

  /** Why a loose removal must not go ahead now, from everything seen so far; null when it may. */
  reasonToLeave(r: CheckedRemoval): LeaveReason | null {
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

  /** `wanted` if it is still there, else the nearest folder above it that is, else Other Bookmarks. */
  liveTarget(wanted: string, ancestorIds: readonly string[]): string {
    const alive = (id: string) => id !== ROOT_ID && !this.deadFolders.has(id) && !this.guard.isGone(id) && !this.removedByUs(id);
    // A folder replaced by a fresh copy: the copy is where its items go.
    const fresh = this.replacedBy.get(wanted);
    if (fresh && alive(fresh)) return fresh;
    if (alive(wanted)) return wanted;
    for (let i = ancestorIds.length - 1; i >= 0; i--) if (alive(ancestorIds[i])) return ancestorIds[i];
    return UNFILED_ID;
  }

  /** Whether the apply removed this journaled item (or decided to, its call under way). */
  removedByUs(id: string): boolean {
    const e = this.entryById.get(id);
    if (e === undefined || this.skippedSeqs.has(e.seq)) return false;
    const top = e.topLevel ? e.id : (this.check.insideRemoved.get(e.id) ?? e.id);
    // A copied folder going item by item: only what went of it (an edit of an item it left is no business of ours).
    if (this.singly.has(top)) return this.removedSingly.has(e.id);
    return this.decidedAt.has(top);
  }
}

/** The journal's writes, each made once `begun` (the session's own write) has settled, and thrown with its failure. */
function writesAfter(journal: Journal, begun: Promise<void>): JournalWrites {
  return {
    recordProgress: (...args) => begun.then(() => journal.recordProgress(...args)),
    append: (...args) => begun.then(() => journal.append(...args)),
    recordIdMap: (...args) => begun.then(() => journal.recordIdMap(...args)),
    finishApply: (...args) => begun.then(() => journal.finishApply(...args)),
  };
}

/**
 * The wait is armed at once (work done meanwhile overlaps it); the round trip after it lets in every event Firefox
 * sent before answering, including those the work held up.
 */
async function defaultSettle(browser: Browser): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  await browser.bookmarks.get(ROOT_ID).catch(() => undefined);
}
