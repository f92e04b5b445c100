/**
 * The Duplicates page's scan (DuplicatesView.tsx): the first one as the page opens (taken from the page's entry when
 * it already asked: early-scan.ts), with the last scan the background kept shown while it runs (`checkingSince`),
 * every later one on request; its progress; link health's markers for the scan shown; and what the page says went
 * wrong (`error`, and `stale` when the scan shown is no longer current).
 */
import { useEffect, useLayoutEffect, useState } from 'preact/hooks';
import type { ReviewedScan, ScanProgress } from '../../dedup/protocol';
import type { LinkMarker } from '../../link-health';
import { announceScanShown, errorMessage, useClient } from '../client-context';
import { lastScan, takeEarlyScan } from './early-scan';

/** A User Timing mark set each time a scan's list is rendered. */
export const LIST_SHOWN_MARK = 'tidymarks-duplicates-list-shown';

/** A User Timing mark set each time a scan's result reaches the page (before it is rendered). */
export const SCAN_RECEIVED_MARK = 'tidymarks-duplicates-scan-received';
/** A User Timing mark set each time the list of the page's own scan is rendered (not the last scan shown meanwhile). */
export const LIST_VERIFIED_MARK = 'tidymarks-duplicates-list-verified';

export interface DuplicatesScan {
  /** The scan shown: the page's own, the last one the background kept while that runs, or null (none yet, or failed). */
  scan: ReviewedScan | null;
  /** The running scan's progress, or null when no scan runs. */
  progress: ScanProgress | null;
  /**
   * The scan shown is the last one the background kept, shown while the page's own scan runs: nothing can be chosen
   * or cleaned up until that scan replaces it. Its time, or null when the scan shown is the page's own.
   */
  checkingSince: number | null;
  checking: boolean;
  /** What went wrong last (a scan, a plan, a cleanup, a remembered decision), or null. */
  error: string | null;
  /** The scan shown is no longer current (the plan was refused): the list is out of date until the next scan. */
  stale: boolean;
  /** Link health's marker (dead, moved for good) for a copy's URL, once the page's own scan is shown. */
  markerOf(url: string): LinkMarker | null;
  /**
   * Scans again; a failed scan shows its error. `error`, when given, is shown meanwhile instead of none (a cleanup's
   * failure, kept in view while the page shows the bookmarks as they are now).
   */
  runScan(error?: string | null): Promise<void>;
  /** Shows an error; `stale` (when given) says whether it is a refusal only a new scan can help. */
  report(message: string, stale?: boolean): void;
  clearError(): void;
}

/**
 * `onShow` gets each scan as it is shown, with `replacing` when it is the page's own scan replacing the last one shown
 * meanwhile (the list is kept then) rather than a scan the list starts over for.
 */
export function useDuplicatesScan(onShow: (scan: ReviewedScan, replacing: boolean) => void): DuplicatesScan {
  const client = useClient();
  const [scan, setScan] = useState<ReviewedScan | null>(null);
  const [progress, setProgress] = useState<ScanProgress | null>(null);
  const [checkingSince, setCheckingSince] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);

  const runScan = async (first = false, keptError: string | null = null) => {
    setError(keptError);
    setStale(false);
    setProgress({ phase: 'reading-tree', step: 0, steps: 4 });
    let replacesPrevious = false;
    try {
      // The first scan may already be running: the page's entry asked for it before this code loaded, and for the
      // last scan beside it (asked first, so the background answers it before it starts scanning).
      const early = first ? takeEarlyScan(setProgress) : null;
      const previous = first ? (early?.previous ?? lastScan(client)) : null;
      // Opening, the background's last scan stands when nothing changed since; "Scan again" always scans.
      const job = early?.handle ?? client.startJob('dedup.scan', first ? { reuseCurrent: true } : {}, setProgress);
      let done = false;
      // The last scan, shown at once while this one runs: only to look at (see checkingSince).
      void previous?.then((last) => {
        if (done || !last) return;
        replacesPrevious = true;
        show(last.scan);
        setCheckingSince(last.scan.scannedAt);
      });
      const result = await job.result.finally(() => (done = true));
      performance.mark(SCAN_RECEIVED_MARK);
      show(result, replacesPrevious);
    } catch (e) {
      // A scan that failed leaves nothing to look at: the last scan shown meanwhile goes too.
      if (replacesPrevious) setScan(null);
      setError(errorMessage(e));
      // The header's count and the history wait for the first scan: a failed one must not keep them waiting.
      announceScanShown();
    } finally {
      setCheckingSince(null);
      setProgress(null);
    }
  };
  const show = (result: ReviewedScan, replacing = false) => {
    setScan(result);
    onShow(result, replacing);
  };
  // Scan once when the page opens: asked before the first paint, not after it.
  useLayoutEffect(() => void runScan(true), []);
  // The header's bookmark count and the history wait for the first scan (they would compete with it for Places).
  const checking = checkingSince !== null;
  useEffect(() => {
    if (scan && !checking) announceScanShown();
  }, [scan, checking]);
  // The User Timing marks say when the list is on screen (bench/options-duplicates.bench.ts): in the animation frame
  // after the render is committed, once laid out (a layout flush, as the bench's anchor page does); LIST_VERIFIED_MARK
  // when it is the page's own scan (not the last one shown while it runs). From a layout effect: a plain effect
  // runs only after the next paint, a frame later than the list is there.
  useLayoutEffect(() => {
    if (!scan) return;
    requestAnimationFrame(() => {
      void document.documentElement.offsetHeight;
      performance.mark(LIST_SHOWN_MARK);
      if (!checking) performance.mark(LIST_VERIFIED_MARK);
    });
  }, [scan, checking]);
  // Link health's markers (dead, moved for good): one request per scan shown, after it, looked up by each copy's URL.
  const [markers, setMarkers] = useState<ReadonlyMap<string, LinkMarker>>(new Map());
  useEffect(() => {
    if (!scan || checking) return;
    let live = true;
    client.call('links.markers', {}).then(
      (r) => live && setMarkers(new Map(r.markers)),
      () => undefined, // the list is whole without them
    );
    return () => {
      live = false;
    };
  }, [scan, checking]);

  return {
    scan,
    progress,
    checkingSince,
    checking,
    error,
    stale,
    markerOf: (url) => markers.get(url) ?? null,
    runScan: (keptError) => runScan(false, keptError ?? null),
    report: (message, isStale) => {
      if (isStale !== undefined) setStale(isStale);
      setError(message);
    },
    clearError: () => setError(null),
  };
}
