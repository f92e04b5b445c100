/**
 * The Backups view in real Firefox, on backups Firefox itself wrote: its own BookmarkJSONUtils.exportToFile (the code
 * behind every backup, compressed and not) and PlacesBackups.create (the daily backup, named by Firefox), run with
 * chrome privileges at three tree sizes. The files are opened through the view's real file input, all at once with
 * three hostile ones; the screen must show each backup's count as Firefox wrote it into the name, the chart's labels,
 * the biggest change in words, and each hostile file's reason while the others still open. Decoding runs in the
 * view's module worker (no fallback: a worker that did not load would make every file "could not be read"). Also: a
 * 20,000-bookmark daily backup, the view from the keyboard, and in dark mode. A backup compared with now after the
 * tree changed in every way (issue 33's second slice), and the options tab bar at 800 px.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { Firefox } from './firefox';
import { seedTree, type SeedNode } from './places-seed';
import { DARK_PREFS, useFirefox, usePrefs } from './use-firefox';
import { overflowing } from './layout';
import { waitForShown, waitForTextContaining } from './page-waits';
import { screenshotPath } from './screenshots';
import { firefoxExport, openInView } from './firefox-backup-files';

const ff = useFirefox();

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** `n` bookmarks, a folder and a separator, in the toolbar: `n` bookmarks, 1 folder and 1 separator more. */
async function addBookmarks(ff: Pick<Firefox, 'chrome'>, stage: string, n: number): Promise<void> {
  const pages: SeedNode[] = Array.from({ length: n - 1 }, (_, i) => ({ title: `${stage} page ${i}`, url: `https://${stage}.example/${i}` }));
  await seedTree(ff, {
    toolbar_____: [{ title: `${stage} folder`, children: [{ title: `${stage} inside`, url: `https://${stage}.example/inside` }, { separator: true }] }, ...pages],
  });
}

/** Firefox's daily backup (PlacesBackups.create, forced), copied out of the profile under the name Firefox gave it. */
async function firefoxDailyBackup(ff: Pick<Firefox, 'chrome'>, dir: string): Promise<string> {
  return ff.chrome<string>(
    `async (dir) => {
      const { PlacesBackups } = ChromeUtils.importESModule('resource://gre/modules/PlacesBackups.sys.mjs');
      await PlacesBackups.create(undefined, true);
      const path = await PlacesBackups.getMostRecentBackup();
      const name = PathUtils.filename(path);
      await IOUtils.copy(path, PathUtils.join(dir, name));
      return name;
    }`,
    dir,
  );
}

const firefoxCount = (name: string) => Number(/^bookmarks-\d{4}-\d{2}-\d{2}_(\d+)_/.exec(name)![1]);
const firefoxDate = (name: string) => /^bookmarks-(\d{4}-\d{2}-\d{2})/.exec(name)![1]!;
const dateLabel = (date: string) =>
  new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

interface Written {
  dir: string;
  /** Firefox's files, oldest first, with the bookmarks each holds. */
  backups: { name: string; bookmarks: number }[];
  hostile: { name: string; reason: RegExp }[];
}

