// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PopupApp } from '../../../src/popup-ui/PopupApp';
import { fakeApi, historyResult, item, page } from './fake-api';

afterEach(cleanup);

const BASE = 'moz-extension://uuid/popup/index.html';
const recent = [item({ id: 'new', title: 'Newest bookmark' }), item({ id: 'old', title: 'Older bookmark' })];
const rust = [
  item({ id: 'r1', title: 'Rust book', url: 'https://doc.rust-lang.org/book/', tags: ['rust'], visitCount: 12, folders: ['Bookmarks Toolbar', 'Dev'] }),
  item({ id: 'r2', kind: 'history', title: 'Rust blog', url: 'https://blog.rust-lang.org/' }),
];
const answer = (text: string) => (text.trim() ? { items: rust, words: ['rus'] } : { items: recent, words: [] });

/**
 * Matches the element whose whole text is `text`, isolated parts (<bdi>) included: a sentence with a title or an
 * address in it is made of several elements (src/ui/Untrusted.tsx, UntrustedParts).
 */
const whole = (text: string) => (_: string, el: Element | null) => el?.textContent === text && ![...el.children].some((c) => c.textContent === text);

/** What a screen reader reads of `el`: its text without the parts hidden from it (aria-hidden). */
function readOut(el: Element) {
  const copy = el.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return copy.textContent;
}

function setup(api = fakeApi(answer), tabId?: number) {
  const close = vi.fn();
  render(<PopupApp api={api} tabId={tabId} baseUrl={BASE} close={close} />);
  return { api, close, box: screen.getByRole('combobox', { name: /search/i }) as HTMLInputElement };
}

