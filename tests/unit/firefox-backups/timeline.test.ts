import { describe, expect, it } from 'vitest';
import type { BackupSummary } from '../../../src/firefox-backups/open-backup';
import { buildTimeline } from '../../../src/firefox-backups/timeline';

const summary = (fileName: string, date: string | null, bookmarks: number): BackupSummary => ({
  fileName,
  format: 'jsonlz4',
  date,
  dateFrom: date ? 'name' : null,
  counts: { items: bookmarks + 10, bookmarks, folders: 9, separators: 1 },
  annotated: 0,
  nameCount: bookmarks + 10,
  skipped: 0,
});

describe('buildTimeline', () => {
  it('orders the backups by date and finds the biggest change between neighbours', () => {
    const timeline = buildTimeline([
      summary('c', '2026-12-02', 5100),
      summary('a', '2026-11-30', 3300),
      summary('b', '2026-12-01', 3400),
      summary('d', '2026-12-03', 5000),
    ]);
    expect(timeline.points.map((p) => [p.date, p.bookmarks])).toEqual([
      ['2026-11-30', 3300],
      ['2026-12-01', 3400],
      ['2026-12-02', 5100],
      ['2026-12-03', 5000],
    ]);
    expect(timeline.jump).toMatchObject({ from: { date: '2026-12-01', bookmarks: 3400 }, to: { date: '2026-12-02', bookmarks: 5100 }, change: 1700 });
    expect(timeline.undated).toBe(0);
  });

  it('a loss is a change too, and the earliest of equal changes is the one named', () => {
    const timeline = buildTimeline([summary('a', '2026-12-01', 100), summary('b', '2026-12-02', 40), summary('c', '2026-12-03', 100)]);
    expect(timeline.jump).toMatchObject({ from: { date: '2026-12-01' }, to: { date: '2026-12-02' }, change: -60 });
  });

  it('no change to name with one backup or none that differ; undated backups stay off the timeline', () => {
    expect(buildTimeline([summary('a', '2026-12-01', 100)]).jump).toBeNull();
    expect(buildTimeline([summary('a', '2026-12-01', 100), summary('b', '2026-12-02', 100)]).jump).toBeNull();
    const timeline = buildTimeline([summary('a', null, 100), summary('b', '2026-12-02', 100)]);
    expect(timeline.points).toHaveLength(1);
    expect(timeline.undated).toBe(1);
  });
});