/** Three backups at 20, 200 and 500 bookmarks, and three hostile files made from them. */
async function writeBackups(ff: Pick<Firefox, 'chrome'>): Promise<Written> {
  const dir = mkdtempSync(join(tmpdir(), 'tm-backups-'));
  dirs.push(dir);
  await addBookmarks(ff, 'first', 20);
  const small = await firefoxExport(ff, dir, '2026-11-28', true);
  await addBookmarks(ff, 'second', 180);
  const medium = await firefoxExport(ff, dir, '2026-11-29', false);
  const mediumLz4 = await firefoxExport(ff, dir, '2026-11-29', true);
  await addBookmarks(ff, 'third', 300);
  const daily = await firefoxDailyBackup(ff, dir);

  // Hostile files, each under a name Firefox could have written: cut short, a wrong header, a size no file has.
  const packed = readFileSync(join(dir, mediumLz4));
  rmSync(join(dir, mediumLz4));
  const truncated = 'bookmarks-2026-11-25_40_truncatedtruncatedtruncated.jsonlz4';
  writeFileSync(join(dir, truncated), packed.subarray(0, Math.floor(packed.length / 2)));
  const wrongMagic = 'bookmarks-2026-11-26_40_wrongmagicwrongmagicwrongmagic.jsonlz4';
  const magic = Buffer.from(packed);
  magic.write('mozLz39', 0, 'latin1');
  writeFileSync(join(dir, wrongMagic), magic);
  const huge = 'bookmarks-2026-11-27_40_declaredsizedeclaredsizedecl.jsonlz4';
  const declared = Buffer.from(packed);
  declared.writeUInt32LE(0xfffffff0, 8);
  writeFileSync(join(dir, huge), declared);

  return {
    dir,
    backups: [
      { name: small, bookmarks: 20 },
      { name: medium, bookmarks: 200 },
      { name: daily, bookmarks: 500 },
    ],
    hostile: [
      { name: truncated, reason: /^The file is cut short or damaged: its data ends before the [\d,]+ bytes its header announces\./ },
      { name: wrongMagic, reason: /^Not a Firefox compressed file: it does not start with Firefox’s “mozLz40” header\.$/ },
      { name: huge, reason: /^Too large: 4,096 MB, more than any bookmarks backup \(Tidymarks opens backups up to 512 MB\)\.$/ },
    ],
  };
}

const cellTexts = (page: Page) =>
  page.$$eval('[data-testid="backup-row"]', (rows) =>
    rows.map((r) => ({
      date: r.querySelector('[data-testid="backup-date"]')!.textContent,
      bookmarks: r.querySelector('[data-testid="backup-bookmarks"]')!.textContent,
      items: r.querySelector('[data-testid="backup-items"]')!.textContent,
      file: r.querySelector('.backup-file bdi')!.textContent,
      differs: r.querySelector('[data-testid="backup-count-differs"]')?.textContent ?? null,
    })),
  );

