/**
 * Waiting for what a page shows. puppeteer's waitForSelector polls on DOM mutations of elements and attributes,
 * not of text (characterData), so a text node that changes in place (a renamed row, a status line, a count) can
 * go unseen until something else moves. These wait by polling instead.
 */
import type { Page } from 'puppeteer-core';

/** Waits until the element shows exactly this text, spaces collapsed (::-p-text cannot hold a comma: it separates selectors). */
export const waitForText = (page: Page, selector: string, expected: string, timeout = 30_000) =>
  page.waitForFunction(
    (sel: string, want: string) => (document.querySelector(sel)?.textContent ?? '').replace(/\s+/g, ' ').trim() === want,
    { timeout, polling: 100 },
    selector,
    expected,
  );

/** waitForSelector for a selector that matches by text (::-p-text): polls every frame, so text changed in place is seen. */
export const waitForShown = (page: Page, selector: string, timeout = 30_000) => page.waitForSelector(selector, { visible: true, timeout });

/**
 * Reloads the extension from `harness` (runtime.reload) and resolves once `watched` no longer shows the document it
 * showed: Firefox closed its tab (its browsing context is gone: evaluating there fails) or loaded another document.
 * Rejects if it still shows it after 30 s.
 */
export async function reloadExtension(harness: Page, watched: Page = harness): Promise<void> {
  await watched.evaluate(() => void ((window as { tmBeforeReload?: boolean }).tmBeforeReload = true));
  await harness.evaluate(() => void setTimeout(() => window.tm.browser.runtime.reload(), 0));
  const stillThere = () => watched.evaluate(() => (window as { tmBeforeReload?: boolean }).tmBeforeReload === true).catch(() => false);
  const deadline = Date.now() + 30_000;
  while (await stillThere()) {
    if (Date.now() > deadline) throw new Error('the extension page still showed the same document 30 s after the reload');
    await new Promise((r) => setTimeout(r, 50));
  }
}
