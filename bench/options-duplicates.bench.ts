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
 *  - options.duplicates.firefox.syncDamaged5k.openToListRatioToAnchor.{cold,warm} (issue 32): the page opened in a
 *    fresh tab to its full list shown and usable (time origin to 'tidymarks-duplicates-list-verified': the list of
 *    its own scan, when its choices and cleanup buttons work; the last scan shown before it is read-only) / the
 *    anchor, a blank extension page of the test build doing what Bookmark Dupes does to show its list
 *    (tests/harness/dupes-anchor.ts: getTree, group by exact URL, one table row per copy in groups of 2+ with its
 *    folder path, every row at once), opened in a fresh tab, time origin to its rows in the DOM and laid out
 *    (offsetHeight read). Tidymarks' mark is set in the animation frame after its render is committed, after a
 *    layout flush (offsetHeight read), as the anchor's. Cold: each page the first opened in its own fresh Firefox
 *    on a fresh copy of the profile, alternating which side goes first, 3 pairs. Warm: one Firefox, a pair not
 *    counted, then 7 alternating pairs. Firefox idle before every open; the median of the per-pair ratios. Bar: at
 *    most 0.8 each.
 * Parts (`npm run bench -- --only options-duplicates --part <name>`): open5k, syncDamaged, open100k, scroll.
 */
import type { Page } from 'puppeteer-core';
import { navigate, EXTENSION_ORIGIN, type Firefox } from '../tests/e2e/firefox';
import { SYNC_COLLECTION, syncCollectionHtml } from '../tests/e2e/sync-collection';
import { median, p95, round } from './lib/stats';
import { defineSuite, type BenchContext, type BenchRow, type FirefoxBenchOptions } from './lib/types';
import { countBookmarks, syntheticCollection } from './dedup-scan.bench';
import { seedHtml } from './lib/seed-html';
import { untilIdle } from './lib/cleanup-jobs';
import { firefoxCpuMs } from './lib/process-cpu';

const MARK = 'tidymarks-duplicates-list-shown';
const VERIFIED_MARK = 'tidymarks-duplicates-list-verified';
const SCAN_RECEIVED_MARK = 'tidymarks-duplicates-scan-received';

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

/** The anchor page (tests/harness/dupes-anchor.ts) and its mark: the rows of every group in the DOM, laid out. */
const ANCHOR_PAGE = 'tests/harness/dupes-anchor.html';
const ANCHOR_MARK = 'dupes-anchor-list-shown';

type Side = 'tidymarks' | 'anchor';

/**
 * Opens one side in a fresh tab: ms from its time origin (navigation start) to its mark (Tidymarks: the list of its
 * own scan, VERIFIED_MARK; the anchor: its rows laid out), with what the list holds.
 */
async function openSide(ff: Firefox, side: Side): Promise<{ ms: number; shows: string }> {
  const page = await ff.browser.newPage();
  await page.setViewport({ width: 1200, height: 1000 });
  const [path, mark] = side === 'tidymarks' ? ['options/index.html#duplicates', VERIFIED_MARK] : [ANCHOR_PAGE, ANCHOR_MARK];
  await navigate(page, EXTENSION_ORIGIN + path);
  const at = await page.waitForFunction((mark: string) => performance.getEntriesByName(mark)[0]?.startTime, { polling: 5, timeout: 120_000 }, mark);
  const ms = (await at.jsonValue()) as number;
  // Tidymarks: also when the first list was shown (the last scan, read-only) and its own scan's result arrived.
  const shows =
    side === 'anchor'
      ? await page.$eval('#list', (el) => `${(el as HTMLElement).dataset.rows} rows in ${(el as HTMLElement).dataset.groups} groups`)
      : await page.evaluate(
          (marks: string[]) =>
            `${document.querySelectorAll('[data-testid="group-list"] [role="treeitem"]').length} rows in the DOM; ` +
            marks.map((m) => `${m.replace('tidymarks-duplicates-', '')}@${Math.round(performance.getEntriesByName(m)[0]?.startTime ?? NaN)}`).join(' '),
          [MARK, SCAN_RECEIVED_MARK, VERIFIED_MARK],
        );
  await page.close();
  return { ms, shows };
}

/**
 * options.duplicates.firefox.syncDamaged5k.openToListRatioToAnchor.{cold,warm}: the Duplicates page opened in a fresh
 * tab to its full list, shown and usable / the anchor page opened in a fresh tab to its rows. Cold: each page the
 * first opened in its own fresh Firefox on a fresh copy of the profile, idle (two Firefoxes per pair; the page opened
 * second in a shared Firefox would find Places' caches warmed by the first), which side goes first alternating
 * (3 pairs, 1 with --quick), median of the per-pair ratios. Warm: one Firefox, both pages opened once,
 * then 7 alternating pairs (3 with --quick) in fresh tabs, median of the per-pair ratios. Before every open Firefox
 * is idle (bench/lib/cleanup-jobs.ts untilIdle).
 */