describe('the Backups view on backups Firefox wrote', () => {
  it('opens them all at once: counts as Firefox wrote them, the chart, the jump; hostile files say why', async () => {
    const written = await writeBackups(ff);
    expect(readdirSync(written.dir)).toHaveLength(6);
    const page = await openInView(
      ff,
      [...written.backups, ...written.hostile].map((f) => join(written.dir, f.name)),
    );
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="backup-row"]').length === 3 && document.querySelectorAll('[data-testid="backup-failed"]').length === 3,
    );
    await page.waitForFunction(() => document.querySelector('[data-testid="backups-progress"]')?.textContent === '');

    // Newest first, each count the one Firefox wrote into the file's name, none differing from the decoded tree.
    const rows = await cellTexts(page);
    const newestFirst = [...written.backups].reverse();
    expect(rows).toEqual(
      newestFirst.map((b) => ({
        date: dateLabel(firefoxDate(b.name)),
        bookmarks: b.bookmarks.toLocaleString('en-US'),
        items: firefoxCount(b.name).toLocaleString('en-US'),
        file: b.name,
        differs: null,
      })),
    );
    // Firefox's count: every item, the root and its four folders included (the bookmarks plus 2 a stage and 5).
    expect(newestFirst.map((b) => firefoxCount(b.name))).toEqual([500 + 6 + 5, 200 + 4 + 5, 20 + 2 + 5]);

    // The chart: oldest first, each point's date and bookmark count as text; the biggest change marked and said.
    const points = await page.$$eval('[data-testid="backups-chart-point"]', (lis) =>
      lis.map((li) => ({
        date: li.querySelector('.backup-chart-date')!.textContent,
        count: li.querySelector('.backup-chart-count')!.textContent,
        jump: li.classList.contains('jump'),
      })),
    );
    expect(points).toEqual(written.backups.map((b, i) => ({ date: dateLabel(firefoxDate(b.name)), count: b.bookmarks.toLocaleString('en-US'), jump: i === 2 })));
    const today = dateLabel(firefoxDate(written.backups[2]!.name));
    expect(await page.$eval('[data-testid="backups-jump"]', (p) => p.textContent)).toBe(`The biggest change: 200 → 500 bookmarks on ${today} (+300).`);
    // The bars are drawn to scale: the longest is the 500, the 20 a twenty-fifth of it.
    const widths = await page.$$eval('.backup-chart-bar', (bars) => bars.map((b) => b.getBoundingClientRect().width));
    expect(widths[2]! / widths[0]!).toBeCloseTo(25, 0);
    expect(widths[1]! / widths[2]!).toBeCloseTo(0.4, 1);

    // Each hostile file by name, with its reason.
    const failed = await page.$$eval('[data-testid="backup-failed"]', (lis) =>
      lis.map((li) => ({ name: li.querySelector('bdi')!.textContent!, reason: li.querySelector('[data-testid="backup-problem"]')!.textContent! })),
    );
    expect(failed.map((f) => f.name)).toEqual(written.hostile.map((h) => h.name));
    failed.forEach((f, i) => expect(f.reason).toMatch(written.hostile[i]!.reason));
    await page.screenshot({ path: screenshotPath('firefox-backups'), fullPage: true });
    // In a narrow window nothing reaches past the edge or is cut: the long file names wrap.
    await page.setViewport({ width: 400, height: 800 });
    expect(await overflowing(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('firefox-backups-400'), fullPage: true });
    await page.close();
  });

  it('a backup picked later joins the list and the timeline; the same file again takes its row’s place', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tm-backups-'));
    dirs.push(dir);
    await addBookmarks(ff, 'one', 10);
    const first = await firefoxExport(ff, dir, '2026-12-01', true);
    await addBookmarks(ff, 'two', 5);
    const second = await firefoxExport(ff, dir, '2026-12-02', true);
    const page = await openInView(ff, [join(dir, first)]);
    await waitForShown(page, '[data-testid="backups-jump"]::-p-text(Open two or more backups)');
    const input = await page.$('#backups-file');
    await (input as unknown as { uploadFile(...paths: string[]): Promise<void> }).uploadFile(join(dir, second), join(dir, first));
    await page.waitForFunction(() => /^The biggest change/.test(document.querySelector('[data-testid="backups-jump"]')?.textContent ?? ''));
    expect(await page.$eval('[data-testid="backups-jump"]', (p) => p.textContent)).toBe('The biggest change: 10 → 15 bookmarks on December 2, 2026 (+5).');
    expect((await cellTexts(page)).map((r) => r.file)).toEqual([second, first]);
    await page.close();
  });
});

/** What the comparison shows: the counts, and each row with its kind, folder heading, title, address and detail. */
async function comparison(page: Page) {
  return page.evaluate(() => {
    const counts = Object.fromEntries(
      [...document.querySelectorAll<HTMLElement>('[data-testid="compare-count"]')].map((li) => [
        li.dataset['kind'],
        li.querySelector('.compare-count-number')!.textContent,
      ]),
    );
    const rows: { kind: string; folder: string; title: string; url: string; detail: string }[] = [];
    let folder = '';
    // The slots in list order (each drawn at its offset): folder headings, then their items.
    const slots = [...document.querySelectorAll<HTMLElement>('.compare-slot')].sort((a, b) => a.offsetTop - b.offsetTop);
    for (const slot of slots) {
      const heading = slot.querySelector('[data-testid="compare-folder"]');
      if (heading) folder = heading.textContent!;
      const row = slot.querySelector<HTMLElement>('[data-testid="compare-row"]');
      if (row)
        rows.push({
          kind: row.dataset['kind']!,
          folder,
          title: row.querySelector('.compare-title')!.textContent!,
          url: row.querySelector('.compare-url')!.textContent!,
          detail: row.querySelector('.compare-detail')!.textContent!,
        });
    }
    return { counts, rows };
  });
}

