import { beforeEach, describe, expect, it } from 'vitest';
import { createQuickBookmarkFeature } from '../../../src/quick-bookmark/feature';
import { MENU_BOOKMARK_LINK, MENU_BOOKMARK_PAGE } from '../../../src/quick-bookmark/menus';
import { allBookmarks, makeSaver, newFake, readSettings, storeSettings } from './test-kit';
import type { FakeBrowser } from '../../fakes/browser';

describe('quick-bookmark feature (listeners)', () => {
  let fake: FakeBrowser;
  let saver: ReturnType<typeof makeSaver>;

  let current: ReturnType<typeof createQuickBookmarkFeature>;
  /** What the key presses and clicks started is over (the feature's listeners are fire-and-forget). */
  const settle = () => current.whenIdle();

  const start = (testBuild = true) => {
    saver = makeSaver(fake.browser);
    return (current = createQuickBookmarkFeature({
      browser: fake.browser,
      now: () => 0,
      testBuild,
      getSettings: readSettings(fake.browser),
      saveBookmark: saver.save,
    }));
  };

  beforeEach(() => {
    fake = newFake();
  });

  it('creates both menu items on install, named and iconed as Tidymarks’ own (never Firefox’s “Bookmark Link…”), replacing any left from an older version', async () => {
    start();
    fake.browser.menus.create({ id: MENU_BOOKMARK_LINK, title: 'Old title', contexts: ['link'] });
    fake.control.install('update', '0.0.9');
    await settle();
    expect(fake.control.menuItems).toEqual([
      { id: MENU_BOOKMARK_LINK, title: 'Tidymarks: bookmark link', contexts: ['link'], icons: { '16': 'icons/tidymarks.svg', '32': 'icons/tidymarks.svg' } },
      { id: MENU_BOOKMARK_PAGE, title: 'Tidymarks: bookmark this page', contexts: ['page'], icons: { '16': 'icons/tidymarks.svg', '32': 'icons/tidymarks.svg' } },
    ]);
    for (const item of fake.control.menuItems) expect(item.title).not.toMatch(/^Bookmark (Link|Page)/i);
    expect(fake.control.listenerErrors).toEqual([]);
  });

  it('the keyboard command bookmarks the active tab', async () => {
    start();
    fake.control.setActiveTab({ url: 'https://example.org/read-me', title: 'Read me' });
    fake.control.triggerCommand('quick-bookmark');
    await settle();
    expect(await allBookmarks(fake.browser)).toMatchObject([{ url: 'https://example.org/read-me', title: 'Read me' }]);
    expect(fake.control.notifications.at(-1)).toMatchObject({ title: 'Bookmarked' });
  });

  it('regression: the command still works after the event page was unloaded and woken again', async () => {
    start();
    fake.control.unload();
    start(); // Firefox runs the background script again; listeners are registered synchronously during the build.
    fake.control.setActiveTab({ url: 'https://example.org/after-wake', title: 'After wake' });
    fake.control.triggerCommand('quick-bookmark');
    await settle();
    expect((await allBookmarks(fake.browser)).map((b) => b.url)).toEqual(['https://example.org/after-wake']);
  });

  it('regression: pressing the shortcut twice quickly makes one bookmark', async () => {
    start();
    fake.control.setActiveTab({ url: 'https://example.org/double', title: 'Double' });
    fake.control.triggerCommand('quick-bookmark');
    fake.control.triggerCommand('quick-bookmark');
    await settle();
    expect(await allBookmarks(fake.browser)).toHaveLength(1);
    expect(fake.control.notifications.at(-1)).toMatchObject({ title: 'Already bookmarked' });
  });

  it('"Tidymarks: bookmark link" bookmarks the link (its text as title), not the page it is on', async () => {
    start();
    fake.control.install();
    await settle();
    const tab = fake.control.setActiveTab({ url: 'https://news.example/', title: 'News' });
    fake.control.clickMenu({ menuItemId: MENU_BOOKMARK_LINK, linkUrl: 'https://story.example/1', linkText: ' A story ', pageUrl: tab.url }, tab);
    await settle();
    expect(await allBookmarks(fake.browser)).toMatchObject([{ url: 'https://story.example/1', title: 'A story' }]);
  });

  it('"Tidymarks: bookmark this page" bookmarks the tab, with the same no-duplicate rule', async () => {
    start();
    fake.control.install();
    await settle();
    const tab = fake.control.setActiveTab({ url: 'https://news.example/', title: 'News' });
    fake.control.clickMenu({ menuItemId: MENU_BOOKMARK_PAGE, pageUrl: tab.url }, tab);
    fake.control.clickMenu({ menuItemId: MENU_BOOKMARK_PAGE, pageUrl: tab.url }, tab);
    await settle();
    expect(await allBookmarks(fake.browser)).toMatchObject([{ url: 'https://news.example/', title: 'News' }]);
  });

  it('ignores other commands and other menu items', async () => {
    const feature = start();
    fake.control.setActiveTab({ url: 'https://example.org/', title: 'Example' });
    expect(await feature.handleCommand('_execute_action', undefined)).toBeNull();
    expect(await feature.handleMenuClick({ menuItemId: 'someone-else' }, undefined)).toBeNull();
    expect(await allBookmarks(fake.browser)).toEqual([]);
  });

  it('the test-only trigger runs the command handler for a named tab, and exists only when started as a test build', async () => {
    const feature = start();
    const other = fake.control.openTab({ url: 'https://background-tab.example/', title: 'Background tab', active: false });
    fake.control.setActiveTab({ url: 'about:blank' });
    const outcome = await feature.testHandlers!['test.quickBookmark.trigger'](
      { source: 'command', command: 'quick-bookmark', tabId: other.id },
      { senderUrl: undefined },
    );
    expect(outcome).toMatchObject({ kind: 'saved', url: 'https://background-tab.example/' });

    const production = start(false);
    expect(production.testHandlers).toBeUndefined();
    expect(await allBookmarks(fake.browser)).toHaveLength(1);
  });
});