describe('PopupApp', () => {
  it('opens with focus in the search box and shows recent bookmarks', async () => {
    const { box } = setup();
    expect(document.activeElement).toBe(box);
    const list = await screen.findByRole('listbox', { name: 'Recent bookmarks' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.querySelector('.result-title')!.textContent),
    ).toEqual(['Newest bookmark', 'Older bookmark']);
  });

  it('regression: when Firefox focuses the panel’s window and no element has the focus, the search box takes it (typed keys were lost)', async () => {
    const { box } = setup();
    box.blur();
    expect(document.activeElement).toBe(document.body);
    window.dispatchEvent(new Event('focus'));
    expect(document.activeElement).toBe(box);
  });

  it('updates results as you type, with title, URL, folder, tags, visits and highlighted words', async () => {
    const { api, box } = setup();
    fireEvent.input(box, { target: { value: 'rus' } });
    const list = await screen.findByRole('listbox', { name: 'Search results' });
    expect(api.search).toHaveBeenLastCalledWith('rus');
    const [first] = within(list).getAllByRole('option');
    expect(first!.querySelector('.result-title')!.innerHTML).toBe('<bdi class="untrusted"><mark>Rus</mark>t book</bdi>');
    expect(first!.querySelector('.result-url')!.textContent).toBe('doc.rust-lang.org/book/');
    expect(first!.querySelector('.result-folder')!.textContent).toBe('Bookmarks Toolbar › Dev');
    expect(first!.querySelector('.tag')!.textContent).toBe('#rust');
    expect(first!.querySelector('.visits')!.textContent).toBe('12 visits');
  });

  it('moves with the arrow keys (aria-activedescendant follows) and opens with Enter in the current tab', async () => {
    const { api, box, close } = setup(fakeApi(answer, page()), 7);
    fireEvent.input(box, { target: { value: 'rus' } });
    await screen.findByRole('listbox', { name: 'Search results' });
    expect(box.getAttribute('aria-activedescendant')).toBe('result-0');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe('result-1');
    expect(screen.getAllByRole('option')[1]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(box, { key: 'ArrowDown' }); // stays on the last
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(api.open).toHaveBeenCalledWith('https://blog.rust-lang.org/', { newTab: false, tabId: 7 }));
    await waitFor(() => expect(close).toHaveBeenCalled());
  });

  it('shows the background’s refusal to open a result and stays open (review: non-web schemes)', async () => {
    const api = fakeApi(() => ({ items: [item({ id: 'js', title: 'Bookmarklet', url: 'javascript:alert(1)' })], words: [] }));
    const message = 'Tidymarks does not open javascript: addresses from search results.';
    api.open.mockRejectedValueOnce(new Error(message));
    const { box, close } = setup(api, 7);
    await screen.findByRole('listbox');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect((await screen.findByRole('status')).textContent).toContain(message);
    expect(close).not.toHaveBeenCalled();
  });

  it('opens in a new tab with Ctrl+Enter and with a Ctrl-click, and keeps the popup open', async () => {
    const { api, box, close } = setup();
    fireEvent.input(box, { target: { value: 'rus' } });
    await screen.findByRole('listbox', { name: 'Search results' });
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(api.open).toHaveBeenCalledWith('https://doc.rust-lang.org/book/', { newTab: true, tabId: 7 }));
    fireEvent.click(screen.getAllByRole('option')[1]!, { ctrlKey: true });
    await waitFor(() => expect(api.open).toHaveBeenCalledWith('https://blog.rust-lang.org/', { newTab: true, tabId: 7 }));
    expect(close).not.toHaveBeenCalled();
  });

  it('clears the box with Esc', async () => {
    const { box } = setup();
    fireEvent.input(box, { target: { value: 'rus' } });
    await screen.findByRole('listbox', { name: 'Search results' });
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box.value).toBe('');
    await screen.findByRole('listbox', { name: 'Recent bookmarks' });
  });

  it('says when nothing matches, and shows search errors in the popup', async () => {
    const api = fakeApi((text) => {
      if (text === 'boom') throw new Error('The index could not load.');
      return { items: text ? [] : recent, words: [] };
    });
    const { box } = setup(api);
    fireEvent.input(box, { target: { value: 'zzz' } });
    expect(await screen.findByTestId('no-results')).toHaveProperty('textContent', 'Nothing matches “zzz”.');
    fireEvent.input(box, { target: { value: 'boom' } });
    expect((await screen.findByRole('alert')).textContent).toBe('Search failed: The index could not load.');
  });

  it('drops late answers to older text', async () => {
    let release!: () => void;
    const slow = new Promise<void>((r) => (release = r));
    const api = fakeApi(answer);
    api.search.mockImplementation(async (text: string) => {
      if (text === 'ru') await slow;
      return text === 'ru' ? { items: recent, words: [] } : answer(text);
    });
    const { box } = setup(api);
    fireEvent.input(box, { target: { value: 'ru' } });
    fireEvent.input(box, { target: { value: 'rus' } });
    await waitFor(() => expect(screen.getAllByRole('option')[1]!.querySelector('.result-title')!.textContent).toBe('Rust blog'));
    // The late answer for 'ru' arrives: the search hook's handler on it runs before ours (registered first), and act
    // renders whatever it changed.
    const late = api.search.mock.results[api.search.mock.calls.findIndex(([text]) => text === 'ru')]!.value as Promise<unknown>;
    await act(async () => {
      release();
      await late;
    });
    expect(screen.queryByText('Newest bookmark')).toBeNull();
  });

  it('renders a title that looks like HTML as text', async () => {
    const api = fakeApi(() => ({ items: [item({ id: 'x', title: '<img src=x onerror=alert(1)>' })], words: [] }));
    setup(api);
    const option = await screen.findByRole('option');
    expect(option.querySelector('img')).toBeNull();
    expect(option.querySelector('.result-title')!.textContent).toBe('<img src=x onerror=alert(1)>');
  });

  it('shows where the current page is bookmarked, how many copies, and links to the duplicate view', async () => {
    const copies = [
      { id: 'c1', url: 'https://here.example/', title: 'Here', parentId: 'toolbar_____', folders: ['Bookmarks Toolbar'], index: 0, tags: ['a'] },
      { id: 'c2', url: 'https://here.example/#', title: 'Here', parentId: 'f1', folders: ['Bookmarks Toolbar', 'Recipes'], index: 3, tags: [] },
    ];
    const api = fakeApi(answer, page({ copies }));
    setup(api);
    expect((await screen.findByTestId('page-status')).textContent).toBe('Bookmarked 2 times');
    const where = screen.getByRole('list', { name: 'Where this page is bookmarked' });
    expect(
      within(where)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('.copy-path')!.textContent),
    ).toEqual(['Bookmarks Toolbar', 'Bookmarks Toolbar › Recipes']);
    const link = screen.getByRole('link', { name: 'Clean up copies' });
    expect(link.getAttribute('href')).toBe('moz-extension://uuid/options/index.html?url=https%3A%2F%2Fhere.example%2F#duplicates');
    fireEvent.click(link);
    await waitFor(() => expect(api.open).toHaveBeenCalledWith(link.getAttribute('href'), { newTab: true }));
  });

  it('a result and a copy of the current page whose address the link check found dead or moved show a marker, read out as a sentence', async () => {
    const checkedAt = Date.UTC(2027, 0, 3, 12);
    const gone = { class: 'gone' as const, status: 404, failure: null, finalUrl: null, checks: 2, checkedAt };
    const moved = { class: 'moved' as const, status: 200, failure: null, finalUrl: 'https://new.example/page', checks: 1, checkedAt };
    const results = [
      item({ id: 'dead', title: 'Dead page', marker: gone }),
      item({ id: 'fine', title: 'Fine page' }),
      item({ id: 'away', title: 'Moved page', marker: moved }),
    ];
    const copies = [
      { id: 'c1', url: 'https://here.example/', title: 'Here', parentId: 'toolbar_____', folders: ['Bookmarks Toolbar'], index: 0, tags: ['a'], marker: gone },
    ];
    setup(fakeApi(() => ({ items: results, words: [] }), page({ copies })));
    const list = await screen.findByRole('listbox', { name: 'Recent bookmarks' });
    const [dead, fine, away] = within(list).getAllByRole('option');
    expect(within(dead!).getByTestId('link-marker').textContent).toBe('⚠GoneGone (404), checked twice on Jan 3, 2027');
    expect(within(dead!).getByTestId('link-marker').getAttribute('title')).toBe('Gone (404), checked twice on Jan 3, 2027');
    expect(within(fine!).queryByTestId('link-marker')).toBeNull();
    const movedMarker = within(away!).getByTestId('link-marker');
    expect(movedMarker.textContent).toBe('↪Moved for goodMoved for good to https://new.example/page, checked on Jan 3, 2027');
    expect(readOut(movedMarker)).toBe('Moved for good to https://new.example/page, checked on Jan 3, 2027');
    expect(movedMarker.getAttribute('title')).toBe('Moved for good to https://new.example/page, checked on Jan 3, 2027');
    const where = await screen.findByRole('list', { name: 'Where this page is bookmarked' });
    const copyMarker = within(where).getByTestId('link-marker');
    expect(readOut(copyMarker)).toBe('Gone (404), checked twice on Jan 3, 2027');
    expect(copyMarker.getAttribute('title')).toBe('Gone (404), checked twice on Jan 3, 2027');
  });

  it("the current page's bookmark with an archived copy links to it, asked for after the page shows; a copy is labelled; results show none (issue 31)", async () => {
    const at = Date.UTC(2019, 4, 3, 12);
    const label = 'Archived copy (May 3, 2019)';
    const href = (url: string) => `https://web.archive.org/web/20190503120000/${url}`;
    const results = [item({ id: 'dead', title: 'Dead page', url: 'https://gone.example/a' })];
    const copies = [
      { id: 'c1', url: 'https://here.example/', title: 'Here', parentId: 'toolbar_____', folders: ['Bookmarks Toolbar'], index: 0, tags: [] },
      { id: 'c2', url: href('https://here.example/'), title: 'Here (archived)', parentId: 'unfiled_____', folders: ['Other Bookmarks'], index: 0, tags: [] },
    ];
    const api = fakeApi(() => ({ items: results, words: [] }), page({ copies }));
    const known = { dead: { href: href('https://gone.example/a'), at, label }, c1: { href: href('https://here.example/'), at, label }, c2: { at, label } };
    api.snapshots.mockImplementation(async (ids: string[]) => Object.fromEntries(Object.entries(known).filter(([id]) => ids.includes(id))));
    setup(api);
    const where = await screen.findByRole('list', { name: 'Where this page is bookmarked' });
    const [here, archivedCopy] = within(where).getAllByRole('listitem');
    const link = (await within(here!).findByRole('link', { name: label })) as HTMLAnchorElement;
    expect(api.currentPage.mock.invocationCallOrder[0]).toBeLessThan(api.snapshots.mock.invocationCallOrder[0]!);
    expect(link.getAttribute('href')).toBe(href('https://here.example/'));
    expect(link.target).toBe('_blank');
    expect(link.tabIndex).toBe(0);
    // A bookmark that is a snapshot is labelled as one, not linked again.
    expect(within(archivedCopy!).getByText(label).hasAttribute('href')).toBe(false);
    expect(within(archivedCopy!).queryByRole('link')).toBeNull();
    expect(api.snapshots.mock.calls.at(-1)![0].sort()).toEqual(['c1', 'c2']);
    // The results' options hold nothing focusable: no copy there.
    const list = await screen.findByRole('listbox', { name: 'Recent bookmarks' });
    expect(within(list).queryByText(/Archived copy/)).toBeNull();
  });

  it('without the archived copies (the request failed) the popup works as before', async () => {
    const copies = [{ id: 'c1', url: 'https://here.example/', title: 'Here', parentId: 'toolbar_____', folders: ['Bookmarks Toolbar'], index: 0, tags: [] }];
    const api = fakeApi(answer, page({ copies }));
    api.snapshots.mockRejectedValue(new Error('no'));
    setup(api);
    const where = await screen.findByRole('list', { name: 'Where this page is bookmarked' });
    await waitFor(() => expect(api.snapshots).toHaveBeenCalled());
    expect(within(where).queryByText(/Archived copy/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('quick add: title prefilled, folder chosen by search, tags with suggestions, saved through the API', async () => {
    const api = fakeApi(answer);
    setup(api);
    fireEvent.click(await screen.findByRole('button', { name: 'Bookmark this page' }));
    const form = await screen.findByRole('form', { name: 'Bookmark this page' });
    const title = within(form).getByLabelText('Title') as HTMLInputElement;
    expect(title.value).toBe('Here');
    fireEvent.input(title, { target: { value: 'Here, renamed' } });
    await waitFor(() => expect(screen.getByTestId('folder-current').textContent).toBe('Other Bookmarks'));
    fireEvent.input(within(form).getByLabelText('Folder'), { target: { value: 'recip' } });
    fireEvent.click(within(form).getByRole('option', { name: 'Bookmarks Toolbar › Recipes' }));
    expect(screen.getByTestId('folder-current').textContent).toBe('Bookmarks Toolbar › Recipes');
    const tags = within(form).getByLabelText('Tags');
    fireEvent.input(tags, { target: { value: 're' } });
    expect(within(form).getByRole('list', { name: 'Existing tags' }).textContent).toBe('readingrecipes');
    fireEvent.click(within(form).getByRole('button', { name: 'reading' }));
    fireEvent.input(tags, { target: { value: 'new-tag,' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.addBookmark).toHaveBeenCalledWith({ url: 'https://here.example/', title: 'Here, renamed', folderId: 'f1', tags: ['reading', 'new-tag'] }),
    );
    expect((await screen.findByRole('status')).textContent).toContain('Bookmarked.');
    expect(api.currentPage).toHaveBeenCalledTimes(2);
  });

  it('quick add starts in the quick-bookmark folder with its default tags (Settings), or Other Bookmarks if that folder is gone', async () => {
    const api = fakeApi(answer);
    api.addDefaults.mockResolvedValue({ folderId: 'f1', tags: ['reading'] });
    setup(api);
    fireEvent.click(await screen.findByRole('button', { name: 'Bookmark this page' }));
    const form = await screen.findByRole('form', { name: 'Bookmark this page' });
    await waitFor(() => expect(screen.getByTestId('folder-current').textContent).toBe('Bookmarks Toolbar › Recipes'));
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.addBookmark).toHaveBeenCalledWith({ url: 'https://here.example/', title: 'Here', folderId: 'f1', tags: ['reading'] }));
    cleanup();

    const gone = fakeApi(answer);
    gone.addDefaults.mockResolvedValue({ folderId: 'removed-folder', tags: [] });
    setup(gone);
    fireEvent.click(await screen.findByRole('button', { name: 'Bookmark this page' }));
    await waitFor(() => expect(screen.getByTestId('folder-current').textContent).toBe('Other Bookmarks'));
  });

  it('shows a save error in the form and keeps what was typed', async () => {
    const api = fakeApi(answer);
    api.addBookmark.mockRejectedValue(new Error('The `url` property must be a valid URL.'));
    setup(api);
    fireEvent.click(await screen.findByRole('button', { name: 'Bookmark this page' }));
    const form = await screen.findByRole('form', { name: 'Bookmark this page' });
    fireEvent.input(within(form).getByLabelText('Title'), { target: { value: 'Typed title' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Could not save the bookmark: The `url` property must be a valid URL.');
    // The form stays open with what was typed, to correct it and save again.
    expect(screen.getByRole('form', { name: 'Bookmark this page' })).toBe(form);
    expect((within(form).getByLabelText('Title') as HTMLInputElement).value).toBe('Typed title');
  });

  it('edits an existing bookmark and removes one with undo', async () => {
    const copy = { id: 'c1', url: 'https://here.example/', title: 'Here', parentId: 'toolbar_____', folders: ['Bookmarks Toolbar'], index: 2, tags: ['a'] };
    const api = fakeApi(answer, page({ copies: [copy] }));
    setup(api);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit the bookmark in Bookmarks Toolbar' }));
    const form = await screen.findByRole('form', { name: 'Edit bookmark' });
    fireEvent.input(within(form).getByLabelText('Title'), { target: { value: 'Better title' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Remove tag a' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.updateBookmark).toHaveBeenCalledWith(copy, { url: copy.url, title: 'Better title', folderId: 'toolbar_____', tags: [] }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove the bookmark in Bookmarks Toolbar' }));
    await waitFor(() => expect(api.removeBookmark).toHaveBeenCalledWith(copy));
    // Undo is the history's: the popup's last change is taken back, and the notice says what it was.
    fireEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(api.undo).toHaveBeenCalledTimes(1));
    expect((await screen.findByText(whole('Undone: Deleted “Here”.'))).closest('[role="status"]')).toBeTruthy();
    // Then the same button does it again.
    fireEvent.click(await screen.findByRole('button', { name: 'Redo' }));
    await waitFor(() => expect(api.redo).toHaveBeenCalledTimes(1));
    await screen.findByText(whole('Redone: Deleted “Here”.'));
  });

  it('Ctrl+Z in the empty box of a popup opened afresh undoes the last change made before (the history outlives the popup); Ctrl+Shift+Z redoes it', async () => {
    const api = fakeApi(answer);
    api.undo.mockResolvedValueOnce(historyResult({ action: 'update', items: 1, folderTitle: null, title: 'Old title', source: 'popup' }, 'undone'));
    api.redo.mockResolvedValueOnce(historyResult({ action: 'update', items: 1, folderTitle: null, title: 'Old title', source: 'popup' }, 'redone'));
    const { box } = setup(api);
    fireEvent.keyDown(box, { key: 'z', ctrlKey: true });
    await screen.findByText(whole('Undone: Edited “Old title”.'));
    fireEvent.keyDown(box, { key: 'Z', ctrlKey: true, shiftKey: true });
    await screen.findByText(whole('Redone: Edited “Old title”.'));
    // Typed text: the keys are the box's own again.
    fireEvent.input(box, { target: { value: 'x' } });
    fireEvent.keyDown(box, { key: 'z', ctrlKey: true });
    expect(api.undo).toHaveBeenCalledTimes(1);
  });

  it('says why nothing was undone', async () => {
    const api = fakeApi(answer);
    api.undo.mockRejectedValueOnce(new Error('Nothing to undo.'));
    const { box } = setup(api);
    fireEvent.keyDown(box, { key: 'z', ctrlKey: true });
    const said = await screen.findByText(whole('Could not undo: Nothing to undo.'));
    // The reason (the background's, which may quote a title or an address) is isolated in the sentence.
    expect([...said.querySelectorAll('bdi')].map((b) => b.textContent)).toEqual(['Nothing to undo.']);
  });

  it('explains pages that cannot be bookmarked and current-page errors', async () => {
    setup(fakeApi(answer, page({ bookmarkable: false, tab: { id: 1, url: 'about:config', title: 'Config' } })));
    const said = await screen.findByText('This page cannot be bookmarked.');
    // Said about the current page, which it then does not offer to bookmark.
    expect(screen.getByTestId('current-page').contains(said)).toBe(true);
    expect(screen.queryByRole('button', { name: 'Bookmark this page' })).toBeNull();
    cleanup();
    const api = fakeApi(answer);
    api.currentPage.mockRejectedValue(new Error('There is no tab 99.'));
    setup(api, 99);
    expect((await screen.findByRole('alert')).textContent).toBe('Could not read the current page: There is no tab 99.');
  });

  it('names the tab it speaks about; over one of Tidymarks’ own pages it says that tab cannot be bookmarked and offers nothing to edit (issue 29)', async () => {
    const own = { id: 3, url: 'moz-extension://uuid/options/index.html#settings', title: 'Tidymarks options' };
    setup(fakeApi(answer, page({ bookmarkable: false, tab: own })));
    const said = await screen.findByText('This page cannot be bookmarked.');
    const section = screen.getByTestId('current-page');
    expect(section.contains(said)).toBe(true);
    expect(within(section).getByTestId('page-title').textContent).toBe('Tidymarks options');
    expect(within(section).getByTestId('page-url').textContent).toBe(own.url);
    expect(within(section).queryByRole('button')).toBeNull();
    expect(within(section).queryByRole('link')).toBeNull();
    cleanup();
    // A page without a title: its address alone names it.
    setup(fakeApi(answer, page({ tab: { id: 4, url: 'https://untitled.example/', title: '' } })));
    expect((await screen.findByTestId('page-url')).textContent).toBe('https://untitled.example/');
    expect(screen.queryByTestId('page-title')).toBeNull();
  });

  it('links to the Duplicates page only when the page has more than one copy', async () => {
    const copy = { id: 'c1', url: 'https://here.example/', title: 'Here', parentId: 'toolbar_____', folders: ['Bookmarks Toolbar'], index: 0, tags: [] };
    setup(fakeApi(answer, page({ copies: [copy] })));
    expect((await screen.findByTestId('page-status')).textContent).toBe('Bookmarked');
    expect(within(screen.getByTestId('current-page')).queryByRole('link')).toBeNull();
    expect(screen.queryByText(/duplicates/i)).toBeNull();
    cleanup();
    setup(fakeApi(answer, page({ copies: [copy, { ...copy, id: 'c2', url: 'https://here.example/#' }] })));
    expect((await screen.findByTestId('page-status')).textContent).toBe('Bookmarked 2 times');
    expect(
      within(screen.getByTestId('current-page'))
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Clean up copies']);
  });

  it('isolates every title, folder, tag and address it shows; tags and addresses show their bidirectional controls (issue 29: "\u202Eevil" read "#live")', async () => {
    const rlo = '\u202E';
    const tab = { id: 7, url: `https://here.example/${rlo}gpj.exe`, title: `Title ${rlo}evil` };
    const copy = { id: 'c1', url: tab.url, title: tab.title, parentId: 'f1', folders: ['Bookmarks Toolbar', `Dir ${rlo}evil`], index: 0, tags: [`${rlo}evil`] };
    const result = item({ id: 'x', title: `Result ${rlo}evil`, url: `https://x.example/${rlo}fdp`, tags: [`${rlo}evil`], folders: [`Dir ${rlo}evil`, 'Sub'] });
    const api = fakeApi(() => ({ items: [result], words: [] }), page({ tab, copies: [copy] }));
    setup(api);
    const section = await screen.findByTestId('current-page');
    await within(section).findByText('Bookmarked');
    const bdiText = (el: Element | null) => (el?.tagName === 'BDI' ? el.textContent : `not a <bdi>: ${el?.outerHTML}`);
    expect(bdiText(within(section).getByTestId('page-title').firstElementChild)).toBe(tab.title);
    expect(bdiText(within(section).getByTestId('page-url').firstElementChild)).toBe('https://here.example/[U+202E]gpj.exe');
    expect(within(section).getByText('[U+202E]evil').tagName).toBe('BDI');
    expect(section.querySelector('.tag')!.textContent).toBe('#[U+202E]evil');
    // Each folder of a path on its own: the separator and the folder after it stay where they are.
    expect([...section.querySelectorAll('.copy-path bdi')].map((b) => b.textContent)).toEqual(['Bookmarks Toolbar', `Dir ${rlo}evil`]);

    const option = await screen.findByRole('option');
    expect(bdiText(option.querySelector('.result-title bdi'))).toBe(result.title);
    expect(option.querySelector('.result-url')!.textContent).toBe('x.example/[U+202E]fdp');
    expect(bdiText(option.querySelector('.result-url bdi'))).toBe('x.example/[U+202E]fdp');
    expect([...option.querySelectorAll('.result-folder bdi')].map((b) => b.textContent)).toEqual([`Dir ${rlo}evil`, 'Sub']);
    expect(option.querySelector('.result-folder')!.textContent).toBe(`Dir ${rlo}evil › Sub`);
    expect(bdiText(option.querySelector('.tag bdi'))).toBe('[U+202E]evil');

    // The notice after a removal: the sentence reads as the catalog has it, the title and the path isolated in it.
    fireEvent.click(within(section).getByRole('button', { name: `Remove the bookmark in Bookmarks Toolbar › Dir ${rlo}evil` }));
    const notice = await screen.findByText(whole(`Removed “${tab.title}” from Bookmarks Toolbar › Dir ${rlo}evil.`));
    expect([...notice.querySelectorAll('bdi')].map((b) => b.textContent)).toEqual([tab.title, `Bookmarks Toolbar › Dir ${rlo}evil`]);

    // The edit form's tag chips.
    fireEvent.click(await within(screen.getByTestId('current-page')).findByRole('button', { name: /^Edit the bookmark/ }));
    const form = await screen.findByRole('form', { name: 'Edit bookmark' });
    expect(bdiText(form.querySelector('.chip .chip-text'))).toBe('[U+202E]evil');
  });

  describe('a search result edited, moved and removed in place, from the keyboard', () => {
    const r1Copy = {
      id: 'r1',
      url: 'https://doc.rust-lang.org/book/',
      title: 'Rust book',
      parentId: 'f1',
      folders: ['Bookmarks Toolbar', 'Recipes'],
      index: 3,
      tags: ['rust'],
    };
    const withResults = () => {
      const api = fakeApi(answer);
      api.bookmark.mockImplementation(async (id: string) => {
        if (id === 'r1') return r1Copy;
        throw new Error('This bookmark no longer exists (it was removed or moved away meanwhile).');
      });
      const ui = setup(api);
      fireEvent.input(ui.box, { target: { value: 'rus' } });
      return ui;
    };

    it('Ctrl+E edits the highlighted bookmark (title, address, folder, tags) as Firefox has it now; the box gets the focus back', async () => {
      const { api, box } = withResults();
      await screen.findByRole('listbox', { name: 'Search results' });
      expect(box.getAttribute('aria-keyshortcuts')).toBe('Control+E Control+Shift+E Shift+Delete');
      fireEvent.keyDown(box, { key: 'e', ctrlKey: true });
      const form = await screen.findByRole('form', { name: 'Edit bookmark' });
      expect(api.bookmark).toHaveBeenCalledWith('r1');
      const title = within(form).getByLabelText('Title') as HTMLInputElement;
      await waitFor(() => expect(document.activeElement).toBe(title));
      expect(title.value).toBe('Rust book');
      const address = within(form).getByLabelText('Address') as HTMLInputElement;
      expect(address.value).toBe('https://doc.rust-lang.org/book/');
      fireEvent.input(address, { target: { value: 'not an address' } });
      fireEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
      expect((await within(form).findByRole('alert')).textContent).toMatch(/not a valid URL/);
      expect(api.updateBookmark).not.toHaveBeenCalled();
      fireEvent.input(address, { target: { value: 'https://doc.rust-lang.org/stable/book/' } });
      fireEvent.input(title, { target: { value: 'The Rust book' } });
      fireEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
      await waitFor(() =>
        expect(api.updateBookmark).toHaveBeenCalledWith(r1Copy, {
          url: 'https://doc.rust-lang.org/stable/book/',
          title: 'The Rust book',
          folderId: 'f1',
          tags: ['rust'],
        }),
      );
      expect((await screen.findByRole('status')).textContent).toContain('Changes saved.');
      await waitFor(() => expect(document.activeElement).toBe(box));
    });

    it('Ctrl+Shift+E moves it: the same form, with the folder list open; ↓ and Enter pick the folder, Enter again saves', async () => {
      const { api, box } = withResults();
      await screen.findByRole('listbox', { name: 'Search results' });
      fireEvent.keyDown(box, { key: 'E', ctrlKey: true, shiftKey: true });
      const form = await screen.findByRole('form', { name: 'Move bookmark' });
      const folder = within(form).getByRole('combobox', { name: 'Folder' });
      await waitFor(() => expect(document.activeElement).toBe(folder));
      expect(folder.getAttribute('aria-expanded')).toBe('true');
      fireEvent.keyDown(folder, { key: 'ArrowDown' });
      fireEvent.keyDown(folder, { key: 'Enter' }); // Other Bookmarks (the second folder)
      expect(screen.getByTestId('folder-current').textContent).toBe('Other Bookmarks');
      fireEvent.submit(form);
      await waitFor(() => expect(api.updateBookmark).toHaveBeenCalledWith(r1Copy, expect.objectContaining({ folderId: 'unfiled_____' })));
      expect((await screen.findByRole('status')).textContent).toContain('Moved.');
    });

    it('Shift+Delete removes it; Ctrl+Z in the unchanged box (or Undo) puts it back; after typing Ctrl+Z is the box’s own', async () => {
      const { api, box } = withResults();
      await screen.findByRole('listbox', { name: 'Search results' });
      fireEvent.keyDown(box, { key: 'Delete', shiftKey: true });
      await waitFor(() => expect(api.removeBookmark).toHaveBeenCalledWith(r1Copy));
      expect((await screen.findByRole('status')).textContent).toContain('Removed “Rust book” from Bookmarks Toolbar › Recipes.');
      fireEvent.keyDown(box, { key: 'z', ctrlKey: true });
      await waitFor(() => expect(api.undo).toHaveBeenCalledTimes(1));
      await screen.findByText(whole('Undone: Deleted “Here”.'));

      fireEvent.keyDown(box, { key: 'Delete', shiftKey: true });
      await waitFor(() => expect(api.removeBookmark).toHaveBeenCalledTimes(2));
      fireEvent.input(box, { target: { value: 'rust' } });
      fireEvent.keyDown(box, { key: 'z', ctrlKey: true });
      expect(api.undo).toHaveBeenCalledTimes(1);
      fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
      await waitFor(() => expect(api.undo).toHaveBeenCalledTimes(2));
    });

    it('the mouse has Edit, Move and Remove on the highlighted bookmark; history results have none', async () => {
      const { api, box } = withResults();
      const list = await screen.findByRole('listbox', { name: 'Search results' });
      const [first, second] = within(list).getAllByRole('option');
      expect(
        within(first!)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['Edit', 'Move', 'Remove']);
      expect(
        within(first!)
          .getAllByRole('button')
          .every((b) => b.tabIndex === -1),
      ).toBe(true);
      fireEvent.keyDown(box, { key: 'ArrowDown' });
      expect(within(second!).queryAllByRole('button')).toEqual([]);
      fireEvent.keyDown(box, { key: 'e', ctrlKey: true });
      expect(api.bookmark).not.toHaveBeenCalled();
      fireEvent.keyDown(box, { key: 'ArrowUp' });
      fireEvent.click(within(first!).getByRole('button', { name: 'Remove “Rust book”' }));
      await waitFor(() => expect(api.removeBookmark).toHaveBeenCalledWith(r1Copy));
      expect(api.open).not.toHaveBeenCalled();
    });

    it('a result whose bookmark vanished meanwhile says so, changes nothing and refreshes the results', async () => {
      const api = fakeApi(answer);
      api.bookmark.mockRejectedValue(new Error('This bookmark no longer exists (it was removed or moved away meanwhile).'));
      const { box } = setup(api);
      fireEvent.input(box, { target: { value: 'rus' } });
      await screen.findByRole('listbox', { name: 'Search results' });
      const searches = api.search.mock.calls.length;
      fireEvent.keyDown(box, { key: 'Delete', shiftKey: true });
      expect((await screen.findByRole('status')).textContent).toBe(
        'Could not read the bookmark: This bookmark no longer exists (it was removed or moved away meanwhile).',
      );
      expect(api.removeBookmark).not.toHaveBeenCalled();
      await waitFor(() => expect(api.search.mock.calls.length).toBeGreaterThan(searches));
    });
  });
});
