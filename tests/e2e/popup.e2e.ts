/**
 * The toolbar popup in real Firefox: popup/index.html opened as a tab (with ?tabId= naming the tab it speaks
 * about), over real bookmarks, history (browser.history.addUrl) and tags seeded through the harness page.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EXTENSION_ORIGIN, type Firefox } from './firefox';
import { watchEventPage } from './event-page';
import { useFirefox } from './use-firefox';
import { screenshotPath } from './screenshots';
import { closeOtherTabs, openTab, startLocalSite, type LocalSite } from './local-site';
import { waitForShown } from './page-waits';

/** Screenshots for the README (tests/e2e/screenshots.ts). */
const screenshot = screenshotPath;

const PAGES: Record<string, string> = {
  '/recipe': '<!doctype html><title>Lemon tart recipe</title><h1>Tart</h1>',
  '/garden': '<!doctype html><title>Garden planner</title><h1>Garden</h1>',
  // A title holding a right-to-left override: shown bare, "Invoice \u202Efdp.exe" reads "Invoice exe.pdf".
  '/invoice': '<!doctype html><meta charset="utf-8"><title>Invoice \u202Efdp.exe</title><h1>Invoice</h1>',
};

interface Seed {
  bookmarks?: { title: string; url: string; folder?: string }[];
  history?: { title: string; url: string; visits: number }[];
  tags?: { url: string; tags: string[] }[];
}

async function seed(harness: Page, data: Seed): Promise<void> {
  await harness.evaluate(async (d: Seed) => {
    const b = window.tm.browser;
    const folders = new Map<string, string>();
    for (const bm of d.bookmarks ?? []) {
      let parentId = 'unfiled_____';
      if (bm.folder) {
        if (!folders.has(bm.folder)) folders.set(bm.folder, (await b.bookmarks.create({ parentId: 'toolbar_____', title: bm.folder })).id);
        parentId = folders.get(bm.folder)!;
      }
      await b.bookmarks.create({ parentId, title: bm.title, url: bm.url });
    }
    for (const h of d.history ?? []) {
      for (let i = 0; i < h.visits; i++) await b.history.addUrl({ url: h.url, title: h.title, visitTime: Date.now() - 1000 * (i + 1) });
    }
    for (const t of d.tags ?? []) await window.tm.client.call('tags.add', { urls: [t.url], tags: t.tags });
  }, data);
}

async function openPopup(ff: Firefox, tabId?: number): Promise<Page> {
  const page = await ff.open(`popup/index.html${tabId === undefined ? '' : `?tabId=${tabId}`}`);
  await page.waitForSelector('input.search');
  return page;
}

/** Result titles once the list answers `text` (the list is labelled by what it answers). */
async function resultsFor(page: Page, label: 'Search results' | 'Recent bookmarks', expectedCount?: number): Promise<string[]> {
  await page
    .waitForFunction(
      (l, n) => {
        const list = document.querySelector(`[role="listbox"][aria-label="${l}"]`);
        return list && (n === null || list.querySelectorAll('[role="option"]').length === n);
      },
      { timeout: 10_000 },
      label,
      expectedCount ?? null,
    )
    .catch(() => undefined); // the caller's expect then shows what is on screen instead
  return page.$$eval('[role="option"] .result-title', (els) => els.map((e) => e.textContent ?? ''));
}

/**
 * Clears the box with Esc (as a user would), types the text key by key and waits until the list answers that text
 * (while an answer is on its way the list of an earlier, partial text stays on screen).
 */
async function typeQuery(page: Page, text: string): Promise<void> {
  await page.focus('input.search');
  if (await page.$eval('input.search', (el) => (el as HTMLInputElement).value !== '')) {
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => (document.querySelector('input.search') as HTMLInputElement).value === '');
  }
  await page.type('input.search', text);
  await page.waitForFunction((t) => document.querySelector('.results-section')?.getAttribute('data-answered') === t, { timeout: 10_000 }, text);
}

