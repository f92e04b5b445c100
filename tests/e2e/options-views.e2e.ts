/**
 * The options page's views in real Firefox, each a chunk of its own loaded when first shown
 * (src/options-ui/views.tsx): opened on Duplicates (the default), the page shows its list, and each other tab shows its
 * view when chosen, by mouse or keyboard; opened straight on another view's address, that view shows.
 */
import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { useFirefox } from './use-firefox';
import { waitForShown } from './page-waits';

/** Per tab: its name and what only its view shows. */
const VIEWS: [id: string, tab: string, shows: string][] = [
  ['bookmarks', 'Bookmarks', '[data-testid="organizer"]'],
  ['tags', 'Tags', '#tag-list-heading'],
  ['link-health', 'Link health', '#links-heading'],
  ['import-export', 'Import / Export', '#import-heading'],
  ['backups', 'Backups', '#backups-heading'],
  ['settings', 'Settings', '#matching-heading'],
];

/** The view shown is the panel's, under the tab named `tab`, and no view failed to load. */
async function expectView(page: Page, id: string, tab: string, shows: string) {
  await waitForShown(page, `#panel-${id} ${shows}`);
  expect(await page.$eval(`#tab-${id}`, (el) => [el.textContent, el.getAttribute('aria-selected')])).toEqual([tab, 'true']);
  expect(await page.$('[role="tabpanel"] [role="alert"]')).toBeNull();
}

describe('options views in real Firefox', () => {
  const ff = useFirefox();

  it('opened on Duplicates, every other tab shows its view when chosen, by mouse and by keyboard', async () => {
    const harness = await ff.harness();
    await harness.evaluate(async () => {
      for (const parentId of ['menu________', 'toolbar_____'])
        await window.tm.browser.bookmarks.create({ parentId, title: 'MDN', url: 'https://developer.mozilla.org/' });
    });
    const page = await ff.open('options/index.html');
    await page.setViewport({ width: 1100, height: 900 });
    await waitForShown(page, '#panel-duplicates [data-testid="group-list"] [role="treeitem"]');
    for (const [id, tab, shows] of VIEWS) {
      await page.click(`#tab-${id}`);
      await expectView(page, id, tab, shows);
      expect(await page.evaluate(() => location.hash)).toBe(`#${id}`);
    }
    // Back by keyboard: Home is the first tab (Bookmarks), → the Duplicates tab, its list again.
    await page.focus('#tab-settings');
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    await waitForShown(page, '#panel-duplicates [data-testid="group-list"] [role="treeitem"]');
    await page.close();
  });

  it('opened straight on another view, that view shows', async () => {
    for (const [id, tab, shows] of VIEWS) {
      const page = await ff.open(`options/index.html#${id}`);
      await expectView(page, id, tab, shows);
      await page.close();
    }
  });
});
