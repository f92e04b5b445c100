/**
 * `guard.falseAlarms` (bench/copy-guard.bench.ts, part "falseAlarms"): a scripted day of ordinary use in real
 * Firefox, on an X display of its own with Firefox's own alerts, the alerts counted in chrome code as they open (as
 * `guard.detect` watches them), nothing of the extension's own used to observe it. The day, on a profile of 2,000
 * pages in folders of 50:
 *  - 500 single additions at a person's pace (1.1 s apart, Places' insert with the default source, as Firefox's star
 *    and its bookmark dialog write), every tenth of a page already bookmarked;
 *  - 100 moves and 100 renames (Places' update);
 *  - two imports through Tidymarks' Import view (the options page, the file picked, "Skip bookmarks that already
 *    exist" unticked): 250 and 100 copies of pages already bookmarked, with 50 new pages;
 *  - one cleanup of every duplicate (scan, plan, cleanup: the Duplicates page's jobs) and its undo.
 * Then, as a check that the count can see an alert: Sync brings 25 copies (insertTree, source SYNC), which must be
 * told once; a run where it is not fails instead of reporting 0.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startXDisplay } from '../scripts/x-display';
import { syncInsert } from '../tests/e2e/places-seed';
import type { Firefox } from '../tests/e2e/firefox';
import { seedHtml, spreadFolder } from './lib/seed-html';
import type { BenchContext, BenchRow } from './lib/types';

/** Counts Firefox's alert windows as they finish loading (chrome code). */
function countAlerts(ff: Firefox) {
  return ff.chrome(`async () => {
    const w = { alerts: 0 };
    window.guardDay = w;
    Services.ww.registerNotification({
      observe(subject, topic) {
        if (topic !== 'domwindowopened') return;
        subject.addEventListener('load', () => { if (String(subject.location.href).includes('alert')) w.alerts++; }, { once: true });
      },
    });
    return null;
  }`);
}
const alerts = (ff: Firefox) => ff.chrome<number>(`async () => window.guardDay.alerts`);

/** Places calls as the person's Firefox makes them (chrome code): one insert, one move, one rename. */
const insertOne = (ff: Firefox, url: string, title: string) =>
  ff.chrome(
    `async (url, title) => {
      const { PlacesUtils } = ChromeUtils.importESModule('resource://gre/modules/PlacesUtils.sys.mjs');
      await PlacesUtils.bookmarks.insert({ parentGuid: PlacesUtils.bookmarks.unfiledGuid, url, title });
      return null;
    }`,
    url,
    title,
  );

function movesAndRenames(ff: Firefox, n: number) {
  return ff.chrome<number>(
    `async (n) => {
      const { PlacesUtils } = ChromeUtils.importESModule('resource://gre/modules/PlacesUtils.sys.mjs');
      const { bookmarks } = PlacesUtils;
      const found = [];
      const tree = await PlacesUtils.promiseBookmarksTree(bookmarks.menuGuid);
      const walk = (node) => { if (node.uri) found.push(node.guid); for (const child of node.children ?? []) walk(child); };
      walk(tree);
      let done = 0;
      for (let i = 0; i < n; i++) {
        await bookmarks.update({ guid: found[i * 2], parentGuid: bookmarks.toolbarGuid, index: bookmarks.DEFAULT_INDEX });
        await bookmarks.update({ guid: found[i * 2 + 1], title: 'Renamed ' + i });
        done += 2;
      }
      return done;
    }`,
    n,
  );
}

/** Imports a file through the Import view, into Firefox's own folders, every entry (no skipping): its report. */
async function importThroughView(ff: Firefox, dir: string, name: string, html: string): Promise<string> {
  const file = join(dir, name);
  writeFileSync(file, html);
  const page = await ff.open('options/index.html#import-export');
  try {
    const input = await page.waitForSelector('#import-file');
    await (input as unknown as { uploadFile(path: string): Promise<void> }).uploadFile(file);
    await page.waitForSelector('[data-testid="import-file-summary"]');
    await page.click('#target-roots');
    if (await page.$eval('#import-skip-existing', (box) => (box as HTMLInputElement).checked)) await page.click('#import-skip-existing');
    await page.click('button.primary');
    const report = await page.waitForSelector('[data-testid="import-report"]', { timeout: 120_000 });
    // Its first sentence: "Imported 300 bookmarks, 0 folders and 0 separators; skipped 0 …".
    return await report!.evaluate((el) => (el.textContent ?? '').replace(/\s+/g, ' ').trim().split('.')[0]!);
  } finally {
    await page.close();
  }
}

