/**
 * The state one restore (undo.ts restoreSession) shares among its steps: the session and what its progress records
 * say, the tree as the restore found it and keeps it up to date (`live`), where each journaled id is now (`current`,
 * through the id map), what the restore journals of itself (`inv`), what it left alone and the problems it met, and
 * its counts and progress. Beside it, the words of what a restore reports (UndoProgress, UndoProblem, LeftAlone).
 */
import { AppError } from '../messaging/errors';
import type { JobContext } from '../messaging/define';
import type { BookmarkNode } from '../platform/browser';
import { descendants } from '../platform/tree';
import type { Msg } from '../i18n';
import type { EditSteps } from './edit';
import type { IdMapRecord } from './journal';
import type { JournalEntry } from './journal-entries';
import type { SessionProgress, SessionRecord } from './journal-records';
import type { WriteDeps } from './ports';
import { restoredUnitsCounter } from './restored-units';

export type UndoPhase = 'checking' | 'restoring' | 'tags' | 'done';

export interface UndoProgress {
  phase: UndoPhase;
  done: number;
  total: number;
  rate: number;
}

export interface UndoProblem {
  id: string;
  title: string | null;
  /** What happened, as data: the page words it in its locale (`say()` in src/i18n). */
  message: Msg;
}

/** Why undo left something as it found it. */
export type LeftAloneReason = 'already-back' | 'moved-since' | 'deleted-since' | 'changed-since' | 'not-empty';

export interface LeftAlone {
  reason: LeftAloneReason;
  /** How many items. */
  count: number;
  /** Titles of the first few, for the report. */
  titles: string[];
}

export type RestoreCtx = Pick<JobContext<UndoProgress>, 'progress' | 'checkpoint'>;

export type RestoreMode = 'undo' | 'rollback';

const BATCH = 25;
const TITLES_LISTED = 5;

export interface LiveNode {
  parentId: string | undefined;
  childCount: number;
  node: BookmarkNode;
  /** Child ids when the restore started. */
  childIds: string[];
}

