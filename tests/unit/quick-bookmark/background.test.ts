/**
 * The quick-bookmark feature as the background wires it: through startBackground with the fake browser, the real
 * Places facade (tags in the tag store) and the settings store, reached by key presses, menu clicks and messages.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Client } from '../../../src/app-protocol/client';
import { MENU_BOOKMARK_LINK } from '../../../src/quick-bookmark/menus';
import { boot, type BackgroundApp } from '../../kit/boot';
import { allBookmarks } from './test-kit';
import type { FakeBrowser } from '../../fakes/browser';

describe('quick bookmark in the background app', () => {
  let fake: FakeBrowser;
  let app: BackgroundApp;
  let client: Client;

  beforeEach(async () => {
    ({ fake, app, client } = await boot({ now: () => 1_700_000_000_000 }));
  });

  it('a key press files the active tab into Other Bookmarks › Read later with the default tags, through the Places facade', async () => {
    await client.call('settings.set', { patch: { quickBookmark: { defaultTags: ['later', 'web'] } } });
    fake.control.setActiveTab({ url: 'https://example.org/story?utm_source=feed', title: 'A story' });
    fake.control.triggerCommand('quick-bookmark');
    // The notification comes once the whole save (bookmark, then tags) is done.
    await app.whenIdle();
    expect(fake.control.notifications).toMatchObject([{ title: 'Bookmarked', message: 'A story\nin Other Bookmarks › Read later\nTags: later, web' }]);
    const bookmarks = await allBookmarks(fake.browser);
    const [readLater] = await fake.browser.bookmarks.getChildren('unfiled_____');
    expect(readLater).toMatchObject({ title: 'Read later', type: 'folder' });
    expect(bookmarks).toEqual([{ id: expect.any(String), url: 'https://example.org/story?utm_source=feed', title: 'A story', parentId: readLater.id }]);
    expect(await app.tagStore.getTags('https://example.org/story?utm_source=feed')).toEqual(['later', 'web']);
  });

  it('regression: two key presses while the first save is running give one bookmark and an "Already bookmarked" notice', async () => {
    fake.control.setActiveTab({ url: 'https://example.org/once', title: 'Once' });
    const seen: string[] = [];
    fake.browser.notifications.onShown.addListener((id) => void fake.browser.notifications.getAll().then((all) => seen.push(all[id].title)));
    const [first, second] = await Promise.all([
      client.call('test.quickBookmark.trigger', { source: 'command', command: 'quick-bookmark' }),
      client.call('test.quickBookmark.trigger', { source: 'command', command: 'quick-bookmark' }),
    ]);
    expect([first?.kind, second?.kind]).toEqual(['saved', 'already']);
    expect(second).toMatchObject({ folderPath: ['Other Bookmarks', 'Read later'], copies: 1 });
    expect(await allBookmarks(fake.browser)).toHaveLength(1);
    expect((await fake.browser.bookmarks.getChildren('unfiled_____')).length).toBe(1);
    expect(seen).toEqual(['Bookmarked', 'Already bookmarked']);
  });

  it('files into the folder chosen in settings; notifications can be turned off', async () => {
    const dev = await fake.browser.bookmarks.create({ parentId: 'menu________', title: 'Dev' });
    await client.call('settings.set', { patch: { quickBookmark: { folderId: dev.id }, notifications: { enabled: false } } });
    const outcome = await client.call('test.quickBookmark.trigger', {
      source: 'menu',
      menuItemId: MENU_BOOKMARK_LINK,
      linkUrl: 'https://docs.example/',
      linkText: 'Docs',
    });
    expect(outcome).toMatchObject({ kind: 'saved', folderId: dev.id, folderPath: ['Bookmarks Menu', 'Dev'], title: 'Docs' });
    expect((await fake.browser.bookmarks.getChildren(dev.id)).map((b) => b.url)).toEqual(['https://docs.example/']);
    expect(fake.control.notifications).toEqual([]);
  });

  it('refuses an invalid trigger request and changes nothing', async () => {
    await expect(client.call('test.quickBookmark.trigger', { source: 'menu' } as never)).rejects.toMatchObject({ code: 'invalid-request' });
    expect(await allBookmarks(fake.browser)).toEqual([]);
  });
});
