/**
 * What the copy guard told (src/copy-guard): at the top of the Duplicates page, each burst that waits for a choice,
 * in words ("400 copies in the folder “Dev” and 30 copies of 30 pages arrived at 15:42") with "Remove the new copies"
 * (a cleanup of the one history: its progress, then what it did with Undo) and "Keep them"; further down, the "What
 * arrived" log, newest first: when, how many, what was done. Folder titles are untrusted text, shown isolated.
 */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { JobHandle } from '../../app-protocol';
import { arrivalList, cameBackSentence, type BurstSummary } from '../../copy-guard';
import type { ApplyProgress, ApplyResult } from '../../dedup';
import { formatDate, plural, say, t } from '../../i18n';
import type { OperationSummary, UndoResult } from '../../operation-history';
import { describeCleanup, describeUndone } from '../../operation-words';
import { useBookmarkChanges } from '../bookmark-changes';
import { announceBookmarksChanged, errorMessage, useClient } from '../client-context';
import { formatDateTime } from '../format';
import { CleanupProgressView } from './CleanupProgressView';
import { Marked, markUntrusted } from './Marked';

/** The last removal done here (with its Undo), and what its undo put back once undone. */
interface Notice {
  removal: ApplyResult;
  undo: UndoResult | null;
}

export interface Arrivals {
  /** The kept bursts, newest first (null until listed). */
  log: BurstSummary[] | null;
  /** The history's operations by id: whether a removal was undone since. */
  operations: ReadonlyMap<string, OperationSummary>;
  running: { progress: ApplyProgress; paused: boolean; numbers: ApplyResult['counts'] } | null;
  notice: Notice | null;
  error: string | null;
  remove(burst: BurstSummary): Promise<void>;
  keep(burst: BurstSummary): Promise<void>;
  undo(): Promise<void>;
  togglePause(): void;
  cancel(): void;
}

/** The guard's bursts and the two choices; `onChanged` runs after the bookmarks changed here (the page scans again). */
export function useArrivals(refreshKey: unknown, onChanged: () => void): Arrivals {
  const client = useClient();
  const [log, setLog] = useState<BurstSummary[] | null>(null);
  const [operations, setOperations] = useState<ReadonlyMap<string, OperationSummary>>(new Map());
  const [running, setRunning] = useState<Arrivals['running']>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [error, setError] = useState<string | null>(null);
  const job = useRef<JobHandle<ApplyResult> | null>(null);
  const changes = useBookmarkChanges(client);
  const reload = useCallback(() => {
    Promise.all([client.call('copyGuard.log', {}), client.call('history.list', {})]).then(
      ([bursts, sessions]) => {
        setLog(bursts);
        setOperations(new Map(sessions.map((s) => [s.id, s])));
      },
      (e) => setError(errorMessage(e)),
    );
  }, [client]);
  useEffect(reload, [reload, refreshKey, changes]);

  const remove = async (burst: BurstSummary) => {
    setError(null);
    setNotice(null);
    // What the progress counts in, as far as the page knows before the background plans it: the copies told, and
    // the folders they came in (which go once emptied); the progress's own total is the plan's.
    const total = burst.count.total;
    const numbers = { copies: total, loose: total, insideFolders: 0, copiedFolders: 0, emptyFolders: burst.count.folders.length, moved: 0, tagMerges: 0, skipped: 0 };
    setRunning({ progress: { phase: 'checking', done: 0, total: 0, rate: 0, etaMs: null }, paused: false, numbers });
    const handle = client.startJob('copyGuard.remove', { burstId: burst.id }, (progress) => setRunning((r) => r && { ...r, progress }));
    job.current = handle;
    try {
      setNotice({ removal: await handle.result, undo: null });
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      job.current = null;
      setRunning(null);
      announceBookmarksChanged();
      reload();
      onChanged();
    }
  };

  const keep = async (burst: BurstSummary) => {
    setError(null);
    setNotice(null);
    try {
      await client.call('copyGuard.keep', { burstId: burst.id });
    } catch (e) {
      setError(errorMessage(e));
    }
    reload();
  };

  const undo = async () => {
    if (!notice || notice.undo) return;
    setError(null);
    try {
      const undo = await client.startJob('history.undo', { sessionId: notice.removal.sessionId }).result;
      setNotice({ ...notice, undo });
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      announceBookmarksChanged();
      reload();
      onChanged();
    }
  };

  const togglePause = () => {
    if (!job.current || !running) return;
    if (running.paused) job.current.resume();
    else job.current.pause();
    setRunning({ ...running, paused: !running.paused });
  };

  return { log, operations, running, notice, error, remove, keep, undo, togglePause, cancel: () => job.current?.cancel() };
}

