/**
 * The popup's layout in real Firefox at 320, 360 and 800 px (Firefox for Android is 360 px wide; a tab can be 800):
 * nothing sticks out of the page, every button is fully on screen, folder paths are cut in the middle with the
 * deepest folder fully visible, tag chips wrap as whole chips. The popup is opened as a page (a tab) so the width
 * can be set; the toolbar panel itself is 440 px (tests/e2e/real-keys.e2e.ts).
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EXTENSION_ORIGIN, navigate } from './firefox';
import { closeOtherTabs, openTab, startLocalSite, type LocalSite } from './local-site';
import { screenshotPath } from './screenshots';
import { useFirefox } from './use-firefox';
import { waitForShown } from './page-waits';

const DEEP = ['Projects and long-running research', 'Machine learning reading group', 'Papers to read this quarter', 'Transformers'];
const LONG_TAG = 'a-very-long-tag-name-that-would-not-fit-on-any-phone-screen-at-all';

/** Everything that sticks out of the viewport, and every folder path whose last folder is not fully shown. */
function layoutProblems(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    if (document.documentElement.scrollWidth > width + 1) out.push(`page scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if (el.closest('.visually-hidden')) continue;
      // Text cut with an ellipsis stays inside its box; its box must stay inside the page. What is shown of an
      // element is what its clipping boxes leave of it (an isolated title inside a cut line is wider than the line):
      // the clipping box is itself an element checked here.
      let left = r.left;
      let right = r.right;
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        if (getComputedStyle(up).overflowX === 'visible') continue;
        const clip = up.getBoundingClientRect();
        left = Math.max(left, clip.left);
        right = Math.min(right, clip.right);
      }
      if (right > width + 1 || left < -1) out.push(`${el.tagName.toLowerCase()}.${el.className} spans ${Math.round(left)}..${Math.round(right)} of ${width}`);
    }
    for (const tail of document.querySelectorAll<HTMLElement>('.path-tail')) {
      if (tail.scrollWidth > tail.clientWidth + 1) out.push(`the last folder "${tail.textContent}" is cut (${tail.scrollWidth} > ${tail.clientWidth})`);
    }
    for (const button of document.querySelectorAll<HTMLElement>('button, a')) {
      const r = button.getBoundingClientRect();
      if (r.width > 0 && (r.right > width + 1 || button.scrollWidth > button.clientWidth + 1)) out.push(`control "${button.textContent}" is cut`);
    }
    return out;
  });
}

describe('popup layout at 320, 360 and 800 px', () => {
  const ff = useFirefox();
  let harness: Page;
  let site: LocalSite;
  let tabId: number;

  beforeAll(async () => {
    site = await startLocalSite({ '/article': '<!doctype html><title>An article with a rather long title that goes on and on</title><p>x</p>' });
  });
  afterAll(async () => {
    await site?.close();
  });
  beforeEach(async () => {
    harness = await ff.harness();
    await closeOtherTabs(harness);
    const url = `${site.origin}/article`;
    await harness.evaluate(
      async (u, deep, longTag) => {
        const b = window.tm.browser;
        let parent = 'menu________';
        for (const title of deep) parent = (await b.bookmarks.create({ parentId: parent, title })).id;
        await b.bookmarks.create({ parentId: parent, title: 'An article with a rather long title that goes on and on', url: u });
        await b.bookmarks.create({ parentId: 'toolbar_____', title: 'The same article, again', url: `${u}#` });
        await window.tm.client.call('tags.add', { urls: [u], tags: ['reading', 'machine-learning', longTag, 'later'] });
      },
      url,
      DEEP,
      LONG_TAG,
    );
    tabId = await openTab(harness, url, 'An article with a rather long title that goes on and on', false);
  });

  it.each([320, 360, 800])('at %i px nothing sticks out, buttons are whole, the deepest folder is visible', async (width) => {
    const page = await ff.browser.newPage();
    await page.setViewport({ width, height: 640 });
    await navigate(page, `${EXTENSION_ORIGIN}popup/index.html?tabId=${tabId}`);
    await waitForShown(page, '[data-testid="page-status"]::-p-text(Bookmarked 2 times)');
    await page.type('input.search', 'article');
    await page.waitForFunction(() => document.querySelector('[role="listbox"][aria-label="Search results"] [role="option"]'));
    expect(await page.evaluate(() => document.body.getBoundingClientRect().width)).toBe(Math.min(width, 800));
    expect(await layoutProblems(page)).toEqual([]);
    // The deep copy shows its last folder whole; the start of the path gives way.
    const deep = await page.$$eval('.copy-path', (els) =>
      els.map((el) => {
        const head = el.querySelector<HTMLElement>('.path-head');
        return { text: el.textContent, tail: el.querySelector('.path-tail')?.textContent, headCut: head ? head.scrollWidth > head.clientWidth : false };
      }),
    );
    expect(deep.map((d) => d.tail)).toEqual(['Transformers', 'Bookmarks Toolbar']);
    expect(deep[0]!.text).toBe(['Bookmarks Menu', ...DEEP].join(' › '));
    if (width < 800) expect(deep[0]!.headCut).toBe(true);
    // Tag chips are whole chips on as many lines as they need, each inside its row.
    const chips = await page.$$eval('.result.active .tag', (els) => els.map((el) => ({ text: el.textContent, top: el.getBoundingClientRect().top })));
    expect(chips.map((c) => c.text)).toEqual(['#reading', '#machine-learning', `#${LONG_TAG}`, '#later']);
    if (width === 320) expect(new Set(chips.map((c) => Math.round(c.top))).size).toBeGreaterThan(1);
    await page.screenshot({ path: screenshotPath(`popup-${width}px`) });
    await page.close();
  });

  it('at 320 px the notice’s Undo button keeps its word on one line beside a long message (issue 29: "Und/o")', async () => {
    const page = await ff.browser.newPage();
    await page.setViewport({ width: 320, height: 640 });
    await navigate(page, `${EXTENSION_ORIGIN}popup/index.html?tabId=${tabId}`);
    await waitForShown(page, '[data-testid="page-status"]::-p-text(Bookmarked 2 times)');
    // Removing the deep copy: the notice names its long title and its long path.
    await page.click(`button[aria-label="Remove the bookmark in ${['Bookmarks Menu', ...DEEP].join(' › ')}"]`);
    await waitForShown(page, '.notice button::-p-text(Undo)');
    const undo = await page.$eval('.notice button', (button) => {
      const range = document.createRange();
      range.selectNodeContents(button);
      const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      const style = getComputedStyle(button);
      const inner =
        button.getBoundingClientRect().height -
        parseFloat(style.paddingTop) -
        parseFloat(style.paddingBottom) -
        parseFloat(style.borderTopWidth) -
        parseFloat(style.borderBottomWidth);
      return { text: button.textContent, lines: lines.size, inner, lineHeight: parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.2 };
    });
    const message = await page.$eval('.notice-text', (el) => el.getBoundingClientRect().height);
    expect(undo.text).toBe('Undo');
    expect(undo.lines).toBe(1);
    // Its height is one line's (the message beside it takes several).
    expect(undo.inner).toBeLessThan(undo.lineHeight * 1.5);
    expect(message).toBeGreaterThan(undo.lineHeight * 1.5);
    expect(await layoutProblems(page)).toEqual([]);
    await page.close();
  });
});
