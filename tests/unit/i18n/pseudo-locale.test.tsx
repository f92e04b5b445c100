// @vitest-environment happy-dom
/**
 * The pages in the pseudo-locale (every message bracketed, accented, ~40% longer): what remains outside the
 * brackets, once the bookmarks' own titles, addresses and folder names are taken away, is an English literal the
 * catalog does not hold. Clipping and overflow need real layout: tests/e2e/i18n.e2e.ts measures them in Firefox.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import enMessages from '../../../_locales/en/messages.json';
import { pseudoCatalog, useCatalog } from '../../../src/i18n';
import { OptionsApp } from '../../../src/options-ui/OptionsApp';
import { formatDateTime } from '../../../src/options-ui/format';
import { ROOT_TITLES } from '../../../src/platform/browser';
import { PopupApp } from '../../../src/popup-ui/PopupApp';
import { backgroundForPage } from '../options-ui/setup-background';
import { fakeApi, item, page } from '../popup-ui/fake-api';

beforeEach(() => useCatalog(pseudoCatalog(enMessages)));
afterEach(() => {
  cleanup();
  useCatalog(enMessages);
});

/** Text people see or hear: text nodes and the attributes that are read out or shown. */
function shownText(root: Element): string[] {
  const out: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) if (n.textContent?.trim()) out.push(n.textContent.trim());
  for (const el of root.querySelectorAll('*')) {
    for (const attr of ['aria-label', 'title', 'placeholder', 'aria-valuetext', 'alt']) {
      const value = el.getAttribute(attr);
      if (value?.trim()) out.push(value.trim());
    }
  }
  return out;
}

/** What is left of `text` outside pseudo-locale brackets and the user's own data. */
function untranslated(texts: string[], userData: readonly string[]): string[] {
  return texts
    .map((text) => {
      let rest = text;
      for (const data of [...userData].sort((a, b) => b.length - a.length)) rest = rest.split(data).join(' ');
      for (let before = ''; before !== rest; ) {
        before = rest;
        rest = rest.replace(/\[[^[\]]*\]/g, ' ');
      }
      return rest;
    })
    .filter((rest) => /[A-Za-z]{3,}/.test(rest));
}

describe('pseudo-locale: no English literal left in the rendered UI', () => {
  it('the popup: search, results, the current page and the bookmark form', async () => {
    const results = [item({ id: 'r1', title: 'Rust book', url: 'https://doc.rust-lang.org/book/', tags: ['rust'], visitCount: 12, folders: ['Bookmarks Toolbar', 'Dev'] })];
    const copy = { id: 'c1', url: 'https://here.example/', title: 'Here', parentId: 'toolbar_____', folders: ['Bookmarks Toolbar'], index: 0, tags: ['reading'] };
    const api = fakeApi((text) => ({ items: text ? results : [], words: text ? ['rust'] : [] }), page({ copies: [copy, { ...copy, id: 'c2' }] }));
    render(<PopupApp api={api} tabId={7} baseUrl="moz-extension://uuid/popup/index.html" close={() => {}} />);
    const box = screen.getByRole('combobox');
    fireEvent.input(box, { target: { value: 'rust' } });
    await waitFor(() => expect(document.querySelectorAll('.result').length).toBe(1));
    await waitFor(() => expect(document.querySelectorAll('.copy').length).toBe(2));
    // Search words are marked inside titles and addresses: the marked pieces are text nodes of their own.
    const userData = ['Rust book', 'doc.rust-lang.org/book/', 'Rust', 'book', 'doc.', '-lang.org/book/', 'rust', 'Bookmarks Toolbar', 'Dev', 'Here', 'reading', 'https://here.example/', 'Ctrl+E', 'Ctrl+Shift+E', 'Shift+Delete', 'Ctrl+'];
    expect(untranslated(shownText(document.body), userData)).toEqual([]);
    // The form, opened from the current page's copy.
    fireEvent.click(document.querySelector('.copy-actions button')!);
    await screen.findByRole('form');
    await waitFor(() => expect(document.querySelector('[data-testid="folder-current"]')!.textContent).toContain('Bookmarks Toolbar'));
    fireEvent.click(document.querySelector('#bm-folder')!);
    expect(untranslated(shownText(document.body), [...userData, 'Other Bookmarks', 'Recipes'])).toEqual([]);
  });

  for (const view of ['duplicates', 'tags', 'import-export', 'settings'] as const) {
    it(`the options page, ${view}`, async () => {
      history.replaceState(null, '', `/options/index.html#${view}`);
      const bg = await backgroundForPage();
      const folder = await bg.browser.bookmarks.create({ parentId: 'toolbar_____', title: 'Reading' });
      for (const parentId of ['unfiled_____', folder.id]) await bg.browser.bookmarks.create({ parentId, title: 'Example page', url: 'https://example.org/page' });
      await bg.client.call('tags.add', { urls: ['https://example.org/page'], tags: ['news'] });
      render(<OptionsApp client={bg.client} />);
      await waitFor(() => expect(screen.getByTestId('bookmark-count').textContent).toMatch(/2/));
      if (view === 'duplicates') await screen.findByTestId('group-list');
      if (view === 'tags') fireEvent.click(await screen.findByRole('button', { name: 'news' }));
      if (view === 'settings') await screen.findByTestId('keep-rules');
      await waitFor(() => expect(document.querySelector('[aria-live], .view')).toBeTruthy());
      // The history lists the tag edit with its date: a date is data, formatted by Intl in the UI's locale.
      const dates = (await bg.client.call('history.list', {})).map((s) => formatDateTime(s.createdAt));
      const userData = [...Object.values(ROOT_TITLES), ...dates, 'Reading', 'Example page', 'https://example.org/page', 'example.org/page', 'news', 'Tidymarks', 'Alt+Shift+1', 'Alt+Shift+2', 'bookmarks.html', 'JSON'];
      expect(untranslated(shownText(document.body), userData)).toEqual([]);
      // The same page in English shows words the check finds: it is not blind.
      cleanup();
      useCatalog(enMessages);
      render(<OptionsApp client={bg.client} />);
      await waitFor(() => expect(screen.getByTestId('bookmark-count').textContent).toMatch(/2/));
      expect(untranslated(shownText(document.body), userData).length).toBeGreaterThan(0);
    });
  }
});
