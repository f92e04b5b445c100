/**
 * Restoring chosen removed items from the Backups view: the bar over the comparison's list (how many are chosen, choose
 * all, clear, Restore), and what the restore did, with its undo and redo. The restore is one operation of the history
 * (src/firefox-backups restore.ts); the items chosen are worked out into steps on the page (restorePlan).
 */
import { useMemo } from 'preact/hooks';
import { restorePlan, type BackupDiff } from '../../firefox-backups';
import { plural, say, t } from '../../i18n';
import { describeLeftAlone } from '../../operation-words';
import { ProgressBar } from '../ProgressBar';
import type { RestoreState } from './use-restore';
import type { RestorePlan } from '../../firefox-backups';

export function RestoreBar({
  diff,
  chosen,
  onChoose,
  busy,
  onRestore,
}: {
  diff: BackupDiff;
  chosen: ReadonlySet<number>;
  onChoose(next: Set<number>): void;
  busy: boolean;
  onRestore(plan: RestorePlan): void;
}) {
  const plan = useMemo(() => restorePlan(diff, chosen), [diff, chosen]);
  const all = diff.removed.length;
  return (
    <div class="bulk-actions restore-bar" role="group" aria-label={t('backupsRestoreBarLabel')} data-testid="restore-bar">
      <span class="muted" aria-live="polite" data-testid="restore-chosen">
        {chosen.size === 0 ? t('backupsRestoreChooseHint') : plural('backupsRestoreChosen', plan.chosen)}
        {plan.containers > 0 && ` ${plural('backupsRestoreContainers', plan.containers)}`}
      </span>
      <button type="button" disabled={busy || chosen.size === all} onClick={() => onChoose(new Set(diff.removed.keys()))} data-testid="restore-choose-all">
        {plural('backupsRestoreChooseAll', all)}
      </button>
      {chosen.size > 0 && (
        <button type="button" class="link" disabled={busy} onClick={() => onChoose(new Set())}>
          {t('backupsRestoreClear')}
        </button>
      )}
      <button type="button" class="primary" disabled={busy || plan.steps.length === 0} onClick={() => onRestore(plan)} data-testid="restore-button">
        {plural('backupsRestoreButton', plan.steps.length)}
      </button>
    </div>
  );
}

export function RestoreOutcome({ restore, onTakeBack }: { restore: RestoreState; onTakeBack(redo: boolean): void }) {
  if (restore.state === 'running') {
    return (
      <div data-testid="restore-progress">
        <ProgressBar label={t('backupsRestoring')} done={restore.progress?.done ?? 0} total={restore.progress?.total ?? restore.total} />
        <button type="button" onClick={() => restore.handle.cancel()}>
          {t('backupsRestoreCancel')}
        </button>
      </div>
    );
  }
  if (restore.state === 'failed') {
    return (
      <p role="alert" class="error" data-testid="restore-failed">
        {restore.message}
      </p>
    );
  }
  const { report, takeBack } = restore;
  const undone = takeBack?.result && !takeBack.redo;
  return (
    <div class="report" data-testid="restore-report">
      <p role="status" data-testid="restore-summary">
        {report.sessionId === null
          ? t('backupsRestoreNothing')
          : t('backupsRestored', plural('importBookmarks', report.restored.bookmarks), plural('importFolders', report.restored.folders))}
        {report.taggedUrls > 0 && ` ${t('importTagsGiven', plural('importAddresses', report.taggedUrls))}`}
      </p>
      {report.sessionId !== null && <p class="muted">{t('backupsRestoreUndoNote')}</p>}
      {report.problems.length > 0 && (
        <details open>
          <summary>{plural('backupsRestoreProblems', report.problems.length)}</summary>
          <ul class="plain-list" data-testid="restore-problems">
            {report.problems.map((p, i) => (
              <li key={i}>{say(p)}</li>
            ))}
          </ul>
        </details>
      )}
      {takeBack?.result && (
        <>
          <p role="status" data-testid="restore-undone">
            {takeBack.redo ? t('backupsRestoreRedone') : t('backupsRestoreUndone')}
          </p>
          {takeBack.result.leftAlone.length > 0 && (
            <ul class="plain-list" data-testid="restore-left-alone">
              {takeBack.result.leftAlone.map((l) => (
                <li key={l.reason}>{describeLeftAlone(l)}</li>
              ))}
            </ul>
          )}
        </>
      )}
      {takeBack?.error && (
        <p role="alert" class="error">
          {takeBack.error}
        </p>
      )}
      {takeBack?.running && <p class="muted">{takeBack.redo ? t('backupsRestoreRedoing') : t('backupsRestoreUndoing')}</p>}
      {report.sessionId !== null && !takeBack?.running && (
        <div class="actions">
          <button type="button" onClick={() => onTakeBack(!!undone)} data-testid={undone ? 'restore-redo' : 'restore-undo'}>
            {undone ? t('backupsRestoreRedo') : t('backupsRestoreUndo')}
          </button>
        </div>
      )}
    </div>
  );
}
