// @vitest-environment happy-dom
import { act, cleanup, configure, renderHook, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApplyProgress } from '../../../../src/dedup';
import type { ReviewedScan } from '../../../../src/dedup/protocol';
import { AppError } from '../../../../src/messaging/errors';
import type { UndoResult } from '../../../../src/operation-history';
import { BOOKMARKS_CHANGED } from '../../../../src/options-ui/client-context';
import { emptyDecisions } from '../../../../src/options-ui/duplicates/decisions';
import { useCleanupJob } from '../../../../src/options-ui/duplicates/use-cleanup-job';
import { useDuplicatesScan } from '../../../../src/options-ui/duplicates/use-duplicates-scan';
import { gate } from '../../../kit/gate';
import { standIn, type StandInAnswers } from '../../../kit/stand-in';
import { cleanupFixtures, scanReply, withClient } from './hook-fixtures';

afterEach(cleanup);
// The fixtures come from the whole background on the fake: give it time on a loaded machine.
configure({ asyncUtilTimeout: 10_000 });

/** The two hooks as the page combines them: the cleanup scans again through the scan. */
function usePage() {
  const scanning = useDuplicatesScan(() => undefined);
  const cleanup = useCleanupJob(scanning);
  return { scanning, cleanup };
}

/** A stand-in whose scans answer `scans` in turn (the last one from then on), with no last scan and no markers. */
function background(scans: ReviewedScan[], answers: StandInAnswers) {
  let next = 0;
  return standIn({
    requests: { 'dedup.lastScan': async () => null, 'links.markers': async () => ({ markers: [] }), ...answers.requests },
    jobs: { 'dedup.scan': async () => scanReply(scans[Math.min(next++, scans.length - 1)]!), ...answers.jobs },
  });
}

async function renderPage(bg: ReturnType<typeof standIn>) {
  const hook = renderHook(usePage, { wrapper: withClient(bg) });
  await waitFor(() => expect(hook.result.current.scanning.scan).not.toBeNull());
  return hook.result;
}

