/**
 * The one history of every change Tidymarks makes to bookmarks and tags: cleanups, imports and edits (the organizer,
 * the Tags view, the popup, the quick bookmark, the Places API), each an operation of the journal (journal.ts).
 *
 * - One queue: every journaled write runs through `serial`, one at a time, after start-up recovery (which is queued
 *   first). So an edit never interleaves with a cleanup, an import, an undo or another edit, and recovery never
 *   mistakes a running one for one a crash interrupted.
 * - Undo of an operation writes its own inverse operation, ahead of every call (kind 'undo', `undoes`); undoing that
 *   inverse is the redo, and so on: an operation with its undos and redos is a chain, and what it is now is its tip
 *   (the newest of the chain not rolled back). Both follow the rule of the cleanup: someone else's change wins.
 * - An undo or redo cancelled or failing part way is rolled back at once (its inverse taken back), one cut short by a
 *   crash at the next start: either happens whole or not at all.
 * - A new operation ends what could be redone (journal.ts clears `redoable`); the last KEPT_SESSIONS operations are
 *   kept, each with its chain.
 */
import type { BackgroundDeps } from '../feature-contract';
import type { KeywordAccess, TagAccess, WriteDeps } from './ports';
import { t, type MessageId } from '../i18n';
import type { HandlersOf, JobContext, JobHandlersOf } from '../messaging/define';
import { AppError } from '../messaging/errors';
import { createSerialQueue } from '../platform/serial-queue';
import { JournaledOperation } from './edit';
import { KEPT_SESSIONS, openJournal, type Journal } from './journal';
import { operationKindOf, newSession, outcomeNumbersOf, UNFINISHED_STATUSES, type OperationSource, type SessionRecord, type SessionStatus } from './journal-records';
import type { historyJobs, historyProtocol, HistoryResult, OperationSummary } from './protocol';
import { recoverInterruptedSessions, type RecoveryOutcome } from './recovery';
import { restoreSession, type UndoProgress, type UndoResult } from './undo';

export interface HistoryDeps extends BackgroundDeps {
  tags: TagAccess;
  /** The keyword store: undo and redo of what set keywords (none journaled without it). */
  keywords?: KeywordAccess;
  /** Defaults to the 'tidymarks-journal' database. */
  journal?: Journal;
  newSessionId?: () => string;
  /** See WriteDeps.readTree. */
  readTree?: WriteDeps['readTree'];
}

type Ctx = Pick<JobContext<UndoProgress>, 'progress' | 'checkpoint'>;

/** The long writes that run alone (pausable jobs): a cleanup, an undo or redo, a link-health fix. */
type AloneKind = 'cleanup' | 'undo' | 'links-fix';
const BUSY: Record<AloneKind, MessageId> = { cleanup: 'cleanupBusyCleanup', undo: 'cleanupBusyUndo', 'links-fix': 'linksFixBusy' };
const quietCtx: Ctx = { progress: () => undefined, checkpoint: async () => undefined };

/** An operation with its undos and redos. */
interface Chain {
  root: SessionRecord;
  /** What it is now: the newest session of the chain not rolled back (the root itself when never undone). */
  tip: SessionRecord;
  summary: OperationSummary;
}

const depthOf = (s: SessionRecord) => s.depth ?? 0;

function chainsOf(sessions: readonly SessionRecord[]): Chain[] {
  const members = new Map<string, SessionRecord[]>();
  for (const s of sessions) {
    if (!s.rootId) continue;
    const list = members.get(s.rootId);
    if (list) list.push(s);
    else members.set(s.rootId, [s]);
  }
  const out: Chain[] = [];
  // Sessions come newest first (journal.listSessions): so do the operations.
  for (const root of sessions) {
    if (operationKindOf(root) === 'undo') continue;
    let tip = root;
    for (const s of members.get(root.id) ?? []) {
      if (s.status === 'rolled-back') continue;
      if (depthOf(s) > depthOf(tip) || (depthOf(s) === depthOf(tip) && (s.order ?? 0) > (tip.order ?? 0))) tip = s;
    }
    out.push({ root, tip, summary: summarize(root, tip) });
  }
  const summaries = out.map((c) => c.summary);
  const undo = newestOf(summaries, (s) => s.canUndo);
  const redo = newestOf(summaries, (s) => s.canRedo);
  if (undo) undo.next = 'undo';
  if (redo) redo.next = 'redo';
  return out;
}

/**
 * What Undo or Redo without a named operation takes: of the operations that can, the one done, undone or redone last
 * (highest order; operations of older versions have none and come by date).
 */
