/**
 * A bookmark's archived copy in the organizer and the popup, in real Firefox (issue 31). The copy is found as a person
 * finds it: a real link check finds the bookmark gone, then the Wayback lookup asks a local fake of the availability
 * API (tests/e2e/wayback-server.ts). web.archive.org itself resolves to loopback (the link server's prefs), so
 * opening a copy never leaves the machine: the new tab keeps the snapshot's address, which is what is checked (the
 * link server records no request for it: seen, not explained, so not asserted). A bookmark whose address is a
 * snapshot address (what a "replace" rescue leaves) is labelled as a copy, not linked again. Checked: the link's text
 * and address; Enter on it (in the organizer's details, on the popup's current page) opens the copy in a new tab; in the dark palette, in the 300 px sidebar and the 320 px popup, the link is readable and
 * inside its box.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXTENSION_ORIGIN, navigate } from './firefox';
import { overflowing } from './layout';
import { SET_PREFS, startLinkServer, testHost, type LinkServer } from './link-server';
import { closeOtherTabs, openTab } from './local-site';
import { waitForShown, waitForTextContaining } from './page-waits';
import { screenshotPath } from './screenshots';
import { DARK_PREFS, useFirefox, usePrefs } from './use-firefox';
import { startWaybackServer, type WaybackServer } from './wayback-server';

const PREFS = { 'extensions.webextOptionalPermissionPrompts': false };
const TUNE = { timeoutMs: 2500, hostGapMs: 20, confirmDelayMs: 100, defaultRetryAfterMs: 300, global: 12 };
const SITE = testHost('snap-site');
const ARCHIVE_HOST = 'web.archive.org';
const CAPTURE = '20190503120000';
const COPY_LABEL = 'Archived copy (May 3, 2019)';

describe('archived copies in the organizer and the popup', () => {
  const ff = useFirefox({ prefs: PREFS, acceptInsecureCerts: true });
  let web: LinkServer;
  let archive: WaybackServer;
  beforeAll(async () => {
    web = await startLinkServer({ hosts: [SITE, ARCHIVE_HOST] });
    // The fake availability API answers as https://archive.org on the same named web (mounted before the prefs).
    archive = await startWaybackServer({ web });
    await ff.chrome(SET_PREFS, web.prefs());
  });
  afterAll(async () => {
    await web?.close();
    await archive?.close();
  });

  const dead = () => web.url(SITE, '/gone/alpha-article');
  const snapshot = () => `https://${ARCHIVE_HOST}/web/${CAPTURE}/${dead()}`;
  /** A bookmark a "replace" rescue left: its address is a snapshot (of 2012). */
  const replaced = () => `https://${ARCHIVE_HOST}/web/20120101000000/${web.url(SITE, '/gone/beta-article')}`;

  /**
   * Bookmarks "Alpha article" (gone) and "Beta copy" (a snapshot address) in the toolbar; the alpha's copy found by a
   * real check and lookup from the Link health view.
   */
  async function seed(harness: Page): Promise<{ alpha: string; beta: string }> {
    await closeOtherTabs(harness);
    const alpha = await harness.evaluate(async (url) => (await window.tm.browser.bookmarks.create({ parentId: 'toolbar_____', title: 'Alpha article', url })).id, dead());
    await harness.evaluate((tune) => window.tm.client.call('test.links.tune', tune), TUNE);
    await harness.evaluate(() => window.tm.client.call('test.links.wayback', { gapMs: 20 }));
    const page = await ff.open('options/index.html#link-health');
    await page.waitForSelector('[data-testid="links-summary"] button');
    await page.click('button::-p-text(Check links)');
    await waitForShown(page, '[data-testid="links-notice"]::-p-text(Check finished)', 60_000);
    await waitForTextContaining(page, '[data-testid="wayback-lookup"]', 'Look up 1 dead link');
    await page.click('[data-testid="wayback-lookup"]');
    await waitForTextContaining(page, '[data-testid="wayback-notice"]', 'Lookup finished: 1 archived copies found');
    await page.close();
    // Added after the check: the check never fetched it.
    const beta = await harness.evaluate(async (url) => (await window.tm.browser.bookmarks.create({ parentId: 'toolbar_____', title: 'Beta copy', url })).id, replaced());
    return { alpha, beta };
  }

  /** How many tabs show `url`, read from Firefox (the harness page stays put). */
  const tabsAt = (harness: Page, url: string) => harness.evaluate(async (u) => (await window.tm.browser.tabs.query({})).filter((t) => t.url === u).length, url);

  /** The element's colour, the first opaque background behind it, their contrast, and its boxes against `container`'s and the window. */
  const looks = (page: Page, selector: string, container: string) =>
    page.$eval(
      selector,
      (el, containerSelector) => {
        const channels = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
        const luminance = (c: string) => {
          const [r, g, b] = channels(c).map((v) => {
            const s = v / 255;
            return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
          });
          return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
        };
        let background = '';
        for (let up: Element | null = el; up && !background; up = up.parentElement) {
          const c = getComputedStyle(up).backgroundColor;
          if (channels(c)[3] !== 0) background = c;
        }
        const color = getComputedStyle(el).color;
        const [light, darker] = [luminance(color), luminance(background)].sort((a, b) => b - a);
        const box = el.closest(containerSelector)!.getBoundingClientRect();
        const width = document.documentElement.clientWidth;
        const outside = [...el.getClientRects()].filter((r) => r.left < Math.max(0, box.left) - 1 || r.right > Math.min(width, box.right) + 1).length;
        // The lines its text takes (a flex item is one box however many lines its text wraps to).
        const text = document.createRange();
        text.selectNodeContents(el);
        const lines = new Set([...text.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
        return { color, background, contrast: (light! + 0.05) / (darker! + 0.05), lines, outside };
      },
      container,
    );

  async function openOrganizer(path: string, width: number): Promise<Page> {
    const page = await ff.open(path);
    await page.setViewport({ width, height: 800 });
    await page.waitForSelector('[data-testid="organizer-list"]');
    await page.click('#org-tree-toolbar_____');
    await page.waitForSelector('#org-tree-toolbar_____[aria-selected="true"]');
    return page;
  }

  it('the organizer’s details link a bookmark to its archived copy; Enter on the link opens the copy in a new tab; a copy is labelled', async () => {
    const harness = await ff.harness();
    const { alpha, beta } = await seed(harness);
    const page = await openOrganizer('options/index.html#bookmarks', 1200);
    await page.click(`#org-row-${alpha}`);
    const link = await page.waitForSelector('.org-details a.archived-copy[href]');
    expect(await link!.evaluate((a) => ({ text: a.textContent, href: a.getAttribute('href'), target: a.getAttribute('target') }))).toEqual({
      text: COPY_LABEL,
      href: snapshot(),
      target: '_blank',
    });
    // From the keyboard: the tags field, Tab (the link is next in the tab order), Enter.
    await page.focus('[data-testid="organizer-tags"]');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.matches('.org-details a.archived-copy'))).toBe(true);
    expect(await tabsAt(harness, snapshot())).toBe(0);
    await page.keyboard.press('Enter');
    await expect.poll(() => tabsAt(harness, snapshot()), { timeout: 15_000 }).toBe(1);

    // The bookmark that is a copy: labelled with its date, no second link.
    await page.bringToFront();
    await page.click(`#org-row-${beta}`);
    await waitForShown(page, '.org-details .archived-copy:not([href])::-p-text(Archived copy (Jan 1, 2012))');
    expect(await page.$('.org-details a.archived-copy[href]')).toBeNull();
    await page.close();
  }, 120_000);

  describe('dark, narrow', () => {
    usePrefs(ff, DARK_PREFS);

    it('the popup at 320 px links the current page to the archived copy (Enter opens it), its results hold no link; readable, inside its box', async () => {
      const harness = await ff.harness();
      await seed(harness);
      const tabId = await openTab(harness, dead(), '404', false);
      const page = await ff.browser.newPage();
      await page.setViewport({ width: 320, height: 600 });
      await navigate(page, `${EXTENSION_ORIGIN}popup/index.html?tabId=${tabId}`);
      expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(true);
      await waitForShown(page, '[data-testid="page-status"]::-p-text(Bookmarked)');

      // The current page's bookmark links to the copy; the results (options of a listbox) hold no link.
      const pageLink = await page.waitForSelector('[data-testid="current-page"] a.archived-copy');
      expect(await pageLink!.evaluate((a) => ({ text: a.textContent, href: a.getAttribute('href'), target: a.getAttribute('target') }))).toEqual({
        text: COPY_LABEL,
        href: snapshot(),
        target: '_blank',
      });
      await page.waitForSelector(`li.result[data-url="${dead()}"]`);
      expect(await page.$$('li.result .archived-copy')).toEqual([]);

      // Readable in the dark palette (the popup's accent), inside its row and the 320 px window; nothing sticks out.
      for (const [selector, container] of [['[data-testid="current-page"] a.archived-copy', '.copy']] as const) {
        const seen = await looks(page, selector, container);
        expect(seen.color, selector).toBe('rgb(128, 235, 255)');
        expect(seen.contrast, selector).toBeGreaterThanOrEqual(4.5);
        expect(seen.outside, selector).toBe(0);
        expect(seen.lines, selector).toBe(1);
      }
      expect(await overflowing(page)).toEqual([]);
      await page.screenshot({ path: screenshotPath('popup-archived-copy-320px-dark') });

      // From the keyboard: the search box has the focus; Tab reaches the current page's link, Enter opens the copy.
      expect(await page.evaluate(() => document.activeElement?.matches('input.search'))).toBe(true);
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.matches('[data-testid="current-page"] a.archived-copy'))).toBe(true);
      await page.keyboard.press('Enter');
      await expect.poll(() => tabsAt(harness, snapshot()), { timeout: 15_000 }).toBe(1);

      await page.close();
    }, 120_000);

    it('the organizer in the 300 px sidebar: the details’ link is readable in the dark palette and inside the pane', async () => {
      const harness = await ff.harness();
      const { alpha } = await seed(harness);
      const page = await openOrganizer('sidebar/index.html', 300);
      await page.click(`#org-row-${alpha}`);
      await page.waitForSelector('.org-details a.archived-copy');
      const seen = await looks(page, '.org-details a.archived-copy', '.org-details');
      expect(seen.color).toBe('rgb(0, 221, 255)');
      expect(seen.contrast).toBeGreaterThanOrEqual(4.5);
      expect(seen.outside).toBe(0);
      await page.screenshot({ path: screenshotPath('organizer-archived-copy-300px-dark') });
      await page.close();
    }, 120_000);
  });
});