/** "… arrived at 15:42" today, "… arrived on Dec 6, 2026, 3:42 PM" another day. */
function arrivedWhen(burst: BurstSummary): string {
  const what = arrivalList(burst.count, markUntrusted);
  const sameDay = new Date(burst.at).toDateString() === new Date().toDateString();
  return sameDay ? t('copyGuardArrivedAt', what, formatDate(burst.at, { timeStyle: 'short' })) : t('copyGuardArrivedOn', what, formatDateTime(burst.at));
}

/**
 * The choices on top of the page: every burst that waits, the removal's progress, and what it did with Undo. `busy`:
 * the page's own cleanup runs (the history runs one at a time); a scan does not stop a removal.
 */
export function ArrivalChoices({ arrivals, busy }: { arrivals: Arrivals; busy: boolean }) {
  const { log, running, notice, error } = arrivals;
  const waiting = log?.filter((burst) => burst.status === 'waiting') ?? [];
  if (!waiting.length && !running && !notice && !error) return null;
  return (
    <section class="report arrivals" aria-labelledby="arrivals-heading" data-testid="arrival-choices">
      <h2 id="arrivals-heading">{t('copyGuardTitle')}</h2>
      {waiting.map((burst) => (
        <div key={burst.id} data-testid="arrival-choice">
          <p>
            <Marked text={arrivedWhen(burst)} />
          </p>
          {burst.count.cameBack && (
            <>
              <p data-testid="arrival-came-back">
                <strong>{cameBackSentence(burst.count)}</strong>
              </p>
              <p class="muted" data-testid="arrival-advice">
                {t('copyGuardCameBackAdvice')}
              </p>
            </>
          )}
          <div class="actions">
            <button type="button" class="danger" data-testid="remove-arrivals" disabled={busy || !!running} onClick={() => void arrivals.remove(burst)}>
              {t('copyGuardRemove')}
            </button>
            <button type="button" data-testid="keep-arrivals" disabled={!!running} onClick={() => void arrivals.keep(burst)}>
              {t('copyGuardKeep')}
            </button>
          </div>
        </div>
      ))}
      {running && (
        <CleanupProgressView progress={running.progress} numbers={running.numbers} paused={running.paused} onPause={arrivals.togglePause} onCancel={arrivals.cancel} />
      )}
      {notice && !notice.undo && (
        <div role="status" data-testid="arrivals-removed">
          <p>{t('copyGuardRemovedNotice', describeCleanup(notice.removal.counts, 'done'))}</p>
          {notice.removal.problems.length > 0 && (
            <details open>
              <summary>{plural('dupLeftAsTheyAre', notice.removal.problems.length)}</summary>
              <ul class="plain-list" data-testid="arrivals-problems">
                {notice.removal.problems.map((p, i) => (
                  <li key={i}>
                    <Marked text={t('historyProblem', markUntrusted(p.title ?? p.id), say(p.message))} />
                  </li>
                ))}
              </ul>
            </details>
          )}
          <div class="actions">
            <button type="button" data-testid="undo-arrivals-removal" onClick={() => void arrivals.undo()}>
              {t('historyUndoButton')}
            </button>
          </div>
        </div>
      )}
      {notice?.undo && (
        <p role="status" data-testid="arrivals-undone">
          {t('historyUndoResult', describeUndone(notice.undo))}
        </p>
      )}
      {error && (
        <p role="alert" class="error" data-testid="arrivals-error">
          {error}
        </p>
      )}
    </section>
  );
}

function outcome(burst: BurstSummary, operations: ReadonlyMap<string, OperationSummary>): string {
  if (burst.status === 'waiting') return t('copyGuardLogWaiting');
  if (burst.status === 'kept') return t('copyGuardLogKept');
  const removed = plural('copyGuardLogRemoved', burst.removed ?? 0);
  return burst.sessionId && operations.get(burst.sessionId)?.undone ? t('copyGuardLogRemovedUndone', removed) : removed;
}

/** The "What arrived" log: every kept burst, newest first. */
export function ArrivalLog({ arrivals }: { arrivals: Arrivals }) {
  const { log, operations } = arrivals;
  return (
    <section aria-labelledby="arrival-log-heading">
      <h2 id="arrival-log-heading">{t('copyGuardLogHeading')}</h2>
      {log === null ? (
        <p>{t('optionsLoading')}</p>
      ) : log.length === 0 ? (
        <p class="muted">{t('copyGuardLogNone')}</p>
      ) : (
        <ul class="plain-list" data-testid="arrival-log">
          {log.map((burst) => (
            <li key={burst.id} data-testid="arrival-log-entry">
              <Marked
                text={t(
                  'copyGuardLogEntry',
                  formatDateTime(burst.at),
                  plural('copyGuardLogCopies', burst.count.total),
                  arrivalList(burst.count, markUntrusted),
                  outcome(burst, operations),
                )}
              />
              {burst.count.cameBack && <span data-testid="arrival-log-came-back"> {cameBackSentence(burst.count)}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
