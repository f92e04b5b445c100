/**
 * The applying half of the duplicate engine in the background: the 'dedup.apply' and 'dedup.undo' jobs (undo also
 * takes back a finished import: one operation journal), the 'dedup.sessions' request, and crash recovery at
 * start-up (interrupted cleanups and imports). Apply, undo and recovery touch the same bookmarks and
 * journal, so they run one at a time (a promise queue); recovery is queued first, when the feature is built,
 * without being awaited: the composition root stays synchronous and registers its listeners at top level.
 */
import type { BackgroundDeps } from '../../app/feature';
import type { HandlersOf, JobHandlersOf } from '../../messaging/define';
import { AppError } from '../../messaging/errors';
import { applyPlan, type CleanupDeps, type TagAccess } from './apply';
import { createChangeWatch } from './change-watch';
import { bookmarkEventsOf } from '../../platform/bookmark-events';
import type { CleanupOutcomeNumbers } from '../cleanup-numbers';
import { kindOf, loadRemovedHistory, openJournal, outcomeNumbersOf, type EditSummary, type Journal, type OperationKind, type SessionStatus } from '../../operations';
import type { CleanupPlan } from '../plan-types';
import type { dedupJobs, dedupProtocol } from '../protocol';
import { recoverInterruptedSessions, type RecoveryOutcome } from '../../operations';
import type { RemovedHistory } from '../../operations';
import { restoreSession } from '../../operations';
import { t } from '../../i18n';

/** One session of the operation journal (a cleanup or an import) as the options page lists it. */
export interface SessionSummary {
  id: string;
  kind: OperationKind;
  createdAt: number;
  finishedAt: number | null;
  status: SessionStatus;
  cancelled: boolean;
  undone: boolean;
  undoneAt: number | null;
  /** Only an applied (not yet undone) session can be undone. */
  canUndo: boolean;
  counts: CleanupOutcomeNumbers;
  /** An import: what it created. */
  imported: { bookmarks: number; folders: number; separators: number } | null;
  /** An organizer edit: what it did. */
  edit: EditSummary | null;
  note: string | null;
}

export interface DedupApplyFeatureDeps extends BackgroundDeps {
  tags: TagAccess;
  /** Defaults to the 'tidymarks-journal' database. */
  journal?: Journal;
  newSessionId?: () => string;
}

type ApplyJobs = Pick<typeof dedupJobs, 'dedup.apply' | 'dedup.undo'>;
type ApplyRequests = Pick<typeof dedupProtocol, 'dedup.sessions'>;

export function createDedupApplyFeature(deps: DedupApplyFeatureDeps) {
  const journal = deps.journal ?? openJournal();
  // Subscribed now, synchronously, to every event as it arrives: they tell a running apply what changed under it.
  const watch = createChangeWatch(bookmarkEventsOf(deps));
  const cleanup: CleanupDeps = { browser: deps.browser, journal, tags: deps.tags, now: deps.now, newSessionId: deps.newSessionId, watch };

  let queue: Promise<unknown> = Promise.resolve();
  /** Runs work after everything queued before it (success or failure). */
  function serial<T>(work: () => Promise<T>): Promise<T> {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  }

  // Crash safety: an apply or undo the previous event page did not finish is rolled back / finished first.
  const recovery: Promise<RecoveryOutcome[]> = serial(() => recoverInterruptedSessions(cleanup));

  async function apply(plan: CleanupPlan, ctx: Parameters<JobHandlersOf<ApplyJobs>['dedup.apply']>[1]) {
    try {
      return await applyPlan(cleanup, plan, ctx);
    } catch (error) {
      if (error instanceof AppError && error.code === 'cancelled') throw error;
      // Something unexpected after the journal was written: put everything back now rather than at next start (only
      // the cleanup: an import or an organizer edit may be running beside it, and is not interrupted).
      const outcomes = (await recoverInterruptedSessions(cleanup, (s) => kindOf(s) === 'cleanup')).filter((o) => o.action === 'rolled-back');
      const message = error instanceof Error ? error.message : String(error);
      if (!outcomes.length) throw error;
      if (outcomes.some((o) => o.error)) {
        throw new AppError('internal', t('cleanupFailedStuck', message));
      }
      throw new AppError('internal', t('cleanupFailedPutBack', message));
    }
  }

  /**
   * One cleanup or undo at a time, and a second one is refused at once rather than queued: queued behind a paused
   * one it would wait for that pause (up to its 10-minute bound) with nothing to tell the person why.
   */
  let running: 'cleanup' | 'undo' | null = null;
  function alone<T>(kind: 'cleanup' | 'undo', work: () => Promise<T>): Promise<T> {
    if (running) {
      return Promise.reject(new AppError('conflict', t(running === 'cleanup' ? 'cleanupBusyCleanup' : 'cleanupBusyUndo')));
    }
    running = kind;
    return serial(work).finally(() => (running = null));
  }

  const jobs: JobHandlersOf<ApplyJobs> = {
    'dedup.apply': (plan, ctx) => alone('cleanup', () => apply(plan, ctx)),
    'dedup.undo': ({ sessionId }, ctx) => alone('undo', () => restoreSession(cleanup, sessionId, ctx, 'undo')),
  };

  const handlers: HandlersOf<ApplyRequests> = {
    'dedup.sessions': async () =>
      (await journal.listSessions()).map((s) => ({
        id: s.id,
        kind: kindOf(s),
        createdAt: s.createdAt,
        finishedAt: s.finishedAt,
        status: s.status,
        cancelled: s.cancelled,
        undone: s.status === 'undone',
        undoneAt: s.undoneAt,
        canUndo: s.status === 'applied',
        counts: outcomeNumbersOf(s.counts),
        imported: s.imported ?? null,
        edit: s.edit ?? null,
        note: s.note,
      })),
  };

  return {
    handlers,
    jobs,
    journal,
    /** Settles when start-up recovery is done (tests, and anything that must see a consistent tree). */
    recovery,
    /** What earlier cleanups removed, for the scan's "back again" flag. */
    removedHistory: (): Promise<RemovedHistory> => loadRemovedHistory(journal),
    reset: () => serial(() => journal.clear()),
  };
}

export type DedupApplyFeature = ReturnType<typeof createDedupApplyFeature>;
