/**
 * Restores chosen removed items of a backup (the steps restore-plan.ts worked out on the page) as ONE operation of the
 * history, with the import's mechanism (src/bookmarks-html ImportOperation): items are journaled ahead of their
 * creates, up to 32 in one write (StepsAhead, as an import's), their tags journaled and added with the next batch, so a cancel, a
 * closed tab or a failure takes back what was created (what someone changed meanwhile stays), a kill is rolled back at
 * the next start, and the finished restore is undone from the history like an import. Each item goes into its folder
 * at its backup position, clamped to the folder's length (read once per folder and counted on as items go in), except
 * that an item that followed the one restored just before it in the same folder goes right after that one: put where
 * that one was last seen, and once all are in, each folder is read once and what someone else's change put out of its
 * run is moved beside its neighbour (keep-runs-together.ts). So a run of restored items stays together and in order
 * whatever the person does meanwhile, and what they did stays (README.md "Restoring removed items"). Its tags from the
 * backup are added to its address; its backup dates go to the imported-dates store (Firefox gives a created item
 * today's date and a new id; extensions can set neither).
 *
 * What someone does meanwhile wins: a folder removed since the comparison leaves its items out, each reported; a
 * bookmark made meanwhile is never taken for a restored one (the journal's rule, import-journal.ts).
 */
import type { JobContext } from '../messaging/define';
import { AppError } from '../messaging/errors';
import type { Browser } from '../platform/browser';
import { errorMessage } from '../platform/bookmark-reads';
import { StepsAhead, type ImportOperation } from '../bookmarks-html';
import { createDateBatcher, type BookmarkDate } from '../bookmark-dates';
import { msg, msgPlural, plural, t, type Msg } from '../i18n';
import { keepRunsTogether, type BesidePair } from './keep-runs-together';
import type { RestoreStep } from './restore-plan';

/** What a step creates, its folder and position aside. */
function detailsOf(step: RestoreStep): { title?: string; url?: string; type?: 'separator' } {
  return { ...(step.kind === 'separator' ? { type: 'separator' as const } : { title: step.title }), ...(step.kind === 'bookmark' && { url: step.url! }) };
}

export interface RestoreProgress {
  done: number;
  total: number;
}

export interface RestoreReport {
  restored: { bookmarks: number; folders: number; separators: number };
  /** Addresses the backup's tags were added to (one that had them all is not counted). */
  taggedUrls: number;
  /** Items not restored, each with why (its folder is gone, Firefox refused it). */
  problems: Msg[];
  /** The operation in the history (undo it there or from the page), null when nothing was created. */
  sessionId: string | null;
  /** Items whose backup dates Tidymarks keeps. */
  datesKept: number;
}

export interface RestoreDeps {
  browser: Browser;
  operation: ImportOperation;
  keepBookmarkDates?(records: readonly BookmarkDate[]): Promise<void>;
}

/** Refuses a plan that does not hold together before anything is created: a step's folder must be an earlier folder step. */
export function checkSteps(steps: readonly RestoreStep[]): void {
  steps.forEach((step, i) => {
    if ('step' in step.parent && (step.parent.step >= i || steps[step.parent.step]!.kind !== 'folder')) throw new AppError('invalid-input', t('backupsRestoreBadPlan'));
    if (step.kind === 'bookmark' && step.url === undefined) throw new AppError('invalid-input', t('backupsRestoreBadPlan'));
    if (step.kind === 'separator' && step.url !== undefined) throw new AppError('invalid-input', t('backupsRestoreBadPlan'));
  });
}

