/**
 * The Duplicates page in real Firefox on the 5,101-bookmark sync-multiplied collection (tests/e2e/sync-collection.ts:
 * 453 groups, one folder copied three times, pages ×154 and ×484, variants) and on the 100,000-bookmark sync-like
 * collection of bench/dedup-scan.bench.ts, every sample against an anchor from the same run:
 *  - options.duplicates.firefox.{5k,100k}.openToListRatioToScan: the page opened in a new tab to its full list
 *    (navigation start, the document's time origin, to the page's 'tidymarks-duplicates-list-shown' User Timing
 *    mark: summary, copied folders and the first screen of groups rendered) / the 'dedup.scan' request alone from an
 *    open page. The list is the last scan the background kept, shown while the page's own scan runs (every open here
 *    follows a scan), or the page's own scan when there is none. Alternating, median of 7 (5 at 100k) each. Bar: at
 *    most 1.5 (issue 17; 2.0 in issue 13).
 *  - options.duplicates.firefox.{5k,100k}.openToListMs and ...scanMs (no bar): the two medians;
 *    ...openToOwnScanListMs (no bar): time origin to 'tidymarks-duplicates-list-verified', the list of the page's own
 *    scan (when its choices and cleanup buttons work).
 *  - options.duplicates.firefox.5k.scrollFrameP95Ms: with every group and folder open, the list scrolled by 300 px
 *    per frame (18,000 px/s, a fast flick; a mouse-wheel notch moves about 60 px) for 3 x 240 frames, each frame's
 *    duration (requestAnimationFrame to requestAnimationFrame) with Firefox's refresh driver in ASAP mode
 *    (layout.frame_rate 0: a frame is as long as its work, not the display's 16.7 ms), p95 over all frames.
 *    Bar: at most 16.
 *  - options.duplicates.firefox.5k.scrollFrameP95Ms.flick900 (no bar): the same at 900 px per frame, where every
 *    row in view is new in every frame.
 */
import type { Page } from 'puppeteer-core';
import { navigate, EXTENSION_ORIGIN } from '../tests/e2e/firefox';
import { SYNC_COLLECTION, syncCollectionHtml } from '../tests/e2e/sync-collection';
import { median, p95, round } from './lib/stats';
import { defineSuite, type BenchContext, type BenchRow, type FirefoxBenchOptions } from './lib/types';
import { countBookmarks, syntheticCollection } from './dedup-scan.bench';
import { seedHtml } from './lib/seed-html';

const MARK = 'tidymarks-duplicates-list-shown';
const VERIFIED_MARK = 'tidymarks-duplicates-list-verified';

async function scanAlone(harness: Page): Promise<number> {
  return harness.evaluate(async () => {
    const t = performance.now();
    await window.tm.client.startJob('dedup.scan', {}).result;
    return performance.now() - t;
  });
}

/**
 * Opens the page in a new tab; ms from its time origin to the list-shown mark, and from outside (puppeteer); then ms
 * to the list-verified mark (the list of the page's own scan).
 */
async function openToList(ff: { browser: { newPage(): Promise<Page> } }): Promise<{ inPage: number; outside: number; verified: number }> {
  const page = await ff.browser.newPage();
  await page.setViewport({ width: 1200, height: 1000 });
  const started = Date.now();
  await navigate(page, `${EXTENSION_ORIGIN}options/index.html#duplicates`);
  const inPage = await page.waitForFunction((mark: string) => performance.getEntriesByName(mark)[0]?.startTime, { polling: 5, timeout: 120_000 }, MARK);
  const outside = Date.now() - started;
  const value = (await inPage.jsonValue()) as number;
  const verified = await page.waitForFunction((mark: string) => performance.getEntriesByName(mark)[0]?.startTime, { polling: 5, timeout: 120_000 }, VERIFIED_MARK);
  const verifiedValue = (await verified.jsonValue()) as number;
  await page.close();
  return { inPage: value, outside, verified: verifiedValue };
}

/**
 * The open-to-list rows at one size: the page opened in a new tab to its list / the scan request alone, alternating;
 * also the time to the list of the page's own scan (the list-verified mark), which replaces the last scan it shows
 * first when there is one.
 */
