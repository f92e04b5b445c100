/**
 * Wayback Machine snapshot addresses (`https://web.archive.org/web/<timestamp>/<original address>`): a copy of a page
 * as it was at one moment, never the page itself. Duplicate matching keys one only exactly (url-key.ts), so a
 * snapshot never merges with its original address, nor with a snapshot of another moment; the link check treats the
 * archive's redirect between moments as what it is (src/link-health/wayback).
 */

export interface SnapshotAddress {
  /** The capture's moment, YYYYMMDDhhmmss (UTC; the archive may give fewer digits). */
  timestamp: string;
  /** The address that was archived. */
  original: string;
}

const SNAPSHOT = /^https?:\/\/web\.archive\.org\/web\/(\d{4,14})(?:[a-z]{2}_)?\/(.+)$/i;

/** The timestamp and original address of a snapshot address, or null when `url` is not one. */
export function parseSnapshotAddress(url: string): SnapshotAddress | null {
  const m = SNAPSHOT.exec(url);
  return m ? { timestamp: m[1]!, original: m[2]! } : null;
}

/** A quick test for the scan's hot path: only addresses with the archive's host go on to the parser. */
export function isSnapshotAddress(url: string): boolean {
  return url.includes('web.archive.org/web/') && parseSnapshotAddress(url) !== null;
}

/** The snapshot address of `original` captured at `timestamp`. */
export function snapshotAddress(timestamp: string, original: string): string {
  return `https://web.archive.org/web/${timestamp}/${original}`;
}
