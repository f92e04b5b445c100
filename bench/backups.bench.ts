/**
 * Comparing a Firefox backup with now (src/firefox-backups/compare.ts), in node: 1,000 folders of 100 bookmarks in
 * the backup and the same tree now with every GUID new (as after a restore), so all 101,000 items go through the
 * second match, by address and folder path (tests/kit/backup-trees.ts builds both sides, outside the timer). Medians
 * of 7 runs after a warm-up, interleaved with a same-run anchor: walking the backup's items and interning each
 * address with its parent in a Map, the least any matching by address and folder must do.
 *  - backups.compare.node.100k.ms: compareWithNow alone. No bar: wall time on this shared machine swings with its load.
 *  - backups.compare.node.100k.ratioToAnchor: compareWithNow / the anchor. No bar yet; issue 33's bar is on the
 *    Firefox row (decode a 100,000-bookmark jsonlz4 + read the live tree + compare, / one getTree), not written yet.
 * A unit test once held "well under a second" for the same comparison; speed is measured here instead.
 */
import { compareWithNow } from '../src/firefox-backups/compare';
import { recreatedSince } from '../tests/kit/backup-trees';
import { median, round } from './lib/stats';
import { defineSuite, type BenchRow } from './lib/types';

export default defineSuite({
  name: 'backups',
  async run(ctx) {
    if (!ctx.runs('node')) return [];
    const { backup, live } = recreatedSince(1000, 100);
    const anchor = () => {
      const seen = new Map<string, number>();
      for (const item of backup) if (item.url !== null) seen.set(`${item.parent} ${item.url}`, item.position);
      return seen.size;
    };
    const time = (fn: () => unknown) => {
      const started = performance.now();
      fn();
      return performance.now() - started;
    };
    time(() => compareWithNow(backup, live)); // warm-up
    time(anchor);
    const compare: number[] = [];
    const floor: number[] = [];
    for (let run = 0; run < 7; run++) {
      compare.push(time(() => compareWithNow(backup, live)));
      floor.push(time(anchor));
    }
    const list = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(', ');
    ctx.log(`compare ${list(compare)} ms; anchor ${list(floor)} ms`);
    const what = `${backup.length} backup items (1,000 folders of 100 bookmarks), every one re-created since with a new GUID, median of 7 after a warm-up, interleaved with the anchor (the backup's items walked, each address interned with its parent in a Map: ${round(median(floor))} ms)`;
    const rows: BenchRow[] = [
      { id: 'backups.compare.node.100k.ms', value: round(median(compare)), unit: 'ms', better: 'lower', note: `compareWithNow of ${what}` },
      {
        id: 'backups.compare.node.100k.ratioToAnchor',
        value: round(median(compare.map((c, i) => c / floor[i]!))),
        unit: 'ratio',
        better: 'lower',
        note: `compareWithNow / the same-run anchor, median of per-run ratios; ${what}`,
      },
    ];
    return rows;
  },
});
