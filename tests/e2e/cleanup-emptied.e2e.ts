/**
 * Issue 29 in real Firefox: a cleanup removes the folders it empties in the same run (nested ones and their
 * separators too), so the scan right after offers no empty folder; the undo puts every folder back in its place with
 * its copies and reports in the cleanup's own units ("3 copies and 4 empty folders restored"), not in items.
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
});
