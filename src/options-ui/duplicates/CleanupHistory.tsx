/** The last cleanup sessions with Undo for each (asks first, with the exact count). */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { SessionSummary } from '../../dedup';
import type { UndoPhase, UndoProgress, UndoResult } from '../../operations';
import type { JobHandle } from '../../messaging/client';
import { announceBookmarksChanged, errorMessage, useClient } from '../client-context';
import { ConfirmDialog } from '../ConfirmDialog';
import { count, describeCleanup, formatDateTime, formatNumber } from '../format';
import { ProgressBar } from '../ProgressBar';

const UNDO_PHASES: Record<UndoPhase, string> = {
  checking: 'Reading the journal',
  restoring: 'Putting items back',
  tags: 'Restoring tags',
  done: 'Done',
};

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
      <h2 id="history-heading">Cleanup history</h2>
      {sessions === null ? (
        <p>Loading…</p>
      ) : sessions.length === 0 ? (
        <p class="muted">No cleanups yet.</p>
      ) : (
        <ul class="plain-list" data-testid="sessions">
          {sessions.map((s) => (
            <li key={s.id}>
              <span data-testid="session-summary">
                {formatDateTime(s.createdAt)}: {describeCleanup(s.counts, 'done')} — {s.undone ? 'undone' : s.status}
                {s.cancelled ? ' (cancelled part way)' : ''}
              </span>
              {s.canUndo && (
                <button type="button" disabled={!!progress} onClick={() => setConfirm(s)}>
                  Undo…
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {progress && (
        <>
          <ProgressBar label={`Undoing: ${UNDO_PHASES[progress.phase]}`} done={progress.done} total={progress.total} rate={progress.rate} />
          <button type="button" onClick={() => job.current?.cancel()}>
            Cancel undo
          </button>
        </>
      )}
      {result && (
        <p role="status" data-testid="undo-result">
          Undone: {result.restored} restored, {result.movedBack} moved back{result.problems.length ? `, ${result.problems.length} problems` : ''}.
        </p>
      )}
      {result?.problems.length ? (
        <ul class="plain-list">
          {result.problems.map((p, i) => (
            <li key={i}>
              {p.title ?? p.id}: {p.message}
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
        <ConfirmDialog title="Undo this cleanup?" confirmLabel="Undo cleanup" danger={false} onCancel={() => setConfirm(null)} onConfirm={() => undo(confirm)}>
          <p>
            {count(confirm.counts.copies, 'removed copy', 'removed copies')} will be re-created
            {confirm.counts.copiedFolders ? ` (${formatNumber(confirm.counts.insideFolders)} of them with ${count(confirm.counts.copiedFolders, 'copied folder', 'copied folders')})` : ''}
            {confirm.counts.emptyFolders ? `, ${count(confirm.counts.emptyFolders, 'empty folder', 'empty folders')} too` : ''}
            {confirm.counts.moved ? `, and ${count(confirm.counts.moved, 'moved item', 'moved items')} moved back` : ''}.
          </p>
          <p>
            Re-created items come back with their title, address, folder, position and tags, but as new bookmarks: their
            date added is today, and a keyword Firefox had for one is not restored (extensions cannot read keywords).
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