describe('a backup compared with now', () => {
  it('every kind of change since a backup Firefox wrote, counted and listed; a bookmark re-created in its folder is no change', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tm-backups-'));
    dirs.push(dir);
    await seedTree(ff, {
      toolbar_____: [
        {
          title: 'Cmp Work',
          children: [
            { title: 'Cmp mover', url: 'https://cmp.example/mover' },
            { title: 'Cmp old title', url: 'https://cmp.example/title' },
            { title: 'Cmp address', url: 'https://cmp.example/old-address' },
            { title: 'Cmp re-created', url: 'https://cmp.example/recreated' },
            { title: 'Cmp tagged', url: 'https://cmp.example/tagged' },
          ],
        },
        { title: 'Cmp Home', children: [{ title: 'Cmp stays', url: 'https://cmp.example/stays' }] },
        { title: 'Cmp gone', url: 'https://cmp.example/gone' },
      ],
    });
    const name = await firefoxExport(ff, dir, '2026-12-04', true);

    // Every kind of change, through the WebExtension API and Tidymarks, as a person or Sync would make it.
    const harness = await ff.harness();
    await harness.evaluate(async () => {
      const b = window.tm.browser.bookmarks;
      const [work] = await b.search({ title: 'Cmp Work' });
      const [home] = await b.search({ title: 'Cmp Home' });
      const find = async (url: string) => (await b.search({ url }))[0]!;
      await b.create({ parentId: home!.id, title: 'Cmp added', url: 'https://cmp.example/added' });
      await b.remove((await find('https://cmp.example/gone')).id);
      await b.move((await find('https://cmp.example/mover')).id, { parentId: home!.id });
      await b.update((await find('https://cmp.example/title')).id, { title: 'Cmp new title' });
      await b.update((await find('https://cmp.example/old-address')).id, { url: 'https://cmp.example/new-address' });
      await window.tm.client.call('tags.add', { urls: ['https://cmp.example/tagged'], tags: ['cmp-tag'] });
      const recreated = await find('https://cmp.example/recreated');
      await b.remove(recreated.id);
      await b.create({ parentId: work!.id, title: 'Cmp re-created', url: 'https://cmp.example/recreated' });
    });
    // The live tree the comparison reads is the search index's mirror: wait until it has taken in the last change.
    await harness.waitForFunction(async () => {
      const { encoded } = await window.tm.client.call('organizer.tree', {});
      const rows = JSON.parse(encoded).rows as [string, number, number, string, string, string][];
      return rows.filter((r) => r[5] === 'https://cmp.example/recreated').length === 1 && rows.some((r) => r[5] === 'https://cmp.example/added');
    });

    const page = await openInView(ff, [join(dir, name)]);
    await page.setViewport({ width: 1000, height: 1400 });
    await page.waitForSelector('[data-testid="backup-row"]');
    await page.click('[data-testid="backup-compare"]');
    await page.waitForSelector('[data-testid="compare-counts"]', { timeout: 30_000 });
    const heading = await page.$eval('[data-testid="compare-section"] h3', (h) => h.textContent);
    expect(heading).toBe(`The backup of ${dateLabel('2026-12-04')} compared with now`);
    const shown = await comparison(page);
    expect(shown.counts).toEqual({ added: '1', removed: '1', moved: '1', renamed: '1', readdressed: '1', retagged: '1' });
    const added = (text: string) => expect.stringMatching(new RegExp(`^${text}added [A-Z][a-z]{2} \\d{1,2}, \\d{4}, \\d{1,2}:\\d{2}\\s[AP]M$`));
    expect(shown.rows).toEqual([
      { kind: 'added', folder: 'Bookmarks Toolbar › Cmp Home', title: 'Cmp added', url: 'https://cmp.example/added', detail: added('') },
      { kind: 'removed', folder: 'Bookmarks Toolbar', title: 'Cmp gone', url: 'https://cmp.example/gone', detail: added('') },
      {
        kind: 'moved',
        folder: 'Bookmarks Toolbar › Cmp Home',
        title: 'Cmp mover',
        url: 'https://cmp.example/mover',
        detail: added('Was in: Bookmarks Toolbar › Cmp Work '),
      },
      { kind: 'renamed', folder: 'Bookmarks Toolbar › Cmp Work', title: 'Cmp new title', url: 'https://cmp.example/title', detail: 'Was: Cmp old title' },
      {
        kind: 'readdressed',
        folder: 'Bookmarks Toolbar › Cmp Work',
        title: 'Cmp address',
        url: 'https://cmp.example/new-address',
        detail: 'Was: https://cmp.example/old-address',
      },
      {
        kind: 'retagged',
        folder: 'Bookmarks Toolbar › Cmp Work',
        title: 'Cmp tagged',
        url: 'https://cmp.example/tagged',
        detail: 'In the backup: no tags · In Tidymarks now: cmp-tag',
      },
    ]);
    // The re-created bookmark was recognized by its address in its folder, not counted as removed and added.
    expect(await page.$eval('[data-testid="compare-summary"]', (p) => p.textContent)).toContain('1 item re-created since');
    // A count brings its list into view, from the keyboard too.
    await page.focus('[data-testid="compare-count"][data-kind="retagged"] button');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('compare-list');
    await page.screenshot({ path: screenshotPath('firefox-backups-compare'), fullPage: true });
    await page.setViewport({ width: 400, height: 900 });
    expect(await overflowing(page)).toEqual([]);
    await page.close();
  });

  it('a backup picked by its bar in the chart, from the keyboard; nothing changed since says so', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tm-backups-'));
    dirs.push(dir);
    await addBookmarks(ff, 'same', 3);
    const older = await firefoxExport(ff, dir, '2026-12-05', true);
    const name = await firefoxExport(ff, dir, '2026-12-06', true);
    const page = await openInView(ff, [join(dir, older), join(dir, name)]);
    await page.waitForFunction(() => document.querySelectorAll('.backup-chart-pick').length === 2);
    // Tab goes from the first bar to the second.
    const bars = await page.$$('.backup-chart-pick');
    await bars[0]!.focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toMatch(
      /^Compare the backup of December 6, 2026 \([\d,]+ bookmarks\) with now$/,
    );
    await page.keyboard.press('Enter');
    await waitForShown(page, '[data-testid="compare-summary"]');
    expect(await page.$eval('[data-testid="compare-summary"]', (p) => p.textContent)).toBe(
      'Nothing changed since December 6, 2026: the same bookmarks and folders, in the same folders, with the same names, addresses and tags.',
    );
    expect(await page.$$eval('.backup-chart-pick', (b) => b.map((x) => x.getAttribute('aria-pressed')))).toEqual(['false', 'true']);
    // A click on the other bar itself (not its date) compares that backup.
    await page.click('[data-testid="backups-chart-point"]:first-child .backup-chart-track');
    await waitForTextContaining(page, '[data-testid="compare-summary"]', 'Nothing changed since December 5, 2026:');
    expect(await page.$$eval('.backup-chart-pick', (b) => b.map((x) => x.getAttribute('aria-pressed')))).toEqual(['true', 'false']);
    await page.close();
  });
});

