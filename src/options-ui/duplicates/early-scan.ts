/**
 * The Duplicates page's first scan, asked for by the options page's entry before the page's own code is loaded and
 * run (options/main.tsx): the background scans while the page's modules load, instead of after. The page takes it
 * once (takeEarlyScan) with the progress so far; every later scan is the page's own request.
 */
import type { ReviewedScan, ScanProgress } from '../../dedup/protocol';
import type { Client, JobHandle } from '../../messaging/client';

interface EarlyScan {
  handle: JobHandle<ReviewedScan> | null;
  last: ScanProgress | null;
  listener: ((progress: ScanProgress) => void) | null;
}

let early: EarlyScan | null = null;

export function startEarlyScan(client: Pick<Client, 'startJob'>): void {
  const scan: EarlyScan = { handle: null, last: null, listener: null };
  scan.handle = client.startJob('dedup.scan', {}, (progress) => {
    scan.last = progress;
    scan.listener?.(progress);
  });
  // Awaited by the page once it takes the scan; no unhandled rejection meanwhile.
  scan.handle.result.catch(() => undefined);
  early = scan;
}

/** The early scan, once (null when there was none): its progress so far and from now on goes to `onProgress`. */
export function takeEarlyScan(onProgress: (progress: ScanProgress) => void): JobHandle<ReviewedScan> | null {
  const scan = early;
  early = null;
  if (!scan?.handle) return null;
  scan.listener = onProgress;
  if (scan.last) onProgress(scan.last);
  return scan.handle;
}