async function anchorRows(ctx: BenchContext, seed: FirefoxBenchOptions): Promise<BenchRow[]> {
  const pair = async (ff: Firefox, first: Side) => {
    const out = {} as Record<Side, { ms: number; shows: string }>;
    for (const side of first === 'tidymarks' ? (['tidymarks', 'anchor'] as const) : (['anchor', 'tidymarks'] as const)) {
      await untilIdle(() => firefoxCpuMs(ff));
      out[side] = await openSide(ff, side);
    }
    return out;
  };
  const list = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(', ');
  const rows: BenchRow[] = [];
  const what = `${SYNC_COLLECTION.bookmarks} bookmarks (tests/e2e/sync-collection.ts); Tidymarks: time origin to '${VERIFIED_MARK}' (the list of the page's own scan, when its choices and cleanup buttons work), anchor: time origin to its rows laid out (tests/harness/dupes-anchor.ts: getTree, grouped by exact URL, one table row per copy with its folder path, every row rendered); shared 2-core machine`;
  const row = (variant: 'cold' | 'warm', ours: number[], anchor: number[], how: string): BenchRow => {
    const ratios = ours.map((o, i) => o / anchor[i]!);
    ctx.log(`${variant}: Tidymarks ${list(ours)} ms, anchor ${list(anchor)} ms, ratios ${ratios.map((r) => r.toFixed(2)).join(', ')}`);
    return {
      id: `options.duplicates.firefox.syncDamaged5k.openToListRatioToAnchor.${variant}`,
      value: round(median(ratios)),
      unit: 'ratio',
      better: 'lower',
      note: `${how}: the Duplicates page opened in a fresh tab to its full list / the anchor page the same way, median of per-pair ratios (medians ${round(median(ours), 0)} / ${round(median(anchor), 0)} ms). ${what}`,
      bar: { max: 0.8 },
    };
  };

  {
    const pairs = ctx.quick ? 1 : 3;
    const ours: number[] = [];
    const anchor: number[] = [];
    // Each side is the first page of its own fresh Firefox: in one Firefox, the page opened second would find Places'
    // caches and the extension's process warmed by the first.
    const coldOpen = async (side: Side) => {
      const ff = await ctx.firefox(seed);
      try {
        await untilIdle(() => firefoxCpuMs(ff));
        return await openSide(ff, side);
      } finally {
        await ff.close();
      }
    };
    for (let i = 0; i < pairs; i++) {
      const p = {} as Record<Side, { ms: number; shows: string }>;
      for (const side of i % 2 === 0 ? (['tidymarks', 'anchor'] as const) : (['anchor', 'tidymarks'] as const)) p[side] = await coldOpen(side);
      ours.push(p.tidymarks.ms);
      anchor.push(p.anchor.ms);
      ctx.log(`cold pair ${i + 1}: Tidymarks ${p.tidymarks.shows} (ms from time origin); anchor ${p.anchor.shows}`);
    }
    rows.push(row('cold', ours, anchor, `Cold, each page the first opened in its own fresh Firefox (alternating which side goes first), ${pairs} pairs`));
  }
  {
    const pairs = ctx.quick ? 3 : 7;
    const ff = await ctx.firefox(seed);
    await pair(ff, 'tidymarks'); // warm-up: the code of both pages, Places' caches, the last scan kept
    const marks: string[] = [];
    const ours: number[] = [];
    const anchor: number[] = [];
    for (let i = 0; i < pairs; i++) {
      const p = await pair(ff, i % 2 === 0 ? 'anchor' : 'tidymarks');
      ours.push(p.tidymarks.ms);
      anchor.push(p.anchor.ms);
      marks.push(p.tidymarks.shows.replace(/^.*; /, ''));
    }
    ctx.log(`warm Tidymarks marks (ms from time origin): ${marks.join(' | ')}`);
    await ff.close();
    rows.push(row('warm', ours, anchor, `Warm, one Firefox after a warm-up pair, ${pairs} alternating pairs in fresh tabs`));
  }
  return rows;
}

export default defineSuite({
  name: 'options-duplicates',
  async run(ctx) {
    const rows: BenchRow[] = [];
    const seed = { seedHtml: syncCollectionHtml(), seedCount: SYNC_COLLECTION.bookmarks };
    const runs = ctx.quick ? 3 : 7;

    if (ctx.runs('open5k'))
      rows.push(...(await openRows(ctx, '5k', seed, runs, `${SYNC_COLLECTION.bookmarks} bookmarks, ${SYNC_COLLECTION.groups} groups (tests/e2e/sync-collection.ts)`)));
    if (ctx.runs('syncDamaged')) rows.push(...(await anchorRows(ctx, seed)));
    if (ctx.runs('open100k')) {
      // 100,000 bookmarks: the sync-like collection of the scan benchmark (nested folders, 20% copies, pages x154
      // and x484, two folders copied whole).
      const size = ctx.quick ? 20_000 : 100_000;
      const collection = syntheticCollection(size);
      const big = { seedHtml: seedHtml(collection), seedCount: countBookmarks(collection) };
      rows.push(...(await openRows(ctx, '100k', big, ctx.quick ? 3 : 5, `${big.seedCount} bookmarks (bench/dedup-scan.bench.ts syntheticCollection)`)));
    }

    if (ctx.runs('scroll')) {
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
