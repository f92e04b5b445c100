/**
 * Waiting for what a page shows. puppeteer's waitForSelector polls on DOM mutations of elements and attributes,
 * not of text (characterData), so a text node that changes in place (a renamed row, a status line, a count) can
 * go unseen until something else moves. These wait by polling instead.
 */
import type { Page } from 'puppeteer-core';
import { GECKO_ID, type Firefox } from './firefox';

const waitForTextMatching = (page: Page, selector: string, expected: string, part: boolean, timeout: number) =>
  page.waitForFunction(
    (sel: string, want: string, inPart: boolean) => {
      const shown = (document.querySelector(sel)?.textContent ?? '').replace(/\s+/g, ' ').trim();
      return inPart ? shown.includes(want) : shown === want;
    },
    { timeout, polling: 100 },
    selector,
    expected,
    part,
  );

/** Waits until the element shows exactly this text, spaces collapsed (::-p-text cannot hold a comma: it separates selectors). */
export const waitForText = (page: Page, selector: string, expected: string, timeout = 30_000) => waitForTextMatching(page, selector, expected, false, timeout);

/** Waits until the element's text, spaces collapsed, contains this text. */
export const waitForTextContaining = (page: Page, selector: string, expected: string, timeout = 30_000) => waitForTextMatching(page, selector, expected, true, timeout);

/** waitForSelector for a selector that matches by text (::-p-text): polls every frame, so text changed in place is seen. */
export const waitForShown = (page: Page, selector: string, timeout = 30_000) => page.waitForSelector(selector, { visible: true, timeout });

/**
 * Reloads the extension from `harness` (runtime.reload) and resolves once `watched` no longer shows the document it
 * showed (Firefox closed its tab, or loaded another document) and the extension that comes back has its background
 * running: Firefox closes the extension's tabs early in the shutdown, before the new extension has started, so a page
 * opened at that moment would find no extension. Rejects if either takes more than 30 s.
 */
export async function reloadExtension(ff: Pick<Firefox, 'chrome'>, harness: Page, watched: Page = harness): Promise<void> {
  await ff.chrome(`async (id) => void (window.tmExtensionBeforeReload = WebExtensionPolicy.getByID(id).extension)`, GECKO_ID);
  await watched.evaluate(() => void ((window as { tmBeforeReload?: boolean }).tmBeforeReload = true));
  await harness.evaluate(() => void setTimeout(() => window.tm.browser.runtime.reload(), 0));
  const stillThere = () => watched.evaluate(() => (window as { tmBeforeReload?: boolean }).tmBeforeReload === true).catch(() => false);
  const backAndRunning = () =>
    ff.chrome<boolean>(
      `async (id) => {
        const extension = WebExtensionPolicy.getByID(id)?.extension;
        return Boolean(extension) && extension !== window.tmExtensionBeforeReload && extension.backgroundState === 'running';
      }`,
      GECKO_ID,
    );
  const deadline = Date.now() + 30_000;
  while ((await stillThere()) || !(await backAndRunning())) {
    if (Date.now() > deadline) throw new Error('30 s after the reload, the extension page still showed the same document or the extension was not running again');
    await new Promise((r) => setTimeout(r, 50));
  }
}
