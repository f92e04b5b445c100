/**
 * The popup's one interface to the rest of the extension, against the real background (fake browser): it opens
 * without the Places API and loads it once, on the first save.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Client } from '../../../src/app-protocol/client';
import { createPagePlaces } from '../../../src/places';
import { createPopupApi, pageTabOf, readOwnTab } from '../../../src/popup-ui/popup-api';
import type { FakeBrowser } from '../../fakes/browser';
import { boot } from '../../kit/boot';

describe('createPopupApi', () => {
  let fake: FakeBrowser;
  let client: Client;

  beforeEach(async () => {
    ({ fake, client } = await boot());
  });

  it('asks about the tab the toolbar popup read itself, else lets the background pick, and a named tab wins', async () => {
    const active = fake.control.setActiveTab({ url: 'https://active.example/', title: 'Active' });
    const own = fake.control.openTab({ url: 'https://own.example/', title: 'Own', active: false });
    const api = createPopupApi(client, vi.fn(), Promise.resolve({ id: own.id, url: 'https://own.example/', title: 'Own' }));
    expect((await api.currentPage()).tab).toEqual({ id: own.id, url: 'https://own.example/', title: 'Own' });
    expect((await api.currentPage(active.id)).tab?.id).toBe(active.id);
    // The popup could not read its tab: the background picks the active one.
    expect((await createPopupApi(client, vi.fn(), Promise.resolve(undefined)).currentPage()).tab?.id).toBe(active.id);
  });

  it('reads its own tab as its window’s active tab; a failed read leaves the choice to the background', async () => {
    const query = vi.fn(async () => [{ id: 7, url: 'https://own.example/', title: 'Own' }]);
    expect(await readOwnTab({ query })).toEqual({ id: 7, url: 'https://own.example/', title: 'Own' });
    expect(query).toHaveBeenCalledWith({ active: true, currentWindow: true });
    expect(await readOwnTab({ query: async () => Promise.reject(new Error('no window')) })).toBeUndefined();
    expect(await readOwnTab({ query: async () => [] })).toBeUndefined();
    // A popup that names its tab reads none.
    expect(readOwnTab({ query }, '?tabId=3')).toBeUndefined();
    expect(query).toHaveBeenCalledTimes(1);
  });

  it('takes a tab as Firefox gives it only with an id and an address', () => {
    expect(pageTabOf({ id: 3, url: 'https://a.example/', title: 'A' })).toEqual({ id: 3, url: 'https://a.example/', title: 'A' });
    expect(pageTabOf({ id: 3, url: 'https://a.example/' })).toEqual({ id: 3, url: 'https://a.example/', title: '' });
    expect(pageTabOf({ url: 'https://a.example/' })).toBeUndefined();
    expect(pageTabOf({ id: 3 })).toBeUndefined();
    expect(pageTabOf(undefined)).toBeUndefined();
  });

  it('answers searches and the current page without loading the Places API, then loads it once for saves', async () => {
    const loadPlaces = vi.fn(async () => createPagePlaces(client));
    const api = createPopupApi(client, loadPlaces);
    fake.control.setActiveTab({ url: 'https://example.org/page', title: 'Page' });
    expect((await api.currentPage()).copies).toEqual([]);
    await api.search('');
    expect(loadPlaces).not.toHaveBeenCalled();

    await api.addBookmark({ url: 'https://example.org/page', title: 'Page', folderId: 'toolbar_____', tags: ['read'] });
    const [copy] = (await api.currentPage()).copies;
    expect(copy).toMatchObject({ title: 'Page', parentId: 'toolbar_____', tags: ['read'] });
    await api.updateBookmark(copy!, { url: copy!.url, title: 'Renamed', folderId: 'toolbar_____', tags: ['read', 'later'] });
    expect((await api.currentPage()).copies.map((c) => [c.title, c.tags])).toEqual([['Renamed', ['read', 'later']]]);
    expect(loadPlaces).toHaveBeenCalledTimes(1);
  });

  it('undo is the history’s: a removal made in one popup is undone from a popup opened afterwards, in place with its tags; redo removes it again', async () => {
    const first = createPopupApi(client, async () => createPagePlaces(client));
    fake.control.setActiveTab({ url: 'https://example.org/page', title: 'Page' });
    await fake.browser.bookmarks.create({ parentId: 'toolbar_____', title: 'Before', url: 'https://before.example/' });
    await first.addBookmark({ url: 'https://example.org/page', title: 'Page', folderId: 'toolbar_____', tags: ['read'] });
    await fake.browser.bookmarks.create({ parentId: 'toolbar_____', title: 'After', url: 'https://after.example/' });
    const [copy] = (await first.currentPage()).copies;
    await first.removeBookmark(copy!);
    expect((await first.currentPage()).copies).toEqual([]);

    // The popup closed; a new one opens.
    const second = createPopupApi(client, async () => createPagePlaces(client));
    const undone = await second.undo();
    expect(undone.operation).toMatchObject({ state: 'undone', edit: { action: 'delete', title: 'Page', source: 'popup' } });
    const [back] = (await second.currentPage()).copies;
    expect(back).toMatchObject({ title: 'Page', parentId: 'toolbar_____', index: 1, tags: ['read'] });
    expect((await fake.browser.bookmarks.getChildren('toolbar_____')).map((c) => c.title)).toEqual(['Before', 'Page', 'After']);

    const redone = await second.redo();
    expect(redone.operation).toMatchObject({ state: 'redone' });
    expect((await second.currentPage()).copies).toEqual([]);
    // Undo once more, then the add before it: nothing of the page is left.
    await second.undo();
    await second.undo();
    expect((await second.currentPage()).copies).toEqual([]);
    await expect(second.undo()).rejects.toMatchObject({ message: 'Nothing to undo.' });
  });

  it('starts new bookmarks from the quick-bookmark settings', async () => {
    const api = createPopupApi(client, async () => createPagePlaces(client));
    expect(await api.addDefaults()).toEqual({ folderId: null, tags: [] });
    await client.call('settings.set', { patch: { quickBookmark: { folderId: 'toolbar_____', defaultTags: ['later'] } } });
    expect(await api.addDefaults()).toEqual({ folderId: 'toolbar_____', tags: ['later'] });
  });
});
