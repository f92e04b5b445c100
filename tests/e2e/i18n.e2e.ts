/**
 * Tidymarks in German in real Firefox: started with intl.locale.requested=de and the German language pack installed
 * (Debian firefox-esr-l10n-de, which .ci/run installs; without it Firefox ESR stays in en-US whatever the pref says),
 * Firefox's own UI is German and browser.i18n answers from the extension's _locales/de: the pages, the background's
 * texts and the roots' names are German. The German screenshots of the README's gallery are taken here (popup,
 * Duplicates and Bookmarks views; the quick-bookmark notification as Firefox's own alert on an Xvfb display). And the
 * pseudo-locale's long strings: nothing in the popup at 320 px, the sidebar at 300 px or the options page at 400 px is
 * clipped or wider than the window.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { launchFirefox, type Firefox } from './firefox';
import { openTab, startLocalSite, type LocalSite } from './local-site';
import { overflowing } from './layout';
import { waitForShown, waitForText } from './page-waits';
import { screenshotPath } from './screenshots';
import { useFirefox } from './use-firefox';
import { startXDisplay, type XDisplay } from '../../scripts/x-display';

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
    expect(seen).toMatchObject({
      name: 'Lesezeichen für diese Seite',
      plural: '3 Besuche',
      command: 'Lesezeichen für den aktuellen Tab setzen (nie doppelt)',
      bidi: 'ltr',
    });
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
    expect(await page.$$eval('[role="tab"]', (tabs) => tabs.map((t) => t.textContent))).toEqual([
      'Lesezeichen',
      'Duplikate',
      'Schlagwörter',
      'Linkprüfung',
      'Import / Export',
      'Sicherungen',
      'Einstellungen',
    ]);
    // At 800 px the seven German tabs stand in one row, each whole and in view (they wrapped into two rows).
    await page.setViewport({ width: 800, height: 700 });
    const row = await page.$eval('[role="tablist"]', (list) => {
      const box = list.getBoundingClientRect();
      const tabs = [...list.querySelectorAll('[role="tab"]')].map((t) => t.getBoundingClientRect());
      return {
        tops: new Set(tabs.map((t) => Math.round(t.top))).size,
        outside: tabs.filter((t) => t.left < box.left || t.right > box.right + 0.5).length,
        cut: [...list.querySelectorAll('[role="tab"]')].filter((t) => t.scrollWidth > t.clientWidth).length,
      };
    });
    expect(row).toEqual({ tops: 1, outside: 0, cut: 0 });
    await waitForShown(page, 'h2::-p-text(Wann sind zwei Lesezeichen gleich?)');
    await page.close();
  });

  it('a quick bookmark: the outcome the notification words, the toolbar button and the menus in German', async () => {
    const harness = await ff.harness();
    const tab = await harness.evaluate(async () => (await window.tm.browser.tabs.create({ url: 'about:blank', active: true })).id!);
    // A blank tab cannot be bookmarked: the reason comes from the background, in German.
    const outcome = await harness.evaluate(() => window.tm.client.call('test.quickBookmark.trigger', { source: 'command', command: 'quick-bookmark' }));
    expect(outcome).toMatchObject({ kind: 'unbookmarkable', reason: 'Ein leerer Tab hat nichts, wofür ein Lesezeichen gesetzt werden kann.' });
    // The toolbar button follows the tab from its own listeners, apart from the quick bookmark's answer.
    await expect
      .poll(() => harness.evaluate((id) => window.tm.browser.action.getTitle({ tabId: id }), tab))
      .toBe('Tidymarks: Für diese Seite kann kein Lesezeichen gesetzt werden');
    await harness.evaluate((id) => window.tm.browser.tabs.remove(id), tab);
  });

  it('screenshots for the README in German: the popup searching, the Duplicates page, the Bookmarks view', async () => {
    const harness = await ff.harness();
    await harness.evaluate(async () => {
      const b = window.tm.browser.bookmarks;
      const kochen = await b.create({ parentId: 'toolbar_____', title: 'Kochen' });
      const reisen = await b.create({ parentId: 'toolbar_____', title: 'Reisen' });
      for (const [parentId, title, url] of [
        [kochen.id, 'Apfelkuchen nach Omas Rezept', 'https://rezepte.example/apfelkuchen'],
        [kochen.id, 'Brot backen für Anfänger', 'https://rezepte.example/brot'],
        [kochen.id, 'Apfelstrudel mit Vanillesoße', 'https://rezepte.example/apfelstrudel'],
        [reisen.id, 'Fahrplan der Deutschen Bahn', 'https://bahn.example/fahrplan'],
        [reisen.id, 'Wanderwege im Schwarzwald', 'https://wandern.example/schwarzwald'],
        ['unfiled_____', 'Apfelkuchen (Kopie)', 'https://rezepte.example/apfelkuchen'],
        ['menu________', 'Wetter in Berlin', 'https://wetter.example/berlin'],
        ['unfiled_____', 'Wetter in Berlin', 'https://wetter.example/berlin'],
        ['unfiled_____', 'Fahrplan', 'https://bahn.example/fahrplan'],
      ])
        await b.create({ parentId, title, url });
      await window.tm.client.call('tags.add', { urls: ['https://rezepte.example/apfelkuchen', 'https://rezepte.example/apfelstrudel'], tags: ['backen', 'familie'] });
    });

    const popup = await ff.open('popup/index.html');
    await popup.setViewport({ width: 440, height: 560 });
    await popup.waitForSelector('input.search');
    await popup.type('input.search', 'apfel');
    await popup.waitForFunction(
      () =>
        document.querySelector('.results-section')?.getAttribute('data-answered') === 'apfel' &&
        document.querySelectorAll('[role="listbox"][aria-label="Suchergebnisse"] [role="option"]').length === 3,
    );
    // The roots by Firefox's German names, the copies counted in German.
    expect(await popup.$$eval('[role="option"] .result-folder', (els) => els.map((el) => el.textContent))).toContain('Lesezeichen-Symbolleiste › Kochen');
    await popup.screenshot({ path: screenshotPath('de-popup') });
    await popup.close();

    const duplicates = await ff.open('options/index.html#duplicates');
    await duplicates.setViewport({ width: 1000, height: 800 });
    await waitForText(duplicates, '[data-testid="bookmark-count"]', '9 Lesezeichen');
    await duplicates.waitForSelector('[data-testid="group-row"]');
    await waitForShown(duplicates, 'button::-p-text(Vorschau der Aufräumaktion)');
    await duplicates.screenshot({ path: screenshotPath('de-duplicates') });
    await duplicates.close();

    const organizer = await ff.open('options/index.html#bookmarks');
    await organizer.setViewport({ width: 1200, height: 800 });
    await waitForShown(organizer, '[role="treeitem"] ::-p-text(Kochen)');
    await organizer.click('[role="treeitem"] ::-p-text(Kochen)');
    await organizer.click('[role="option"] ::-p-text(Apfelkuchen nach Omas Rezept)');
    await organizer.waitForSelector('[data-testid="organizer-name"]');
    expect(await organizer.$$eval('[role="treeitem"]', (els) => els.map((el) => el.getAttribute('aria-level') === '1' && el.textContent).filter(Boolean))).toEqual([
      'Lesezeichen-Menü',
      expect.stringContaining('Lesezeichen-Symbolleiste'),
      'Weitere Lesezeichen',
      'Mobile Lesezeichen',
    ]);
    await organizer.screenshot({ path: screenshotPath('de-organizer') });
    await organizer.close();
  });
});

describe('German quick-bookmark notification: Firefox’s own alert on a real display (Xvfb), Alt+Shift+1 pressed', () => {
  let x: XDisplay | undefined;
  let ff: Firefox | undefined;
  let site: LocalSite | undefined;

  beforeAll(async () => {
    x = await startXDisplay();
    site = await startLocalSite({ '/apfelkuchen': '<!doctype html><title>Apfelkuchen nach Omas Rezept</title><h1>Apfelkuchen</h1>' });
    // Firefox's own alert (no notification daemon on this display), shown without sliding and long enough to be read.
    ff = await launchFirefox({
      headless: false,
      env: x.env,
      prefs: { 'intl.locale.requested': 'de', 'alerts.useSystemBackend': false, 'alerts.disableSlidingEffect': true, 'alerts.totalOpenTime': 60_000 },
    });
  });
  afterAll(async () => {
    await ff?.close();
    await site?.close();
    await x?.stop();
  });

  it('says in German what it saved and where: title and message as Firefox shows them', async () => {
    const harness = await ff!.harness();
    await openTab(harness, `${site!.origin}/apfelkuchen`, 'Apfelkuchen nach Omas Rezept', true);
    // What Firefox holds for the notification at the moment it is shown (notifications.getAll gives its options).
    await harness.evaluate(() => {
      const w = window as unknown as { shown: { title?: string; message?: string }[] };
      w.shown = [];
      window.tm.browser.notifications.onShown.addListener((id) => {
        void window.tm.browser.notifications.getAll().then((all: Record<string, { title?: string; message?: string }>) => {
          if (all[id]) w.shown.push({ title: all[id].title, message: all[id].message });
        });
      });
    });
    const before = x!.mappedWindows().map((w) => w.id);
    const firefoxWindow = x!.xdotool('search', '--onlyvisible', '--class', 'firefox').trim().split('\n')[0]!;
    x!.xdotool('windowactivate', '--sync', firefoxWindow);
    x!.key('alt+shift+1');
    await expect
      .poll(() => harness.evaluate(() => (window as unknown as { shown: unknown[] }).shown), { timeout: 15_000 })
      .toEqual([{ title: 'Lesezeichen gesetzt', message: 'Apfelkuchen nach Omas Rezept\nin Weitere Lesezeichen › Read later' }]);
    // The alert itself: the one new window on the display.
    await expect.poll(() => x!.mappedWindows().filter((w) => !before.includes(w.id) && w.width > 100 && w.height > 50).length).toBe(1);
    const alert = x!.mappedWindows().find((w) => !before.includes(w.id) && w.width > 100 && w.height > 50)!;
    // The alert fades in: captured until two captures in a row are the same picture.
    const file = screenshotPath('de-notification');
    let last = '';
    await expect
      .poll(
        () => {
          x!.capture(alert.id, file);
          const now = readFileSync(file).toString('base64');
          const settled = now === last;
          last = now;
          return settled;
        },
        { timeout: 10_000, interval: 250 },
      )
      .toBe(true);
    await harness.evaluate(() => window.tm.browser.notifications.clear('tidymarks-quick-bookmark'));
  });
});

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

  it('the sidebar at 300 px', async () => {
    const harness = await ff.harness();
    await harness.evaluate(async () => {
      await window.tm.browser.bookmarks.create({ parentId: 'toolbar_____', title: 'An article with a long enough title', url: 'https://example.org/article' });
    });
    const page = await inPseudoLocale('sidebar/index.html', 300, '[data-testid="organizer"] [role="treeitem"]');
    expect(await page.$eval('[role="treeitem"]', (el) => el.textContent)).toMatch(/^\[.*\]$/);
    expect(await overflowing(page)).toEqual([]);
    await page.close();
  });

  const READY: Record<string, string> = {
    bookmarks: '[data-testid="organizer"] [role="treeitem"]',
    duplicates: '[data-testid="group-list"]',
    tags: '[data-testid="tags-empty"]',
    'link-health': '[data-testid="links-summary"]',
    'import-export': '#restore-file',
    backups: '#backups-file',
    settings: '[data-testid="keep-rules"]',
  };
  for (const view of Object.keys(READY)) {
    it(`the options page at 400 px: ${view}`, async () => {
      const harness = await ff.harness();
      await harness.evaluate(async () => {
        for (const parentId of ['unfiled_____', 'toolbar_____'])
          await window.tm.browser.bookmarks.create({ parentId, title: 'Example page', url: 'https://example.org/page' });
      });
      const page = await inPseudoLocale(`options/index.html#${view}`, 400, '[data-testid="bookmark-count"]');
      await page.waitForFunction(() => /^\[/.test(document.querySelector('[data-testid="bookmark-count"]')?.textContent ?? ''));
      await page.waitForSelector(READY[view]!);
      expect(await overflowing(page)).toEqual([]);
      await page.close();
    });
  }
});
