/**
 * The Backups view's acts on a difference (restore removed items, remove added ones): each one job in the background
 * and one operation of the history, with its progress, its report, and its undo and redo from here (the history's own
 * jobs). After each, the comparison is made again (`afterChange`), so the lists show how things are now.
 */
import { useContext, useState } from 'preact/hooks';
import type { HistoryResult } from '../../operation-history';
import type { Client, JobHandle } from '../../app-protocol';
import { t } from '../../i18n';
import { ClientContext, errorMessage } from '../client-context';

export type TakeBack = { redo: boolean; running: boolean; result: HistoryResult | null; error: string | null };

export interface JobProgressLike {
  done: number;
  total: number;
}

export type ActState<R> =
  | { state: 'running'; handle: JobHandle<R>; progress: JobProgressLike | null; total: number }
  | { state: 'done'; report: R; takeBack: TakeBack | null }
  | { state: 'failed'; message: string };

export interface UndoableJob<R> {
  state: ActState<R> | null;
  /** Starts the job (`total`: the items it is about to act on, for the progress bar until its first report). */
  run(start: (client: Client, onProgress: (progress: JobProgressLike) => void) => JobHandle<R>, total: number): void;
  /** Undoes the operation (or does it again after an undo) through the history. */
  takeBack(redo: boolean): void;
  clear(): void;
}

export function useUndoableJob<R>(afterChange: () => void, operationOf: (report: R) => string | null): UndoableJob<R> {
  const client = useContext(ClientContext);
  const [state, setState] = useState<ActState<R> | null>(null);

  const run: UndoableJob<R>['run'] = (start, total) => {
    if (!client) return setState({ state: 'failed', message: t('optionsNoClient') });
    const handle = start(client, (progress) => setState((r) => (r?.state === 'running' && r.handle === handle ? { ...r, progress } : r)));
    setState({ state: 'running', handle, progress: null, total });
    handle.result
      .then(
        (report) => setState({ state: 'done', report, takeBack: null }),
        (error: unknown) => setState({ state: 'failed', message: errorMessage(error) }),
      )
      .finally(afterChange);
  };

  const takeBack = (redo: boolean) => {
    if (state?.state !== 'done' || !client) return;
    const { report } = state;
    const sessionId = operationOf(report);
    if (!sessionId) return;
    const set = (takeBack: TakeBack) => setState({ state: 'done', report, takeBack });
    set({ redo, running: true, result: null, error: null });
    client
      .startJob(redo ? 'history.redo' : 'history.undo', { sessionId })
      .result.then(
        (result) => set({ redo, running: false, result, error: null }),
        (error: unknown) => set({ redo, running: false, result: null, error: errorMessage(error) }),
      )
      .finally(afterChange);
  };

  return { state, run, takeBack, clear: () => setState(null) };
}
