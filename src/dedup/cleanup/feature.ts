/**
 * The applying half of the duplicate engine in the background: the 'dedup.cleanup' job. The journal, its queue,
 * start-up recovery, undo and redo are the history's (src/operation-history/history.ts): a cleanup runs in its queue, alone
 * (a second cleanup, or an undo, while one runs is refused at once), and a failure rolls it back at once.
 */
import type { BackgroundDeps } from '../../feature-contract';
import type { JobHandlersOf } from '../../messaging/define';
import { AppError } from '../../messaging/errors';
import { applyPlan } from './apply';
import type { TagAccess, WriteDeps } from '../../operation-history';
import { createChangeWatch } from '../../operation-history';
import { bookmarkEventsOf } from '../../platform/bookmark-events';
import { createHistory, operationKindOf, loadRemovedHistory, recoverInterruptedSessions, type History, type Journal, type RemovedHistory } from '../../operation-history';
import type { CleanupPlan } from '../plan-types';
import type { Settings } from '../../settings';
import type { dedupJobs } from '../protocol';
import { cleanupRecords } from './cleanup-records';
import { t } from '../../i18n';

export interface DedupCleanupFeatureDeps extends BackgroundDeps {
  tags: TagAccess;
  /** The one history; defaults to one of its own (over `journal`, or the 'tidymarks-journal' database). */
  history?: History;
  journal?: Journal;
  newSessionId?: () => string;
  /** The settings, for the folders they hold by id (never replaced by a fresh copy); none held when absent. */
  getSettings?: () => Promise<Settings>;
}

type ApplyJobs = Pick<typeof dedupJobs, 'dedup.cleanup'>;

export function createDedupCleanupFeature(deps: DedupCleanupFeatureDeps) {
  const history = deps.history ?? createHistory({ ...deps, journal: deps.journal });
  const journal = history.journal;
  // Subscribed now, synchronously, to every event as it arrives: they tell a running apply what changed under it.
  const events = bookmarkEventsOf(deps);
  const watch = createChangeWatch(events);
  const getSettings = deps.getSettings;
  const heldFolderIds = getSettings
    ? async () => {
        const { quickBookmark, exclusions, keep } = await getSettings();
        return new Set([...(quickBookmark.folderId ? [quickBookmark.folderId] : []), ...exclusions.folderIds, ...keep.preferredFolderIds]);
      }
    : undefined;
  const cleanup: WriteDeps = {
    browser: deps.browser,
    journal,
    tags: deps.tags,
    now: deps.now,
    newSessionId: deps.newSessionId,
    watch,
    deliverEvents: () => events.flush(),
    heldFolderIds,
  };

  async function apply(plan: CleanupPlan, ctx: Parameters<JobHandlersOf<ApplyJobs>['dedup.cleanup']>[1]) {
    try {
      return await applyPlan(cleanup, plan, ctx);
    } catch (error) {
      if (error instanceof AppError && error.code === 'cancelled') throw error;
      // Something unexpected after the journal was written: put everything back now rather than at next start.
      const outcomes = (await recoverInterruptedSessions(cleanup, (s) => operationKindOf(s) === 'cleanup')).filter((o) => o.action === 'rolled-back');
      const message = error instanceof Error ? error.message : String(error);
      if (!outcomes.length) throw error;
      if (outcomes.some((o) => o.error)) {
        throw new AppError('internal', t('cleanupFailedStuck', message));
      }
      throw new AppError('internal', t('cleanupFailedPutBack', message));
    }
  }

  const jobs: JobHandlersOf<ApplyJobs> = {
    'dedup.cleanup': (plan, ctx) => history.alone('cleanup', ctx, (job) => apply(plan, job)),
  };

  return {
    /** Its one request is a job. */
    handlers: {},
    jobs,
    history,
    journal,
    /** Settles when start-up recovery is done (tests, and anything that must see a consistent tree). */
    recovery: history.recovered,
    /** What earlier cleanups removed, for the scan's "back again" flag. */
    removedHistory: (): Promise<RemovedHistory> => loadRemovedHistory(journal),
    /** Every cleanup of the history, for a backup. */
    cleanupRecords: () => cleanupRecords(history),
  };
}

export type DedupCleanupFeature = ReturnType<typeof createDedupCleanupFeature>;
