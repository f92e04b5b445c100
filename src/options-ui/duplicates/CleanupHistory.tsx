/** The last cleanup sessions with Undo for each (asks first, with the exact count). */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { SessionSummary } from '../../dedup';
import type { UndoPhase, UndoProgress, UndoResult } from '../../operations';
import type { JobHandle } from '../../messaging/client';
import { announceBookmarksChanged, errorMessage, useClient } from '../client-context';
import { ConfirmDialog } from '../ConfirmDialog';
import { plural, say, t } from '../../i18n';
import { describeLeftAlone, describeOperation, formatDateTime } from '../format';
import { ProgressBar } from '../ProgressBar';

function undoPhaseLabel(phase: UndoPhase): string {
  if (phase === 'checking') return t('undoPhaseChecking');
  if (phase === 'restoring') return t('undoPhaseRestoring');
  if (phase === 'tags') return t('undoPhaseTags');
  return t('phaseDone');
}

function statusLabel(status: SessionSummary['status']): string {
  switch (status) {
    case 'applying':
      return t('historyStatusApplying');
    case 'applied':
      return t('historyStatusApplied');
    case 'rolling-back':
      return t('historyStatusRollingBack');
    case 'rolled-back':
      return t('historyStatusRolledBack');
    case 'undoing':
      return t('historyStatusUndoing');
    case 'undone':
      return t('historyUndone');
  }
}

export function CleanupHistory({ refreshKey, onUndone }: { refreshKey: unknown; onUndone(result: UndoResult): void }) {
  const client = useClient();
  const [sessions, setSessions] = useState<SessionSummary[] | null>(null);
  const [confirm, setConfirm] = useState<SessionSummary | null>(null);
  const [progress, setProgress] = useState<UndoProgress | null>(null);
  const [result, setResult] = useState<UndoResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const job = useRef<JobHandle<UndoResult> | null>(null);
  const reload = useCallback(() => {
    client.call('dedup.sessions', {}).then(setSessions, (e) => setError(errorMessage(e)));
  }, [client]);
  useEffect(reload, [reload, refreshKey]);

  const undo = async (s: SessionSummary) => {
    setConfirm(null);
    setError(null);
    setResult(null);
    const handle = client.startJob('dedup.undo', { sessionId: s.id }, setProgress);
    job.current = handle;
    try {
      const undone = await handle.result;
      setResult(undone);
      onUndone(undone);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      job.current = null;
      setProgress(null);
      announceBookmarksChanged();
      reload();
    }
  };

  return (
    <section aria-labelledby="history-heading">
      <h2 id="history-heading">{t('historyHeading')}</h2>
      {sessions === null ? (
        <p>{t('optionsLoading')}</p>
      ) : sessions.length === 0 ? (
        <p class="muted">{t('historyNone')}</p>
      ) : (
        <ul class="plain-list" data-testid="sessions">
          {sessions.map((s) => (
            <li key={s.id}>
              <span data-testid="session-summary">
                {formatDateTime(s.createdAt)}: {describeOperation(s)} — {s.undone ? t('historyUndone') : statusLabel(s.status)}
                {s.cancelled ? ` ${t('historyCancelledPartWay')}` : ''}
              </span>
              {s.canUndo && (
                <button type="button" disabled={!!progress} onClick={() => setConfirm(s)}>
                  {t('historyUndoButton')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {progress && (
        <>
          <ProgressBar label={t('historyUndoing', undoPhaseLabel(progress.phase))} done={progress.done} total={progress.total} rate={progress.rate} />
          <button type="button" onClick={() => job.current?.cancel()}>
            {t('historyCancelUndo')}
          </button>
        </>
      )}
      {result && (
        <p role="status" data-testid="undo-result">
          {result.problems.length ? t('historyUndoResultProblems', result.restored, result.movedBack, result.problems.length) : t('historyUndoResult', result.restored, result.movedBack)}
        </p>
      )}
      {result?.leftAlone.length ? (
        <ul class="plain-list" data-testid="undo-left-alone">
          {result.leftAlone.map((l) => (
            <li key={l.reason}>{describeLeftAlone(l)}</li>
          ))}
        </ul>
      ) : null}
      {result?.problems.length ? (
        <ul class="plain-list">
          {result.problems.map((p, i) => (
            <li key={i}>
              {t('historyProblem', p.title ?? p.id, say(p.message))}
            </li>
          ))}
        </ul>
      ) : null}
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      {confirm && (
        <ConfirmDialog title={t('historyConfirmTitle')} confirmLabel={t('historyConfirmButton')} danger={false} onCancel={() => setConfirm(null)} onConfirm={() => void undo(confirm)}>
          <p>
            {plural('historyRecreated', confirm.counts.copies)}
            {confirm.counts.copiedFolders ? ` ${plural('historyRecreatedInside', confirm.counts.copiedFolders, confirm.counts.insideFolders)}` : ''}
            {confirm.counts.emptyFolders ? plural('historyRecreatedEmpty', confirm.counts.emptyFolders) : ''}
            {confirm.counts.moved ? plural('historyMovedBack', confirm.counts.moved) : ''}.
          </p>
          <p>
            {t('historyRecreatedNote')}
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