describe('popup in real Firefox', () => {
  const ff = useFirefox();
  let harness: Page;
  let site: LocalSite;
  let origin: string;

  beforeAll(async () => {
    site = await startLocalSite(PAGES);
    origin = site.origin;
  });
  afterAll(async () => {
    await site?.close();
  });
  beforeEach(async () => {
    // useFirefox() has reset bookmarks, history and storage already.
    harness = await ff.harness();
    await closeOtherTabs(harness);
  });

  it('typing shows bookmarks and history in rank order: title matches first, bookmarks before history, visits', async () => {
    await seed(harness, {
      bookmarks: [
        { title: 'Garden journal', url: 'https://journal.example/', folder: 'Home' },
        { title: 'Tools and more', url: 'https://garden-tools.example/' },
      ],
      history: [
        { title: 'Garden forum', url: 'https://forum.example/', visits: 5 },
        { title: 'Garden shop', url: 'https://shop.example/', visits: 1 },
        { title: 'Unrelated', url: 'https://other.example/', visits: 3 },
      ],
    });
    const page = await openPopup(ff);
    await typeQuery(page, 'gard');
    expect(await resultsFor(page, 'Search results', 4)).toEqual(['Garden journal', 'Garden forum', 'Garden shop', 'Tools and more']);
    const first = await page.$eval('[role="option"]', (el) => ({
      mark: el.querySelector('.result-title mark')?.textContent,
      folder: el.querySelector('.result-folder')?.textContent,
    }));
    expect(first).toEqual({ mark: 'Gard', folder: 'Bookmarks Toolbar › Home' });
    expect(await page.$eval('[role="option"]:nth-child(2) .visits', (el) => el.textContent)).toBe('5 visits');
    await page.setViewport({ width: 440, height: 560 });
    await page.screenshot({ path: screenshot('popup-search') });
    await typeQuery(page, 'gard sho');
    expect(await resultsFor(page, 'Search results', 1)).toEqual(['Garden shop']);
    await page.close();
  });

  it('filters by #tag and by site:', async () => {
    await seed(harness, {
      bookmarks: [
        { title: 'Pasta night', url: 'https://food.example.org/pasta' },
        { title: 'Pasta shapes', url: 'https://example.org/shapes' },
        { title: 'Pasta history', url: 'https://elsewhere.example/pasta' },
      ],
      tags: [{ url: 'https://elsewhere.example/pasta', tags: ['Reading'] }],
    });
    const page = await openPopup(ff);
    await typeQuery(page, '#reading');
    expect(await resultsFor(page, 'Search results', 1)).toEqual(['Pasta history']);
    await typeQuery(page, 'pasta site:example.org');
    expect(await resultsFor(page, 'Search results', 1)).toEqual(['Pasta shapes']);
    await typeQuery(page, 'pasta site:*.example.org');
    expect((await resultsFor(page, 'Search results', 2)).sort()).toEqual(['Pasta night', 'Pasta shapes']);
    await page.close();
  });

  it('arrow keys and Enter open the chosen result in the current tab; Ctrl+Enter in a new tab', async () => {
    await seed(harness, {
      bookmarks: [
        { title: 'Zebra one', url: `${origin}/recipe` },
        { title: 'Zebra two', url: `${origin}/garden` },
      ],
    });
    const tabId = await openTab(harness, `${origin}/recipe`, 'Lemon tart recipe', false);
    const page = await openPopup(ff, tabId);
    await typeQuery(page, 'zebra');
    expect(await resultsFor(page, 'Search results', 2)).toEqual(['Zebra one', 'Zebra two']);
    await page.keyboard.press('ArrowDown');
    expect(await page.$eval('input.search', (el) => el.getAttribute('aria-activedescendant'))).toBe('result-1');
    await page.keyboard.press('Enter');
    const tabNow = () => harness.evaluate(async (id) => (({ url, status }) => ({ url, status }))(await window.tm.browser.tabs.get(id)), tabId);
    await expect.poll(tabNow, { timeout: 10_000, interval: 25 }).toEqual({ url: `${origin}/garden`, status: 'complete' });

    const again = await openPopup(ff, tabId);
    // Counted once the popup's own tab is open, so only the tab Ctrl+Enter opens can add one.
    const before = await harness.evaluate(async () => (await window.tm.browser.tabs.query({})).length);
    await typeQuery(again, 'zebra');
    await resultsFor(again, 'Search results', 2);
    await again.keyboard.down('Control');
    await again.keyboard.press('Enter');
    await again.keyboard.up('Control');
    // A new tab shows about:blank until its load starts: wait for the address, not only the count.
    const tabUrls = () => harness.evaluate(async () => (await window.tm.browser.tabs.query({})).map((t) => t.url));
    await expect
      .poll(
        async () => {
          const urls = await tabUrls();
          return urls.length > before && urls.includes(`${origin}/recipe`);
        },
        { timeout: 10_000, interval: 25 },
      )
      .toBe(true);
    const opened = await tabUrls();
    expect(opened).toHaveLength(before + 1);
    expect(opened).toContain(`${origin}/recipe`);
    // The first Enter moved the web tab to /garden: the only /recipe tab is the new one.
    expect(opened.filter((u) => u === `${origin}/recipe`)).toHaveLength(1);
    await page.close().catch(() => undefined);
    await again.close();
  });

  it('refuses to open a bookmarklet from the results with a clear message, and the tab stays where it was (review: any scheme was opened)', async () => {
    await seed(harness, { bookmarks: [{ title: 'Zebra bookmarklet', url: 'javascript:void(document.title="opened")' }] });
    const url = `${origin}/recipe`;
    const tabId = await openTab(harness, url, 'Lemon tart recipe', false);
    const page = await openPopup(ff, tabId);
    await typeQuery(page, 'zebra');
    expect(await resultsFor(page, 'Search results', 1)).toEqual(['Zebra bookmarklet']);
    await page.keyboard.press('Enter');
    const notice = await page.waitForSelector('.notice[role="status"]');
    expect(await notice!.evaluate((el) => el.textContent)).toContain('Tidymarks does not open javascript: addresses from search results.');
    const tab = await harness.evaluate(async (id) => window.tm.browser.tabs.get(id), tabId);
    expect({ url: tab.url, title: tab.title }).toEqual({ url, title: 'Lemon tart recipe' });
    await page.close();
  });

  it('adds the current page with a folder and tags: it is in Firefox bookmarks and in the tag store', async () => {
    await seed(harness, { tags: [{ url: 'https://tagged.example/', tags: ['desserts'] }], bookmarks: [{ title: 'Tagged', url: 'https://tagged.example/' }] });
    const url = `${origin}/recipe`;
    const tabId = await openTab(harness, url, 'Lemon tart recipe', false);
    const page = await openPopup(ff, tabId);
    await waitForShown(page, '[data-testid="page-status"]::-p-text(Not bookmarked)');
    await page.click('button::-p-text(Bookmark this page)');
    await page.waitForSelector('form[aria-label="Bookmark this page"]');
    expect(await page.$eval('#bm-title', (el) => (el as HTMLInputElement).value)).toBe('Lemon tart recipe');
    await page.type('#bm-folder', 'toolbar');
    await waitForShown(page, '.folder-list [role="option"]::-p-text(Bookmarks Toolbar)');
    await page.click('.folder-list [role="option"]::-p-text(Bookmarks Toolbar)');
    await page.type('#bm-tags', 'dess');
    await waitForShown(page, '.suggestions button::-p-text(desserts)');
    await page.click('.suggestions button::-p-text(desserts)');
    await page.type('#bm-tags', 'baking');
    await page.keyboard.press('Enter');
    await waitForShown(page, '.chip::-p-text(baking)');
    await page.click('button[type="submit"]');
    await waitForShown(page, '[data-testid="page-status"]::-p-text(Bookmarked)');
    const saved = await harness.evaluate(async (u) => {
      const found = await window.tm.browser.bookmarks.search({ url: u });
      const tags = await window.tm.client.call('tags.forUrls', { urls: [u] });
      return { found: found.map((b) => ({ title: b.title, parentId: b.parentId })), tags };
    }, url);
    expect(saved.found).toEqual([{ title: 'Lemon tart recipe', parentId: 'toolbar_____' }]);
    expect(saved.tags).toEqual([{ url, tags: ['desserts', 'baking'] }]);
    expect(await page.$eval('.copy-path', (el) => el.textContent)).toBe('Bookmarks Toolbar');
    // The new bookmark is searchable right away, with its tags.
    await typeQuery(page, '#baking');
    expect(await resultsFor(page, 'Search results', 1)).toEqual(['Lemon tart recipe']);
    await page.close();
  });

  it('shows every copy of the current page by safe matching, edits one, removes one and undoes it', async () => {
    const url = `${origin}/garden`;
    await seed(harness, {
      bookmarks: [
        { title: 'Garden A', url, folder: 'Plans' },
        { title: 'Garden B', url: `${url}#` },
      ],
    });
    const tabId = await openTab(harness, url, 'Garden planner', false);
    const page = await openPopup(ff, tabId);
    await waitForShown(page, '[data-testid="page-status"]::-p-text(Bookmarked 2 times)');
    expect(await page.$$eval('.copy-path', (els) => els.map((e) => e.textContent))).toEqual(['Bookmarks Toolbar › Plans', 'Other Bookmarks']);
    await page.setViewport({ width: 440, height: 560 });
    await page.screenshot({ path: screenshot('popup-current-page') });
    const href = await page.$eval('.dup-link', (el) => el.getAttribute('href'));
    expect(href).toBe(`${EXTENSION_ORIGIN}options/index.html?url=${encodeURIComponent(url)}#duplicates`);

    await page.click('button[aria-label="Edit the bookmark in Other Bookmarks"]');
    await page.waitForSelector('form[aria-label="Edit bookmark"]');
    expect(await page.$eval('#bm-title', (el) => (el as HTMLInputElement).value)).toBe('Garden B');
    await page.$eval('#bm-title', (el) => (el as HTMLInputElement).select());
    await page.type('#bm-title', 'Garden renamed');
    await page.click('button[type="submit"]');
    await waitForShown(page, '.notice::-p-text(Changes saved.)');
    const titles = await harness.evaluate(async () => (await window.tm.browser.bookmarks.search('garden')).map((b) => b.title).sort());
    expect(titles).toEqual(['Garden A', 'Garden renamed']);

    await page.click('button[aria-label="Remove the bookmark in Bookmarks Toolbar › Plans"]');
    // "Bookmarked" is also part of "Bookmarked 2 times": wait for the removal's own notice, then for Firefox's tree.
    await waitForShown(page, '.notice::-p-text(Removed “Garden A” from Bookmarks Toolbar › Plans.)');
    await expect.poll(() => harness.evaluate(async (u) => (await window.tm.browser.bookmarks.search({ url: u })).length, url)).toBe(0);
    await page.waitForFunction(() => document.querySelector('[data-testid="page-status"]')?.textContent === 'Bookmarked');
    // One copy: nothing to clean up, so no link to the Duplicates page (issue 29: "Show in duplicates" was offered).
    expect(await page.$$eval('[data-testid="current-page"] a', (els) => els.map((e) => e.textContent))).toEqual([]);
    await page.click('.notice button::-p-text(Undo)');
    await waitForShown(page, '[data-testid="page-status"]::-p-text(Bookmarked 2 times)');
    expect(await page.$$eval('[data-testid="current-page"] a', (els) => els.map((e) => e.textContent))).toEqual(['Clean up copies']);
    const restored = await harness.evaluate(async (u) => (await window.tm.browser.bookmarks.search({ url: u })).map((b) => b.title), url);
    expect(restored).toEqual(['Garden A']);
    await waitForShown(page, '.notice::-p-text(Undone: Deleted “Garden A”.)');
    // Back in its folder (listed after the other copy now: it is the newer bookmark).
    expect(await page.$$eval('.copy-path', (els) => els.map((e) => e.textContent).sort())).toEqual(['Bookmarks Toolbar › Plans', 'Other Bookmarks']);
    // The notice's button now redoes: the bookmark goes again.
    await page.click('.notice button::-p-text(Redo)');
    await expect.poll(() => harness.evaluate(async (u) => (await window.tm.browser.bookmarks.search({ url: u })).length, url)).toBe(0);
    await waitForShown(page, '.notice::-p-text(Redone: Deleted “Garden A”.)');
    await page.close();
  });

  it('a title and a tag holding U+202E are shown isolated: the tag’s control written out, the words after the title not turned around (issue 29)', async () => {
    const title = 'Invoice \u202Efdp.exe';
    const url = `${origin}/invoice`;
    await seed(harness, { bookmarks: [{ title, url }], tags: [{ url, tags: ['\u202Eevil'] }] });
    const tabId = await openTab(harness, url, title, false);
    const page = await openPopup(ff, tabId);
    await page.setViewport({ width: 800, height: 600 });
    await waitForShown(page, '[data-testid="page-status"]::-p-text(Bookmarked)');
    /** The element's tag, text and computed unicode-bidi. */
    const shown = (selector: string) => page.$eval(selector, (el) => ({ tag: el.tagName.toLowerCase(), text: el.textContent, bidi: getComputedStyle(el).unicodeBidi }));
    expect(await shown('[data-testid="page-title"] > *')).toEqual({ tag: 'bdi', text: title, bidi: 'isolate' });
    expect(await shown('[data-testid="page-url"] > *')).toEqual({ tag: 'bdi', text: url, bidi: 'isolate' });
    expect(await shown('.copy .tag > bdi')).toEqual({ tag: 'bdi', text: '[U+202E]evil', bidi: 'isolate' });
    expect(await page.$eval('.copy .tag', (el) => el.textContent)).toBe('#[U+202E]evil');

    await typeQuery(page, 'invoice');
    expect(await resultsFor(page, 'Search results', 1)).toEqual([title]);
    expect(await shown('[role="option"] .result-title > bdi')).toEqual({ tag: 'bdi', text: title, bidi: 'isolate' });
    expect(await shown('[role="option"] .tag > bdi')).toEqual({ tag: 'bdi', text: '[U+202E]evil', bidi: 'isolate' });

    // The notice names the removed bookmark's title in a sentence: the words after the title still run left to
    // right, each character to the right of the one before it, all of them right of the title.
    await page.click('button[aria-label="Remove the bookmark in Other Bookmarks"]');
    await waitForShown(page, `.notice::-p-text(Removed “${title}” from Other Bookmarks.)`);
    const layout = await page.$eval('.notice-text', (notice) => {
      const bdi = notice.querySelector('bdi')!;
      // Every character after the title's <bdi>, the folder path's own <bdi> included.
      const walker = document.createTreeWalker(notice, NodeFilter.SHOW_TEXT);
      const lefts: number[] = [];
      let after = '';
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        if (bdi.contains(node)) continue;
        if (!(bdi.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING)) continue;
        after += node.data;
        for (let i = 0; i < node.length; i++) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const box = range.getBoundingClientRect();
          if (box.width > 0) lefts.push(box.left);
        }
      }
      return { bdi: bdi.textContent, bidi: getComputedStyle(bdi).unicodeBidi, titleRight: bdi.getBoundingClientRect().right, after, lefts };
    });
    expect(layout).toMatchObject({ bdi: title, bidi: 'isolate', after: '” from Other Bookmarks.' });
    expect(layout.lefts.length).toBeGreaterThan(10);
    expect(layout.lefts[0]).toBeGreaterThanOrEqual(layout.titleRight - 0.5);
    expect(layout.lefts.every((left, i) => i === 0 || left > layout.lefts[i - 1]!)).toBe(true);
    // The check can fail: the same sentence as bare text, the override turns the words after the title around.
    const bare = await page.evaluate((sentence) => {
      const p = document.body.appendChild(document.createElement('p'));
      p.textContent = sentence;
      const text = p.firstChild as Text;
      const lefts: number[] = [];
      for (let i = sentence.indexOf('”'); i < text.length; i++) {
        const range = document.createRange();
        range.setStart(text, i);
        range.setEnd(text, i + 1);
        lefts.push(range.getBoundingClientRect().left);
      }
      p.remove();
      return lefts;
    }, `Removed “${title}” from Other Bookmarks.`);
    expect(bare.every((left, i) => i === 0 || left > bare[i - 1]!)).toBe(false);
    await page.close();
  });

  it('renders a bookmark titled like HTML as plain text', async () => {
    const evil = '<img src=x onerror=alert(1)>';
    await seed(harness, { bookmarks: [{ title: evil, url: 'https://evil.example/' }] });
    const page = await openPopup(ff);
    await typeQuery(page, 'img');
    await resultsFor(page, 'Search results', 1);
    const shown = await page.$eval('[role="option"]', (el) => ({ text: el.querySelector('.result-title')?.textContent, imgs: document.querySelectorAll('img').length }));
    expect(shown).toEqual({ text: evil, imgs: 0 });
    await page.close();
  });
});