async function restoreSteps(deps: RestoreDeps, steps: readonly RestoreStep[], ctx: JobContext<RestoreProgress>): Promise<RestoreReport> {
  const { browser, operation } = deps;
  const report: RestoreReport = { restored: { bookmarks: 0, folders: 0, separators: 0 }, taggedUrls: 0, problems: [], sessionId: null, datesKept: 0 };
  /** How many items each folder holds now: read once, counted on as items go in; null for a folder that is gone. */
  const lengths = new Map<string, number | null>();
  /** Per folder, the item restored into it last: its id, its backup position and where it was last seen. */
  const lastIn = new Map<string, { id: string; position: number; index: number }>();
  /** The run's previous item in this folder, when the step came right after it in the backup. */
  const neighbourOf = (parentId: string, position: number) => {
    const last = lastIn.get(parentId);
    return last && last.position === position - 1 ? last : null;
  };
  /** Items to keep right after the one restored before them, put together once all are in (keep-runs-together.ts). */
  const pairs: BesidePair[] = [];
  const lengthOf = async (folderId: string) => {
    if (!lengths.has(folderId)) {
      try {
        lengths.set(folderId, (await browser.bookmarks.getChildren(folderId)).length);
      } catch {
        lengths.set(folderId, null);
      }
    }
    return lengths.get(folderId)!;
  };
  const dates = createDateBatcher(deps.keepBookmarkDates, {
    kept: (count) => (report.datesKept += count),
    failed: (count, error) => report.problems.push(msgPlural('backupsRestoreDatesNotKept', count, errorMessage(error))),
  });
  /** The steps journaled ahead of their creates, many in one write (src/bookmarks-html steps-ahead.ts). */
  const run = new StepsAhead(operation, steps, async (step, parentId) => ((await lengthOf(parentId)) === null ? null : { parentId, ...detailsOf(step) }));
  let lastReport = 0;
  try {
    for (const [i, step] of steps.entries()) {
      await ctx.checkpoint();
      const journaled = await run.reach(i);
      const name = step.kind === 'separator' ? t('organizerSeparator') : step.title || step.url || t('untitledFolder');
      const parentId = run.parentOf(i);
      if (!parentId) {
        if (journaled) await operation.skipAhead();
        report.problems.push(msg('backupsRestoreNoFolder', name));
        continue;
      }
      const length = await lengthOf(parentId);
      if (length === null) {
        if (journaled) await operation.skipAhead();
        report.problems.push(msg('backupsRestoreFolderGone', name));
        continue;
      }
      try {
        const neighbour = neighbourOf(parentId, step.index);
        const created = await operation.create({ parentId, index: neighbour ? neighbour.index + 1 : Math.min(step.index, length), ...detailsOf(step) });
        run.created(i, created.id);
        lengths.set(parentId, length + 1);
        if (neighbour) pairs.push({ parentId, before: neighbour.id, id: created.id });
        lastIn.set(parentId, { id: created.id, position: step.index, index: created.index ?? 0 });
        if (step.kind === 'folder') {
          lengths.set(created.id, 0);
          report.restored.folders++;
        } else if (step.kind === 'separator') {
          report.restored.separators++;
        } else {
          report.restored.bookmarks++;
          operation.addTags(created.url ?? step.url!, step.tags);
        }
        if (step.dateAdded !== null)
          await dates.add({ id: created.id, dateAdded: step.dateAdded, ...(step.lastModified !== null && { lastModified: step.lastModified }) });
      } catch (error) {
        // The folder went meanwhile, or Firefox refused the item: it is left out, the rest goes on.
        lengths.delete(parentId);
        report.problems.push(msg('backupsRestoreNotCreated', name, errorMessage(error)));
      }
      const now = Date.now();
      if (now - lastReport >= 100) {
        lastReport = now;
        ctx.progress({ done: i + 1, total: steps.length });
      }
    }
    await keepRunsTogether(browser, pairs);
  } finally {
    await dates.flush();
  }
  await operation.writeTags((tags, error) => report.problems.push(msg('backupsRestoreTagsNotStored', tags.join(', '), errorMessage(error))));
  report.taggedUrls = operation.taggedUrls;
  ctx.progress({ done: steps.length, total: steps.length });
  return report;
}

/**
 * Restores the steps as one operation, all or nothing: a cancel (or a closed tab) and a failure take back what was
 * created, except what someone changed meanwhile; a kill is rolled back at the next start (the history's recovery).
 */
export async function restoreRemoved(deps: RestoreDeps, steps: readonly RestoreStep[], ctx: JobContext<RestoreProgress>): Promise<RestoreReport> {
  checkSteps(steps);
  const { operation } = deps;
  try {
    const report = await restoreSteps(deps, steps, ctx);
    await operation.finish();
    return { ...report, sessionId: operation.id };
  } catch (error) {
    const cancelled = error instanceof AppError && error.code === 'cancelled';
    if (!operation.id) throw cancelled ? new AppError('cancelled', t('backupsRestoreCancelledNothing')) : error;
    const reason = errorMessage(error);
    try {
      await operation.rollBack(cancelled ? t('backupsRestoreNoteCancelled') : t('backupsRestoreNoteFailed', reason));
    } catch (rollbackError) {
      throw new AppError('internal', t('backupsRestoreStuck', reason, errorMessage(rollbackError)));
    }
    if (cancelled) throw new AppError('cancelled', plural('backupsRestoreCancelled', operation.createdCount));
    throw new AppError('internal', t('backupsRestoreFailedTakenBack', reason));
  }
}
