/**
 * The popup's one interface to the rest of the extension, against the real background (fake browser): it opens
 * without the Places API and loads it once, on the first save.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Client } from '../../../src/messaging/client';
import { createPagePlaces } from '../../../src/places/page';
import { createPopupApi } from '../../../src/popup-ui/popup-api';
import type { FakeBrowser } from '../../fakes/browser';
import { boot } from '../../kit/boot';

describe('createPopupApi', () => {
  let fake: FakeBrowser;
  let client: Client;

  beforeEach(async () => {
    ({ fake, client } = await boot());
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

  it('starts new bookmarks from the quick-bookmark settings', async () => {
    const api = createPopupApi(client, async () => createPagePlaces(client));
    expect(await api.addDefaults()).toEqual({ folderId: null, tags: [] });
    await client.call('settings.set', { patch: { quickBookmark: { folderId: 'toolbar_____', defaultTags: ['later'] } } });
    expect(await api.addDefaults()).toEqual({ folderId: 'toolbar_____', tags: ['later'] });
  });
});
