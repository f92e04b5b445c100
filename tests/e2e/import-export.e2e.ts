/**
 * Import and export in real Firefox: a bookmarks.html in Firefox's own export format (tags included) imported
 * through the options page; export -> import after everything was wiped gives the same tree and tags; Firefox itself
 * imports the exported file (its own importer, as at a profile's first start: tests/e2e/places-seed.ts); a truncated
 * file changes nothing; the parser's cases (titles, charsets, a 5,000-deep file, many unusable entries) from the
 * options page, each compared with what Firefox's own importer makes of the same file.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot, type Firefox } from './firefox';
import { firefoxImportFile } from './places-seed';
import { parseBookmarksHtml } from '../../src/bookmarks-html/parse';
import type { HtmlNode } from '../../src/bookmarks-html/document';
import { useFirefox } from './use-firefox';
import { screenshotPath } from './screenshots';
import { waitForShown } from './page-waits';

const fixturePath = resolve(repoRoot, 'tests/unit/bookmarks-html/fixtures/firefox-export.html');
const firefoxExport = readFileSync(fixturePath, 'utf8');
const ROOTS = ['menu________', 'toolbar_____', 'unfiled_____', 'mobile______'];

/** The user's tree as titles, URLs and separators (ids and dates left out). */
async function treeShape(harness: Page): Promise<unknown> {
  return harness.evaluate(async (roots: string[]) => {
    type N = { title: string; url?: string; type?: string; children?: N[] };
    const walk = (n: N): unknown =>
      n.type === 'separator' ? '---' : n.url !== undefined && n.type !== 'folder' ? `${n.title} <${n.url}>` : { [n.title]: (n.children ?? []).map(walk) };
    const out: Record<string, unknown> = {};
    for (const id of roots) {
      const [node] = (await window.tm.browser.bookmarks.getSubTree(id)) as N[];
      out[id] = (node!.children ?? []).map(walk);
    }
    return out;
  }, ROOTS);
}

async function counts(harness: Page) {
  return harness.evaluate(() => window.tm.client.call('core.countBookmarks', {}));
}

/** One Firefox for every block of this file (reset before each test): its tests need no special prefs. */
const ff = useFirefox();

/** Files handed to the page stay on disk until the suite ends: Firefox reads a picked file lazily. */
const uploadDirs: string[] = [];
afterAll(() => {
  for (const dir of uploadDirs) rmSync(dir, { recursive: true, force: true });
});

async function importThroughPage(ff: Firefox, html: string | Uint8Array, name: string): Promise<Page> {
  const dir = mkdtempSync(join(tmpdir(), 'tm-import-'));
  uploadDirs.push(dir);
  const file = join(dir, name);
  writeFileSync(file, html);
  const page = await ff.open('options/index.html#import-export');
  const input = await page.waitForSelector('#import-file');
  await (input as unknown as { uploadFile(path: string): Promise<void> }).uploadFile(file);
  return page;
}

/** Imports a file into Firefox's own folders through the options page; the report's text. */
async function importIntoRoots(ff: Firefox, file: Uint8Array, name: string): Promise<string> {
  const page = await importThroughPage(ff, file, name);
  await page.waitForSelector('[data-testid="import-file-summary"]');
  await page.click('#target-roots');
  await page.click('button.primary');
  const report = await page.waitForSelector('[data-testid="import-report"]');
  const text = await report!.evaluate((el) => el.textContent ?? '');
  await page.close();
  return text;
}

