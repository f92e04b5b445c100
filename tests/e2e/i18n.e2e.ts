/**
 * Tidymarks in German in real Firefox: started with intl.locale.requested=de, Firefox picks the extension's
 * _locales/de for browser.i18n (this Firefox ESR has no German language pack: its own UI stays English, the
 * extension's pages and the background's texts are German). And the pseudo-locale's long strings: nothing in the
 * popup at 320 px or the options page at 400 px is clipped or wider than the window.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { useFirefox } from './use-firefox';
import { waitForShown } from './page-waits';

describe('German in real Firefox (intl.locale.requested=de)', () => {
  const ff = useFirefox({ prefs: { 'intl.locale.requested': 'de' } });

  it('browser.i18n answers from _locales/de and says which language it uses', async () => {
    const harness = await ff.harness();
    const seen = await harness.evaluate(() => ({
      ui: window.tm.browser.i18n.getUILanguage(),
      name: window.tm.browser.i18n.getMessage('popupAddHeading'),
      plural: window.tm.browser.i18n.getMessage('popupVisits_other', ['3']),
      command: window.tm.browser.i18n.getMessage('commandQuickBookmark'),
      bidi: window.tm.browser.i18n.getMessage('@@bidi_dir'),
    }));
    console.info('Firefox with intl.locale.requested=de:', JSON.stringify(seen));
    expect(seen).toMatchObject({ name: 'Lesezeichen für diese Seite', plural: '3 Besuche', command: 'Lesezeichen für den aktuellen Tab setzen (nie doppelt)', bidi: 'ltr' });
    expect(seen.ui.toLowerCase().startsWith('de')).toBe(true);
  });

  it('the popup is German: search box, status of the page, empty list; lang="de" on the page', async () => {
    const page = await ff.open('popup/index.html');
    await page.waitForSelector('input.search');
    await waitForShown(page, '::-p-text(Noch keine Lesezeichen.)');
    expect(await page.$eval('input.search', (el) => [el.getAttribute('aria-label'), el.getAttribute('placeholder')])).toEqual([
      'Lesezeichen, Chronik und Schlagwörter durchsuchen',
      'Lesezeichen und Chronik durchsuchen  (#tag, site:host)',
    ]);
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['de', 'ltr']);
    await page.close();
  });

  it('the options page is German: tabs, the bookmark count with German digits, settings', async () => {
    const harness = await ff.harness();
    await harness.evaluate(async () => {
      for (let i = 0; i < 1234; i += 1) await window.tm.browser.bookmarks.create({ parentId: 'unfiled_____', title: `Seite ${i}`, url: `https://example.org/${i}` });
    });
    const page = await ff.open('options/index.html#settings');
    await waitForShown(page, '[data-testid="bookmark-count"]::-p-text(1.234 Lesezeichen)');
    expect(await page.$$eval('[role="tab"]', (tabs) => tabs.map((t) => t.textContent))).toEqual(['Lesezeichen', 'Duplikate', 'Schlagwörter', 'Linkprüfung', 'Import / Export', 'Einstellungen']);
    await waitForShown(page, 'h2::-p-text(Wann sind zwei Lesezeichen gleich?)');
    await page.close();
  });

  it('a quick bookmark: the outcome the notification words, the toolbar button and the menus in German', async () => {
    const harness = await ff.harness();
    const tab = await harness.evaluate(async () => (await window.tm.browser.tabs.create({ url: 'about:blank', active: true })).id!);
    // A blank tab cannot be bookmarked: the reason comes from the background, in German.
    const outcome = await harness.evaluate(() => window.tm.client.call('test.quickBookmark.trigger', { source: 'command', command: 'quick-bookmark' }));
    expect(outcome).toMatchObject({ kind: 'unbookmarkable', reason: 'Ein leerer Tab hat nichts, wofür ein Lesezeichen gesetzt werden kann.' });
    const title = await harness.evaluate((id) => window.tm.browser.action.getTitle({ tabId: id }), tab);
    expect(title).toBe('Tidymarks: Für diese Seite kann kein Lesezeichen gesetzt werden');
    await harness.evaluate((id) => window.tm.browser.tabs.remove(id), tab);
  });
});

/** Elements whose text is cut (content wider than the box) or that reach past the window's right edge. */
async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden' || el.closest('.visually-hidden')) continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      const name = `${el.tagName.toLowerCase()}${el.className ? '.' + String(el.className).trim().split(/\s+/).join('.') : ''} “${(el.textContent ?? '').trim().slice(0, 40)}”`;
      if (box.right > width + 1) out.push(`${name} reaches ${Math.round(box.right)} px in a ${width} px window`);
      // Text cut without an ellipsis: a box that clips (overflow hidden) but holds more than it shows. Folder paths
      // are cut in the middle on purpose (the whole path is the tooltip).
      const clips = style.overflowX === 'hidden' || style.overflowX === 'clip';
      if (clips && el.scrollWidth > el.clientWidth + 1 && style.textOverflow !== 'ellipsis' && !el.closest('.folder-path, .path') && el.title === '') out.push(`${name} is clipped (${el.scrollWidth} px of text in ${el.clientWidth} px)`);
    }
    return out;
  });
}

describe('pseudo-locale in real Firefox: long strings neither clipped nor overflowing', () => {
  const ff = useFirefox();

  async function inPseudoLocale(path: string, width: number, ready: string): Promise<Page> {
    // ?pseudo-locale: the test build's pages install the pseudo-locale before they render (src/i18n startPageText).
    const [file, hash = ''] = path.split('#');
    const page = await ff.open(`${file}?pseudo-locale${hash ? `#${hash}` : ''}`);
    await page.setViewport({ width, height: 900 });
    await page.waitForSelector(ready);
    return page;
  }

  it('the popup at 320 px', async () => {
    const harness = await ff.harness();
    await harness.evaluate(async () => {
      const folder = await window.tm.browser.bookmarks.create({ parentId: 'toolbar_____', title: 'Reading' });
      await window.tm.browser.bookmarks.create({ parentId: folder.id, title: 'An article with a long enough title', url: 'https://example.org/article' });
    });
    const page = await inPseudoLocale('popup/index.html', 320, '[role="option"]');
    expect(await page.$eval('input.search', (el) => el.getAttribute('placeholder'))).toMatch(/^\[.*\]$/);
    expect(await overflowing(page)).toEqual([]);
    await page.close();
  });

  const READY: Record<string, string> = {
    bookmarks: '[data-testid="organizer"] [role="treeitem"]',
    duplicates: '[data-testid="group-list"]',
    tags: '[data-testid="tags-empty"]',
    'link-health': '[data-testid="links-summary"]',
    'import-export': '#restore-file',
    settings: '[data-testid="keep-rules"]',
  };
  for (const view of Object.keys(READY)) {
    it(`the options page at 400 px: ${view}`, async () => {
      const harness = await ff.harness();
      await harness.evaluate(async () => {
        for (const parentId of ['unfiled_____', 'toolbar_____']) await window.tm.browser.bookmarks.create({ parentId, title: 'Example page', url: 'https://example.org/page' });
      });
      const page = await inPseudoLocale(`options/index.html#${view}`, 400, '[data-testid="bookmark-count"]');
      await page.waitForFunction(() => /^\[/.test(document.querySelector('[data-testid="bookmark-count"]')?.textContent ?? ''));
      await page.waitForSelector(READY[view]!);
      expect(await overflowing(page)).toEqual([]);
      await page.close();
    });
  }
});