function newestOf(summaries: readonly OperationSummary[], fits: (summary: OperationSummary) => boolean): OperationSummary | undefined {
  let best: OperationSummary | undefined;
  for (const s of summaries) {
    if (!fits(s)) continue;
    if (!best || s.order > best.order || (s.order === best.order && s.createdAt > best.createdAt)) best = s;
  }
  return best;
}

function summarize(root: SessionRecord, tip: SessionRecord): OperationSummary {
  const busy = UNFINISHED_STATUSES.includes(tip.status) || UNFINISHED_STATUSES.includes(root.status);
  const depth = depthOf(tip);
  const state: OperationSummary['state'] = tip === root ? (root.status === 'undone' ? 'undone' : 'done') : depth % 2 === 1 ? 'undone' : 'redone';
  const status: SessionStatus = tip === root ? root.status : busy ? 'undoing' : state === 'undone' ? 'undone' : 'applied';
  return {
    id: root.id,
    kind: operationKindOf(root) as OperationSummary['kind'],
    createdAt: root.createdAt,
    finishedAt: root.finishedAt,
    status,
    cancelled: root.cancelled,
    state,
    undone: state === 'undone',
    undoneAt: state !== 'undone' ? null : tip === root ? root.undoneAt : tip.createdAt,
    canUndo: !busy && tip.status === 'applied' && depth % 2 === 0,
    canRedo: !busy && tip !== root && tip.status === 'applied' && depth % 2 === 1 && tip.redoable === true,
    order: tip.order ?? 0,
    next: null,
    counts: outcomeNumbersOf(root.counts),
    imported: root.imported ?? null,
    edit: root.edit ?? null,
    note: root.note,
  };
}

