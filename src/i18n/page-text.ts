/**
 * The pages' words come from Firefox's own lookup of the extension's `_locales` (like src/messaging/page-client.ts,
 * this is where a page meets the runtime): installs it, then sets the document's language and direction.
 */
import browser from 'webextension-polyfill';
import { textDirection, uiLocale, useBrowserMessages } from './index';

export function usePageText(doc: Document = document): void {
  useBrowserMessages(browser.i18n);
  doc.documentElement.lang = uiLocale();
  doc.documentElement.dir = textDirection();
}