describe('the options tab bar', () => {
  it('fits on one line at 800 px with the Backups tab', async () => {
    const page = await ff.open('options/index.html#backups');
    await page.setViewport({ width: 800, height: 600 });
    await page.waitForSelector('#backups-file');
    const tops = await page.$$eval('[role="tab"]', (tabs) => tabs.map((t) => Math.round(t.getBoundingClientRect().top)));
    expect(tops).toHaveLength(7);
    expect(new Set(tops).size).toBe(1);
    await page.close();
  });
});

describe('the Backups view from the keyboard', () => {
  it('the arrow keys reach its tab from Settings, and Tab goes on to the file input', async () => {
    const page = await ff.open('options/index.html#settings');
    // The tabs are rendered by the page's script, after the page opened.
    await page.waitForSelector('#tab-settings');
    await page.focus('#tab-settings');
    await page.keyboard.press('ArrowLeft');
    await page.waitForSelector('#backups-file');
    expect(await page.evaluate(() => [location.hash, document.activeElement?.id])).toEqual(['#backups', 'tab-backups']);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('backups-file');
    await page.close();
  });
});

describe('a large backup', () => {
  it('20,000 bookmarks in 200 folders, Firefox’s daily backup: opened in the worker with Firefox’s count, compared with now', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tm-backups-'));
    dirs.push(dir);
    const folders: SeedNode[] = Array.from({ length: 200 }, (_, f) => ({
      title: `Folder ${f}`,
      children: Array.from({ length: 100 }, (_, i) => ({ title: `Page ${f}-${i}`, url: `https://site${f}.example/page/${i}` })),
    }));
    await seedTree(ff, { unfiled_____: folders });
    const name = await firefoxDailyBackup(ff, dir);
    expect(firefoxCount(name)).toBe(20_000 + 200 + 5);
    const page = await openInView(ff, [join(dir, name)]);
    await page.waitForSelector('[data-testid="backup-row"]', { timeout: 60_000 });
    expect(await cellTexts(page)).toEqual([{ date: dateLabel(firefoxDate(name)), bookmarks: '20,000', items: '20,205', file: name, differs: null }]);
    // Compared with now (the same 20,000 and whatever the profile held before): opened again and compared in the worker.
    await page.click('[data-testid="backup-compare"]');
    await waitForTextContaining(page, '[data-testid="compare-summary"]', `Nothing changed since ${dateLabel(firefoxDate(name))}:`, 60_000);
    await page.close();
  });
});

