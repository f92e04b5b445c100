/**
 * The Backups view's restore of chosen removed items: one job in the background ('backups.restoreRemoved', one
 * operation of the history), its progress, its report, and its undo and redo from here (the history's own jobs). After
 * each, the comparison is made again (`afterChange`), so the lists show what is removed now.
 */
import { useContext, useState } from 'preact/hooks';
import type { RestorePlan } from '../../firefox-backups';
import type { HistoryResult } from '../../operation-history';
import type { JobHandle } from '../../app-protocol';
import type { RestoreProgress, RestoreReport } from '../../firefox-backups';
import { t } from '../../i18n';
import { ClientContext, errorMessage } from '../client-context';

export type TakeBack = { redo: boolean; running: boolean; result: HistoryResult | null; error: string | null };

export type RestoreState =
  | { state: 'running'; handle: JobHandle<RestoreReport>; progress: RestoreProgress | null; total: number }
  | { state: 'done'; report: RestoreReport; takeBack: TakeBack | null }
  | { state: 'failed'; message: string };

export function useRestore(afterChange: () => void) {
  const client = useContext(ClientContext);
  const [restore, setRestore] = useState<RestoreState | null>(null);

  const run = (plan: RestorePlan) => {
    if (!client) return setRestore({ state: 'failed', message: t('optionsNoClient') });
    const handle = client.startJob('backups.restoreRemoved', { steps: plan.steps }, (progress) =>
      setRestore((r) => (r?.state === 'running' && r.handle === handle ? { ...r, progress } : r)),
    );
    setRestore({ state: 'running', handle, progress: null, total: plan.steps.length });
    handle.result
      .then(
        (report) => setRestore({ state: 'done', report, takeBack: null }),
        (error: unknown) => setRestore({ state: 'failed', message: errorMessage(error) }),
      )
      .finally(afterChange);
  };

  /** Undoes the restore (or does it again after an undo) through the history. */
  const takeBack = (redo: boolean) => {
    if (restore?.state !== 'done' || !restore.report.sessionId || !client) return;
    const { report } = restore;
    const set = (takeBack: TakeBack) => setRestore({ state: 'done', report, takeBack });
    set({ redo, running: true, result: null, error: null });
    client
      .startJob(redo ? 'history.redo' : 'history.undo', { sessionId: report.sessionId! })
      .result.then(
        (result) => set({ redo, running: false, result, error: null }),
        (error: unknown) => set({ redo, running: false, result: null, error: errorMessage(error) }),
      )
      .finally(afterChange);
  };

  return { restore, run, takeBack, clear: () => setRestore(null) };
}
