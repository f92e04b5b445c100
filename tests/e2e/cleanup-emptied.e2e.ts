/**
 * Issue 29 in real Firefox: a cleanup removes the folders it empties in the same run (nested ones and their
 * separators too), so the scan right after offers no empty folder; the undo puts every folder back in its place with
 * its copies and reports in the cleanup's own units ("3 copies and 4 empty folders restored"), not in items. A folder
 * that holds only copies goes with them in one removeTree (src/dedup/cleanup/remove-emptied-at-once.ts), unless someone
 * else put something in it.
 */
import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import type { Firefox } from './firefox';
import { useFirefox } from './use-firefox';
import { waitForText, waitForTextContaining } from './page-waits';

type Node = { title: string; url?: string; type?: string; children?: Node[] };

/** The whole tree as "path > title <url>" lines, folders as "path/", separators as "path ---", in tree order. */
async function treeLines(harness: Page): Promise<string[]> {
  return harness.evaluate(async () => {
    type N = { title: string; url?: string; type?: string; children?: N[] };
    const [root] = (await window.tm.browser.bookmarks.getTree()) as N[];
    const out: string[] = [];
    const walk = (n: N, path: string[]) => {
      for (const c of n.children ?? []) {
        if (c.type === 'separator') out.push(`${path.join(' › ')} ---`);
        else if (c.children) {
          out.push(`${[...path, c.title].join(' › ')}/`);
          walk(c, [...path, c.title]);
        } else out.push(`${path.join(' › ')} > ${c.title} <${c.url}>`);
      }
    };
    for (const top of root!.children ?? []) walk(top, [top.title]);
    return out;
  });
}

/** Folders (not roots) with no bookmark anywhere inside. */
async function emptyFolders(harness: Page): Promise<string[]> {
  const [root] = (await harness.evaluate(() => window.tm.browser.bookmarks.getTree())) as Node[];
  const out: string[] = [];
  const holds = (n: Node): boolean => !!n.url || (n.children ?? []).some(holds);
  const walk = (n: Node, depth: number) => {
    for (const c of n.children ?? []) {
      if (!c.children) continue;
      if (depth > 0 && !holds(c)) out.push(c.title);
      walk(c, depth + 1);
    }
  };
  walk(root!, 0);
  return out;
}

/** Keepers in the toolbar; in the menu, folders that hold only copies (nested, with separators), and an empty folder. */
async function seedEmptying(harness: Page) {
  await harness.evaluate(async () => {
    const b = window.tm.browser.bookmarks;
    for (const n of [1, 2, 3]) await b.create({ parentId: 'toolbar_____', title: `Page ${n}`, url: `https://pages.example/${n}` });
    await b.create({ parentId: 'menu________', title: 'Mine', url: 'https://mine.example/' });
    const laptop = await b.create({ parentId: 'menu________', title: 'From old laptop' });
    await b.create({ parentId: laptop.id, title: 'Page 1', url: 'https://pages.example/1' });
    await b.create({ parentId: laptop.id, type: 'separator' });
    const inner = await b.create({ parentId: laptop.id, title: 'From old laptop (2)' });
    await b.create({ parentId: inner.id, title: 'Page 2', url: 'https://pages.example/2' });
    const old = await b.create({ parentId: 'menu________', title: 'Old stuff' });
    await b.create({ parentId: old.id, title: 'Page 3', url: 'https://pages.example/3' });
    await b.create({ parentId: 'unfiled_____', title: 'Empty from sync' });
  });
}

/** In the menu, "Phone" holds only "Sync copies": a copy of each of the toolbar's six pages, a separator after the third. */
async function seedSyncCopies(harness: Page) {
  await harness.evaluate(async () => {
    const b = window.tm.browser.bookmarks;
    for (const n of [1, 2, 3, 4, 5, 6]) await b.create({ parentId: 'toolbar_____', title: `Page ${n}`, url: `https://pages.example/${n}` });
    await b.create({ parentId: 'menu________', title: 'Mine', url: 'https://mine.example/' });
    const phone = await b.create({ parentId: 'menu________', title: 'Phone' });
    const copies = await b.create({ parentId: phone.id, title: 'Sync copies' });
    for (const n of [1, 2, 3, 4, 5, 6]) {
      await b.create({ parentId: copies.id, title: `Page ${n}`, url: `https://pages.example/${n}` });
      if (n === 3) await b.create({ parentId: copies.id, type: 'separator' });
    }
  });
}