describe('useCleanupJob', () => {
  it('a plan refused because the bookmarks changed says so and marks the scan stale until the next scan; then the preview comes', async () => {
    const { scan, plan } = await cleanupFixtures();
    let plans = 0;
    const bg = background([scan], {
      requests: {
        'dedup.plan': async () => {
          if (++plans === 1) throw new AppError('conflict', 'Your bookmarks changed since the scan.');
          return plan;
        },
      },
    });
    const page = await renderPage(bg);
    let answer: unknown;
    await act(async () => void (answer = await page.current.cleanup.preview(emptyDecisions())));
    expect(answer).toBeNull();
    expect(page.current.scanning.error).toBe('Your bookmarks changed since the scan.');
    expect(page.current.scanning.stale).toBe(true);
    expect(page.current.cleanup.plan).toBeNull();

    await act(() => page.current.cleanup.scanAgain());
    expect(page.current.scanning.error).toBeNull();
    expect(page.current.scanning.stale).toBe(false);
    await act(async () => void (await page.current.cleanup.preview(emptyDecisions())));
    expect(page.current.cleanup.plan?.numbers).toEqual(plan.numbers);
  });

  it('a cleanup shows its progress in the plan’s numbers, then its result on top of the scan after it', async () => {
    const { scan, plan, applied, after } = await cleanupFixtures();
    const held = gate();
    const progress: ApplyProgress = { phase: 'removing', done: 1, total: 1, rate: 12, etaMs: 0 };
    const bg = background([scan, after], {
      requests: { 'dedup.plan': async () => plan },
      jobs: {
        'dedup.cleanup': async (_input, ctx) => {
          ctx.progress(progress);
          await held.promise;
          return applied;
        },
      },
    });
    const page = await renderPage(bg);
    let changed = 0;
    const count = () => changed++;
    addEventListener(BOOKMARKS_CHANGED, count);
    try {
      await act(() => page.current.cleanup.cleanUp(emptyDecisions()));
      expect(page.current.cleanup.confirming).toBe(true);
      const historyBefore = page.current.cleanup.historyKey;

      // Not inside act(): the page renders while the cleanup runs.
      const applying = page.current.cleanup.apply();
      await waitFor(() => expect(page.current.cleanup.progress).toEqual(progress));
      expect(page.current.cleanup.confirming).toBe(false);
      expect(page.current.cleanup.numbers).toEqual(plan.numbers);

      held.open();
      await waitFor(() => expect(page.current.scanning.scan?.scanId).toBe(after.scanId));
      await applying;
      expect(page.current.cleanup.banner).toEqual({ kind: 'applied', result: applied });
      expect(page.current.cleanup.progress).toBeNull();
      expect(page.current.cleanup.plan).toBeNull();
      expect(page.current.cleanup.historyKey).not.toBe(historyBefore);
      expect(changed).toBe(1);
      // The scan after it has no duplicates left.
      expect(page.current.scanning.scan?.totals.duplicateGroups).toBe(0);
    } finally {
      removeEventListener(BOOKMARKS_CHANGED, count);
    }
  });

  it('a cleanup that fails says why, and the page still scans again to show the bookmarks as they are', async () => {
    const { scan, plan, after } = await cleanupFixtures();
    const bg = background([scan, after], {
      requests: { 'dedup.plan': async () => plan },
      jobs: {
        'dedup.cleanup': async () => {
          throw new AppError('conflict', 'Your bookmarks changed since the plan was made.');
        },
      },
    });
    const page = await renderPage(bg);
    await act(() => page.current.cleanup.cleanUp(emptyDecisions()));
    await act(() => page.current.cleanup.apply());
    await waitFor(() => expect(page.current.scanning.scan?.scanId).toBe(after.scanId));
    expect(page.current.scanning.error).toBe('Your bookmarks changed since the plan was made.');
    expect(page.current.cleanup.banner).toBeNull();
    expect(page.current.cleanup.progress).toBeNull();
  });

  it('a cleanup cancelled before it changed anything ends without an error', async () => {
    const { scan, plan } = await cleanupFixtures();
    const running = gate();
    const bg = background([scan], {
      requests: { 'dedup.plan': async () => plan },
      jobs: {
        'dedup.cleanup': async (_input, ctx) => {
          running.open();
          await new Promise((resolve) => ctx.signal.addEventListener('abort', resolve));
          await ctx.checkpoint(); // throws the cancel, as the apply does before its journal is written
          throw new Error('not reached');
        },
      },
    });
    const page = await renderPage(bg);
    await act(() => page.current.cleanup.cleanUp(emptyDecisions()));
    const applying = page.current.cleanup.apply();
    await running.promise;
    await act(() => page.current.cleanup.cancel());
    await applying;
    expect(page.current.scanning.error).toBeNull();
    expect(page.current.cleanup.banner).toBeNull();
    expect(page.current.cleanup.progress).toBeNull();
  });

  it('pause and resume reach the running cleanup; cancel stops it, and the result says it was cancelled part way', async () => {
    const { scan, plan, applied } = await cleanupFixtures();
    const running = gate<{ paused(): boolean }>();
    const bg = background([scan], {
      requests: { 'dedup.plan': async () => plan },
      jobs: {
        'dedup.cleanup': async (_input, ctx) => {
          ctx.progress({ phase: 'checking', done: 0, total: 0, rate: 0, etaMs: null });
          running.open({ paused: () => ctx.paused?.() ?? false });
          await new Promise((resolve) => ctx.signal.addEventListener('abort', resolve));
          return { ...applied, cancelled: true };
        },
      },
    });
    const page = await renderPage(bg);
    await act(() => page.current.cleanup.cleanUp(emptyDecisions()));
    const applying = page.current.cleanup.apply();
    const job = await running.promise;

    await act(() => page.current.cleanup.togglePause());
    expect(page.current.cleanup.paused).toBe(true);
    await waitFor(() => expect(job.paused()).toBe(true));
    await act(() => page.current.cleanup.togglePause());
    expect(page.current.cleanup.paused).toBe(false);
    await waitFor(() => expect(job.paused()).toBe(false));

    await act(() => page.current.cleanup.cancel());
    await waitFor(() => expect(page.current.cleanup.banner).toEqual({ kind: 'applied', result: { ...applied, cancelled: true } }));
    await applying;
    expect(page.current.cleanup.progress).toBeNull();
  });

  it('undo puts its report on top and scans again; redo takes the report away and scans again', async () => {
    const { scan, after } = await cleanupFixtures();
    const bg = background([after, scan, after], {});
    const page = await renderPage(bg);
    const undone: UndoResult = { sessionId: 'session-1', restored: 1, movedBack: 0, removed: 0, leftAlone: [], problems: [], cancelled: false };
    await act(() => page.current.cleanup.undone(undone));
    expect(page.current.cleanup.banner).toEqual({ kind: 'undone', result: undone });
    await waitFor(() => expect(page.current.scanning.scan?.scanId).toBe(scan.scanId));
    expect(page.current.cleanup.banner).toEqual({ kind: 'undone', result: undone });

    await act(() => page.current.cleanup.redone());
    expect(page.current.cleanup.banner).toBeNull();
    await waitFor(() => expect(page.current.scanning.scan?.scanId).toBe(after.scanId));
  });
});
