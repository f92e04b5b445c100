/**
 * Issue 29 in real Firefox: the demo collection of `npm start` (scripts/seed.mjs: several variants of one page, each
 * with tags of its own, a folder copied twice), exported with the page's button and imported again with "skip what
 * is already bookmarked", changes nothing: the tree, every address's tags, the Tags view's counts and the history
 * are as before, and the page says that nothing changed. The same for the file Firefox's own exporter writes from
 * that collection (BookmarkHTMLUtils.exportToFile, with Firefox's own tags).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { generateCollection, tagsOf, toBookmarksHtml } from '../../scripts/seed.mjs';
import type { Firefox } from './firefox';
import { firefoxImportFile } from './places-seed';
import { useFirefox } from './use-firefox';
import { waitForShown } from './page-waits';

const ROOTS = ['menu________', 'toolbar_____', 'unfiled_____', 'mobile______'];
const ff = useFirefox();

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const tempFile = (name: string, text?: string) => {
  const dir = mkdtempSync(join(tmpdir(), 'tm-roundtrip-'));
  dirs.push(dir);
  const path = join(dir, name);
  if (text !== undefined) writeFileSync(path, text);
  return path;
};

/** Everything a round trip must leave as it was: the tree, each address's tags, the tag counts, the history. */
async function state(harness: Page) {
  return harness.evaluate(async (roots: string[]) => {
    type N = { title: string; url?: string; type?: string; children?: N[] };
    const walk = (n: N): unknown =>
      n.type === 'separator' ? '---' : n.url !== undefined && n.type !== 'folder' ? `${n.title} <${n.url}>` : { [n.title]: (n.children ?? []).map(walk) };
    const tree: unknown[] = [];
    for (const id of roots) tree.push((((await window.tm.browser.bookmarks.getSubTree(id)) as N[])[0]!.children ?? []).map(walk));
    const backup = await window.tm.client.call('backup.export', {});
    return {
      tree,
      tags: [...backup.tags].sort((a, b) => (a.url < b.url ? -1 : 1)),
      counts: await window.tm.client.call('tags.list', {}),
      history: (await window.tm.client.call('history.list', {})).map((s) => s.id),
    };
  }, ROOTS);
}

/** The Tags view's counts as the page shows them. */
async function shownCounts(ff: Firefox, tags: readonly string[]): Promise<Record<string, string>> {
  const page = await ff.open('options/index.html#tags');
  const out: Record<string, string> = {};
  for (const tag of tags) out[tag] = (await (await waitForShown(page, `[data-testid="tag-count-${tag}"]`))!.evaluate((el) => el.textContent ?? '')) ?? '';
  await page.close();
  return out;
}

/** Imports a file into Firefox's own folders through the options page, skip left on (its default); the report. */
async function importWithSkip(ff: Firefox, path: string) {
  const page = await ff.open('options/index.html#import-export');
  const input = await page.waitForSelector('#import-file');
  await (input as unknown as { uploadFile(path: string): Promise<void> }).uploadFile(path);
  await page.waitForSelector('[data-testid="import-file-summary"]');
  await page.click('#target-roots');
  expect(await page.$eval('#import-skip-existing', (el) => (el as HTMLInputElement).checked)).toBe(true);
  await page.click('button.primary');
  await page.waitForSelector('[data-testid="import-report"]', { timeout: 120_000 });
  const text = (id: string) => page.$eval(`[data-testid="${id}"]`, (el) => el.textContent ?? '').catch(() => null);
  const report = { summary: await text('import-summary'), unchanged: await text('import-unchanged') };
  await page.close();
  return report;
}

/** What the history shows (the Duplicates page's list of operations). */
async function shownHistory(ff: Firefox): Promise<string[]> {
  const page = await ff.open('options/index.html#duplicates');
  await page.waitForSelector('#history-heading');
  await page.waitForFunction(() => !document.querySelector('section[aria-labelledby="history-heading"]')?.textContent?.includes('Loading'));
  const rows = await page.$$eval('[data-testid="session-summary"]', (els) => els.map((el) => el.textContent ?? ''));
  await page.close();
  return rows;
}

