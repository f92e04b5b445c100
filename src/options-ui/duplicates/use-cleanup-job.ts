/**
 * The Duplicates page's cleanup (DuplicatesView.tsx): the plan the background builds from the scan it keeps (shown as
 * the preview, refused as stale when the bookmarks changed since), the confirm step, the apply job with its progress,
 * pause and cancel, and the report on top (the cleanup's result, or an undo's). After an apply, an undo or a redo the
 * page scans again by itself and keeps that report in view.
 */
import { useRef, useState } from 'preact/hooks';
import type { ApplyProgress, ApplyResult, CleanupNumbers, CleanupPlan } from '../../dedup';
import type { JobHandle } from '../../app-protocol';
import { AppError } from '../../messaging/errors';
import type { UndoResult } from '../../operation-history';
import { announceBookmarksChanged, errorMessage, useClient } from '../client-context';
import { toPlanInput, type Decisions } from './decisions';
import type { DuplicatesScan } from './use-duplicates-scan';

/** The report on top of the page: what the last cleanup did, or what an undo put back. */
export type Banner = { kind: 'applied'; result: ApplyResult } | { kind: 'undone'; result: UndoResult };

export interface CleanupJob {
  /** The background's plan for the decisions (the preview), or null until asked for and after any change. */
  plan: CleanupPlan | null;
  /** The confirm dialog is open (for `plan`). */
  confirming: boolean;
  /** The running cleanup's progress and the plan's numbers it counts in, or null when none runs. */
  progress: ApplyProgress | null;
  numbers: CleanupNumbers | null;
  paused: boolean;
  banner: Banner | null;
  /** Changes whenever a cleanup ended: the history shows it. */
  historyKey: number;
  /** Scans again; the report on top goes unless `keepBanner`. */
  scanAgain(keepBanner?: boolean): Promise<void>;
  /** Asks the background for the plan (the preview); null with the refusal shown. */
  preview(decisions: Decisions): Promise<CleanupPlan | null>;
  /** The plan, then the confirm dialog. */
  cleanUp(decisions: Decisions): Promise<void>;
  cancelConfirm(): void;
  /** Applies the confirmed plan, then scans again. */
  apply(): Promise<void>;
  togglePause(): void;
  cancel(): void;
  /** The plan no longer fits the decisions. */
  dropPlan(): void;
  undone(result: UndoResult): void;
  redone(): void;
}

export function useCleanupJob(scanning: DuplicatesScan): CleanupJob {
  const client = useClient();
  const [plan, setPlan] = useState<CleanupPlan | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [progress, setProgress] = useState<ApplyProgress | null>(null);
  const [numbers, setNumbers] = useState<CleanupNumbers | null>(null);
  const [paused, setPaused] = useState(false);
  const [banner, setBanner] = useState<Banner | null>(null);
  const [historyKey, setHistoryKey] = useState(0);
  const job = useRef<JobHandle<ApplyResult> | null>(null);

  const scanAgain = (keepBanner = false, keptError: string | null = null) => {
    setPlan(null);
    if (!keepBanner) setBanner(null);
    return scanning.runScan(keptError);
  };

  const preview = async (decisions: Decisions): Promise<CleanupPlan | null> => {
    const { scan } = scanning;
    if (!scan) return null;
    scanning.clearError();
    try {
      const fresh = await client.call('dedup.plan', toPlanInput(decisions, scan));
      setPlan(fresh);
      return fresh;
    } catch (e) {
      // 'conflict': the bookmarks changed since this scan (someone else changed them); only a new scan can help.
      scanning.report(errorMessage(e), e instanceof AppError && e.code === 'conflict');
      setPlan(null);
      return null;
    }
  };
  const cleanUp = async (decisions: Decisions) => {
    if (await preview(decisions)) setConfirming(true);
  };

  const apply = async () => {
    if (!plan) return;
    setConfirming(false);
    scanning.clearError();
    setBanner(null);
    setPaused(false);
    setNumbers(plan.numbers);
    setProgress({ phase: 'checking', done: 0, total: 0, rate: 0, etaMs: null });
    const handle = client.startJob('dedup.cleanup', plan, setProgress);
    job.current = handle;
    let outcome: ApplyResult | null = null;
    let failure: string | null = null;
    try {
      outcome = await handle.result;
    } catch (e) {
      // The person's own cancel before anything changed needs no error; any other failure says what happened (the
      // background tells whether it put everything back).
      if (!(e instanceof AppError && e.code === 'cancelled')) failure = errorMessage(e);
    } finally {
      job.current = null;
      setProgress(null);
      setNumbers(null);
      setPlan(null);
      setHistoryKey((k) => k + 1);
      announceBookmarksChanged();
    }
    if (outcome) setBanner({ kind: 'applied', result: outcome });
    // The cleanup changed the bookmarks: show them as they are now (and keep the error or the result in view).
    await scanAgain(true, failure);
  };

  const togglePause = () => {
    if (!job.current) return;
    if (paused) job.current.resume();
    else job.current.pause();
    setPaused(!paused);
  };

  return {
    plan,
    confirming,
    progress,
    numbers,
    paused,
    banner,
    historyKey,
    scanAgain,
    preview,
    cleanUp,
    cancelConfirm: () => setConfirming(false),
    apply,
    togglePause,
    cancel: () => job.current?.cancel(),
    dropPlan: () => setPlan(null),
    undone: (result) => {
      setBanner({ kind: 'undone', result });
      void scanAgain(true);
    },
    redone: () => {
      setBanner(null);
      void scanAgain(true);
    },
  };
}