describe('import and export of bookmarks.html in real Firefox', () => {
  it('imports Firefox’s own export (tags included) into Firefox’s folders from the options page', async () => {
    const page = await importThroughPage(ff, firefoxExport, 'bookmarks.html');
    await waitForShown(page, '[data-testid="import-file-summary"]::-p-text(8 bookmarks (5 tagged) in 5 folders)');
    await page.click('#target-roots');
    await page.click('button.primary::-p-text(Import 8 bookmarks)');
    const report = await page.waitForSelector('[data-testid="import-report"]');
    const text = await report!.evaluate((el) => el.textContent);
    expect(text).toContain('Imported 8 bookmarks, 3 folders and 2 separators; skipped 0 bookmarks');
    expect(text).toContain('1 keyword, 2 descriptions, 1 icon');
    expect(text).toContain('keeps the file’s dates of 11 items');
    await page.screenshot({ path: screenshotPath('import-export'), fullPage: true });
    await page.close();

    const harness = await ff.harness();
    const tree = (await treeShape(harness)) as Record<string, unknown[]>;
    expect(tree['toolbar_____']).toEqual([
      'Search <"quotes"> & more <https://example.com/search?q=a&b=%22c%22>',
      { Dev: ['GitHub <https://github.com/>', { Empty: [] }] },
    ]);
    expect(tree['menu________']![0]).toBe('MDN Web Docs <https://developer.mozilla.org/en-US/docs/Web>');
    const tags = await harness.evaluate(() => window.tm.client.call('tags.list', {}));
    expect(tags).toEqual([
      { tag: 'code', count: 1 },
      { tag: 'docs', count: 1 },
      { tag: 'example', count: 1 },
      { tag: 'mozilla', count: 1 },
      { tag: 'search', count: 1 },
      { tag: 'ünïcode', count: 1 },
      { tag: 'web', count: 1 },
    ]);
  });

  it('a truncated file: the page asks before importing what was read; unasked, nothing changes', async () => {
    const harness = await ff.harness();
    await harness.evaluate(() => window.tm.browser.bookmarks.create({ parentId: 'unfiled_____', title: 'Mine', url: 'https://mine.example/' }));
    const before = await treeShape(harness);
    const truncated = firefoxExport.slice(0, firefoxExport.indexOf('<DT><A HREF="https://github.com/"'));
    const page = await importThroughPage(ff, truncated, 'broken.html');
    const question = await page.waitForSelector('[data-testid="import-truncated"]');
    expect(await question!.evaluate((el) => el.textContent)).toMatch(/folder "Dev" is still open: it looks truncated \(line \d+\)\./);
    // Import stays disabled, with the reason, until the person ticks "Import what was read".
    expect(await page.$eval('button.primary', (b) => (b as HTMLButtonElement).disabled)).toBe(true);
    expect(await page.$eval('[data-testid="import-blocked"]', (el) => el.textContent)).toMatch(/Import what was read/);
    // And the job itself refuses it too, changing nothing.
    const reply = await harness.evaluate(async (html: string) => {
      try {
        await window.tm.client.startJob('bookmarksHtml.import', { html, target: { into: 'roots' } }).result;
        return 'imported';
      } catch (e) {
        return (e as Error).message;
      }
    }, truncated);
    expect(reply).toMatch(/Nothing was imported/);
    expect(await treeShape(harness)).toEqual(before);
    expect(await harness.evaluate(() => window.tm.client.call('tags.list', {}))).toEqual([]);

    // Ticked: what was read before the break comes in.
    await page.click('#import-accept-truncated');
    await page.click('button.primary::-p-text(Import 5 bookmarks)');
    await page.waitForSelector('[data-testid="import-report"]');
    expect((await counts(harness)).bookmarks).toBe(6);
    await page.close();
  });

  it('export, then import into a fresh profile, gives the same tree and tags; Firefox itself imports the export', async () => {
    const harness = await ff.harness();
    await harness.evaluate(async (html: string) => {
      await window.tm.client.startJob('bookmarksHtml.import', { html, target: { into: 'roots' } }).result;
      await window.tm.browser.bookmarks.create({ parentId: 'mobile______', title: 'Phone', url: 'https://m.example/' });
      await window.tm.client.call('tags.add', { urls: ['https://m.example/'], tags: ['phone'] });
    }, firefoxExport);
    const tree = await treeShape(harness);
    const tags = await harness.evaluate(() => window.tm.client.call('tags.list', {}));

    // The export button of the page works and reports the counts; the file content comes from the same request.
    const page = await ff.open('options/index.html#import-export');
    // The view renders after its chunk loads: click once the button is there (a click right away found none on a busy machine).
    await waitForShown(page, 'button::-p-text(Export bookmarks.html)');
    await page.click('button::-p-text(Export bookmarks.html)');
    await waitForShown(page, '[data-testid="export-status"]::-p-text(Exported 9 bookmarks (6 tagged) in 3 folders.)');
    await page.close();
    const { html } = await harness.evaluate(() => window.tm.client.call('bookmarksHtml.export', {}));
    expect(html).toContain('TAGS="docs,web"');

    // Everything wiped (bookmarks, history, Tidymarks' tags and stores), as on another computer: the file brings the
    // same tree and tags back.
    await ff.reset();
    const report = await harness.evaluate((text: string) => window.tm.client.startJob('bookmarksHtml.import', { html: text, target: { into: 'roots' } }).result, html);
    expect(report.skippedCount).toBe(0);
    expect(await treeShape(harness)).toEqual(tree);
    expect(await harness.evaluate(() => window.tm.client.call('tags.list', {}))).toEqual(tags);

    // Firefox's own importer reads the file (replace mode: the roots' contents).
    await ff.reset();
    const imported = (await firefoxImports(ff, new TextEncoder().encode(html))).tree as Record<string, unknown[]>;
    const expected = tree as Record<string, unknown[]>;
    expect(imported['toolbar_____']).toEqual(expected['toolbar_____']);
    expect(imported['unfiled_____']).toEqual(expected['unfiled_____']);
    // The menu gets ours (and whatever Firefox adds of its own); the mobile folder comes back as a menu folder.
    expect(imported['menu________']).toEqual(expect.arrayContaining(expected['menu________']!));
  });

  it('a big file imports with progress, and cancelling stops it', async () => {
    const rows: string[] = [];
    for (let f = 0; f < 20; f++) {
      rows.push(`<DT><H3>Folder ${f}</H3>\n<DL><p>`);
      for (let i = 0; i < 100; i++) rows.push(`<DT><A HREF="https://big.example/${f}/${i}" ADD_DATE="1700000000" TAGS="big,f${f}">Item ${f}-${i}</A>`);
      rows.push('</DL><p>');
    }
    const html = `<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<H1>Bookmarks</H1>\n<DL><p>\n${rows.join('\n')}\n</DL>\n`;
    const harness = await ff.harness();
    const run = await harness.evaluate(async (text: string) => {
      const seen: number[] = [];
      const started = performance.now();
      const report = await window.tm.client.startJob('bookmarksHtml.import', { html: text, target: { into: 'folder', folderId: 'unfiled_____' } }, (p) =>
        seen.push(p.done),
      ).result;
      return { report, seen, ms: performance.now() - started };
    }, html);
    console.info(
      `import of 2,000 bookmarks in 20 folders with tags: ${Math.round(run.ms)} ms (${Math.round(2020 / (run.ms / 1000))} entries/s), ${run.seen.length} progress reports`,
    );
    expect(run.report.imported).toEqual({ bookmarks: 2000, folders: 20, separators: 0 });
    expect(run.seen.length).toBeGreaterThan(2);
    expect(run.seen).toEqual([...run.seen].sort((a, b) => a - b));
    expect(run.seen.at(-1)).toBe(2020);
    expect(await harness.evaluate(() => window.tm.client.call('tags.list', {}))).toContainEqual({ tag: 'big', count: 2000 });

    // Cancelling part way stops the job with a clear error and takes back everything it had created (all or nothing).
    await ff.reset();
    const cancelled = await harness.evaluate(async (text: string) => {
      const job = window.tm.client.startJob('bookmarksHtml.import', { html: text, target: { into: 'roots' } }, (p) => {
        if (p.done > 200) job.cancel();
      });
      try {
        await job.result;
        return 'finished';
      } catch (e) {
        return (e as Error).message;
      }
    }, html);
    expect(cancelled).toMatch(/^Import cancelled: the [\d,]+ entries it had added were taken back/);
    expect((await counts(harness)).bookmarks).toBe(0);
  });
});

