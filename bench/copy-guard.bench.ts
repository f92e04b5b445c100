/**
 * How soon the copy guard (src/copy-guard, issue 34) tells a burst of copies, watched from outside the extension:
 * Firefox on an X display of its own (headless Firefox shows no alerts), Firefox's own alerts (not the system's), a
 * profile seeded with 5,000 pages in folders of 50 in the Bookmarks Menu, Tidymarks idle (search index fresh). Then
 * Sync brings the same folder back: Places' insertTree with `source: SYNC` (as tests/e2e/places-seed.ts `syncInsert`),
 * in chrome code that also notes, with Firefox's clock, when Places sent the last `bookmark-added` and when Firefox's
 * alert window (chrome://global/content/alerts/alert.xhtml) finished loading.
 *  - guard.detect.firefox.5k.ms: from the last item of the 5,000-copy burst to the alert shown, the median over fresh
 *    Firefoxes. Bar: at most 2,000 (the guard waits 1 s of quiet, BURST_QUIET_MS, then decides and writes its record).
 * The note gives every sample and the insertTree's own time. Parts: "detect" (that row) and "falseAlarms"
 * (guard.falseAlarms, a scripted day of ordinary use: bench/copy-guard-day.ts).
 */
import { startXDisplay } from '../scripts/x-display';
import { syncInsert } from '../tests/e2e/places-seed';
import type { Firefox } from '../tests/e2e/firefox';
import { falseAlarms } from './copy-guard-day';
import { seedHtml, spreadFolder } from './lib/seed-html';
import { median, round } from './lib/stats';
import { defineSuite, type BenchContext, type BenchRow } from './lib/types';

/** The seeded folder as Sync would bring it back: the same titles and addresses, in folders of 50. */
function copyOf(folder: ReturnType<typeof spreadFolder>) {
  return {
    title: folder.title,
    children: (folder.folders ?? []).map((f) => ({ title: f.title, children: (f.bookmarks ?? []).map((b) => ({ title: b.title, url: b.url })) })),
  };
}

/** Installs the chrome-side watch: the last bookmark-added and the alert window's load, by Firefox's clock. */
function watch(ff: Firefox) {
  return ff.chrome(`async () => {
    const { PlacesUtils } = ChromeUtils.importESModule('resource://gre/modules/PlacesUtils.sys.mjs');
    const w = { lastAdded: 0, added: 0, shownAt: 0 };
    window.guardBench = w;
    PlacesUtils.observers.addListener(['bookmark-added'], (events) => { w.added += events.length; w.lastAdded = Date.now(); });
    Services.ww.registerNotification({
      observe(subject, topic) {
        if (topic !== 'domwindowopened') return;
        subject.addEventListener('load', () => {
          if (!w.shownAt && String(subject.location.href).includes('alert')) w.shownAt = Date.now();
        }, { once: true });
      },
    });
    return null;
  }`);
}

const watched = (ff: Firefox) => ff.chrome<{ lastAdded: number; added: number; shownAt: number }>(`async () => window.guardBench`);

export default defineSuite({
  name: 'copy-guard',
  async run(ctx) {
    const rows: BenchRow[] = [];
    if (ctx.runs('detect')) rows.push(await detect(ctx));
    if (ctx.runs('falseAlarms')) rows.push(await falseAlarms(ctx));
    return rows;
  },
});

async function detect(ctx: BenchContext): Promise<BenchRow> {
  const size = ctx.quick ? 1_000 : 5_000;
  const rounds = ctx.quick ? 1 : 3;
  const folder = spreadFolder('Synced', size, 'synced');
  const html = seedHtml([folder]);
  const x = await startXDisplay();
  const samples: number[] = [];
  const inserts: number[] = [];
  try {
    for (let r = 0; r < rounds; r++) {
      const ff = await ctx.firefox({
        seedHtml: html,
        seedCount: size,
        headless: false,
        env: x.env,
        prefs: { 'alerts.useSystemBackend': false, 'alerts.disableSlidingEffect': true, 'alerts.totalOpenTime': 60_000 },
      });
      try {
        const harness = await ff.harness();
        await harness.evaluate(async () => {
          const { client } = window.tm;
          await client.call('search.query', { text: 'guide' });
          for (let i = 0; i < 1200 && !(await client.call('search.test.state', {})).fresh; i++) await new Promise((res) => setTimeout(res, 50));
          if (!(await client.call('search.test.state', {})).fresh) throw new Error('the search index did not become fresh');
          await client.call('test.copyGuard.idle', {});
        });
        await harness.close();
        await watch(ff);
        const t = Date.now();
        const inserted = await syncInsert(ff, { toolbar_____: [copyOf(folder)] });
        inserts.push(Date.now() - t);
        if (inserted !== size + size / 50 + 1) throw new Error(`Sync inserted ${inserted} items`);
        let seen = await watched(ff);
        for (let i = 0; i < 300 && !seen.shownAt; i++) {
          await new Promise((res) => setTimeout(res, 50));
          seen = await watched(ff);
        }
        if (!seen.shownAt) throw new Error(`no alert within 15 s of the burst (${seen.added} bookmark-added)`);
        samples.push(seen.shownAt - seen.lastAdded);
        ctx.log(`round ${r + 1}/${rounds}: insertTree ${inserts.at(-1)} ms, last item to the alert ${samples.at(-1)} ms`);
      } finally {
        await ff.close();
      }
    }
  } finally {
    await x.stop();
  }
  const quick = ctx.quick ? ' [quick sizes]' : '';
  return {
    id: 'guard.detect.firefox.5k.ms',
    value: round(median(samples)),
    unit: 'ms',
    better: 'lower',
    note:
      `${size} copies (a copied folder of ${size / 50} folders of 50) inserted by Sync (insertTree, source SYNC) into a profile holding them: ` +
      `from Places' last bookmark-added to Firefox's alert window loaded, median of ${rounds} fresh Firefoxes: ${samples.join(', ')} ms ` +
      `(the insertTree took ${inserts.join(', ')} ms)${quick}`,
    bar: { max: 2_000 },
  };
}
