import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQuickBookmarker } from '../../../src/quick-bookmark/quick-bookmarker';
import { createNotifier } from '../../../src/quick-bookmark/notifier';
import { gate } from '../../kit/gate';
import { allBookmarks, makeSaver, newFake, readSettings, storeSettings, testUrlKey } from './test-kit';
import type { FakeBrowser } from '../../fakes/browser';

describe('quick bookmarker', () => {
  let fake: FakeBrowser;
  let saver: ReturnType<typeof makeSaver>;
  let shown: { title: string; message: string; iconUrl?: string }[];

  const build = (hold?: Promise<void>) => {
    saver = makeSaver(fake.browser, hold && { hold });
    return createQuickBookmarker({
      browser: fake.browser,
      getSettings: readSettings(fake.browser),
      urlKey: testUrlKey,
      saveBookmark: saver.save,
      notifier: createNotifier(fake.browser),
    });
  };

  beforeEach(() => {
    fake = newFake();
    shown = [];
    // Every notification, including ones a later notification replaces (they share one id), read as it is shown:
    // the notifier awaits notifications.create, so it is here once bookmarkPage resolves.
    fake.browser.notifications.onShown.addListener((shownId) => {
      const { id: _id, ...options } = fake.control.notifications.find((n) => n.id === shownId)!;
      shown.push(options);
    });
  });

  it('saves a new page into "Read later" under Other Bookmarks with the default tags and says so', async () => {
    await storeSettings(fake.browser, { quickBookmark: { folderId: null, defaultTags: ['later'] } });
    const outcome = await build().bookmarkPage({ url: 'https://example.org/article', title: 'An article' });
    expect(outcome).toMatchObject({
      kind: 'saved',
      url: 'https://example.org/article',
      title: 'An article',
      folderPath: ['Other Bookmarks', 'Read later'],
      tags: ['later'],
    });
    const [readLater] = await fake.browser.bookmarks.getChildren('unfiled_____');
    expect(readLater).toMatchObject({ title: 'Read later', type: 'folder' });
    expect(await allBookmarks(fake.browser)).toEqual([{ id: expect.any(String), url: 'https://example.org/article', title: 'An article', parentId: readLater.id }]);
    expect(saver.calls[0].tags).toEqual(['later']);
    expect(shown).toEqual([
      {
        type: 'basic',
        title: 'Bookmarked',
        message: 'An article\nin Other Bookmarks › Read later\nTags: later',
        iconUrl: fake.control.extensionOrigin + 'icons/tidymarks.svg',
      },
    ]);
  });

  it('regression: pressing twice quickly gives one bookmark, and the second press reports the first one', async () => {
    const saving = gate();
    const bookmarker = build(saving.promise);
    const page = { url: 'https://example.org/twice', title: 'Twice' };
    const first = bookmarker.bookmarkPage(page);
    const second = bookmarker.bookmarkPage(page);
    // The second press came while the first save is still running: let that save finish now.
    await vi.waitFor(() => expect(saver.calls).toHaveLength(1));
    saving.open();
    expect((await first).kind).toBe('saved');
    expect(await second).toMatchObject({ kind: 'already', folderPath: ['Other Bookmarks', 'Read later'], copies: 1 });
    expect((await allBookmarks(fake.browser)).filter((b) => b.url === page.url)).toHaveLength(1);
    expect(saver.calls).toHaveLength(1);
  });

  it('regression: many concurrent presses on URL variants and other pages create one bookmark per page and one "Read later"', async () => {
    const saving = gate();
    const bookmarker = build(saving.promise);
    const pages = [
      { url: 'https://example.org/a', title: 'A' },
      { url: 'https://EXAMPLE.org/a/', title: 'A again' },
      { url: 'https://example.org/b', title: 'B' },
      { url: 'https://example.org/a', title: 'A thrice' },
      { url: 'https://example.org/b/', title: 'B again' },
    ];
    const pressed = Promise.all(pages.map((p) => bookmarker.bookmarkPage(p)));
    // Every press came while the first save is still running: let the saves finish now.
    await vi.waitFor(() => expect(saver.calls).toHaveLength(1));
    saving.open();
    const outcomes = await pressed;
    expect(outcomes.map((o) => o.kind)).toEqual(['saved', 'already', 'saved', 'already', 'already']);
    expect((await allBookmarks(fake.browser)).map((b) => b.url)).toEqual(['https://example.org/a', 'https://example.org/b']);
    expect((await fake.browser.bookmarks.getChildren('unfiled_____')).filter((n) => n.title === 'Read later')).toHaveLength(1);
  });

  it('creates nothing for a page already bookmarked under another URL variant, and names where it lives and how many copies exist', async () => {
    const dev = await fake.browser.bookmarks.create({ parentId: 'menu________', title: 'Dev' });
    await fake.browser.bookmarks.create({ parentId: dev.id, title: 'MDN', url: 'https://developer.mozilla.org/en-US/' });
    await fake.browser.bookmarks.create({ parentId: 'toolbar_____', title: 'MDN', url: 'https://developer.mozilla.org/en-US' });
    const outcome = await build().bookmarkPage({ url: 'https://developer.mozilla.org/en-US', title: 'MDN' });
    // The copy with exactly this URL is the one named.
    expect(outcome).toMatchObject({ kind: 'already', folderPath: ['Bookmarks Toolbar'], copies: 2 });
    const outcome2 = await build().bookmarkPage({ url: 'https://developer.mozilla.org/en-US/', title: 'MDN' });
    expect(outcome2).toMatchObject({ kind: 'already', folderPath: ['Bookmarks Menu', 'Dev'], copies: 2 });
    expect(await allBookmarks(fake.browser)).toHaveLength(2);
    expect(saver.calls).toHaveLength(0);
    expect(shown.at(-1)).toMatchObject({ title: 'Already bookmarked', message: 'Already bookmarked in Bookmarks Menu › Dev (2 copies exist). Nothing was added.' });
  });

  it.each([
    'about:preferences',
    'moz-extension://x/options/index.html',
    'view-source:https://a.example/',
    'chrome://global/content/',
    'about:blank',
    'about:newtab',
    'data:text/plain,hi',
    'javascript:void(0)',
    '',
  ])('refuses %j with a clear notification and creates nothing', async (url) => {
    const outcome = await build().bookmarkPage({ url, title: 'x' });
    expect(outcome.kind).toBe('unbookmarkable');
    expect(await allBookmarks(fake.browser)).toEqual([]);
    expect(await fake.browser.bookmarks.getChildren('unfiled_____')).toEqual([]);
    expect(shown).toHaveLength(1);
    expect(shown[0].title).toBe('Cannot bookmark this page');
  });

  it('shows no notification when notifications are turned off, but still saves', async () => {
    await storeSettings(fake.browser, { notifications: { enabled: false } });
    const outcome = await build().bookmarkPage({ url: 'https://quiet.example/', title: 'Quiet' });
    expect(outcome.kind).toBe('saved');
    await build().bookmarkPage({ url: 'about:config', title: '' });
    expect(shown).toEqual([]);
    expect(fake.control.notifications).toEqual([]);
  });

  it('files into the configured folder, and falls back to "Read later" with a note when that folder is gone', async () => {
    const work = await fake.browser.bookmarks.create({ parentId: 'menu________', title: 'Work' });
    await storeSettings(fake.browser, { quickBookmark: { folderId: work.id, defaultTags: [] } });
    expect(await build().bookmarkPage({ url: 'https://one.example/', title: 'One' })).toMatchObject({
      kind: 'saved',
      folderId: work.id,
      folderPath: ['Bookmarks Menu', 'Work'],
    });
    await fake.browser.bookmarks.removeTree(work.id);
    const outcome = await build().bookmarkPage({ url: 'https://two.example/', title: 'Two' });
    expect(outcome).toMatchObject({ kind: 'saved', folderPath: ['Other Bookmarks', 'Read later'] });
    if (outcome.kind === 'saved') expect(outcome.note).toMatch(/no longer exists/);
  });

  it('uses the URL as the title when the page has none', async () => {
    expect(await build().bookmarkPage({ url: 'https://untitled.example/', title: '  ' })).toMatchObject({ kind: 'saved', title: 'https://untitled.example/' });
  });

  it('reports a failed save as a notification and keeps serving the next press', async () => {
    const bookmarker = createQuickBookmarker({
      browser: fake.browser,
      getSettings: readSettings(fake.browser),
      urlKey: testUrlKey,
      saveBookmark: async () => {
        throw new Error('disk full');
      },
      notifier: createNotifier(fake.browser),
    });
    expect(await bookmarker.bookmarkPage({ url: 'https://a.example/', title: 'A' })).toEqual({
      kind: 'failed',
      url: 'https://a.example/',
      message: 'The page was not bookmarked: disk full',
    });
    expect(shown).toEqual([expect.objectContaining({ title: 'Bookmarking failed', message: 'The page was not bookmarked: disk full' })]);
    expect((await build().bookmarkPage({ url: 'https://a.example/', title: 'A' })).kind).toBe('saved');
  });
});
