/**
 * Import and export in real Firefox: a bookmarks.html in Firefox's own export format (tags included) imported
 * through the options page; export -> import into a fresh profile (a second Firefox) gives the same tree and tags;
 * Firefox itself imports the exported file (a third Firefox with browser.places.importBookmarksHTML); a truncated
 * file changes nothing.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, describe, expect, it } from 'vitest';
import { launchFirefox, repoRoot, type Firefox } from './firefox';
import { useFirefox } from './use-firefox';
import { screenshotPath } from './screenshots';

const fixturePath = resolve(repoRoot, 'tests/unit/bookmarks-html/fixtures/firefox-export.html');
const firefoxExport = readFileSync(fixturePath, 'utf8');
const ROOTS = ['menu________', 'toolbar_____', 'unfiled_____', 'mobile______'];

/** The user's tree as titles, URLs and separators (ids and dates left out). */
async function treeShape(harness: Page): Promise<unknown> {
  return harness.evaluate(async (roots: string[]) => {
    type N = { title: string; url?: string; type?: string; children?: N[] };
    const walk = (n: N): unknown => (n.type === 'separator' ? '---' : n.url !== undefined && n.type !== 'folder' ? `${n.title} <${n.url}>` : { [n.title]: (n.children ?? []).map(walk) });
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

/** Files handed to the page stay on disk until the suite ends: Firefox reads a picked file lazily. */
const uploadDirs: string[] = [];
afterAll(() => {
  for (const dir of uploadDirs) rmSync(dir, { recursive: true, force: true });
});

async function importThroughPage(ff: Firefox, html: string, name: string): Promise<Page> {
  const dir = mkdtempSync(join(tmpdir(), 'tm-import-'));
  uploadDirs.push(dir);
  const file = join(dir, name);
  writeFileSync(file, html);
  const page = await ff.open('options/index.html#import-export');
  const input = await page.waitForSelector('#import-file');
  await (input as unknown as { uploadFile(path: string): Promise<void> }).uploadFile(file);
  return page;
}

describe('import and export of bookmarks.html in real Firefox', () => {
  const ff = useFirefox();

  it('imports Firefox’s own export (tags included) into Firefox’s folders from the options page', async () => {
    const page = await importThroughPage(ff, firefoxExport, 'bookmarks.html');
    await page.waitForSelector('[data-testid="import-file-summary"]::-p-text(8 bookmarks (5 tagged) in 5 folders)');
    await page.click('#target-roots');
    await page.click('button.primary::-p-text(Import 8 bookmarks)');
    const report = await page.waitForSelector('[data-testid="import-report"]');
    const text = await report!.evaluate((el) => el.textContent);
    expect(text).toContain('Imported 8 bookmarks, 3 folders and 2 separators; skipped 0 bookmarks');
    expect(text).toContain('1 keyword and 2 descriptions');
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

  it('a truncated file is refused with a clear message and changes nothing', async () => {
    const harness = await ff.harness();
    await harness.evaluate(() => window.tm.browser.bookmarks.create({ parentId: 'unfiled_____', title: 'Mine', url: 'https://mine.example/' }));
    const before = await treeShape(harness);
    const truncated = firefoxExport.slice(0, firefoxExport.indexOf('<DT><A HREF="https://github.com/"'));
    const page = await importThroughPage(ff, truncated, 'broken.html');
    const error = await page.waitForSelector('[data-testid="import-error"]');
    expect(await error!.evaluate((el) => el.textContent)).toMatch(/folder "Dev" is still open: it looks truncated \(line \d+\)\. Nothing was imported\./);
    // The import button stays disabled: there is nothing to import.
    expect(await page.$eval('button.primary', (b) => (b as HTMLButtonElement).disabled)).toBe(true);
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
    await page.click('button::-p-text(Export bookmarks.html)');
    await page.waitForSelector('[data-testid="export-status"]::-p-text(Exported 9 bookmarks (6 tagged) in 3 folders.)');
    await page.close();
    const { html } = await harness.evaluate(() => window.tm.client.call('bookmarksHtml.export', {}));
    expect(html).toContain('TAGS="docs,web"');

    const second = await launchFirefox();
    try {
      const h2 = await second.harness();
      await second.reset();
      const report = await h2.evaluate((text: string) => window.tm.client.startJob('bookmarksHtml.import', { html: text, target: { into: 'roots' } }).result, html);
      expect(report.skippedCount).toBe(0);
      expect(await treeShape(h2)).toEqual(tree);
      expect(await h2.evaluate(() => window.tm.client.call('tags.list', {}))).toEqual(tags);
    } finally {
      await second.close();
    }

    // Firefox's own importer reads the file at first start of a profile (replace mode: the roots' contents).
    const dir = mkdtempSync(join(tmpdir(), 'tm-ffimport-'));
    const file = join(dir, 'bookmarks.html');
    writeFileSync(file, html);
    const third = await launchFirefox({ prefs: { 'browser.places.importBookmarksHTML': true, 'browser.bookmarks.file': file } });
    try {
      const h3 = await third.harness();
      await h3.waitForFunction(async () => (await window.tm.client.call('core.countBookmarks', {})).bookmarks >= 9, { polling: 250, timeout: 60_000 });
      const imported = (await treeShape(h3)) as Record<string, unknown[]>;
      const expected = tree as Record<string, unknown[]>;
      expect(imported['toolbar_____']).toEqual(expected['toolbar_____']);
      expect(imported['unfiled_____']).toEqual(expected['unfiled_____']);
      // The menu gets Firefox's own entries and ours; the mobile folder comes back as a menu folder.
      expect(imported['menu________']).toEqual(expect.arrayContaining(expected['menu________']!));
    } finally {
      await third.close();
      rmSync(dir, { recursive: true, force: true });
    }
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
      const report = await window.tm.client.startJob('bookmarksHtml.import', { html: text, target: { into: 'folder', folderId: 'unfiled_____' } }, (p) => seen.push(p.done)).result;
      return { report, seen, ms: performance.now() - started };
    }, html);
    console.info(`import of 2,000 bookmarks in 20 folders with tags: ${Math.round(run.ms)} ms (${Math.round(2020 / (run.ms / 1000))} entries/s), ${run.seen.length} progress reports`);
    expect(run.report.imported).toEqual({ bookmarks: 2000, folders: 20, separators: 0 });
    expect(run.seen.length).toBeGreaterThan(2);
    expect(run.seen).toEqual([...run.seen].sort((a, b) => a - b));
    expect(run.seen.at(-1)).toBe(2020);
    expect(await harness.evaluate(() => window.tm.client.call('tags.list', {}))).toContainEqual({ tag: 'big', count: 2000 });

    // Cancelling part way stops the job with a clear error; what was created so far stays (and is counted).
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
    expect(cancelled).toMatch(/cancelled/i);
    expect((await counts(harness)).bookmarks).toBeLessThan(2000);
  });
});