/** Bookmark URL -> dateAdded, and folder title -> dateAdded, of a tree read by the harness. */
async function datesOf(harness: Page): Promise<Record<string, number>> {
  return harness.evaluate(async () => {
    type N = { title: string; url?: string; type?: string; dateAdded?: number; children?: N[] };
    const out: Record<string, number> = {};
    const stack = (await window.tm.browser.bookmarks.getTree()) as N[];
    while (stack.length) {
      const n = stack.pop()!;
      if (n.children) stack.push(...n.children);
      if (n.type === 'separator') continue;
      out[n.url ?? `folder:${n.title}`] = n.dateAdded ?? 0;
    }
    return out;
  });
}

/** The file's dates as Tidymarks exports them (ADD_DATE), by URL and folder title. */
function exportedDates(html: string): Record<string, number> {
  const out: Record<string, number> = {};
  const stack: HtmlNode[] = [...parseBookmarksHtml(html).document.children];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.kind === 'separator') continue;
    if (n.kind === 'folder') stack.push(...n.children);
    if (n.addDate !== undefined) out[n.kind === 'bookmark' ? n.url : `folder:${n.title}`] = n.addDate;
  }
  return out;
}

/**
 * What Firefox's own importer makes of a file, in this Firefox: the call it makes at a profile's first start with
 * browser.places.importBookmarksHTML (replace mode: the roots' contents become the file's).
 */
