/**
 * `npm start -- --check`'s look at the real toolbar popup: the Firefox window gets the X keyboard focus, Alt+Shift+2
 * (the manifest's key for the popup) is pressed through the X server, text is typed key by key, and the popup's own
 * document, read from an extension page through `extension.getViews`, must answer that text with the expected
 * bookmark. In the focus manager's test mode the keys would never reach the popup.
 */
import type { Page } from 'puppeteer-core';
import type { XDisplay } from '../x-display';
import { waitFor } from './wait';

interface PopupState {
  ready: boolean;
  hasFocus: boolean;
  answered: string | null;
  results: string[];
}

declare const browser: { extension: { getViews(filter: { type: 'popup' }): Window[] } };

/** The toolbar popup's state (null while it is closed), read from `page`, an extension page. */
function popupState(page: Page): Promise<PopupState | null> {
  return page.evaluate(() => {
    const view = browser.extension.getViews({ type: 'popup' })[0];
    if (!view) return null;
    return {
      ready: view.performance.getEntriesByName('tidymarks-popup-ready').length > 0,
      hasFocus: view.document.hasFocus(),
      answered: view.document.querySelector('.results-section')?.getAttribute('data-answered') ?? null,
      results: [...view.document.querySelectorAll('[role="option"] .result-title')].map((el) => el.textContent ?? ''),
    };
  });
}

/** Opens the popup with its key, types `text`, and returns the titles it lists for that text. */
export async function typeInToolbarPopup(x: XDisplay, page: Page, text: string): Promise<string[]> {
  const [windowId] = x.xdotool('search', '--onlyvisible', '--classname', '^Navigator$').trim().split('\n').filter(Boolean);
  if (!windowId) throw new Error('No Firefox window is on the display.');
  x.xdotool('windowactivate', '--sync', windowId);
  x.key('alt+shift+2');
  await waitFor('the toolbar popup to open and take the keyboard', 20_000, async () => {
    const state = await popupState(page);
    return state?.ready && state.hasFocus ? true : undefined;
  });
  x.type(text);
  return waitFor(`the popup to answer "${text}"`, 20_000, async () => {
    const state = await popupState(page);
    return state?.answered === text ? state.results : undefined;
  });
}