describe('popup after the event page was unloaded', () => {
  const ff = useFirefox({ prefs: { 'extensions.background.idle.timeout': 1000 } });

  it('still gives results: the index comes back (from its snapshot, then Firefox) when the background wakes up', async () => {
    const harness = await ff.harness();
    await seed(harness, {
      bookmarks: [{ title: 'Sleeping beauty', url: 'https://sleep.example/' }],
      history: [{ title: 'Sleep science', url: 'https://science.example/sleep', visits: 2 }],
    });
    const first = await openPopup(ff);
    await typeQuery(first, 'sleep');
    expect(await resultsFor(first, 'Search results', 2)).toEqual(['Sleeping beauty', 'Sleep science']);
    await first.close();
    // Idle timeout is 1 s: with no message to the background, Firefox unloads the event page.
    const eventPage = await watchEventPage(ff);
    await expect.poll(() => eventPage.state(), { timeout: 20_000, interval: 100 }).toBe('stopped');
    const page = await openPopup(ff);
    expect(await resultsFor(page, 'Recent bookmarks', 1)).toEqual(['Sleeping beauty']);
    await typeQuery(page, 'slee');
    expect(await resultsFor(page, 'Search results', 2)).toEqual(['Sleeping beauty', 'Sleep science']);
    await page.close();
  });
});
