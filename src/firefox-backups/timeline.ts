/**
 * The opened backups as a timeline: one point per dated backup, oldest first, with its bookmark count (counted from
 * the file itself), and the biggest change between two neighbouring backups, the day a collection jumped.
 */
import type { BackupSummary } from './open-backup';

export interface TimelinePoint {
  fileName: string;
  /** YYYY-MM-DD */
  date: string;
  bookmarks: number;
  items: number;
}

export interface TimelineJump {
  from: TimelinePoint;
  to: TimelinePoint;
  /** to.bookmarks - from.bookmarks: negative when bookmarks were lost. */
  change: number;
}

export interface Timeline {
  points: TimelinePoint[];
  /** Backups with no date in their name or content: listed, not on the timeline. */
  undated: number;
  /** The biggest change between neighbours (the earliest of equals); null with fewer than two points or no change. */
  jump: TimelineJump | null;
}

export function buildTimeline(summaries: readonly BackupSummary[]): Timeline {
  const points = summaries
    .filter((s): s is BackupSummary & { date: string } => s.date !== null)
    .map((s) => ({ fileName: s.fileName, date: s.date, bookmarks: s.counts.bookmarks, items: s.counts.items }))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.fileName < b.fileName ? -1 : a.fileName > b.fileName ? 1 : 0));
  let jump: TimelineJump | null = null;
  for (let i = 1; i < points.length; i++) {
    const change = points[i]!.bookmarks - points[i - 1]!.bookmarks;
    if (change !== 0 && (jump === null || Math.abs(change) > Math.abs(jump.change))) jump = { from: points[i - 1]!, to: points[i]!, change };
  }
  return { points, undated: summaries.length - points.length, jump };
}