describe('a round trip is a no-op (issue 29)', () => {
  it('the demo collection: exported with the page’s button, imported again with skip, nothing changes', async () => {
    const seed = generateCollection();
    // As `npm start`: Firefox's own importer reads the seed, then Tidymarks is given the seed's tags per address.
    await firefoxImportFile(ff, tempFile('seed.html', toBookmarksHtml(seed)));
    const harness = await ff.harness();
    await harness.evaluate(async (tags: { tag: string; urls: string[] }[]) => {
      for (const { tag, urls } of tags) await window.tm.client.call('tags.add', { urls, tags: [tag] });
    }, tagsOf(seed));
    const before = await state(harness);
    expect(before.counts).toEqual(
      expect.arrayContaining([
        { tag: 'longform', count: 15 },
        { tag: 'tech', count: 12 },
        { tag: 'to-read', count: 20 },
      ]),
    );
    const countsBefore = await shownCounts(ff, ['longform', 'tech', 'to-read']);
    expect(countsBefore).toEqual({ longform: '15', tech: '12', 'to-read': '20' });
    const historyBefore = await shownHistory(ff);

    // The Export button downloads the file (Firefox saves it into this run's download folder).
    const page = await ff.open('options/index.html#import-export');
    await page.click('button::-p-text(Export bookmarks.html)');
    await waitForShown(page, '[data-testid="export-status"]::-p-text(Exported 296 bookmarks)');
    await page.close();
    const saved = await vi.waitFor(
      () => {
        const name = readdirSync(ff.downloadDir).find((f) => /^bookmarks-.*\.html$/.test(f));
        if (!name) throw new Error('no export downloaded yet');
        const text = readFileSync(join(ff.downloadDir, name), 'utf8');
        if (!text.trimEnd().endsWith('</DL>')) throw new Error('the download is not complete yet');
        return join(ff.downloadDir, name);
      },
      { timeout: 30_000, interval: 100 },
    );

    const report = await importWithSkip(ff, saved);
    expect(report.summary).toBe('Imported 0 bookmarks, 0 folders and 0 separators; skipped 296 bookmarks that were already bookmarked. No address got new tags.');
    expect(report.unchanged).toBe('Nothing changed: everything in the file was already bookmarked, with its tags. The history has no entry for this import.');
    expect(await state(harness)).toEqual(before);
    expect(await shownCounts(ff, ['longform', 'tech', 'to-read'])).toEqual(countsBefore);
    expect(await shownHistory(ff)).toEqual(historyBefore);
  });

  it('the file Firefox’s own exporter writes from the same collection (Firefox’s own tags): imported with skip, nothing changes', async () => {
    const seed = generateCollection();
    await firefoxImportFile(ff, tempFile('seed.html', toBookmarksHtml(seed)));
    const harness = await ff.harness();
    await harness.evaluate(async (tags: { tag: string; urls: string[] }[]) => {
      for (const { tag, urls } of tags) await window.tm.client.call('tags.add', { urls, tags: [tag] });
    }, tagsOf(seed));
    const before = await state(harness);
    const exported = tempFile('firefox-export.html');
    await ff.chrome(
      `async (path) => {
        const { BookmarkHTMLUtils } = ChromeUtils.importESModule('resource://gre/modules/BookmarkHTMLUtils.sys.mjs');
        await BookmarkHTMLUtils.exportToFile(path);
      }`,
      exported,
    );
    const html = readFileSync(exported, 'utf8');
    expect(html).toMatch(/TAGS="[^"]*longform/); // Firefox wrote its own tags (the ones its importer took from the seed)

    const report = await importWithSkip(ff, exported);
    expect(report.summary).toBe('Imported 0 bookmarks, 0 folders and 0 separators; skipped 296 bookmarks that were already bookmarked. No address got new tags.');
    expect(report.unchanged).not.toBeNull();
    expect(await state(harness)).toEqual(before);
  });
});