export function createHistory(deps: HistoryDeps) {
  const journal = deps.journal ?? openJournal();
  const restoreDeps: WriteDeps = {
    browser: deps.browser,
    journal,
    tags: deps.tags,
    keywords: deps.keywords,
    now: deps.now,
    newSessionId: deps.newSessionId,
    readTree: deps.readTree,
  };
  const queue = createSerialQueue();
  /** Runs a journaled write after everything queued before it (success or failure), after start-up recovery. */
  const serial = <T>(work: () => Promise<T>): Promise<T> => queue.run(work);

  // Crash safety: an operation (or an undo of one) the previous event page did not finish is rolled back first. Its
  // writes are our own bulk work, held as every other (the copy guard never takes what it puts back for arrivals).
  const events = deps.bookmarkEvents;
  const recovered: Promise<RecoveryOutcome[]> = serial(() =>
    events ? events.hold(() => recoverInterruptedSessions(restoreDeps)) : recoverInterruptedSessions(restoreDeps),
  );

  /**
   * A job's work in the queue. While its page has it paused, the job gives up its turn: the writes waiting behind it
   * (a quick bookmark, a popup save, an organizer edit) run instead of waiting for the pause, up to its 10-minute
   * bound; what they change is someone else's change to the job, which always wins. On resume it goes on before
   * anything queued meanwhile.
   */
  const serialJob = <P, T>(ctx: JobContext<P>, work: (ctx: JobContext<P>) => Promise<T>): Promise<T> =>
    queue.run((turn) =>
      work({
        progress: (value) => ctx.progress(value),
        signal: ctx.signal,
        paused: () => ctx.paused?.() ?? false,
        checkpoint: () => (ctx.paused?.() ? turn.yieldWhile(ctx.checkpoint()) : ctx.checkpoint()),
      }),
    );

  /**
   * One cleanup, undo or redo (or link-health fix) at a time, and a second one is refused at once rather than queued: queued behind a
   * paused one it would wait for that pause (up to its 10-minute bound) with nothing to tell the person why.
   */
  let running: AloneKind | null = null;
  function alone<P, T>(kind: AloneKind, ctx: JobContext<P>, work: (ctx: JobContext<P>) => Promise<T>): Promise<T> {
    if (running) return Promise.reject(new AppError('conflict', t(BUSY[running])));
    running = kind;
    return serialJob(ctx, work).finally(() => (running = null));
  }

  const chains = async () => chainsOf(await journal.listSessions());

  /** Takes an inverse back (an undo or redo that did not get to its end): what it did is put back as it was. */
  async function rollBack(inverse: JournaledOperation, target: SessionRecord) {
    await inverse.flush();
    await restoreSession(restoreDeps, await inverse.begin(), quietCtx, 'rollback');
    await journal.updateSession(target.id, { status: 'applied', undoStartedAt: null });
  }

  /** Undoes `target` (a chain's tip), journaling the inverse ahead of every call. */
  async function takeBack(target: SessionRecord, ctx: Ctx): Promise<UndoResult> {
    const depth = depthOf(target) + 1;
    const inverse = new JournaledOperation(restoreDeps, (id, createdAt) => ({
      ...newSession(id, 'undo', target.planId, createdAt),
      undoes: target.id,
      rootId: target.rootId ?? target.id,
      depth,
      ...(depth % 2 === 1 ? { redoable: true } : {}),
    }));
    await inverse.begin();
    let result: UndoResult;
    try {
      result = await restoreSession(restoreDeps, target.id, ctx, 'undo', inverse.steps);
    } catch (error) {
      await rollBack(inverse, target).catch((rollBackError: unknown) => console.error('Tidymarks: an undo that failed could not be rolled back', rollBackError));
      throw error;
    }
    if (result.cancelled) {
      // Cancelled part way: nothing of it stays.
      await rollBack(inverse, target);
      return { ...result, restored: 0, ...(result.units ? { units: { copies: 0, copiedFolders: 0, emptyFolders: 0 } } : {}), movedBack: 0, removed: 0 };
    }
    await inverse.finish();
    return result;
  }

  async function summaryOf(rootId: string): Promise<OperationSummary> {
    const chain = (await chains()).find((c) => c.root.id === rootId);
    if (!chain) throw new AppError('not-found', t('undoSessionGone', KEPT_SESSIONS));
    return chain.summary;
  }

  /** The chain an undo or redo request means: the operation given (or the one an undo of it belongs to), or the newest that can. */
  async function pick(sessionId: string | undefined, sources: readonly OperationSource[] | undefined, can: 'canUndo' | 'canRedo'): Promise<Chain> {
    const all = await chains();
    if (sessionId) {
      const chain = all.find((c) => c.root.id === sessionId || c.tip.id === sessionId);
      if (!chain) throw new AppError('not-found', t('undoSessionGone', KEPT_SESSIONS));
      if (!chain.summary[can]) {
        const s = chain.summary;
        const what =
          s.status === 'rolled-back'
            ? t('undoStatusRolledBack')
            : s.state === 'undone'
              ? t('undoStatusUndone')
              : can === 'canRedo'
                ? t('historyStatusNotUndone')
                : t('undoStatusOther', s.status);
        throw new AppError('conflict', t(can === 'canUndo' ? 'undoRefusedUndo' : 'redoRefused', what));
      }
      return chain;
    }
    const summary = newestOf(
      all.map((c) => c.summary),
      (s) => s[can] && (!sources || (!!s.edit?.source && sources.includes(s.edit.source))),
    );
    const found = summary && all.find((c) => c.summary === summary);
    if (!found) throw new AppError('not-found', t(can === 'canUndo' ? 'historyNothingToUndo' : 'historyNothingToRedo'));
    return found;
  }

  async function undo(input: { sessionId?: string; sources?: OperationSource[] }, ctx: Ctx): Promise<HistoryResult> {
    const chain = await pick(input.sessionId, input.sources, 'canUndo');
    const result = await takeBack(chain.tip, ctx);
    return { ...result, operation: await summaryOf(chain.root.id) };
  }

  async function redo(input: { sessionId?: string; sources?: OperationSource[] }, ctx: Ctx): Promise<HistoryResult> {
    const chain = await pick(input.sessionId, input.sources, 'canRedo');
    const result = await takeBack(chain.tip, ctx);
    return { ...result, operation: await summaryOf(chain.root.id) };
  }

  const handlers: HandlersOf<typeof historyProtocol> = {
    'history.list': async () => (await chains()).map((c) => c.summary),
  };
  const jobs: JobHandlersOf<typeof historyJobs> = {
    'history.undo': (input, ctx) => alone('undo', ctx, (job) => undo(input, job)),
    'history.redo': (input, ctx) => alone('undo', ctx, (job) => redo(input, job)),
  };

  return {
    journal,
    /** Settles when start-up recovery is done (tests, and anything that must see a consistent tree). */
    recovered,
    serial,
    serialJob,
    alone,
    /** The deps an operation's restore runs with (an import rolls itself back with them). */
    restoreDeps,
    list: async (): Promise<OperationSummary[]> => (await chains()).map((c) => c.summary),
    undo,
    redo,
    handlers,
    jobs,
    /** Writes running or waiting for their turn (tests: proves a write waits instead of running beside another). */
    pending: () => queue.pending,
    /** Test builds: forgets every operation, after what is running. */
    reset: () => serial(() => journal.clear()),
  };
}

export type History = ReturnType<typeof createHistory>;