describe('the Backups view, dark', () => {
  const dark = ff;
  usePrefs(dark, DARK_PREFS);

  it('is drawn in the dark palette: the page, the counts, the chart’s bars and a comparison', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tm-backups-'));
    dirs.push(dir);
    await addBookmarks(dark, 'dark', 3);
    const name = await firefoxExport(dark, dir, '2026-12-03', true);
    const page = await openInView(dark, [join(dir, name)]);
    await page.waitForSelector('[data-testid="backup-row"]');
    const looks = await page.evaluate(() => ({
      dark: matchMedia('(prefers-color-scheme: dark)').matches,
      page: getComputedStyle(document.body).backgroundColor,
      cell: getComputedStyle(document.querySelector('[data-testid="backup-items"]')!).color,
      bar: getComputedStyle(document.querySelector('.backup-chart-bar')!).backgroundColor,
      track: getComputedStyle(document.querySelector('.backup-chart-track')!).backgroundColor,
    }));
    expect(looks).toEqual({ dark: true, page: 'rgb(28, 27, 34)', cell: 'rgb(251, 251, 254)', bar: 'rgb(0, 221, 255)', track: 'rgb(43, 42, 51)' });

    // A comparison in the dark palette too: a bookmark added since the backup, listed.
    await seedTree(dark, { unfiled_____: [{ title: 'Dark added', url: 'https://dark.example/added' }] });
    const harness = await dark.harness();
    await harness.waitForFunction(async () => (await window.tm.client.call('organizer.tree', {})).encoded.includes('https://dark.example/added'));
    await page.click('[data-testid="backup-compare"]');
    await page.waitForSelector('[data-testid="compare-row"]');
    const compared = await page.evaluate(() => ({
      count: getComputedStyle(document.querySelector('[data-testid="compare-count"] button')!).backgroundColor,
      list: getComputedStyle(document.querySelector('[data-testid="compare-list"]')!).borderTopColor,
      title: getComputedStyle(document.querySelector('.compare-title')!).color,
      url: getComputedStyle(document.querySelector('.compare-url')!).color,
    }));
    expect(compared).toEqual({ count: 'rgb(43, 42, 51)', list: 'rgb(82, 82, 94)', title: 'rgb(251, 251, 254)', url: 'rgb(191, 191, 201)' });
    await page.screenshot({ path: screenshotPath('firefox-backups-dark'), fullPage: true });
    await page.close();
  });
});
