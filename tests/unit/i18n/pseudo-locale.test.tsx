// @vitest-environment happy-dom
/**
 * The pages in the pseudo-locale (every message bracketed, accented, ~40% longer): what remains outside the
 * brackets, once the bookmarks' own titles, addresses and folder names are taken away, is an English literal the
 * catalog does not hold. Clipping and overflow need real layout: tests/e2e/i18n.e2e.ts measures them in Firefox.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import enMessages from '../../../_locales/en/messages.json';
import { formatDate, pseudoCatalog, useCatalog } from '../../../src/i18n';
import type { FixPreview, LinkItem, LinksOverview } from '../../../src/link-health/protocol';
import type { Client } from '../../../src/app-protocol/client';
import { ClientContext } from '../../../src/options-ui/client-context';
import { LinkHealthView } from '../../../src/options-ui/link-health/LinkHealthView';
import { OptionsApp } from '../../../src/options-ui/OptionsApp';
import { OrganizerView } from '../../../src/organizer-ui/OrganizerView';
import { formatDateTime } from '../../../src/options-ui/format';
import { rootTitle, UNFILED_ID } from '../../../src/platform/browser';
import { PopupApp } from '../../../src/popup-ui/PopupApp';
import { bootPage } from '../../kit/page';
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
      for (let before = ''; before !== rest;) {
        before = rest;
        rest = rest.replace(/\[[^[\]]*\]/g, ' ');
      }
      return rest;
    })
    .filter((rest) => /[A-Za-z]{3,}/.test(rest));
}

describe('pseudo-locale: no English literal left in the rendered UI', () => {
  it('the popup: search, results, the current page and the bookmark form', async () => {
    const results = [
      item({ id: 'r1', title: 'Rust book', url: 'https://doc.rust-lang.org/book/', tags: ['rust'], visitCount: 12, folders: ['Bookmarks Toolbar', 'Dev'] }),
    ];
    const copy = { id: 'c1', url: 'https://here.example/', title: 'Here', parentId: 'toolbar_____', folders: ['Bookmarks Toolbar'], index: 0, tags: ['reading'] };
    const api = fakeApi((text) => ({ items: text ? results : [], words: text ? ['rust'] : [] }), page({ copies: [copy, { ...copy, id: 'c2' }] }));
    render(<PopupApp api={api} tabId={7} baseUrl="moz-extension://uuid/popup/index.html" close={() => {}} />);
    const box = screen.getByRole('combobox');
    fireEvent.input(box, { target: { value: 'rust' } });
    await waitFor(() => expect(document.querySelectorAll('.result').length).toBe(1));
    await waitFor(() => expect(document.querySelectorAll('.copy').length).toBe(2));
    // Search words are marked inside titles and addresses: the marked pieces are text nodes of their own.
    const userData = [
      'Rust book',
      'doc.rust-lang.org/book/',
      'Rust',
      'book',
      'doc.',
      '-lang.org/book/',
      'rust',
      'Bookmarks Toolbar',
      'Dev',
      'Here',
      'reading',
      'https://here.example/',
      'Ctrl+E',
      'Ctrl+Shift+E',
      'Shift+Delete',
    ];
    expect(untranslated(shownText(document.body), userData)).toEqual([]);
    // The form, opened from the current page's copy.
    fireEvent.click(document.querySelector('.copy-actions button')!);
    await screen.findByRole('form');
    await waitFor(() => expect(document.querySelector('[data-testid="folder-current"]')!.textContent).toContain('Bookmarks Toolbar'));
    fireEvent.click(document.querySelector('#bm-folder')!);
    expect(untranslated(shownText(document.body), [...userData, 'Other Bookmarks', 'Recipes'])).toEqual([]);
  });

  for (const view of ['bookmarks', 'duplicates', 'tags', 'import-export', 'settings'] as const) {
    it(`the options page, ${view}`, async () => {
      history.replaceState(null, '', `/options/index.html#${view}`);
      const bg = await bootPage();
      const folder = await bg.browser.bookmarks.create({ parentId: 'toolbar_____', title: 'Reading' });
      for (const parentId of ['unfiled_____', folder.id]) await bg.browser.bookmarks.create({ parentId, title: 'Example page', url: 'https://example.org/page' });
      await bg.client.call('tags.add', { urls: ['https://example.org/page'], tags: ['news'] });
      render(<OptionsApp client={bg.client} />);
      await waitFor(() => expect(screen.getByTestId('bookmark-count').textContent).toMatch(/2/));
      if (view === 'duplicates') await screen.findByTestId('group-list');
      if (view === 'tags') fireEvent.click(await screen.findByRole('button', { name: 'news' }));
      if (view === 'settings') await screen.findByTestId('keep-rules');
      if (view === 'bookmarks') {
        // The organizer: the folder tree, the list, and the details pane of a chosen bookmark.
        fireEvent.click(await screen.findByRole('treeitem', { name: rootTitle(UNFILED_ID) }));
        fireEvent.pointerDown(await screen.findByRole('option', { name: /Example page/ }), { button: 0, isPrimary: true });
        await screen.findByTestId('organizer-name');
      }
      await waitFor(() => expect(document.querySelector('[aria-live], .view')).toBeTruthy());
      // Dates are Intl's words in the UI's locale (English month names here), not literals: the bookmarks' dates and the
      // history's (it lists the tag edit with its date).
      const dates = (await bg.browser.bookmarks.search({ url: 'https://example.org/page' })).map((b) => formatDate(b.dateAdded!));
      const historyDates = (await bg.client.call('history.list', {})).map((s) => formatDateTime(s.createdAt));
      // The roots' names come from the catalog too (Firefox's names in the UI's language).
      const userData = [
        'Reading',
        'Example page',
        'https://example.org/page',
        'example.org/page',
        'news',
        'Tidymarks',
        'Alt+Shift+1',
        'Alt+Shift+2',
        'bookmarks.html',
        'JSON',
        ...dates,
        ...historyDates,
      ];
      expect(untranslated(shownText(document.body), userData)).toEqual([]);
      // The same page in English shows words the check finds: it is not blind.
      cleanup();
      useCatalog(enMessages);
      render(<OptionsApp client={bg.client} />);
      await waitFor(() => expect(screen.getByTestId('bookmark-count').textContent).toMatch(/2/));
      expect(untranslated(shownText(document.body), userData).length).toBeGreaterThan(0);
    });
  }
  it('the sidebar: the organizer in one column, with a folder opened and a bookmark chosen', async () => {
    const bg = await bootPage();
    await bg.browser.bookmarks.create({ parentId: 'unfiled_____', title: 'Example page', url: 'https://example.org/page' });
    render(<OrganizerView client={bg.client} narrow />);
    fireEvent.click(await screen.findByRole('treeitem', { name: rootTitle(UNFILED_ID) }));
    fireEvent.pointerDown(await screen.findByRole('option', { name: /Example page/ }), { button: 0, isPrimary: true });
    await screen.findByTestId('organizer-name');
    const dates = (await bg.browser.bookmarks.search({ url: 'https://example.org/page' })).map((b) => formatDate(b.dateAdded!));
    const userData = ['Example page', 'https://example.org/page', 'example.org/page', ...dates];
    expect(untranslated(shownText(document.body), userData)).toEqual([]);
    cleanup();
    useCatalog(enMessages);
    render(<OrganizerView client={bg.client} narrow />);
    await screen.findByRole('tree');
    expect(untranslated(shownText(document.body), userData).length).toBeGreaterThan(0);
  });

  it('link health: the summary, an unfinished run, every class with its bookmarks and what was not checked', async () => {
    const counts = { ok: 1, moved: 1, redirected: 1, gone: 1, 'server-error': 1, unreachable: 1 };
    const overview: LinksOverview = {
      checkable: 6,
      notChecked: 0,
      skipped: { 'not-web': 1, 'private-host': 1, 'invalid-url': 0 },
      hostsWithoutAccess: ['a.example'],
      counts,
      addressCounts: { ...counts, unreachable: 1 },
      checkedBetween: { from: 1, to: 2 },
      run: { id: 'r', startedAt: 1, finishedAt: null, total: 10, done: 4 },
    };
    const item = (id: string, over: Partial<LinkItem>): LinkItem => ({
      id,
      title: `Page ${id}`,
      url: `https://a.example/${id}`,
      path: [],
      class: null,
      skip: null,
      status: null,
      finalUrl: null,
      failure: null,
      checks: 1,
      checkedAt: 2,
      ...over,
    });
    const items = [
      item('1', { class: 'gone', status: 404, checks: 2 }),
      item('2', { class: 'moved', status: 301, finalUrl: 'https://b.example/2' }),
      item('3', { class: 'redirected', status: 302, finalUrl: 'https://b.example/3' }),
      item('4', { class: 'server-error', status: 503 }),
      item('5', { class: 'unreachable', failure: 'dns' }),
      item('6', { class: 'unreachable', failure: 'timeout' }),
      item('7', { url: 'javascript:void(0)', skip: 'not-web', checks: 0, checkedAt: null }),
      item('8', { url: 'http://192.168.1.1/', skip: 'private-host', checks: 0, checkedAt: null }),
    ];
    const folders = [{ id: 'f1', path: ['Dead links'] }];
    const preview: FixPreview = {
      action: 'update',
      folder: null,
      changes: [{ id: '2', title: 'Page 2', url: 'https://a.example/2', to: 'https://b.example/2', parentId: 'p', path: ['Dead links'], tags: ['red'], class: 'moved' }],
      leftOut: [{ id: '9', title: 'Page 9', url: 'https://a.example/9', reason: 'url-changed' }],
    };
    const replies: Record<string, unknown> = {
      'links.overview': overview,
      'links.results': { items },
      'search.folders': folders,
      'links.fixPreview': preview,
      'links.status': { state: 'idle', run: null },
    };
    const client = { call: async (type: string) => replies[type] } as unknown as Client;
    render(
      <ClientContext.Provider value={client}>
        <LinkHealthView hostAccess={{ request: async () => true }} />
      </ClientContext.Provider>,
    );
    await screen.findByTestId('links-interrupted');
    await screen.findByTestId('links-section-unreachable');
    fireEvent.click(screen.getByTestId('links-skipped').querySelector('summary')!);
    // The fix bar with a selection, and an update's preview with something left out.
    for (const box of document.querySelectorAll('.item-select')) fireEvent.click(box);
    fireEvent.click(screen.getByTestId('fix-bar').querySelector('button')!);
    await screen.findByTestId('fix-preview');
    const userData = [...items.flatMap((i) => [i.title, i.url, i.finalUrl ?? '']), 'Page 9', 'https://a.example/9', 'red', 'Dead links'].filter(Boolean);
    const shown = shownText(document.body);
    expect(shown.join(' ')).toContain('Page 8');
    expect(untranslated(shown, [...userData, formatDate(2, { dateStyle: 'medium', timeStyle: 'short' })])).toEqual([]);
    // In English the same view shows words the check finds.
    cleanup();
    useCatalog(enMessages);
    render(
      <ClientContext.Provider value={client}>
        <LinkHealthView hostAccess={{ request: async () => true }} />
      </ClientContext.Provider>,
    );
    await screen.findByTestId('links-interrupted');
    expect(untranslated(shownText(document.body), userData).length).toBeGreaterThan(0);
  });
});