/** From here on, the titles of what Firefox reports removed (onRemoved: a removeTree is one event for the folder). */
async function recordRemovals(harness: Page) {
  await harness.evaluate(() => {
    const w = window as unknown as { removedTitles?: string[] };
    // The harness page lives on from test to test: one listener, a fresh list.
    if (!w.removedTitles)
      window.tm.browser.bookmarks.onRemoved.addListener((_id: string, info: { node: { title: string } }) => void w.removedTitles!.push(info.node.title));
    w.removedTitles = [];
  });
  return () => harness.evaluate(() => (window as unknown as { removedTitles: string[] }).removedTitles);
}

/** Preview, Apply…, then (`meanwhile` first, the confirmation open) confirm: the cleanup runs and its result shows. */
async function cleanUpFromPage(page: Page, meanwhile?: () => Promise<void>) {
  await page.click('button::-p-text(Preview the cleanup)');
  await page.waitForSelector('[data-testid="plan-preview"]');
  await page.click('button::-p-text(Apply…)');
  await page.waitForSelector('[role="alertdialog"] [data-testid="confirm"]');
  await meanwhile?.();
  await confirm(page);
  await page.waitForSelector('[data-testid="apply-result"]');
}

async function openDuplicates(ff: Firefox): Promise<Page> {
  const page = await ff.open('options/index.html#duplicates');
  await page.setViewport({ width: 1100, height: 900 });
  await page.waitForSelector('[data-testid="scan-summary"]');
  await page.waitForFunction(() => !document.querySelector('[data-testid="scan-checking"], [data-testid="progress"]'));
  return page;
}

const text = (page: Page, selector: string) => page.$eval(selector, (el) => (el.textContent ?? '').replace(/\s+/g, ' ').trim());

async function confirm(page: Page) {
  const button = await page.waitForSelector('[role="alertdialog"] [data-testid="confirm"]');
  await button!.click();
}

