/**
 * The history's last operations (cleanups, imports, edits: additions, tag edits...) with Undo for each (asks first,
 * with the exact count), and Redo for those undone since the last new operation. It follows changes while it is shown:
 * every burst of bookmark changes (the popup, the quick bookmark, another page: bookmark-changes.ts) lists it again,
 * and so does an operation still running (listed before its end was written) until it is listed finished.
 */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { HistoryResult, OperationSummary, UndoPhase, UndoProgress, UndoResult } from '../../operation-history';
import type { JobHandle } from '../../app-protocol';
import { useBookmarkChanges } from '../bookmark-changes';
import { errorMessage, useClient } from '../client-context';
import { ConfirmDialog } from '../ConfirmDialog';
import { plural, say, t } from '../../i18n';
import { describeLeftAlone, describeOperation, describeUndone } from '../../operation-words';
import { formatDateTime } from '../format';
import { ProgressBar } from '../ProgressBar';
import { showBidiControls, Untrusted } from '../../ui';

function undoPhaseLabel(phase: UndoPhase): string {
  if (phase === 'checking') return t('undoPhaseChecking');
  if (phase === 'restoring') return t('undoPhaseRestoring');
  if (phase === 'tags') return t('undoPhaseTags');
  return t('phaseDone');
}

function statusLabel({ status, state }: OperationSummary): string {
  if (state === 'redone' && status === 'applied') return t('historyRedone');
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

/** How often an operation listed as running is listed again (ms). */
export const RUNNING_RELIST_MS = 500;

/** Its status says it is still being written (or undone, or rolled back). */
export const isRunning = (s: OperationSummary) => s.status === 'applying' || s.status === 'undoing' || s.status === 'rolling-back';

export function CleanupHistory({ refreshKey, onUndone, onRedone }: { refreshKey: unknown; onUndone(result: UndoResult): void; onRedone(): void }) {
  const client = useClient();
  const [sessions, setSessions] = useState<OperationSummary[] | null>(null);
  const [confirm, setConfirm] = useState<OperationSummary | null>(null);
  const [progress, setProgress] = useState<UndoProgress | null>(null);
  const [result, setResult] = useState<{ redo: boolean; result: HistoryResult } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const job = useRef<JobHandle<HistoryResult> | null>(null);
  const changes = useBookmarkChanges(client);
  const [listedAgain, setListedAgain] = useState(0);
  const reload = useCallback(() => {
    client.call('history.list', {}).then(setSessions, (e) => setError(errorMessage(e)));
  }, [client]);
  useEffect(reload, [reload, refreshKey, changes, listedAgain]);
  // An operation listed while it runs (its end is written after its last bookmark event): listed again until it ends.
  const running = sessions?.some(isRunning) ?? false;
  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(() => setListedAgain((n) => n + 1), RUNNING_RELIST_MS);
    return () => clearTimeout(timer);
  }, [sessions]);

  const takeBack = async (s: OperationSummary, redo: boolean) => {
    setConfirm(null);
    setError(null);
    setResult(null);
    const handle = client.startJob(redo ? 'history.redo' : 'history.undo', { sessionId: s.id }, setProgress);
    job.current = handle;
    try {
      const done = await handle.result;
      setResult({ redo, result: done });
      if (redo) onRedone();
      else onUndone(done);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      job.current = null;
      setProgress(null);
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
                {formatDateTime(s.createdAt)}: <Untrusted>{showBidiControls(describeOperation(s))}</Untrusted> — {s.undone ? t('historyUndone') : statusLabel(s)}
                {s.cancelled ? ` ${t('historyCancelledPartWay')}` : ''}
              </span>
              {s.canUndo && (
                <button type="button" disabled={!!progress} onClick={() => setConfirm(s)}>
                  {t('historyUndoButton')}
                </button>
              )}
              {s.canRedo && (
                <button type="button" disabled={!!progress} onClick={() => void takeBack(s, true)}>
                  {t('historyRedoButton')}
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
          {result.redo
            ? t('historyRedoResult', describeOperation(result.result.operation))
            : result.result.problems.length
              ? t('historyUndoResultProblems', describeUndone(result.result), result.result.problems.length)
              : t('historyUndoResult', describeUndone(result.result))}
        </p>
      )}
      {result?.result.leftAlone.length ? (
        <ul class="plain-list" data-testid="undo-left-alone">
          {result.result.leftAlone.map((l) => (
            <li key={l.reason}>{describeLeftAlone(l)}</li>
          ))}
        </ul>
      ) : null}
      {result?.result.problems.length ? (
        <ul class="plain-list">
          {result.result.problems.map((p, i) => (
            <li key={i}>{t('historyProblem', p.title ?? p.id, say(p.message))}</li>
          ))}
        </ul>
      ) : null}
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      {confirm && (
        <ConfirmDialog
          title={confirm.kind === 'cleanup' ? t('historyConfirmTitle') : t('historyConfirmTitleOther')}
          confirmLabel={confirm.kind === 'cleanup' ? t('historyConfirmButton') : t('historyConfirmButtonOther')}
          danger={false}
          onCancel={() => setConfirm(null)}
          onConfirm={() => void takeBack(confirm, false)}
        >
          {confirm.kind === 'cleanup' ? (
            <p>
              {plural('historyRecreated', confirm.counts.copies)}
              {confirm.counts.copiedFolders ? ` ${plural('historyRecreatedInside', confirm.counts.copiedFolders, confirm.counts.insideFolders)}` : ''}
              {confirm.counts.emptyFolders ? plural('historyRecreatedEmpty', confirm.counts.emptyFolders) : ''}
              {confirm.counts.moved ? plural('historyMovedBack', confirm.counts.moved) : ''}.
            </p>
          ) : (
            <p>{t('historyConfirmOther', describeOperation(confirm))}</p>
          )}
          <p>{t('historyRecreatedNote')}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