async function openRows(ctx: BenchContext, size: string, seed: FirefoxBenchOptions, runs: number, what: string): Promise<BenchRow[]> {
  const ff = await ctx.firefox(seed);
  const harness = await ff.harness();
  // Warm-up: the event page, the code of both paths, Places' caches.
  await scanAlone(harness);
  await openToList(ff);
  const scans: number[] = [];
  const opens: number[] = [];
  const verified: number[] = [];
  const outside: number[] = [];
  for (let i = 0; i < runs; i++) {
    if (i % 2 === 0) scans.push(await scanAlone(harness));
    const open = await openToList(ff);
    opens.push(open.inPage);
    verified.push(open.verified);
    outside.push(open.outside);
    if (i % 2 === 1) scans.push(await scanAlone(harness));
  }
  const scan = median(scans);
  const open = median(opens);
  const list = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(', ');
  ctx.log(
    `${size}: scan alone ${list(scans)} ms; page open to list ${list(opens)} ms, to the list of its own scan ${list(verified)} ms (from outside, with puppeteer's navigation: ${list(outside)} ms)`,
  );
  const data = `${what}, median of ${runs}, alternating; shared 2-core machine`;
  return [
    {
      id: `options.duplicates.firefox.${size}.openToListRatioToScan`,
      value: round(open / scan),
      unit: 'ratio',
      better: 'lower',
      note: `Duplicates page opened in a new tab to its full list (time origin to the list-shown mark: the last scan, shown while the page's own scan runs, or that scan when there is none) / the dedup.scan request alone, same run: ${round(open, 0)} / ${round(scan, 0)} ms. ${data}`,
      bar: { max: 1.5 },
    },
    {
      id: `options.duplicates.firefox.${size}.openToListMs`,
      value: round(open, 0),
      unit: 'ms',
      better: 'lower',
      note: `Page open to full list (time origin to the list-shown mark; from outside ${round(median(outside), 0)} ms). ${data}`,
    },
    {
      id: `options.duplicates.firefox.${size}.openToOwnScanListMs`,
      value: round(median(verified), 0),
      unit: 'ms',
      better: 'lower',
      note: `Page open to the list of its own scan (time origin to the list-verified mark: choices and cleanup possible), ${round(median(verified) / scan)}x the scan alone. ${data}`,
    },
    {
      id: `options.duplicates.firefox.${size}.scanMs`,
      value: round(scan, 0),
      unit: 'ms',
      better: 'lower',
      note: `The dedup.scan request alone from an open page (the anchor of the ratio). ${data}`,
    },
  ];
}

export default defineSuite({
  name: 'options-duplicates',
  async run(ctx) {
    const rows: BenchRow[] = [];
    const seed = { seedHtml: syncCollectionHtml(), seedCount: SYNC_COLLECTION.bookmarks };
    const runs = ctx.quick ? 3 : 7;

    rows.push(...(await openRows(ctx, '5k', seed, runs, `${SYNC_COLLECTION.bookmarks} bookmarks, ${SYNC_COLLECTION.groups} groups (tests/e2e/sync-collection.ts)`)));
    {
      // 100,000 bookmarks: the sync-like collection of the scan benchmark (nested folders, 20% copies, pages x154
      // and x484, two folders copied whole).
      const size = ctx.quick ? 20_000 : 100_000;
      const collection = syntheticCollection(size);
      const big = { seedHtml: seedHtml(collection), seedCount: countBookmarks(collection) };
      rows.push(...(await openRows(ctx, '100k', big, ctx.quick ? 3 : 5, `${big.seedCount} bookmarks (bench/dedup-scan.bench.ts syntheticCollection)`)));
    }

    {
      const ff = await ctx.firefox({ ...seed, prefs: { 'layout.frame_rate': 0 } });
      const page = await ff.browser.newPage();
      await page.setViewport({ width: 1200, height: 1000 });
      await navigate(page, `${EXTENSION_ORIGIN}options/index.html#duplicates`);
      await page.waitForFunction((mark: string) => performance.getEntriesByName(mark).length > 0, { polling: 20, timeout: 60_000 }, MARK);
      await page.click('button::-p-text(Expand all)');
      const scrollFrames = (step: number, count: number) =>
        page.evaluate(
          async (step: number, count: number) => {
            const list = document.querySelector('[data-testid="group-list"]') as HTMLElement;
            const total = (list.firstElementChild as HTMLElement).offsetHeight;
            const durations: number[] = [];
            list.scrollTop = 0;
            let last = await new Promise<number>((r) => requestAnimationFrame(r));
            for (let i = 0; i < count; i++) {
              list.scrollTop = (list.scrollTop + step) % Math.max(1, total - list.clientHeight);
              const now = await new Promise<number>((r) => requestAnimationFrame(r));
              durations.push(now - last);
              last = now;
            }
            return { durations, total, rowsInDom: list.querySelectorAll('[role="treeitem"]').length };
          },
          step,
          count,
        );
      const fast: number[] = [];
      for (let pass = 0; pass < 3; pass++) fast.push(...(await scrollFrames(300, 240)).durations);
      const flick = await scrollFrames(900, 240);
      const value = p95(fast);
      ctx.log(
        `scroll 300 px/frame: ${fast.length} frames, median ${median(fast).toFixed(1)} ms, p95 ${value.toFixed(1)} ms, max ${Math.max(...fast).toFixed(1)} ms; ` +
          `900 px/frame: median ${median(flick.durations).toFixed(1)} ms, p95 ${p95(flick.durations).toFixed(1)} ms; list ${flick.total} px, ${flick.rowsInDom} rows in the DOM`,
      );
      const how = `every group and folder open (a ${flick.total} px list), frame durations (rAF to rAF) with the refresh driver in ASAP mode (layout.frame_rate 0)`;
      rows.push(
        {
          id: 'options.duplicates.firefox.5k.scrollFrameP95Ms',
          value: round(value, 1),
          unit: 'ms',
          better: 'lower',
          note: `Scrolled 300 px per frame, 3 x 240 frames, ${how}, p95 (median ${round(median(fast), 1)} ms). ${SYNC_COLLECTION.bookmarks} bookmarks; shared 2-core machine`,
          bar: { max: 16 },
        },
        {
          id: 'options.duplicates.firefox.5k.scrollFrameP95Ms.flick900',
          value: round(p95(flick.durations), 1),
          unit: 'ms',
          better: 'lower',
          note: `Scrolled 900 px per frame (every row in view new each frame), 240 frames, ${how}, p95 (median ${round(median(flick.durations), 1)} ms). Shared 2-core machine`,
        },
      );
    }
    return rows;
  },
});