export function indexTree(roots: BookmarkNode[]): Map<string, LiveNode> {
  const live = new Map<string, LiveNode>();
  for (const node of descendants(roots)) {
    const childIds = node.children?.map((c) => c.id) ?? [];
    live.set(node.id, { parentId: node.parentId, childCount: childIds.length, node, childIds });
  }
  return live;
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export class LeftAloneReport {
  private readonly byReason = new Map<LeftAloneReason, LeftAlone>();
  add(reason: LeftAloneReason, title: string) {
    const entry = this.byReason.get(reason) ?? { reason, count: 0, titles: [] };
    entry.count++;
    if (entry.titles.length < TITLES_LISTED) entry.titles.push(title);
    this.byReason.set(reason, entry);
  }
  list(): LeftAlone[] {
    return [...this.byReason.values()];
  }
}

/** Steps that record nothing: a restore without an inverse operation (a roll-back, an older undo). */
export function unrecorded(): EditSteps {
  let next = 0;
  const none = () => Promise.resolve();
  return {
    attempt: none,
    done: none,
    skipped: none,
    created: () => undefined,
    append: (entries) => Promise.resolve(entries.map((e) => ({ ...e, sessionId: '', seq: next++ }) as JournalEntry)),
    flush: none,
  };
}

/** The old ids a restore needs to find now (through the id map): its items, their folders and ancestors. */
export function idsToResolve(entries: readonly JournalEntry[]): string[] {
  const ids = new Set<string>();
  for (const e of entries) {
    if (e.role === 'reordered') for (const id of [e.folderId, ...e.order]) ids.add(id);
    if (e.role === 'updated') ids.add(e.id);
    if (e.role !== 'removed' && e.role !== 'moved') continue;
    ids.add(e.id).add(e.parentId);
    if (e.role === 'moved') ids.add(e.toParentId);
    if (e.role === 'removed') for (const a of e.ancestorIds) ids.add(a);
  }
  return [...ids];
}

/** What a restore starts from, read before it changes anything (undo.ts readRestore). */
export interface RestoreStart {
  deps: WriteDeps;
  ctx: RestoreCtx;
  session: SessionRecord;
  mode: RestoreMode;
  /** The session was being restored already (an undo cancelled, or cut short by a crash): this run goes on with it. */
  resuming: boolean;
  progress: SessionProgress;
  /** Every entry of the session. */
  all: readonly JournalEntry[];
  /** The entries it carried out (undo-scope.ts): what is restored. */
  entries: readonly JournalEntry[];
  live: Map<string, LiveNode>;
  /** Old id -> id now, through the id map; items the restore re-creates are added as it goes. */
  resolved: Map<string, string>;
  /** The inverse operation the restore journals itself in (the history's undo and redo), or null. */
  inverse: EditSteps | null;
  /** `inverse`, or steps that record nothing. */
  inv: EditSteps;
}

/** One restore's shared state: what it started from, what it has done so far, and its progress. */
export class RestoreState implements RestoreStart {
  readonly deps: WriteDeps;
  readonly ctx: RestoreCtx;
  readonly session: SessionRecord;
  readonly mode: RestoreMode;
  readonly resuming: boolean;
  readonly progress: SessionProgress;
  readonly all: readonly JournalEntry[];
  readonly entries: readonly JournalEntry[];
  readonly live: Map<string, LiveNode>;
  readonly resolved: Map<string, string>;
  readonly inverse: EditSteps | null;
  readonly inv: EditSteps;

  readonly problems: UndoProblem[] = [];
  readonly leftAlone = new LeftAloneReport();
  readonly units = restoredUnitsCounter();
  /** Items re-created. */
  restored = 0;
  /** Items moved back, put back in their old order, or given their old title or address. */
  movedBack = 0;
  /** Items the operation created that were removed. */
  removed = 0;
  /** Writes of placements journaled ahead so far (undo-placements.ts journalAhead): the number of the next. */
  aheadBatches = 0;
  /** Steps done, of `total`. */
  done = 0;
  private total = 0;
  private started = 0;
  // A roll-back records each re-created id at once (not awaited: the write overlaps the next create); an undo or redo
  // (with an inverse) keeps them for flushIds, one write per BATCH items, as it stores their ids in its inverse (a kill
  // takes the undo back: its re-created items go, and their records with them). flushIds waits.
  private idWrites: Promise<void>[] = [];
  private idRecords: IdMapRecord[] = [];

  constructor(start: RestoreStart) {
    this.deps = start.deps;
    this.ctx = start.ctx;
    this.session = start.session;
    this.mode = start.mode;
    this.resuming = start.resuming;
    this.progress = start.progress;
    this.all = start.all;
    this.entries = start.entries;
    this.live = start.live;
    this.resolved = start.resolved;
    this.inverse = start.inverse;
    this.inv = start.inv;
  }

  /** Where an item the session knew by `oldId` is now. */
  readonly current = (oldId: string): string => this.resolved.get(oldId) ?? oldId;
  readonly exists = (oldId: string): boolean => this.live.has(this.current(oldId));

  /** Starts counting `total` steps (the rate is measured from now). */
  begin(total: number): void {
    this.total = total;
    this.started = this.deps.now();
  }

  report(phase: UndoPhase): void {
    const { done, total } = this;
    this.ctx.progress({ phase, done, total, rate: Math.round(done / Math.max(0.001, (this.deps.now() - this.started) / 1000)) });
  }

  recordId(record: IdMapRecord): void {
    if (this.inverse) this.idRecords.push(record);
    else this.idWrites.push(this.deps.journal.recordIdMap([record]));
  }

  async flushIds(): Promise<void> {
    const writes = this.idWrites;
    const records = this.idRecords;
    this.idWrites = [];
    this.idRecords = [];
    await Promise.all([...writes, this.deps.journal.recordIdMap(records), this.inv.flush()]);
  }

  /** Before a step: every BATCH steps, writes what is noted, reports and lets a cancel in. False once cancelled. */
  async step(): Promise<boolean> {
    if (this.done % BATCH !== 0) return true;
    await this.flushIds();
    this.report('restoring');
    try {
      await this.ctx.checkpoint();
      return true;
    } catch (error) {
      if (error instanceof AppError && error.code === 'cancelled') return false;
      throw error;
    }
  }
}
