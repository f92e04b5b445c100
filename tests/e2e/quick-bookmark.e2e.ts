/**
 * Quick bookmark in real Firefox: the manifest's shortcut as Firefox reports it, and the handler a key press or a
 * menu click runs (reached through the test build's test.quickBookmark.trigger, which calls the very functions the
 * onCommand and menus.onClicked listeners call) on real tabs showing pages from a local HTTP server.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useFirefox } from './use-firefox';
import { closeOtherTabs, openTab, startLocalSite, type LocalSite } from './local-site';
import type { Page } from 'puppeteer-core';

const PAGES: Record<string, string> = {
  '/article': '<!doctype html><title>A local article</title><h1>Article</h1><a id="next" href="/next">Next story</a>',
  '/next': '<!doctype html><title>The next story</title><p>Next</p>',
};

describe('quick bookmark in real Firefox', () => {
  const ff = useFirefox();
  let site: LocalSite;
  let origin: string;
  let harness: Page;

  beforeAll(async () => {
    site = await startLocalSite(PAGES);
    origin = site.origin;
  });
  afterAll(async () => {
    await site?.close();
  });
  beforeEach(async () => {
    // useFirefox() has reset bookmarks, history and storage already.
    harness = await ff.harness();
    // Close every tab but the harness, so "the active tab" is the one a test opens.
    await closeOtherTabs(harness);
    // What an earlier test's notifications left is taken (clearing one whose icon is loading would only defer its
    // closed event into this test).
    await takeNotificationEvents();
  });

  /** Opens a page of the local server in a new active tab and waits until Firefox knows its title. */
  async function openActiveTab(path: string, title: string): Promise<number> {
    return openTab(harness, origin + path, title, true);
  }

  const pressShortcut = () => harness.evaluate(() => window.tm.client.call('test.quickBookmark.trigger', { source: 'command', command: 'quick-bookmark' }));

  const bookmarksWithUrl = (url: string) =>
    harness.evaluate(async (u) => {
      const found = await window.tm.browser.bookmarks.search({ url: u });
      return Promise.all(
        found.map(async (b) => {
          const [parent] = await window.tm.browser.bookmarks.get(b.parentId!);
          return { title: b.title, parentTitle: parent.title, grandParentId: parent.parentId };
        }),
      );
    }, url);

  /**
   * Whether the quick-bookmark notification appeared since the last call. Headless Firefox has no alert service: a
   * notification is created and closed at once, so its onShown/onClosed events are what a test can see; its text
   * comes from describeOutcome (unit tested) and the outcome each test checks. Firefox lists a notification in
   * getAll from its create until it is closed, and it loads the icon first (ours has one), so a notification created
   * later without an icon can close earlier: the call waits until Firefox lists none, then takes the events.
   */
  const takeNotificationEvents = () =>
    harness.evaluate(async () => {
      const { notifications } = window.tm.browser;
      const w = window as unknown as { quickNotes?: string[] };
      if (!w.quickNotes) {
        w.quickNotes = [];
        const note = (id: string) => id === 'tidymarks-quick-bookmark' && w.quickNotes!.push(id);
        notifications.onShown.addListener(note);
        notifications.onClosed.addListener(note);
      }
      const deadline = Date.now() + 10_000;
      while (Object.keys(await notifications.getAll()).length > 0) {
        if (Date.now() > deadline) throw new Error(`notifications still open after 10 s: ${Object.keys(await notifications.getAll()).join(', ')}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // Firefox sends a notification's closed event before it answers a later request; one more request lets it in.
      await notifications.getAll();
      return w.quickNotes.splice(0).length > 0;
    });

  it('Firefox lists the quick-bookmark command with its suggested key, also through settings.shortcuts', async () => {
    const commands = await harness.evaluate(() => window.tm.browser.commands.getAll());
    expect(commands).toContainEqual(expect.objectContaining({ name: 'quick-bookmark', shortcut: 'Alt+Shift+1', description: 'Bookmark the current tab (never twice)' }));
    expect(commands).toContainEqual(expect.objectContaining({ name: '_execute_action', shortcut: 'Alt+Shift+2' }));
    const viaOptions = await harness.evaluate(() => window.tm.client.call('settings.shortcuts', {}));
    expect(viaOptions).toContainEqual({ name: 'quick-bookmark', description: 'Bookmark the current tab (never twice)', shortcut: 'Alt+Shift+1' });
  });

  it('the command bookmarks the active tab into Other Bookmarks › Read later with the default tags; a second press creates nothing and says where it is', async () => {
    await harness.evaluate(() => window.tm.client.call('settings.set', { patch: { quickBookmark: { defaultTags: ['later', 'local'] } } }));
    await openActiveTab('/article', 'A local article');
    const url = `${origin}/article`;

    const first = await pressShortcut();
    expect(first).toMatchObject({ kind: 'saved', url, title: 'A local article', folderPath: ['Other Bookmarks', 'Read later'], tags: ['later', 'local'] });
    expect(await bookmarksWithUrl(url)).toEqual([{ title: 'A local article', parentTitle: 'Read later', grandParentId: 'unfiled_____' }]);
    const tags = await harness.evaluate((u) => window.tm.client.call('tags.forUrls', { urls: [u] }), url);
    expect(tags).toEqual([{ url, tags: ['later', 'local'] }]);
    expect(await takeNotificationEvents()).toBe(true);

    const second = await pressShortcut();
    expect(second).toMatchObject({ kind: 'already', folderPath: ['Other Bookmarks', 'Read later'], copies: 1 });
    expect(await bookmarksWithUrl(url)).toHaveLength(1);
    expect(await takeNotificationEvents()).toBe(true);
  });

  it('regression: two presses at once create one bookmark and one "Read later" folder', async () => {
    await openActiveTab('/article', 'A local article');
    const outcomes = await harness.evaluate(() =>
      Promise.all([
        window.tm.client.call('test.quickBookmark.trigger', { source: 'command', command: 'quick-bookmark' }),
        window.tm.client.call('test.quickBookmark.trigger', { source: 'command', command: 'quick-bookmark' }),
      ]),
    );
    expect(outcomes.map((o) => o?.kind).sort()).toEqual(['already', 'saved']);
    expect(await bookmarksWithUrl(`${origin}/article`)).toHaveLength(1);
    const readLaterFolders = await harness.evaluate(
      async () => (await window.tm.browser.bookmarks.getChildren('unfiled_____')).filter((c) => c.title === 'Read later').length,
    );
    expect(readLaterFolders).toBe(1);
  });

  it('finds a copy under a URL variant anywhere in the tree and names its folder and the number of copies', async () => {
    await harness.evaluate(async (o) => {
      const b = window.tm.browser;
      const dev = await b.bookmarks.create({ parentId: 'menu________', title: 'Dev' });
      await b.bookmarks.create({ parentId: dev.id, title: 'Saved before', url: `${o}/article/?utm_source=feed` });
      await b.bookmarks.create({ parentId: 'toolbar_____', title: 'Saved again', url: `${o}/article#` });
    }, origin);
    await openActiveTab('/article', 'A local article');
    expect(await pressShortcut()).toMatchObject({ kind: 'already', folderPath: ['Bookmarks Menu', 'Dev'], copies: 2 });
    expect(await bookmarksWithUrl(`${origin}/article`)).toEqual([]);
    expect(await takeNotificationEvents()).toBe(true);
  });

  it('refuses the extension’s own page and a blank tab with a clear notice, creating nothing', async () => {
    const ownPage = await harness.evaluate(async () => {
      const me = await window.tm.browser.tabs.getCurrent();
      return window.tm.client.call('test.quickBookmark.trigger', { source: 'command', command: 'quick-bookmark', tabId: me!.id! });
    });
    expect(ownPage).toMatchObject({ kind: 'unbookmarkable', reason: 'Pages of an extension cannot be bookmarked.' });
    const blankTabId = await harness.evaluate(async () => (await window.tm.browser.tabs.create({ url: 'about:blank', active: true })).id!);
    expect(
      await harness.evaluate((id) => window.tm.client.call('test.quickBookmark.trigger', { source: 'command', command: 'quick-bookmark', tabId: id }), blankTabId),
    ).toMatchObject({
      kind: 'unbookmarkable',
    });
    expect(await takeNotificationEvents()).toBe(true);
    expect(await harness.evaluate(() => window.tm.client.call('core.countBookmarks', {}))).toEqual({ bookmarks: 0, folders: 4, separators: 0 });
  });

  it('the install created both menu items (menus.update finds them; an unknown id is refused)', async () => {
    const result = await harness.evaluate(async () => {
      const b = window.tm.browser;
      const tryUpdate = (id: string) =>
        b.menus.update(id, {}).then(
          () => 'found',
          (e: Error) => e.message,
        );
      return { link: await tryUpdate('tidymarks-bookmark-link'), page: await tryUpdate('tidymarks-bookmark-page'), other: await tryUpdate('not-ours') };
    });
    expect(result.link).toBe('found');
    expect(result.page).toBe('found');
    expect(result.other).not.toBe('found');
  });

  it('"Tidymarks: bookmark link" bookmarks the link with its text, not the page it is on', async () => {
    const tabId = await openActiveTab('/article', 'A local article');
    const outcome = await harness.evaluate(
      (o, id) =>
        window.tm.client.call('test.quickBookmark.trigger', {
          source: 'menu',
          menuItemId: 'tidymarks-bookmark-link',
          linkUrl: `${o}/next`,
          linkText: 'Next story',
          pageUrl: `${o}/article`,
          tabId: id,
        }),
      origin,
      tabId,
    );
    expect(outcome).toMatchObject({ kind: 'saved', url: `${origin}/next`, title: 'Next story' });
    expect(await bookmarksWithUrl(`${origin}/next`)).toEqual([{ title: 'Next story', parentTitle: 'Read later', grandParentId: 'unfiled_____' }]);
    expect(await bookmarksWithUrl(`${origin}/article`)).toEqual([]);
  });

  it('with notifications turned off, saves without showing anything', async () => {
    await harness.evaluate(() => window.tm.client.call('settings.set', { patch: { notifications: { enabled: false } } }));
    await openActiveTab('/next', 'The next story');
    expect(await pressShortcut()).toMatchObject({ kind: 'saved', title: 'The next story' });
    expect(await takeNotificationEvents()).toBe(false);
  });
});
