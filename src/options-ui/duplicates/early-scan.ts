/**
 * The Duplicates page's first scan, asked for by the options page's entry before the page's own code is loaded and
 * run (options/main.tsx): the background scans while the page's modules load, instead of after. The entry also asks
 * for the last scan (first, so the background answers it before it starts scanning): the page shows it while its own
 * scan runs. The page takes both once (takeEarlyScan) with the progress so far; every later scan is the page's own
 * request.
 */
import type { LastScan, ReviewedScan, ScanProgress } from '../../dedup/protocol';
import type { Client, JobHandle } from '../../app-protocol';

interface EarlyScan {
  handle: JobHandle<ReviewedScan> | null;
  last: ScanProgress | null;
  listener: ((progress: ScanProgress) => void) | null;
  previous: Promise<LastScan | null>;
}

let early: EarlyScan | null = null;

/** Asks for the last scan (null when there is none or it cannot be read: the page then waits for its own). */
export function lastScan(client: Pick<Client, 'call'>): Promise<LastScan | null> {
  return client.call('dedup.lastScan', {}).catch(() => null);
}

export function startEarlyScan(client: Pick<Client, 'startJob' | 'call'>): void {
  const scan: EarlyScan = { handle: null, last: null, listener: null, previous: lastScan(client) };
  // The page opening: the background's last scan when nothing changed since, else a new one.
  scan.handle = client.startJob('dedup.scan', { reuseCurrent: true }, (progress) => {
    scan.last = progress;
    scan.listener?.(progress);
  });
  // Awaited by the page once it takes the scan; no unhandled rejection meanwhile.
  scan.handle.result.catch(() => undefined);
  early = scan;
}

/**
 * The early scan, once (null when there was none): its progress so far and from now on goes to `onProgress`; with
 * the last scan asked for beside it.
 */
export function takeEarlyScan(onProgress: (progress: ScanProgress) => void): { handle: JobHandle<ReviewedScan>; previous: Promise<LastScan | null> } | null {
  const scan = early;
  early = null;
  if (!scan?.handle) return null;
  scan.listener = onProgress;
  if (scan.last) onProgress(scan.last);
  return { handle: scan.handle, previous: scan.previous };
}