async function firefoxImports(ff: Firefox, bytes: Uint8Array): Promise<{ tree: unknown; dates: Record<string, number> }> {
  const dir = mkdtempSync(join(tmpdir(), 'tm-ffimport-'));
  const file = join(dir, 'bookmarks.html');
  writeFileSync(file, bytes);
  try {
    await firefoxImportFile(ff, file);
    const harness = await ff.harness();
    return { tree: await treeShape(harness), dates: await datesOf(harness) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Folders nested `depth` levels deep, a bookmark at the bottom and one after the nest. */
function deepFile(depth: number): string {
  const parts = ['<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">\n<H1>Bookmarks Menu</H1>\n<DL><p>\n'];
  for (let i = 0; i < depth; i++) parts.push(`<DT><H3>L${i}</H3>\n<DL><p>\n`);
  parts.push('<DT><A HREF="https://deep.example/">leaf</A>\n');
  for (let i = 0; i < depth; i++) parts.push('</DL><p>\n');
  parts.push('<DT><A HREF="https://after.example/">after</A>\n</DL>\n');
  return parts.join('');
}

const fidelityDir = resolve(repoRoot, 'tests/unit/bookmarks-html/fixtures/fidelity');
const fidelityFixtures: [string, () => Uint8Array][] = [
  ['entities', () => readFileSync(join(fidelityDir, 'entities.html'))],
  ['text that looks like tags, whitespace', () => readFileSync(join(fidelityDir, 'text-brackets.html'))],
  ['dates', () => readFileSync(join(fidelityDir, 'dates.html'))],
  ['Pocket export', () => readFileSync(join(fidelityDir, 'pocket.html'))],
  ['an extra </DL>', () => readFileSync(join(fidelityDir, 'extra-dl.html'))],
  ['windows-1252', () => readFileSync(resolve(repoRoot, 'tests/unit/bookmarks-html/fixtures/windows-1252.html'))],
  ['folders 300 levels deep', () => new TextEncoder().encode(deepFile(300))],
];

describe('import fidelity: Tidymarks reads each fixture as Firefox’s own importer does', () => {
  for (const [name, bytes] of fidelityFixtures) {
    it(`${name}: same tree, titles and file dates as Firefox's importer`, async () => {
      const file = bytes();
      const reportText = await importIntoRoots(ff, file, `${name.replace(/\W+/g, '-')}.html`);
      const harness = await ff.harness();
      const ours = await treeShape(harness);
      const { html } = await harness.evaluate(() => window.tm.client.call('bookmarksHtml.export', {}));
      expect((await counts(harness)).bookmarks).toBeGreaterThan(0);

      // The same file through Firefox's own importer, after everything was wiped.
      await ff.reset();
      const firefox = await firefoxImports(ff, file);
      expect(ours).toEqual(firefox.tree);
      // Every date the file gave is what Firefox's importer set as dateAdded; Tidymarks keeps it in its own store.
      const kept = exportedDates(html);
      const bookmarkDates = exportedDates(new TextDecoder().decode(file));
      for (const key of Object.keys(bookmarkDates)) {
        if (key.startsWith('folder:') && /Toolbar|Other Bookmarks/.test(key)) continue;
        // Pocket's time_added: Firefox's importer ignores it (the item gets the import time); Tidymarks keeps it.
        expect(kept[key], key).toBe(name === 'Pocket export' ? bookmarkDates[key] : firefox.dates[key]);
      }
      if (name === 'dates') {
        expect(kept['https://dates.example/3']).toBe(1_250_000_000_000); // LAST_MODIFIED stands in, as in Firefox
        expect(reportText).toContain('keeps the file’s dates of 5 items');
      }
      if (name === 'windows-1252') {
        expect(JSON.stringify(ours)).toContain('Café — €5 “quoted”');
      }
    });
  }
});

/** Follows folders L0, L1, … down from `tree` (treeShape's form) while each holds more than nothing: the levels and the last one's children. */
function deepest(tree: unknown[]): { levels: number; bottom: unknown[] } {
  let children = tree;
  let levels = 0;
  for (;;) {
    const name = `L${levels}`;
    const next = children.find((c): c is Record<string, unknown[]> => typeof c === 'object' && c !== null && name in c);
    if (!next || next[name]!.length === 0) return { levels, bottom: children };
    children = next[name]!;
    levels++;
  }
}

/**
 * A file with many unusable entries among good ones, CRLF line ends, descriptions and a comment over several lines
 * and tags split across lines: each unusable entry with the line its <A> starts on, as the person's editor shows it.
 */
function fileWithUnusableEntries(n: number): { html: string; problems: string[]; good: number } {
  const lines = [
    '<!DOCTYPE NETSCAPE-Bookmark-file-1>',
    '<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">',
    '<TITLE>Bookmarks</TITLE>',
    '<H1>Bookmarks</H1>',
    '<DL><p>',
  ];
  const problems: string[] = [];
  let good = 0;
  for (let i = 0; i < n; i++) {
    if (i % 3 === 0) {
      lines.push(`    <DT><A HREF="https://good.example/${i}" ADD_DATE="1700000000">Good ${i}</A>`, '    <DD>A description', 'over two lines');
      good++;
    } else if (i % 3 === 1) {
      lines.push(`    <DT><A HREF="not a url ${i}">Bad ${i}</A>`);
      problems.push(`Line ${lines.length.toLocaleString('en')}: "Bad ${i}" has an unusable address (not a url ${i}).`);
    } else {
      lines.push('    <DT>', `    <A ADD_DATE="1700000000"`, `       LAST_MODIFIED="1700000001">Nowhere ${i}</A>`);
      problems.push(`Line ${(lines.length - 1).toLocaleString('en')}: "Nowhere ${i}" has no address.`);
    }
    if (i % 100 === 50) lines.push('    <!-- a comment', '         over two lines -->');
  }
  lines.push('</DL><p>', '');
  return { html: lines.join('\r\n'), problems, good };
}

describe('parser cases from the options page in real Firefox', () => {
  it('regression: a 5,000-deep file is not "too much recursion": the page says folders past level 254 come in empty at level 254, and it imports as Firefox’s own importer reads it', async () => {
    const html = deepFile(5_000);
    const noticeLine = html.split('\n').indexOf('<DT><H3>L254</H3>') + 1;
    const page = await importThroughPage(ff, html, 'deep.html');
    await waitForShown(page, '[data-testid="import-file-summary"]::-p-text(2 bookmarks (0 tagged) in 5,000 folders)');
    expect(await page.$('[data-testid="import-error"]')).toBeNull();
    // The clear message, before anything is imported: how many folders, the limit, what happens, from which line.
    const notice = `Line ${noticeLine}: 4,746 folders are nested deeper than 254 levels: they are imported empty into the folder at level 254, with everything they hold, as Firefox's own importer does.`;
    await page.click('[data-testid="import-file-info"] details summary');
    expect(await page.$eval('[data-testid="import-file-info"] details', (el) => (el.textContent ?? '').trim())).toBe(`Read differently from the file (1)${notice}`);
    await page.click('#target-roots');
    const started = Date.now();
    await page.click('button.primary::-p-text(Import 2 bookmarks)');
    const report = await page.waitForSelector('[data-testid="import-report"]', { timeout: 240_000 });
    console.info(`import of a 5,000-deep file (5,000 folders, 2 bookmarks) from the page: ${Math.round((Date.now() - started) / 1000)} s`);
    expect(await report!.evaluate((el) => el.textContent)).toContain('Imported 2 bookmarks, 5,000 folders and 0 separators');
    expect(await page.$('[data-testid="import-error"]')).toBeNull();
    await page.close();

    const harness = await ff.harness();
    const ours = (await treeShape(harness)) as Record<string, unknown[]>;
    // 254 levels (L0…L253) under the menu; the folder at level 254 holds L254…L4999, empty, and the leaf.
    const { levels, bottom } = deepest(ours['menu________']!);
    expect(levels).toBe(254);
    expect(bottom).toHaveLength(4_746 + 1);
    expect(bottom.slice(0, 2)).toEqual([{ L254: [] }, { L255: [] }]);
    expect(bottom.at(-2)).toEqual({ L4999: [] });
    expect(bottom.at(-1)).toBe('leaf <https://deep.example/>');
    expect(ours['menu________']!.at(-1)).toBe('after <https://after.example/>');
    // Firefox's own importer makes the same tree of the same file.
    await ff.reset();
    const firefox = await firefoxImports(ff, new TextEncoder().encode(html));
    expect(ours).toEqual(firefox.tree);
  }, 420_000);

  it('regression: many unusable entries are each reported with their own line number (CRLF, entries over several lines), and the rest imports', async () => {
    const { html, problems, good } = fileWithUnusableEntries(1_500);
    const page = await importThroughPage(ff, html, 'unusable.html');
    await waitForShown(page, `[data-testid="import-file-summary"]::-p-text(${problems.length.toLocaleString('en')} entries without a usable address will be left out)`);
    await page.click('#target-roots');
    await page.click(`button.primary::-p-text(Import ${good} bookmarks)`);
    const report = await page.waitForSelector('[data-testid="import-report"]', { timeout: 120_000 });
    expect(await report!.evaluate((el) => el.textContent)).toContain(`Imported ${good} bookmarks, 0 folders and 0 separators`);
    const listed = await page.$$eval('[data-testid="import-report"] details[open] li', (items) => items.map((li) => li.textContent ?? ''));
    expect(listed).toHaveLength(1_000);
    expect(listed).toEqual(problems);
    await page.close();
    expect((await counts(await ff.harness())).bookmarks).toBe(good);
  }, 240_000);
});

describe('import options and the Tags view in real Firefox', () => {
  it('skips what is already bookmarked by default and shows how many it skipped', async () => {
    const harness = await ff.harness();
    await harness.evaluate(() => window.tm.browser.bookmarks.create({ parentId: 'unfiled_____', title: 'Mine', url: 'https://github.com/' }));
    const html = firefoxExport.replace(/<\/DL>\s*$/, '    <DT><A HREF="https://news.ycombinator.com/">HN copy</A>\n</DL>\n');
    const page = await importThroughPage(ff, html, 'with-copies.html');
    await waitForShown(page, '[data-testid="import-file-summary"]::-p-text(9 bookmarks)');
    expect(await page.$eval('#import-skip-existing', (el) => (el as HTMLInputElement).checked)).toBe(true);
    await page.click('button.primary');
    await page.waitForSelector('[data-testid="import-report"]');
    expect(await page.$eval('[data-testid="import-skipped"]', (el) => el.textContent)).toBe('2 bookmarks');
    expect((await counts(harness)).bookmarks).toBe(8); // mine + 7 of the file's 9 (GitHub and the second HN skipped)
    await page.close();
  });

  it('“Only Firefox’s tags” adds the file’s tags to the bookmarks that exist and creates 0 bookmarks', async () => {
    const harness = await ff.harness();
    await harness.evaluate(async () => {
      await window.tm.browser.bookmarks.create({ parentId: 'toolbar_____', title: 'GitHub', url: 'https://github.com/' });
      await window.tm.browser.bookmarks.create({ parentId: 'unfiled_____', title: 'MDN', url: 'https://developer.mozilla.org/en-US/docs/Web' });
    });
    const before = await counts(harness);
    const page = await importThroughPage(ff, firefoxExport, 'bookmarks.html');
    await page.waitForSelector('[data-testid="import-file-summary"]');
    await page.click('#mode-tags');
    await page.waitForSelector('#tags-only-reason');
    await page.click('button.primary::-p-text(Bring in the tags)');
    const report = await page.waitForSelector('[data-testid="import-report"]');
    expect(await report!.evaluate((el) => el.textContent)).toContain('Brought in the tags of 2 bookmarks: 2 addresses got new tags. No bookmark was created.');
    await page.close();
    expect(await counts(harness)).toEqual(before);
    expect(await harness.evaluate(() => window.tm.client.call('tags.list', {}))).toEqual([
      { tag: 'code', count: 1 },
      { tag: 'docs', count: 1 },
      { tag: 'web', count: 1 },
    ]);

    // The Tags view shows the tag's address with the bookmark's title and folder.
    const tagsPage = await ff.open('options/index.html#tags');
    await waitForShown(tagsPage, 'button.tag-name::-p-text(docs)');
    await tagsPage.click('button.tag-name::-p-text(docs)');
    const row = await tagsPage.waitForSelector('[data-testid="tagged-bookmark"]');
    expect(await row!.evaluate((el) => el.textContent)).toBe('MDN in Other Bookmarks');
    await tagsPage.close();
  });

  it('the Tags view with no tags explains how Firefox’s tags come in; a long tag name does not break the layout', async () => {
    const page = await ff.open('options/index.html#tags');
    const empty = await page.waitForSelector('[data-testid="tags-empty"]');
    expect(await empty!.evaluate((el) => el.querySelectorAll('li').length)).toBe(2);
    const harness = await ff.harness();
    const long = 'a-very-long-tag-name-'.repeat(4).slice(0, 100);
    await harness.evaluate(async (tag: string) => {
      await window.tm.browser.bookmarks.create({ parentId: 'unfiled_____', title: 'Long', url: 'https://long.example/' });
      await window.tm.client.call('tags.add', { urls: ['https://long.example/'], tags: [tag] });
    }, long);
    await page.close();
    const wide = await ff.open('options/index.html#tags');
    await wide.setViewport({ width: 800, height: 600 });
    await waitForShown(wide, `button.tag-name::-p-text(${long.slice(0, 30)})`);
    await wide.click(`button.tag-name::-p-text(${long.slice(0, 30)})`);
    await wide.waitForSelector('[data-testid="tagged-bookmark"]');
    const overflow = await wide.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    await wide.close();
  });
});

describe('an imported file’s dates are the date added Tidymarks shows', () => {
  const titlesIn = (harness: Page, parentId: string) => harness.evaluate(async (id) => (await window.tm.browser.bookmarks.getChildren(id)).map((c) => c.title), parentId);

  /** The Added cells of the organizer's list, by title (the rows in view). */
  const addedColumn = (page: Page) =>
    page.$$eval('[data-testid="organizer-list"] [role="option"]', (rows) =>
      Object.fromEntries(
        rows.map((r) => {
          const name = r.querySelector('.org-col-name');
          const icon = name?.querySelector('.org-icon')?.textContent ?? '';
          return [(name?.textContent ?? '').slice(icon.length).trim(), r.querySelector('.org-col-added')?.textContent ?? ''];
        }),
      ),
    );

  it('in the organizer (open while the import runs: Added column, details, sort by date added) and in the popup’s newest bookmarks', async () => {
    const harness = await ff.harness();
    await harness.evaluate(() => window.tm.browser.bookmarks.create({ parentId: 'unfiled_____', title: 'Added before', url: 'https://before.example/' }));
    // The organizer is open on the Bookmarks Menu before the file comes in.
    const organizer = await ff.open('options/index.html#bookmarks');
    await organizer.setViewport({ width: 1200, height: 800 });
    await organizer.waitForSelector('[data-testid="organizer-list"]');
    await organizer.click('#org-tree-menu________');
    await organizer.waitForSelector('#org-tree-menu________[aria-selected="true"]');
    /** A date as the page formats it (its locale, Firefox's time zone). */
    const shown = (ms: number) => organizer.evaluate((t) => new Intl.DateTimeFormat(document.documentElement.lang, { dateStyle: 'medium' }).format(t), ms);

    expect(await importIntoRoots(ff, readFileSync(join(fidelityDir, 'dates.html')), 'dates.html')).toContain('keeps the file’s dates of 5 items');
    await harness.evaluate(() => window.tm.browser.bookmarks.create({ parentId: 'unfiled_____', title: 'Added after', url: 'https://after.example/' }));

    // The open organizer follows: the file's dates replace the import time Firefox gave the items.
    await organizer.bringToFront();
    await expect
      .poll(() => addedColumn(organizer), { timeout: 15_000 })
      .toEqual({ 'Old folder': await shown(1_100_000_000_000), 'Year 2000': await shown(946_684_800_000) });
    // Open the folder from the keyboard: the row focused, Enter.
    await organizer.click('[data-testid="organizer-list"] [role="option"] ::-p-text(Old folder)');
    await organizer.keyboard.press('Enter');
    const inFolder = { 'Both dates': await shown(1_200_000_000_000), 'Only added': await shown(1_300_000_000_000), 'Only modified': await shown(1_250_000_000_000) };
    await expect.poll(() => addedColumn(organizer)).toEqual(inFolder);
    await organizer.click('[data-testid="organizer-list"] [role="option"] ::-p-text(Only added)');
    await expect
      .poll(() => organizer.$eval('[data-testid="organizer-name"]', (el) => el.closest('form')?.querySelector('p.muted')?.textContent))
      .toBe(`Added ${await shown(1_300_000_000_000)}`);

    // Sort by date added: by the file's dates (Firefox's are the import's order, which would change nothing).
    const [folder] = await harness.evaluate(async () =>
      (await window.tm.browser.bookmarks.getChildren('menu________')).filter((c) => c.title === 'Old folder').map((c) => c.id),
    );
    expect(await titlesIn(harness, folder!)).toEqual(['Both dates', 'Only added', 'Only modified']);
    await organizer.select('[data-testid="organizer-sort-by"]', 'date');
    await organizer.click('[data-testid="organizer-sort-folder"]');
    await expect.poll(() => titlesIn(harness, folder!)).toEqual(['Both dates', 'Only modified', 'Only added']);
    await organizer.close();

    // The popup's newest bookmarks: the two added in Firefox first, then the file's by its dates.
    const popup = await ff.open('popup/index.html');
    await popup
      .waitForFunction(() => document.querySelectorAll('[role="listbox"][aria-label="Recent bookmarks"] [role="option"]').length === 6, { timeout: 10_000 })
      .catch(() => undefined);
    expect(await popup.$$eval('[role="option"] .result-title', (els) => els.map((e) => e.textContent))).toEqual([
      'Added after',
      'Added before',
      'Only added',
      'Only modified',
      'Both dates',
      'Year 2000',
    ]);
    await popup.close();
  });
});