describe('a cleanup leaves no folder it emptied, in real Firefox', () => {
  const ff = useFirefox();

  it('one cleanup removes the folders it empties; the next scan offers none; undo restores them and says so in copies and folders', async () => {
    const harness = await ff.harness();
    await seedEmptying(harness);
    const start = await treeLines(harness);
    expect(await emptyFolders(harness)).toEqual(['Empty from sync']);
    const page = await openDuplicates(ff);
    // 3 copies; 1 empty folder and the 3 the copies leave empty.
    expect(await text(page, '[data-testid="summary-numbers"]')).toBe('3 copies to remove; and 4 empty folders');

    await page.click('button::-p-text(Preview the cleanup)');
    await page.waitForSelector('[data-testid="plan-preview"]');
    await page.click('button::-p-text(Apply…)');
    expect(await text(page, '[data-testid="confirm-numbers"]')).toBe('3 copies to remove; and 4 empty folders.');
    await confirm(page);
    await page.waitForSelector('[data-testid="apply-result"]');
    expect(await text(page, '[data-testid="apply-result"]')).toContain('Cleaned up: 3 copies removed; and 4 empty folders');

    // The tree after: the keepers and the unique bookmark, no folder left empty (and no separator left behind).
    expect(await treeLines(harness)).toEqual([
      'Bookmarks Menu > Mine <https://mine.example/>',
      'Bookmarks Toolbar > Page 1 <https://pages.example/1>',
      'Bookmarks Toolbar > Page 2 <https://pages.example/2>',
      'Bookmarks Toolbar > Page 3 <https://pages.example/3>',
    ]);
    expect(await emptyFolders(harness)).toEqual([]);
    // The page scans again by itself: nothing to clean, no empty folder offered; a scan of its own says the same.
    await waitForText(page, '[data-testid="summary-groups"]', 'No duplicate bookmarks among 4 bookmarks');
    expect(await page.$('[data-testid="summary-numbers"]::-p-text(empty folder)')).toBeNull();
    const scan = await harness.evaluate(() => window.tm.client.startJob('dedup.scan', {}).result);
    expect(scan.totals.emptyFolders).toBe(0);
    expect(scan.emptyFolders).toEqual([]);

    // Undo: every folder back in its place with its copies and separator, reported in the cleanup's units.
    await waitForTextContaining(page, '[data-testid="session-summary"]', '3 copies removed; and 4 empty folders');
    await page.click('[data-testid="sessions"] button::-p-text(Undo)');
    await confirm(page);
    await page.waitForSelector('[data-testid="undo-banner"]');
    expect(await text(page, '[data-testid="undo-banner"]')).toBe('Undone: 3 copies and 4 empty folders restored. The list below shows your bookmarks as they are now.');
    await waitForText(page, '[data-testid="undo-result"]', 'Undone: 3 copies and 4 empty folders restored.');
    expect(await treeLines(harness)).toEqual(start);
    await waitForText(page, '[data-testid="summary-numbers"]', '3 copies to remove; and 4 empty folders');
    await page.close();
  });

  it('a folder of only copies goes with them in one removeTree; undo restores the exact tree', async () => {
    const harness = await ff.harness();
    await seedSyncCopies(harness);
    const start = await treeLines(harness);
    const page = await openDuplicates(ff);
    expect(await text(page, '[data-testid="summary-numbers"]')).toBe('6 copies to remove; and 2 empty folders');
    const removed = await recordRemovals(harness);
    await cleanUpFromPage(page);
    expect(await text(page, '[data-testid="apply-result"]')).toContain('Cleaned up: 6 copies removed; and 2 empty folders');
    // One call for the folder and its copies, then "Phone" once empty.
    await expect.poll(removed).toEqual(['Sync copies', 'Phone']);
    expect(await treeLines(harness)).toEqual([
      'Bookmarks Menu > Mine <https://mine.example/>',
      ...[1, 2, 3, 4, 5, 6].map((n) => `Bookmarks Toolbar > Page ${n} <https://pages.example/${n}>`),
    ]);

    await waitForTextContaining(page, '[data-testid="session-summary"]', '6 copies removed; and 2 empty folders');
    await page.click('[data-testid="sessions"] button::-p-text(Undo)');
    await confirm(page);
    await waitForText(page, '[data-testid="undo-result"]', 'Undone: 6 copies and 2 empty folders restored.');
    expect(await treeLines(harness)).toEqual(start);
    await page.close();
  });

  it('a bookmark someone else puts in that folder as the cleanup starts keeps it: its copies go one by one, theirs stays', async () => {
    const harness = await ff.harness();
    await seedSyncCopies(harness);
    const page = await openDuplicates(ff);
    expect(await text(page, '[data-testid="summary-numbers"]')).toBe('6 copies to remove; and 2 empty folders');
    const removed = await recordRemovals(harness);
    // Sync (or the person in the Library) adds a bookmark to the folder as the person confirms the cleanup.
    await cleanUpFromPage(page, () =>
      harness.evaluate(async () => {
        const [folder] = await window.tm.browser.bookmarks.search({ title: 'Sync copies' });
        await window.tm.browser.bookmarks.create({ parentId: folder!.id, title: 'Theirs', url: 'https://theirs.example/' });
      }),
    );
    expect(await text(page, '[data-testid="apply-result"]')).toContain('6 copies removed');
    await expect.poll(async () => (await removed()).length).toBe(6);
    expect(await removed()).toEqual(expect.arrayContaining([1, 2, 3, 4, 5, 6].map((n) => `Page ${n}`)));
    expect(await treeLines(harness)).toEqual([
      'Bookmarks Menu > Mine <https://mine.example/>',
      'Bookmarks Menu › Phone/',
      'Bookmarks Menu › Phone › Sync copies/',
      'Bookmarks Menu › Phone › Sync copies ---',
      'Bookmarks Menu › Phone › Sync copies > Theirs <https://theirs.example/>',
      ...[1, 2, 3, 4, 5, 6].map((n) => `Bookmarks Toolbar > Page ${n} <https://pages.example/${n}>`),
    ]);
    await page.close();
  });
});
