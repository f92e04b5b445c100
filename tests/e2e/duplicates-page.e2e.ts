/**
 * The Duplicates page at 5,101 bookmarks in real Firefox, on the sync-multiplied collection of
 * tests/e2e/sync-collection.ts (imported by Firefox itself at start-up), with long tags added through Tidymarks:
 * the copied "Dev" folder is one set of three with distinct labels and the copy the person picks is the one kept;
 * every count is the same in the summary, the confirm dialog, the progress total, the result and the history; after
 * the cleanup the page shows no groups without a manual scan; at 400–420 px the deepest folder stays visible and long
 * tags never take the path's and title's place. Screenshots (light and dark, wide and narrow) go to
 * tests/e2e/.artifacts/screenshots.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchFirefox, type Firefox } from './firefox';
import { firefoxImportFile } from './places-seed';
import { SYNC_COLLECTION, syncCollectionHtml } from './sync-collection';
import { screenshotPath } from './screenshots';
import { waitForShown, waitForText, waitForTextContaining } from './page-waits';

const shot = screenshotPath;
const text = (page: Page, selector: string) => page.$eval(selector, (el) => (el.textContent ?? '').replace(/\s+/g, ' ').trim());

const SENTENCE = '1,587 copies to remove: 787 loose, 800 inside 2 copied folders; and 13 empty folders';
const LONG_TAGS = ['reading-list-for-the-long-winter-evenings', 'work-project-alpha-beta-gamma-delta', 'to-read'];

/** A fresh profile into which Firefox's own importer reads the collection; the long tags added through Tidymarks. */
async function launchSeeded(dir: string, prefs: Record<string, string | number | boolean> = {}): Promise<Firefox> {
  const file = resolve(dir, 'bookmarks.html');
  writeFileSync(file, syncCollectionHtml());
  const ff = await launchFirefox({ prefs });
  const harness = await ff.harness();
  // Replace mode: the new profile's default bookmarks go, as at a first start with browser.places.importBookmarksHTML.
  await firefoxImportFile(ff, file);
  expect((await harness.evaluate(() => window.tm.client.call('core.countBookmarks', {}))).bookmarks).toBe(SYNC_COLLECTION.bookmarks);
  await harness.evaluate(
    (tags: string[]) => window.tm.client.call('tags.add', { urls: ['https://guides.example.com/guide/0', 'https://guides.example.com/guide/1'], tags }),
    LONG_TAGS,
  );
  return ff;
}

async function openPage(ff: Firefox, width: number): Promise<Page> {
  const page = await ff.open('options/index.html#duplicates');
  await page.setViewport({ width, height: 1000 });
  await page.waitForSelector('[data-testid="group-row"]', { timeout: 60_000 });
  await waitForText(page, '[data-testid="bookmark-count"]', '5,101 bookmarks');
  return page;
}

/** At a narrow width: every rendered row keeps its deepest folder fully visible, and titles keep their place. */
async function checkNarrowLayout(page: Page) {
  const layout = await page.evaluate(() => {
    const rows = [...document.querySelectorAll<HTMLElement>('[role="tree"] .copy-row')];
    const leafs = rows.map((row) => {
      const leaf = row.querySelector<HTMLElement>('.path-leaf')!;
      const r = leaf.getBoundingClientRect();
      const box = row.getBoundingClientRect();
      // The text's width in its font against its box: even a fraction of a pixel less shows as an ellipsis.
      const ctx = document.createElement('canvas').getContext('2d')!;
      ctx.font = getComputedStyle(leaf).font;
      const textWidth = ctx.measureText(leaf.textContent ?? '').width;
      return { text: leaf.textContent, textWidth, width: r.width, clipped: textWidth > r.width + 0.01, inside: r.left >= box.left && r.right <= box.right + 1 };
    });
    const tagged = rows.filter((row) => row.querySelector('.tag'));
    const taggedTitles = tagged.map((row) => row.querySelector<HTMLElement>('.title')!.getBoundingClientRect().width);
    return { pageFits: document.documentElement.scrollWidth <= window.innerWidth + 1, leafs, taggedRows: tagged.length, taggedTitles };
  });
  expect(layout.pageFits).toBe(true);
  expect(layout.leafs.length).toBeGreaterThan(3);
  for (const leaf of layout.leafs) expect(leaf, `deepest folder "${leaf.text}" fully visible`).toMatchObject({ clipped: false, inside: true });
  expect(layout.taggedRows).toBeGreaterThan(0);
  // Long tags shrink first: a tagged row's title keeps a real share of the line (over 60 px at 420 px).
  for (const width of layout.taggedTitles) expect(width).toBeGreaterThan(60);
}

