/**
 * The toolbar button in real Firefox: on the toolbar after install (not in the Extensions panel), and its badge and
 * tooltip per tab across tab switches, page loads, reloads and bookmark changes (read with action.getBadgeText /
 * getTitle). The icon itself has no getter: on this test's own X display the screen shows it, so the test reads the
 * toolbar's pixels before and after the page is bookmarked (grey tile -> blue tile).
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchFirefox, type Firefox } from './firefox';
import { closeOtherTabs, openTab, startLocalSite, type LocalSite } from './local-site';
import { startXDisplay, type XDisplay } from '../../scripts/x-display';

const PAGES: Record<string, string> = {
  '/twice': '<!doctype html><title>Twice</title><p>bookmarked twice</p>',
  '/never': '<!doctype html><title>Never</title><p>not bookmarked</p>',
  '/later': '<!doctype html><title>Later</title><p>bookmarked during the test</p>',
};

/** The colours of the two icons' tiles (icons/toolbar-*.svg). */
const BLUE = [0x00, 0x61, 0xe0] as const;
const GREY = [0x5b, 0x5b, 0x66] as const;
/** The navigation toolbar is in the top 120 px of the window (the window sits at the top-left of the screen). */
const TOOLBAR = { x: 0, y: 0, width: 1280, height: 120 };

const near = (pixels: Buffer, i: number, color: readonly number[]) =>
  Math.abs(pixels[i]! - color[0]!) <= 8 && Math.abs(pixels[i + 1]! - color[1]!) <= 8 && Math.abs(pixels[i + 2]! - color[2]!) <= 8;

/** How many pixels were `from` in the first picture and are `to` in the second. */
function changed(before: Buffer, after: Buffer, from: readonly number[], to: readonly number[]): number {
  let n = 0;
  for (let i = 0; i + 2 < before.length; i += 3) if (near(before, i, from) && near(after, i, to)) n++;
  return n;
}

describe('toolbar button in real Firefox', () => {
  let x: XDisplay | undefined;
  let ff: Firefox | undefined;
  let site: LocalSite | undefined;
  let harness: Page;
  let origin: string;

  beforeAll(async () => {
    x = await startXDisplay();
    site = await startLocalSite(PAGES);
    origin = site.origin;
    ff = await launchFirefox({ headless: false, env: x.env });
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

  const buttonOf = (tabId: number) =>
    harness.evaluate(async (id) => {
      const action = window.tm.browser.action;
      return { badge: await action.getBadgeText({ tabId: id }), title: await action.getTitle({ tabId: id }) };
    }, tabId);
  const activate = (tabId: number) => harness.evaluate((id) => window.tm.browser.tabs.update(id, { active: true }).then(() => undefined), tabId);
  const bookmark = (url: string, parentId = 'unfiled_____') =>
    harness.evaluate(async (u, p) => (await window.tm.browser.bookmarks.create({ parentId: p, title: u, url: u })).id, url, parentId);

  it('is on the toolbar right after install, not in the Extensions panel', async () => {
    expect(await harness.evaluate(() => window.tm.browser.action.getUserSettings())).toEqual({ isOnToolbar: true });
  });

  it('badge and tooltip follow the tab: switches, a page loaded in the tab, a reload, a bookmark made and removed', async () => {
    await bookmark(`${origin}/twice`);
    await bookmark(`${origin}/twice#`, 'toolbar_____');
    const twice = await openTab(harness, `${origin}/twice`, 'Twice', true);
    await expect.poll(() => buttonOf(twice)).toEqual({ badge: '2', title: 'Tidymarks: bookmarked 2 times' });
    const never = await openTab(harness, `${origin}/never`, 'Never', true);
    await expect.poll(() => buttonOf(never)).toEqual({ badge: '', title: 'Tidymarks: not bookmarked' });
    await activate(twice);
    await expect.poll(() => buttonOf(twice)).toEqual({ badge: '2', title: 'Tidymarks: bookmarked 2 times' });

    // A page loaded in the active tab: Firefox drops the tab's values, the new page's state comes back.
    await harness.evaluate((id, u) => window.tm.browser.tabs.update(id, { url: u }).then(() => undefined), twice, `${origin}/later`);
    await expect.poll(() => buttonOf(twice)).toEqual({ badge: '', title: 'Tidymarks: not bookmarked' });
    const later = await bookmark(`${origin}/later`);
    await expect.poll(() => buttonOf(twice)).toEqual({ badge: '', title: 'Tidymarks: bookmarked' });
    // The reload, until its page has loaded (the tab's status goes to loading, then complete).
    await harness.evaluate(
      (id) =>
        new Promise<void>((resolve, reject) => {
          const { tabs } = window.tm.browser;
          let loading = false;
          const seen = (tabId: number, change: { status?: string }) => {
            if (tabId !== id) return;
            if (change.status === 'loading') loading = true;
            else if (change.status === 'complete' && loading) done();
          };
          const guard = setTimeout(() => done(new Error('the tab did not finish reloading within 10 s')), 10_000);
          const done = (error?: Error) => {
            clearTimeout(guard);
            tabs.onUpdated.removeListener(seen);
            if (error) reject(error);
            else resolve();
          };
          tabs.onUpdated.addListener(seen);
          tabs.reload(id).catch(done);
        }),
      twice,
    );
    await expect.poll(() => buttonOf(twice)).toEqual({ badge: '', title: 'Tidymarks: bookmarked' });
    await harness.evaluate((id) => window.tm.browser.bookmarks.remove(id), later);
    await expect.poll(() => buttonOf(twice)).toEqual({ badge: '', title: 'Tidymarks: not bookmarked' });
    // The tab switched away from kept its own state.
    expect(await buttonOf(never)).toEqual({ badge: '', title: 'Tidymarks: not bookmarked' });
  });

  it('the icon on screen turns from the grey tile to the blue tile when the page is bookmarked, and back when it is removed', async () => {
    const tab = await openTab(harness, `${origin}/later`, 'Later', true);
    await expect.poll(() => buttonOf(tab)).toEqual({ badge: '', title: 'Tidymarks: not bookmarked' });
    const display = x!;
    const notBookmarked = display.pixels(TOOLBAR);
    const id = await bookmark(`${origin}/later`);
    await expect.poll(() => buttonOf(tab)).toEqual({ badge: '', title: 'Tidymarks: bookmarked' });
    // A 16 px tile has well over 100 pixels of its own colour; the screen follows the API a frame later.
    await expect.poll(() => changed(notBookmarked, display.pixels(TOOLBAR), GREY, BLUE)).toBeGreaterThan(100);
    const bookmarked = display.pixels(TOOLBAR);
    await harness.evaluate((bookmarkId) => window.tm.browser.bookmarks.remove(bookmarkId), id);
    await expect.poll(() => changed(bookmarked, display.pixels(TOOLBAR), BLUE, GREY)).toBeGreaterThan(100);
  });
});