const link = (url: string, title: string) => `<DT><A HREF="${url}">${title}</A>`;
const file = (entries: string[]) => `<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n${entries.join('\n')}\n</DL>\n`;

export async function falseAlarms(ctx: BenchContext): Promise<BenchRow> {
  const seeded = spreadFolder('Day', 2_000, 'day');
  const pages = (seeded.folders ?? []).flatMap((f) => f.bookmarks ?? []);
  const additions = ctx.quick ? 50 : 500;
  const x = await startXDisplay();
  const dir = mkdtempSync(join(tmpdir(), 'tm-guard-day-'));
  try {
    const ff = await ctx.firefox({
      seedHtml: seedHtml([seeded]),
      seedCount: pages.length,
      headless: false,
      env: x.env,
      prefs: { 'alerts.useSystemBackend': false, 'alerts.disableSlidingEffect': true, 'alerts.totalOpenTime': 5_000 },
    });
    try {
      const harness = await ff.harness();
      const guardIdle = () => harness.evaluate(() => window.tm.client.call('test.copyGuard.idle', {}));
      await guardIdle();
      await countAlerts(ff);
      const started = Date.now();

      for (let i = 0; i < additions; i++) {
        const again = i % 10 === 9 ? pages[(i * 37) % pages.length]! : null;
        await insertOne(ff, again ? again.url : `https://added-${i}.example/`, again ? again.title : `Added ${i}`);
        await new Promise((resolve) => setTimeout(resolve, 1_100));
      }
      ctx.log(`${additions} single additions (${additions / 10} of pages already bookmarked): ${await alerts(ff)} alerts`);
      const edits = await movesAndRenames(ff, 100);
      ctx.log(`${edits} moves and renames: ${await alerts(ff)} alerts`);

      const fresh = Array.from({ length: 50 }, (_, i) => link(`https://imported-${i}.example/`, `Imported ${i}`));
      const first = await importThroughView(ff, dir, 'first.html', file([...pages.slice(0, 250).map((p) => link(p.url, p.title)), ...fresh]));
      const second = await importThroughView(
        ff,
        dir,
        'second.html',
        file(['<DT><H3>Imported folder</H3>', '<DL><p>', ...pages.slice(500, 600).map((p) => link(p.url, p.title)), '</DL><p>']),
      );
      ctx.log(`imports: "${first}" / "${second}": ${await alerts(ff)} alerts`);

      const cleanup = await harness.evaluate(async () => {
        const { client } = window.tm;
        const scan = await client.startJob('dedup.scan', {}).result;
        const done = await client.startJob('dedup.cleanup', await client.call('dedup.plan', { scanId: scan.scanId })).result;
        await client.startJob('history.undo', { sessionId: done.sessionId }).result;
        return done.counts.copies;
      });
      await guardIdle();
      const falseAlarms = await alerts(ff);
      ctx.log(`cleanup of ${cleanup} copies and its undo: ${falseAlarms} alerts; the day took ${Math.round((Date.now() - started) / 1000)} s`);
      if (cleanup < 350) throw new Error(`the cleanup removed ${cleanup} copies: the imports did not bring their copies`);

      // The count sees an alert: Sync's 25 copies are told once.
      await syncInsert(ff, { toolbar_____: pages.slice(1000, 1025).map((p) => ({ title: p.title, url: p.url })) });
      await guardIdle();
      for (let i = 0; i < 100 && (await alerts(ff)) === falseAlarms; i++) await new Promise((resolve) => setTimeout(resolve, 100));
      const check = (await alerts(ff)) - falseAlarms;
      if (check !== 1) throw new Error(`Sync's 25 copies gave ${check} alerts, not 1: the count cannot be trusted`);

      const quick = ctx.quick ? ' [quick sizes]' : '';
      return {
        id: 'guard.falseAlarms',
        value: falseAlarms,
        unit: 'notifications',
        better: 'lower',
        note:
          `alerts Firefox showed over a scripted day on 2,000 pages: ${additions} single additions 1.1 s apart (every tenth of a page already bookmarked), ` +
          `100 moves and 100 renames, two imports through the Import view (250 and 100 copies, 50 new pages, nothing skipped), ` +
          `a cleanup of ${cleanup} copies and its undo; then Sync's 25 copies gave 1 alert (the count's check)${quick}`,
        bar: { max: 0 },
      };
    } finally {
      await ff.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await x.stop();
  }
}