describe('quick-bookmark feature (matching)', () => {
  it('regression: only the duplicate finder’s safe rules refuse a bookmark (tracking parameters, trailing slash, host case), never the opt-in rules', async () => {
    const fake = newFake();
    const saver = makeSaver(fake.browser);
    const feature = createQuickBookmarkFeature({
      browser: fake.browser,
      now: () => 0,
      testBuild: true,
      getSettings: readSettings(fake.browser),
      saveBookmark: saver.save,
    });
    const dev = await fake.browser.bookmarks.create({ parentId: 'menu________', title: 'Dev' });
    await fake.browser.bookmarks.create({ parentId: dev.id, title: 'Guide', url: 'https://docs.example/guide/' });
    for (const url of ['https://DOCS.example/guide', 'https://docs.example/guide/?utm_source=news&fbclid=abc', 'https://docs.example/guide/#']) {
      expect(await feature.handleMenuClick({ menuItemId: MENU_BOOKMARK_LINK, linkUrl: url }, undefined)).toMatchObject({
        kind: 'already',
        folderPath: ['Bookmarks Menu', 'Dev'],
        copies: 1,
      });
    }
    // http vs https is an opt-in rule: the http page is a new bookmark, even when the user turned the rule on for
    // cleanups (a refusal must never rest on a rule that can join different pages).
    await storeSettings(fake.browser, { matching: { httpEqualsHttps: true, ignoreWww: true, ignoreFragment: true, ignoreQuery: true, sortQueryParams: true } });
    expect(await feature.handleMenuClick({ menuItemId: MENU_BOOKMARK_LINK, linkUrl: 'http://docs.example/guide/' }, undefined)).toMatchObject({ kind: 'saved' });
    expect(await feature.handleMenuClick({ menuItemId: MENU_BOOKMARK_LINK, linkUrl: 'https://docs.example/guide/?page=2' }, undefined)).toMatchObject({ kind: 'saved' });
    expect(saver.calls).toHaveLength(2);
  });
});
