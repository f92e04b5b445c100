/**
 * The options page follows bookmark changes made elsewhere while it stays open, in real Firefox ESR headful on this
 * test's own X display: a page added from the toolbar popup and one bookmarked with Alt+Shift+1 pressed through the X
 * server show up in the header's count and in the history of changes, without the page being reloaded. And the Tags
 * view shows a tag holding a right-to-left override isolated, the override written out, its letters in their order.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchFirefox, type Firefox } from './firefox';
import { closeOtherTabs, openTab, startLocalSite, type LocalSite } from './local-site';
import { waitForShown, waitForText } from './page-waits';
import { startXDisplay, type XDisplay } from '../../scripts/x-display';

const PAGES: Record<string, string> = {
  '/recipe': '<!doctype html><title>Lemon tart recipe</title><p>Tart</p>',
  '/article': '<!doctype html><title>A local article</title><p>Text</p>',
};

/** The history's rows as shown (each ends with its status). */
const historyRows = (page: Page) => page.$$eval('[data-testid="session-summary"]', (els) => els.map((e) => (e.textContent ?? '').replace(/\s+/g, ' ').trim()));

describe('the options page follows changes made elsewhere (headful Firefox, Xvfb, xdotool)', () => {
  let x: XDisplay | undefined;
  let ff: Firefox | undefined;
  let site: LocalSite | undefined;
  let harness: Page;

  beforeAll(async () => {
    x = await startXDisplay();
    site = await startLocalSite(PAGES);
    ff = await launchFirefox({ headless: false, env: x.env, prefs: { 'alerts.useSystemBackend': false } });
    harness = await ff.harness();
  });
  afterAll(async () => {
    await ff?.close();
    await site?.close();
    await x?.stop();
  });
  beforeEach(async () => {
    await ff!.reset();
    await closeOtherTabs(harness);
  });

  /** Gives the Firefox browser window the X keyboard focus (its instance is "Navigator"). */
  function focusFirefoxWindow(): void {
    const ids = x!.xdotool('search', '--onlyvisible', '--classname', '^Navigator$').trim().split('\n').filter(Boolean);
    expect(ids.length).toBeGreaterThan(0);
    x!.xdotool('windowactivate', '--sync', ids[0]!);
  }

  const bookmarksWithUrl = (url: string) => harness.evaluate(async (u) => (await window.tm.browser.bookmarks.search({ url: u })).map((b) => b.title), url);

  it('the header count and the history follow a bookmark added in the popup and one added with Alt+Shift+1, without a reload', async () => {
    await harness.evaluate(async () => {
      for (let i = 0; i < 3; i++) await window.tm.browser.bookmarks.create({ parentId: 'unfiled_____', title: `Old ${i}`, url: `https://old.example/${i}` });
    });
    const options = await ff!.open('options/index.html#duplicates');
    await options.evaluate(() => void ((window as unknown as { tmSameDocument: boolean }).tmSameDocument = true));
    await waitForText(options, '[data-testid="bookmark-count"]', '3 bookmarks');
    await waitForShown(options, '#history-heading::-p-text(Changes made with Tidymarks)');
    await waitForShown(options, 'p::-p-text(Nothing changed with Tidymarks yet.)');

    // The popup (as a tab naming the page it speaks about, as tests/e2e/popup.e2e.ts opens it) adds the recipe.
    const recipe = `${site!.origin}/recipe`;
    const recipeTab = await openTab(harness, recipe, 'Lemon tart recipe', false);
    const popup = await ff!.open(`popup/index.html?tabId=${recipeTab}`);
    await waitForShown(popup, '[data-testid="page-status"]::-p-text(Not bookmarked)');
    await popup.click('button::-p-text(Bookmark this page)');
    await popup.waitForSelector('form[aria-label="Bookmark this page"]');
    await popup.click('button[type="submit"]');
    await waitForShown(popup, '[data-testid="page-status"]::-p-text(Bookmarked)');
    await popup.close();
    expect(await bookmarksWithUrl(recipe)).toEqual(['Lemon tart recipe']);

    await waitForText(options, '[data-testid="bookmark-count"]', '4 bookmarks');
    await expect.poll(() => historyRows(options)).toEqual([expect.stringMatching(/: Added “Lemon tart recipe” to Other Bookmarks — applied$/)]);

    // Alt+Shift+1 on the article's tab, pressed through the X server.
    const article = `${site!.origin}/article`;
    await openTab(harness, article, 'A local article', true);
    focusFirefoxWindow();
    x!.key('alt+shift+1');
    await expect.poll(() => bookmarksWithUrl(article)).toEqual(['A local article']);

    await waitForText(options, '[data-testid="bookmark-count"]', '5 bookmarks');
    // The quick bookmark made its "Read later" folder and the bookmark in it: one operation of two items.
    await expect
      .poll(() => historyRows(options))
      .toEqual([
        expect.stringMatching(/: Added 2 items to Other Bookmarks — applied$/),
        expect.stringMatching(/: Added “Lemon tart recipe” to Other Bookmarks — applied$/),
      ]);
    // The same document all along: nothing reloaded the page.
    expect(await options.evaluate(() => (window as unknown as { tmSameDocument?: boolean }).tmSameDocument)).toBe(true);
    await options.close();
  });

  it('a tag holding U+202E is isolated in the Tags view: the override is written out and the letters after it keep their order', async () => {
    await harness.evaluate(async () => {
      await window.tm.browser.bookmarks.create({ parentId: 'unfiled_____', title: 'Evil', url: 'https://evil.example/' });
      await window.tm.client.call('tags.add', { urls: ['https://evil.example/'], tags: ['\u202Eevil', 'plain'] });
    });
    const page = await ff!.open('options/index.html#tags');
    await page.waitForSelector('[data-testid="tag-list"] .tag-name bdi');
    const shown = await page.$$eval('[data-testid="tag-list"] .tag-name', (buttons) =>
      buttons.map((button) => {
        const bdi = button.querySelector('bdi')!;
        const text = bdi.firstChild as Text;
        const content = text.data;
        const rectOf = (i: number) => {
          const range = document.createRange();
          range.setStart(text, i);
          range.setEnd(text, i + 1);
          return range.getBoundingClientRect();
        };
        // Each letter's left edge, in the order of the text: increasing when the text is laid out left to right.
        const lefts = [...content].map((_, i) => rectOf(i).left);
        return { text: button.textContent, bidi: getComputedStyle(bdi).unicodeBidi, inOrder: lefts.every((left, i) => i === 0 || left > lefts[i - 1]!) };
      }),
    );
    expect(shown).toEqual([
      { text: '[U+202E]evil', bidi: 'isolate', inOrder: true },
      { text: 'plain', bidi: 'isolate', inOrder: true },
    ]);
    // The count after the tag is not pulled to its left by the override.
    const order = await page.$eval('[data-testid="tag-list"] li', (li) => {
      const name = li.querySelector('.tag-name')!.getBoundingClientRect();
      const count = li.querySelector('.count')!.getBoundingClientRect();
      return count.left >= name.right;
    });
    expect(order).toBe(true);
    await page.close();
  });
});