describe('the Duplicates page at 5,101 bookmarks in real Firefox', () => {
  let ff: Firefox;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(resolve(tmpdir(), 'tm-dup5k-'));
    ff = await launchSeeded(dir);
  }, 180_000);
  afterAll(async () => {
    await ff?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('one set of three copies with distinct labels, the chosen one kept; the same numbers everywhere; no groups after the cleanup without a rescan', async () => {
    const page = await openPage(ff, 1200);
    expect(await text(page, '[data-testid="summary-groups"]')).toBe('453 duplicate groups among 5,101 bookmarks');
    // The copied folder with its units, one truth with the sentence below ("800 inside 2 copied folders").
    expect(await text(page, '[data-testid="summary-folders"]')).toBe('1 folder found 3 times: 2 copies (800 bookmarks inside) go');
    expect(await text(page, '[data-testid="summary-numbers"]')).toBe(SENTENCE);
    // The groups to review come first: the variants, then the pages copied 154 and 484 times; big groups are summed up.
    const headers = await page.$$eval('[data-testid="group-row"]', (els) => els.map((e) => e.textContent ?? ''));
    expect(headers[0]).toContain('https://guides.example.com/guide/0');
    expect(headers[0]).toContain('Keeps');
    expect(headers[0]).toContain('kept because a real title (not just the address), then a clean address');
    await page.screenshot({ path: shot('duplicates'), fullPage: true });

    // The folder set: three members with distinct labels.
    const set = await page.waitForSelector('[data-testid="folder-set"]');
    const labels = await set!.$$eval('label', (els) => els.filter((l) => l.closest('li')).map((l) => (l.textContent ?? '').replace(/\s+/g, ' ').trim()));
    expect(labels).toHaveLength(3);
    expect(new Set(labels).size).toBe(3);
    expect(labels.map((l) => l.match(/(\d+)(st|nd|rd|th) of 37 in Bookmarks Menu/)?.[0])).toEqual([
      '1st of 37 in Bookmarks Menu',
      '12th of 37 in Bookmarks Menu',
      '24th of 37 in Bookmarks Menu',
    ]);
    for (const label of labels) expect(label).toContain('400 bookmarks');
    const devIds = await ff
      .harness()
      .then((h) => h.evaluate(async () => (await window.tm.browser.bookmarks.getChildren('menu________')).filter((c) => c.title === 'Dev').map((c) => c.id)));
    expect(devIds).toHaveLength(3);
    // Keep the third copy.
    const radios = await set!.$$('input[type="radio"]');
    await radios[2]!.click();
    await waitForShown(page, '[data-testid="kept-member"] ::-p-text(your choice)');
    expect(await text(page, '[data-testid="summary-numbers"]')).toBe(SENTENCE);

    // Narrow: the deepest folder stays visible, long tags give way.
    await page.setViewport({ width: 420, height: 1000 });
    await page.waitForFunction(() => window.innerWidth <= 420);
    await checkNarrowLayout(page);
    await page.screenshot({ path: shot('duplicates-narrow'), fullPage: true });
    await page.setViewport({ width: 1200, height: 1000 });

    // Record every progress report the page shows (total and current phase), then clean up all.
    await page.evaluate(() => {
      const w = window as unknown as { progressLog: { text: string; phase: string | null }[] };
      w.progressLog = [];
      new MutationObserver(() => {
        const progress = document.querySelector('[data-testid="cleanup-progress"] [data-testid="progress"]');
        if (!progress) return;
        const entry = { text: progress.textContent ?? '', phase: document.querySelector('[aria-current="step"]')?.getAttribute('data-phase') ?? null };
        const last = w.progressLog[w.progressLog.length - 1];
        if (!last || last.text !== entry.text || last.phase !== entry.phase) w.progressLog.push(entry);
      }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    await page.click('[data-testid="clean-up-all"]');
    await page.waitForSelector('[role="alertdialog"]');
    expect(await text(page, '[data-testid="confirm-numbers"]')).toBe(`${SENTENCE}.`);
    await page.click('[role="alertdialog"] [data-testid="confirm"]');
    await page.waitForSelector('[data-testid="apply-result"]', { timeout: 120_000 });
    const done = '1,587 copies removed: 787 loose, 800 inside 2 copied folders; and 13 empty folders';
    expect(await text(page, '[data-testid="apply-result"]')).toContain(`Cleaned up: ${done}`);

    // The progress: one constant total, the same 1,587 copies as the summary, confirm, result and history; phases only forward.
    const log = await page.evaluate(() => (window as unknown as { progressLog: { text: string; phase: string | null }[] }).progressLog);
    const totals = new Set(log.map((e) => e.text.match(/ of ([\d,]+) copies removed/)?.[1]).filter(Boolean));
    expect([...totals]).toEqual(['1,587']);
    expect(log.some((e) => e.text.includes('of 1,587 copies removed (787 loose, 800 inside 2 copied folders; and 13 empty folders)'))).toBe(true);
    const order = ['checking', 'journaling', 'merging-tags', 'moving', 'collapsing', 'removing'];
    // No current phase: every phase is done.
    const seen = log.map((e) => (e.phase === null ? order.length : order.indexOf(e.phase)));
    expect(seen.every((i) => i >= 0)).toBe(true);
    expect(new Set(seen).size).toBeGreaterThan(2);
    for (let i = 1; i < seen.length; i++) expect(seen[i]!, `phase ${log[i]!.phase} after ${log[i - 1]!.phase}`).toBeGreaterThanOrEqual(seen[i - 1]!);

    // No manual scan: the page shows the new state, the history the same numbers.
    await waitForText(page, '[data-testid="summary-groups"]', 'No duplicate bookmarks among 3,514 bookmarks', 60_000);
    await waitForText(page, '[data-testid="bookmark-count"]', '3,514 bookmarks');
    await waitForTextContaining(page, '[data-testid="session-summary"]', done);
    expect(await page.$('[data-testid="group-row"]')).toBeNull();

    // The chosen copy of Dev is the one that stays; one copy of each page is left.
    const after = await (
      await ff.harness()
    ).evaluate(
      async (page154: string, page484: string) => ({
        devs: (await window.tm.browser.bookmarks.getChildren('menu________')).filter((c) => c.title === 'Dev').map((c) => c.id),
        p154: (await window.tm.browser.bookmarks.search({ url: page154 })).length,
        p484: (await window.tm.browser.bookmarks.search({ url: page484 })).length,
      }),
      SYNC_COLLECTION.page154,
      SYNC_COLLECTION.page484,
    );
    expect(after).toEqual({ devs: [devIds[2]], p154: 1, p484: 1 });
    await page.close();
  }, 240_000);
});

describe('the Duplicates page at 5,101 bookmarks in dark mode', () => {
  let ff: Firefox;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(resolve(tmpdir(), 'tm-dup5k-dark-'));
    ff = await launchSeeded(dir, { 'ui.systemUsesDarkTheme': 1, 'layout.css.prefers-color-scheme.content-override': 0 });
  }, 180_000);
  afterAll(async () => {
    await ff?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('follows prefers-color-scheme: dark, wide and narrow', async () => {
    const page = await openPage(ff, 1200);
    expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(28, 27, 34)');
    await page.screenshot({ path: shot('duplicates-dark'), fullPage: true });
    await page.setViewport({ width: 400, height: 1000 });
    await page.waitForFunction(() => window.innerWidth <= 400);
    await checkNarrowLayout(page);
    await page.screenshot({ path: shot('duplicates-narrow-dark'), fullPage: true });
    await page.close();
  }, 120_000);
});
