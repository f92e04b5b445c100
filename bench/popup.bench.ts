/**
 * The toolbar popup:
 *  - popup.ready.firefox.10k.coldMs: from opening the popup (the popup document's time origin) to the current
 *    page's status and the first results on screen (the popup's 'tidymarks-popup-ready' User Timing mark), with
 *    10,000 bookmarks, after the event page was unloaded (idle timeout 1 s, 3 s of silence before each opening).
 *    Median of 5. Bar: at most 250 ms.
 *  - popup.ready.firefox.10k.warmMs: the same with the background running and its index loaded. Median of 5.
 *    Bar: at most 100 ms.
 *  - popup.ready.firefox.100k.coldMs and .warmMs: the same two, on the 100,000-bookmark sync-like collection of the
 *    scan and background benchmarks (bench/dedup-scan.bench.ts: folders of 40-60, 20% extra copies), a page of it
 *    open in the tab. Warm waits until the index is fresh (built from Firefox, not only from its snapshot): at this
 *    size the rebuild behind a snapshot takes seconds. Bars: at most 300 ms and 100 ms.
 *  - popup.bundle.gzip.kb: every JavaScript file popup/index.html loads (static and dynamic imports and the files
 *    Vite preloads with a dynamic import, followed from the entry) in the production build, gzipped one by one and
 *    summed. Bar: at most 30 (scripts/popup-bundle.mjs; npm test checks it on its build too).
 *  - popup.bundle.gzip.atOpen.kb: the same through static imports only: what loads before the popup's code runs.
 *
 * Parts (`npm run bench -- --only popup --part <name>`): `bundle` (the two bundle rows: a production build, no
 * Firefox) and `open` (the openings).
 *
 * The popup is opened as the user opens it: as the toolbar button's panel (action.openPopup() from the harness
 * page; its document is read through extension.getViews). Opening popup/index.html in a tab instead (as the e2e
 * tests do) also pays for a tab's navigation and a switch of process, about 30-50 ms before the first line of the
 * popup's code runs; those numbers are kept as the ...tab.coldMs and ...tab.warmMs rows, without a bar.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'puppeteer-core';
import { navigate, EXTENSION_ORIGIN } from '../tests/e2e/firefox';
import { POPUP_BUNDLE_BUDGET_KB, popupBundleSize, type BundleSize } from '../scripts/popup-bundle.mjs';
import { syntheticCollection } from './dedup-scan.bench';
import { corpusSeed } from './search.bench';
import { makeCorpus } from './search-corpus';
import { seedHtml, type SeedFolder } from './lib/seed-html';
import { median, round } from './lib/stats';
import { defineSuite, type BenchContext, type BenchRow } from './lib/types';

function countBookmarks(folders: SeedFolder[]): number {
  return folders.reduce((n, f) => n + (f.bookmarks?.length ?? 0) + countBookmarks(f.folders ?? []), 0);
}

const root = resolve(import.meta.dirname, '..');

/** The popup's bundle sizes from a production build of its own (scripts/popup-bundle.mjs measures them). */
function popupBundleGzipKb(): { all: BundleSize; atOpen: BundleSize } {
  const out = mkdtempSync(join(tmpdir(), 'tidymarks-popup-build-'));
  try {
    execFileSync(process.execPath, [resolve(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', out, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
    });
    return popupBundleSize(out);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

async function openPopupAndWait(page: Page, tabId: number): Promise<number> {
  await navigate(page, `${EXTENSION_ORIGIN}popup/index.html?tabId=${tabId}`);
  await page.waitForFunction(() => performance.getEntriesByName('tidymarks-popup-ready').length > 0, { timeout: 30_000 });
  return page.evaluate(() => performance.getEntriesByName('tidymarks-popup-ready')[0]!.startTime);
}

/** Opens the toolbar popup from the harness page, waits for its ready mark, closes it; the mark's time. */
async function openToolbarPopupAndWait(harness: Page): Promise<number> {
  const ms = await harness.evaluate(async () => {
    const b = window.tm.browser as unknown as {
      action: { openPopup(): Promise<void> };
      extension: { getViews(filter: { type: 'popup' }): Window[] };
    };
    await b.action.openPopup();
    for (let i = 0; i < 3000; i++) {
      const view = b.extension.getViews({ type: 'popup' })[0];
      const mark = view?.performance.getEntriesByName('tidymarks-popup-ready')[0];
      if (view && mark) {
        view.close();
        return mark.startTime;
      }
      await new Promise((r) => setTimeout(r, 10));
    }
    return -1;
  });
  if (ms < 0) throw new Error('the toolbar popup did not get ready within 30 s');
  // Give the panel time to go away before anything else opens.
  await new Promise((r) => setTimeout(r, 200));
  return ms;
}

/**
 * The toolbar popup at 100,000 bookmarks, cold and warm, on the sync-like collection; the tab shows one of its
 * pages (a bookmarked URL, so the current page's status counts its copies).
 */
async function measureLarge(ctx: BenchContext, url: string, runs: number) {
  const collection = syntheticCollection(ctx.quick ? 20_000 : 100_000);
  const count = countBookmarks(collection);
  const ff = await ctx.firefox({ seedHtml: seedHtml(collection), seedCount: count, prefs: { 'extensions.background.idle.timeout': 1000 } });
  try {
    const harness = await ff.harness();
    await harness.evaluate(async (u) => {
      const b = window.tm.browser;
      const tab = await b.tabs.create({ url: u, active: true });
      for (let i = 0; i < 200 && (await b.tabs.get(tab.id!)).status !== 'complete'; i++) await new Promise((r) => setTimeout(r, 25));
      await b.bookmarks.create({ parentId: 'toolbar_____', title: 'A page to bookmark', url: u });
    }, url);
    /**
     * Until the index is fresh: built from Firefox and kept current since (ms). A worded query starts the load (and
     * again if the event page went meanwhile); state requests go one after another without a pause, answered
     * between the load's slices, so the event page (1 s idle timeout) stays loaded through it: a request left
     * waiting alone for the load postpones the unload only once. The harness tab is in the background, where Firefox
     * runs timers at most once a second.
     */
    const waitForFresh = () =>
      harness.evaluate(async () => {
        const t = performance.now();
        let searching = false;
        while (performance.now() - t < 120_000) {
          if (!searching) {
            searching = true;
            window.tm.client
              .call('search.query', { text: 'warm' })
              .catch(() => undefined)
              .finally(() => (searching = false));
          }
          const state = await window.tm.client.call('search.test.state', {}).catch(() => ({ fresh: false }));
          if (state.fresh) return performance.now() - t;
        }
        return -1;
      });
    const cold: number[] = [];
    const warm: number[] = [];
    const freshWaits: number[] = [];
    for (let i = 0; i < runs; i++) {
      ctx.log(`${count} bookmarks: opening ${i + 1}/${runs}: toolbar popup cold, then warm once the index is fresh`);
      await new Promise((r) => setTimeout(r, 3000));
      cold.push(await openToolbarPopupAndWait(harness));
      const fresh = await waitForFresh();
      if (fresh < 0) throw new Error('the search index was not fresh within 120 s of opening the popup');
      freshWaits.push(fresh);
      warm.push(await openToolbarPopupAndWait(harness));
    }
    return { count, cold, warm, freshWaits };
  } finally {
    await ff.close();
  }
}

export default defineSuite({
  name: 'popup',
  async run(ctx) {
    const rows: BenchRow[] = [];
    if (ctx.runs('bundle')) {
      const bundle = popupBundleGzipKb();
      rows.push(
        {
          id: 'popup.bundle.gzip.kb',
          value: round(bundle.all.kb, 2),
          unit: 'kB',
          better: 'lower',
          note: `${bundle.all.files} JS files popup/index.html loads in the production build (static and dynamic imports and Vite's preloads, followed from its scripts), each gzipped, summed; at opening (static imports only): ${round(bundle.atOpen.kb, 2)} kB in ${bundle.atOpen.files} files`,
          bar: { max: POPUP_BUNDLE_BUDGET_KB },
        },
        {
          id: 'popup.bundle.gzip.atOpen.kb',
          value: round(bundle.atOpen.kb, 2),
          unit: 'kB',
          better: 'lower',
          note: `${bundle.atOpen.files} JS files popup/index.html loads before its code runs (static imports only, followed from its scripts), each gzipped, summed`,
        },
      );
    }
    if (ctx.runs('open')) rows.push(...(await measureOpening(ctx)));
    return rows;
  },
});

/** The popup opened at 10,000 bookmarks (toolbar panel and tab, cold and warm) and at 100,000 (measureLarge). */
async function measureOpening(ctx: BenchContext): Promise<BenchRow[]> {
  const size = ctx.quick ? 2_000 : 10_000;
  const runs = ctx.quick ? 3 : 5;
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><title>A page to bookmark</title><p>hello</p>');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/page`;
  try {
    const { bookmarks } = makeCorpus(size, 0, 5);
    const ff = await ctx.firefox({
      seedHtml: seedHtml([corpusSeed(bookmarks)]),
      seedCount: size,
      prefs: { 'extensions.background.idle.timeout': 1000 },
    });
    const harness = await ff.harness();
    const tabId = await harness.evaluate(async (u) => {
      const b = window.tm.browser;
      const tab = await b.tabs.create({ url: u, active: true });
      for (let i = 0; i < 200 && (await b.tabs.get(tab.id!)).status !== 'complete'; i++) await new Promise((r) => setTimeout(r, 25));
      await b.bookmarks.create({ parentId: 'toolbar_____', title: 'A page to bookmark', url: u });
      return tab.id!;
    }, url);

    const waitForIndex = () =>
      harness.evaluate(async () => {
        const t = performance.now();
        await window.tm.client.call('search.query', { text: 'warm' });
        return performance.now() - t;
      });
    const silence = () => new Promise((r) => setTimeout(r, 3000));
    const cold: number[] = [];
    const warm: number[] = [];
    const tabCold: number[] = [];
    const tabWarm: number[] = [];
    const indexWaits: number[] = [];
    for (let i = 0; i < runs; i++) {
      ctx.log(`opening ${i + 1}/${runs}: toolbar popup cold and warm, then as a tab cold and warm (3 s for the event page to unload before each cold one)`);
      await silence();
      cold.push(await openToolbarPopupAndWait(harness));
      // Warm: the background is running and its index loaded (the cold popup started the load). How long this
      // takes also tells whether the background had really restarted (a fresh index must be rebuilt).
      indexWaits.push(await waitForIndex());
      warm.push(await openToolbarPopupAndWait(harness));

      await silence();
      const page = await ff.browser.newPage();
      tabCold.push(await openPopupAndWait(page, tabId));
      await page.close();
      await waitForIndex();
      const again = await ff.browser.newPage();
      tabWarm.push(await openPopupAndWait(again, tabId));
      await again.close();
    }
    const all = (values: number[]) => values.map(Math.round).join(', ');
    const large = await measureLarge(ctx, url, runs);
    return [
      {
        id: 'popup.ready.firefox.10k.coldMs',
        value: Math.round(median(cold)),
        unit: 'ms',
        better: 'lower',
        note: `median of ${runs}: the toolbar popup opened to current-page status + first results shown, event page unloaded before (${size} bookmarks); all: ${all(cold)}; first worded query after each cold opening waited ${all(indexWaits)} ms for the index (a rebuild: the background had restarted)`,
        bar: { max: 250 },
      },
      {
        id: 'popup.ready.firefox.10k.warmMs',
        value: Math.round(median(warm)),
        unit: 'ms',
        better: 'lower',
        note: `median of ${runs}: the toolbar popup with the background running and its index loaded; all: ${all(warm)}`,
        bar: { max: 100 },
      },
      {
        id: 'popup.ready.firefox.10k.tab.coldMs',
        value: Math.round(median(tabCold)),
        unit: 'ms',
        better: 'lower',
        note: `median of ${runs}: popup/index.html opened in a tab (tab navigation and process switch included), event page unloaded before; all: ${all(tabCold)}`,
      },
      {
        id: 'popup.ready.firefox.10k.tab.warmMs',
        value: Math.round(median(tabWarm)),
        unit: 'ms',
        better: 'lower',
        note: `median of ${runs}: popup/index.html opened in a tab, background running and its index loaded; all: ${all(tabWarm)}`,
      },
      {
        id: 'popup.ready.firefox.100k.coldMs',
        value: Math.round(median(large.cold)),
        unit: 'ms',
        better: 'lower',
        note: `median of ${runs}: the toolbar popup opened to current-page status + first results shown, event page unloaded before (${large.count} bookmarks, sync-like: folders of 40-60, 20% copies; idle timeout 1 s); all: ${all(large.cold)}; the index was fresh ${all(large.freshWaits)} ms after each cold opening`,
        bar: { max: 300 },
      },
      {
        id: 'popup.ready.firefox.100k.warmMs',
        value: Math.round(median(large.warm)),
        unit: 'ms',
        better: 'lower',
        note: `median of ${runs}: the toolbar popup with the background running and its index fresh (${large.count} bookmarks); all: ${all(large.warm)}`,
        bar: { max: 100 },
      },
    ];
  } finally {
    await new Promise((done) => server.close(done));
  }
}
