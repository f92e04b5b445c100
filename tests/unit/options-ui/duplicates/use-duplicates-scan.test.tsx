// @vitest-environment happy-dom
import { act, cleanup, configure, renderHook, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReviewedScan } from '../../../../src/dedup/protocol';
import type { LinkMarker } from '../../../../src/link-health';
import { useDuplicatesScan } from '../../../../src/options-ui/duplicates/use-duplicates-scan';
import { gate } from '../../../kit/gate';
import { standIn } from '../../../kit/stand-in';
import { cleanupFixtures, lastScanReply, scanReply, withClient } from './hook-fixtures';

afterEach(cleanup);
// The fixtures come from the whole background on the fake: give it time on a loaded machine.
configure({ asyncUtilTimeout: 10_000 });

const dead: LinkMarker = { class: 'gone', status: 404, failure: null, finalUrl: null, checks: 2, checkedAt: 1_700_000_000_000 };

/** Renders the hook; `shown` lists every scan it showed, by id, with whether it replaced the last scan in place. */
function renderScan(bg: ReturnType<typeof standIn>) {
  const shown: [string, boolean][] = [];
  const hook = renderHook(() => useDuplicatesScan((scan: ReviewedScan, replacing) => shown.push([scan.scanId, replacing])), { wrapper: withClient(bg) });
  return { ...hook, shown };
}

describe('useDuplicatesScan', () => {
  it('scans as the page opens: the progress shows while it runs, then the scan with its link markers', async () => {
    const { scan } = await cleanupFixtures();
    const held = gate();
    const bg = standIn({
      requests: {
        'dedup.lastScan': async () => null,
        'links.markers': async () => ({ markers: [['https://recipes.example/tart/', dead]] }),
      },
      jobs: {
        'dedup.scan': async (_input, ctx) => {
          ctx.progress({ phase: 'reading-history', step: 2, steps: 4 });
          await held.promise;
          return scanReply(scan);
        },
      },
    });
    const { result, shown } = renderScan(bg);
    await waitFor(() => expect(result.current.progress).toEqual({ phase: 'reading-history', step: 2, steps: 4 }));
    expect(result.current.scan).toBeNull();

    held.open();
    await waitFor(() => expect(result.current.scan?.scanId).toBe(scan.scanId));
    expect(result.current.progress).toBeNull();
    expect(result.current.error).toBeNull();
    expect(result.current.checking).toBe(false);
    expect(result.current.scan?.totals.duplicateGroups).toBe(1);
    expect(shown).toEqual([[scan.scanId, false]]);
    // The copy whose address the link check found dead is marked; the other is not.
    await waitFor(() => expect(result.current.markerOf('https://recipes.example/tart/')).toEqual(dead));
    expect(result.current.markerOf('https://recipes.example/tart')).toBeNull();
  });

  it('shows the last scan while its own runs (read-only, with its time), then its own in its place', async () => {
    const { scan, after } = await cleanupFixtures();
    const older = { ...scan, scanId: 'older@1', scannedAt: scan.scannedAt - 86_400_000 };
    const held = gate();
    const bg = standIn({
      requests: { 'dedup.lastScan': async () => lastScanReply(older), 'links.markers': async () => ({ markers: [] }) },
      jobs: {
        'dedup.scan': async () => {
          await held.promise;
          return scanReply(after);
        },
      },
    });
    const { result, shown } = renderScan(bg);
    await waitFor(() => expect(result.current.scan?.scanId).toBe('older@1'));
    expect(result.current.checking).toBe(true);
    expect(result.current.checkingSince).toBe(older.scannedAt);
    expect(result.current.progress).not.toBeNull();

    held.open();
    await waitFor(() => expect(result.current.scan?.scanId).toBe(after.scanId));
    expect(result.current.checking).toBe(false);
    expect(result.current.checkingSince).toBeNull();
    expect(result.current.progress).toBeNull();
    // The own scan replaced the last one in place (the list keeps what is open), it did not start over.
    expect(shown).toEqual([
      ['older@1', false],
      [after.scanId, true],
    ]);
  });

  it('a scan that fails says why and takes the last scan shown away with it; scanning again clears the error', async () => {
    const { scan } = await cleanupFixtures();
    const held = gate();
    let scans = 0;
    const bg = standIn({
      requests: { 'dedup.lastScan': async () => lastScanReply(scan), 'links.markers': async () => ({ markers: [] }) },
      jobs: {
        'dedup.scan': async () => {
          if (++scans === 1) {
            await held.promise;
            throw new Error('Places is busy');
          }
          return scanReply(scan);
        },
      },
    });
    const { result } = renderScan(bg);
    await waitFor(() => expect(result.current.checking).toBe(true));
    held.open();
    await waitFor(() => expect(result.current.error).toContain('Places is busy'));
    expect(result.current.scan).toBeNull();
    expect(result.current.checking).toBe(false);
    expect(result.current.progress).toBeNull();

    await act(() => result.current.runScan());
    expect(result.current.error).toBeNull();
    expect(result.current.scan?.scanId).toBe(scan.scanId);
  });
});
