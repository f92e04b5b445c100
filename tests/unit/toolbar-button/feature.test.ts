/**
 * The toolbar button's page state in the background app (startBackground with the fake browser): per tab, after
 * tab switches, navigations, reloads and bookmark changes; cheap (no search over every bookmark once the index is
 * fresh); older lookups never overwrite newer ones.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Client } from '../../../src/app-protocol/client';
import { ICON_BOOKMARKED, ICON_NOT_BOOKMARKED } from '../../../src/toolbar-button/button-look';
import { createFakeBrowser, type FakeBrowser } from '../../fakes/browser';
import { boot, type Booted } from '../../kit/boot';

describe('toolbar button: the page state on the button, per tab', () => {
  let env: Booted;
  let fake: FakeBrowser;
  let client: Client;

  beforeEach(async () => {
    env = await boot();
    ({ fake, client } = env);
  });

  const button = async (tabId: number) => ({
    icon: fake.control.actionIconOf(tabId),
    badge: await fake.browser.action.getBadgeText({ tabId }),
    title: await fake.browser.action.getTitle({ tabId }),
  });
  const notBookmarked = { icon: ICON_NOT_BOOKMARKED, badge: '', title: 'Tidymarks: not bookmarked' };
  const bookmarkedOnce = { icon: ICON_BOOKMARKED, badge: '', title: 'Tidymarks: bookmarked' };
  const bookmarked = (n: number) => ({ icon: ICON_BOOKMARKED, badge: String(n), title: `Tidymarks: bookmarked ${n} times` });

  const bookmark = (url: string, parentId = 'unfiled_____') => fake.browser.bookmarks.create({ parentId, title: url, url });
  /** Loads the search index and waits until it is fresh (built from Firefox, kept current by events). */
  const freshIndex = async () => {
    await client.call('search.query', { text: 'x' });
    await vi.waitFor(() => expect(env.app.live.isFresh).toBe(true));
  };

  it('a tab switch shows the page of the tab switched to: not bookmarked, bookmarked, bookmarked N times (safe matching: URL variants count)', async () => {
    await bookmark('https://twice.example/page');
    await bookmark('https://twice.example/page#', 'toolbar_____');
    await bookmark('https://twice.example/page?utm_source=feed', 'menu________');
    await bookmark('https://once.example/');
    const plain = fake.control.openTab({ url: 'https://plain.example/', title: 'Plain' });
    const once = fake.control.openTab({ url: 'https://once.example/', title: 'Once', active: false });
    const thrice = fake.control.openTab({ url: 'https://twice.example/page', title: 'Thrice', active: false });
    await vi.waitFor(async () => expect(await button(plain.id)).toEqual(notBookmarked));

    await fake.browser.tabs.update(thrice.id, { active: true });
    await vi.waitFor(async () => expect(await button(thrice.id)).toEqual(bookmarked(3)));
    await fake.browser.tabs.update(once.id, { active: true });
    await vi.waitFor(async () => expect(await button(once.id)).toEqual(bookmarkedOnce));
    // The other tabs keep what they showed: each tab has its own button state.
    expect(await button(thrice.id)).toEqual(bookmarked(3));
    expect(await button(plain.id)).toEqual(notBookmarked);
    expect(fake.control.listenerErrors).toEqual([]);
  });

  it('a page the quick bookmark refuses (about:, the extension’s own pages) shows the neutral icon and says why', async () => {
    const tab = fake.control.openTab({ url: 'about:preferences', title: 'Settings' });
    await vi.waitFor(async () => expect(await button(tab.id)).toEqual({ icon: ICON_NOT_BOOKMARKED, badge: '', title: 'Tidymarks: this page cannot be bookmarked' }));
  });

  it('a page loaded in the active tab gets its own state again after Firefox dropped the tab’s values; a reload too', async () => {
    await bookmark('https://kept.example/');
    const tab = fake.control.openTab({ url: 'https://kept.example/', title: 'Kept' });
    await vi.waitFor(async () => expect(await button(tab.id)).toEqual(bookmarkedOnce));
    fake.control.navigate(tab.id, { url: 'https://elsewhere.example/', title: 'Elsewhere' });
    await vi.waitFor(async () => expect(await button(tab.id)).toEqual(notBookmarked));
    fake.control.navigate(tab.id, { url: 'https://kept.example/', title: 'Kept' });
    await vi.waitFor(async () => expect(await button(tab.id)).toEqual(bookmarkedOnce));
    fake.control.reload(tab.id);
    // The fake, like Firefox, shows the manifest's defaults right after the load starts...
    expect(await fake.browser.action.getTitle({ tabId: tab.id })).toBe('Tidymarks');
    // ...and the update after the load puts the page's state back.
    await vi.waitFor(async () => expect(await button(tab.id)).toEqual(bookmarkedOnce));
  });

  it('bookmarking, removing or changing the address of a bookmark updates the active tab’s button', async () => {
    const tab = fake.control.openTab({ url: 'https://news.example/today', title: 'Today' });
    await vi.waitFor(async () => expect(await button(tab.id)).toEqual(notBookmarked));
    const first = await bookmark('https://news.example/today');
    await vi.waitFor(async () => expect(await button(tab.id)).toEqual(bookmarkedOnce));
    const other = await bookmark('https://news.example/yesterday');
    await fake.browser.bookmarks.update(other.id, { url: 'https://news.example/today/' });
    await vi.waitFor(async () => expect(await button(tab.id)).toEqual(bookmarked(2)));
    await fake.browser.bookmarks.remove(first.id);
    await fake.browser.bookmarks.remove(other.id);
    await vi.waitFor(async () => expect(await button(tab.id)).toEqual(notBookmarked));
  });

  it('with a fresh index a tab switch makes no bookmarks.search (the host map names the candidates); before that one search by host', async () => {
    const search = vi.spyOn(fake.browser.bookmarks, 'search');
    for (let i = 0; i < 50; i++) await bookmark(`https://many.example/${i}`);
    await bookmark('https://target.example/a');
    const a = fake.control.openTab({ url: 'https://target.example/a', title: 'A' });
    await vi.waitFor(async () => expect(await button(a.id)).toEqual(bookmarkedOnce));
    expect(search.mock.calls.every(([query]) => query === 'target.example')).toBe(true);

    await freshIndex();
    const b = fake.control.openTab({ url: 'https://many.example/7', title: 'B', active: false });
    search.mockClear();
    for (let round = 0; round < 5; round++) {
      await fake.browser.tabs.update(b.id, { active: true });
      await vi.waitFor(async () => expect(await button(b.id)).toEqual(bookmarkedOnce));
      await fake.browser.tabs.update(a.id, { active: true });
      await vi.waitFor(async () => expect(await button(a.id)).toEqual(bookmarkedOnce));
    }
    expect(search).not.toHaveBeenCalled();
  });

  it('a burst of bookmark changes (a cleanup, an import) is looked at once per burst, not once per change', async () => {
    const tab = fake.control.openTab({ url: 'https://burst.example/', title: 'Burst' });
    await vi.waitFor(async () => expect(await button(tab.id)).toEqual(notBookmarked));
    await env.app.toolbarButton.whenIdle();
    const query = vi.spyOn(fake.browser.tabs, 'query');
    for (let i = 0; i < 200; i++) await bookmark(`https://elsewhere.example/${i}`);
    await bookmark('https://burst.example/');
    await vi.waitFor(async () => expect(await button(tab.id)).toEqual(bookmarkedOnce));
    await env.app.toolbarButton.whenIdle();
    expect(query.mock.calls.length).toBeGreaterThan(0);
    expect(query.mock.calls.length).toBeLessThan(10);
  });

  it('a burst of changes to pages on hosts no tab shows (Sync, another extension) makes no look at the tabs at all', async () => {
    await freshIndex();
    const tab = fake.control.openTab({ url: 'https://mine.example/page', title: 'Mine' });
    await bookmark('https://mine.example/other');
    await env.app.toolbarButton.whenIdle();
    expect(await button(tab.id)).toEqual(notBookmarked);
    const query = vi.spyOn(fake.browser.tabs, 'query');
    const made = [];
    for (let i = 0; i < 200; i++) made.push(await bookmark(`https://elsewhere.example/${i}`));
    for (const node of made.slice(0, 100)) await fake.browser.bookmarks.remove(node.id);
    await fake.browser.bookmarks.update(made[150]!.id, { title: 'renamed' });
    await env.app.toolbarButton.whenIdle();
    expect(query).not.toHaveBeenCalled();
    // A change on the tab's host is looked at, and so is an address change (the old address is not in the event).
    await bookmark('https://mine.example/page');
    await vi.waitFor(async () => expect(await button(tab.id)).toEqual(bookmarkedOnce));
    expect(query).toHaveBeenCalledTimes(1);
    await fake.browser.bookmarks.update(made[150]!.id, { url: 'https://mine.example/page/' });
    await vi.waitFor(async () => expect(await button(tab.id)).toEqual(bookmarked(2)));
  });

  it('every tab’s button is kept current, also of tabs in the background, so a tab switch has nothing left to do', async () => {
    await bookmark('https://warm.example/');
    await env.app.toolbarButton.whenIdle(); // the index is fresh now
    const front = fake.control.openTab({ url: 'https://front.example/', title: 'Front' });
    const back = fake.control.openTab({ url: 'https://back.example/', title: 'Back', active: false });
    await vi.waitFor(async () => expect(await button(back.id)).toEqual(notBookmarked));
    await bookmark('https://back.example/');
    await vi.waitFor(async () => expect(await button(back.id)).toEqual(bookmarkedOnce));
    expect(await button(front.id)).toEqual(notBookmarked);
    fake.control.navigate(back.id, { url: 'https://warm.example/', title: 'Warm' });
    await vi.waitFor(async () => expect(await button(back.id)).toEqual(bookmarkedOnce));
    await env.app.toolbarButton.whenIdle();
    const calls = { get: vi.spyOn(fake.browser.tabs, 'get'), title: vi.spyOn(fake.browser.action, 'setTitle') };
    await fake.browser.tabs.update(back.id, { active: true });
    await env.app.toolbarButton.whenIdle();
    expect(calls.get).not.toHaveBeenCalled();
    expect(calls.title).not.toHaveBeenCalled();
    expect(await button(back.id)).toEqual(bookmarkedOnce);
  });

  it('after a Firefox restart (runtime.onStartup) every tab gets its state back', async () => {
    await bookmark('https://restart.example/');
    const a = fake.control.openTab({ url: 'https://restart.example/', title: 'A' });
    await vi.waitFor(async () => expect(await button(a.id)).toEqual(bookmarkedOnce));
    await env.app.toolbarButton.whenIdle();
    // Firefox starts again: the event page is gone and the tabs come back (here: load again) without button values.
    env.unload();
    fake.control.reload(a.id);
    env.start();
    expect(await button(a.id)).toMatchObject({ title: 'Tidymarks' });
    fake.control.startup();
    await vi.waitFor(async () => expect(await button(a.id)).toEqual(bookmarkedOnce));
  });

  it('regression: a slow lookup for the page a tab left does not overwrite the state of the page it shows now', async () => {
    // file: pages are looked up in Firefox by their exact URL even with a fresh index: a lookup that can be slow.
    await bookmark('file:///home/me/slow.html');
    await env.app.toolbarButton.whenIdle(); // no update for that change is left to repair a wrong state later
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let slowStarted!: () => void;
    const started = new Promise<void>((r) => (slowStarted = r));
    const realSearch = fake.browser.bookmarks.search.bind(fake.browser.bookmarks);
    vi.spyOn(fake.browser.bookmarks, 'search').mockImplementation(async (query) => {
      const result = await realSearch(query);
      if (typeof query === 'object' && query.url === 'file:///home/me/slow.html') {
        slowStarted();
        await held;
      }
      return result;
    });
    const tab = fake.control.openTab({ url: 'file:///home/me/slow.html', title: 'Slow' });
    await started;
    fake.control.navigate(tab.id, { url: 'file:///home/me/fast.html', title: 'Fast' });
    await vi.waitFor(async () => expect(await button(tab.id)).toEqual(notBookmarked));
    release();
    // The slow answer (bookmarked) arrives now and must be dropped.
    await env.app.toolbarButton.whenIdle();
    expect(await button(tab.id)).toEqual(notBookmarked);
  });

  it('a tab closed while its page is looked up leaves no error behind', async () => {
    const tab = fake.control.openTab({ url: 'https://closing.example/', title: 'Closing' });
    await fake.browser.tabs.remove(tab.id);
    const other = fake.control.openTab({ url: 'https://open.example/', title: 'Open' });
    await vi.waitFor(async () => expect(await button(other.id)).toEqual(notBookmarked));
    expect(fake.control.listenerErrors).toEqual([]);
  });
});

describe('toolbar button before the index is fresh', () => {
  it('regression: with the index answering from its snapshot, looking at every tab waits for the rebuild instead of asking again and again (the event page hung with 10,000 bookmarks)', async () => {
    const { createToolbarButtonFeature } = await import('../../../src/toolbar-button/feature');
    const { BookmarkTree } = await import('../../../src/search/bookmark-tree');
    const fake = createFakeBrowser();
    fake.control.openTab({ url: 'https://a.example/', title: 'A' });
    fake.control.openTab({ url: 'https://b.example/', title: 'B', active: false });
    let becomeFresh!: () => void;
    const fresh = new Promise<void>((r) => (becomeFresh = r));
    const live = {
      isFresh: false,
      tree: new BookmarkTree(),
      ready: async () => ({ bookmarks: 0, history: 0, ms: 0, source: 'snapshot' as const }),
      whenFresh: () => fresh,
    };
    const query = vi.spyOn(fake.browser.tabs, 'query');
    const feature = createToolbarButtonFeature({ browser: fake.browser, now: () => Date.now(), testBuild: true, live });
    await feature.updateTabs('all');
    await feature.whenIdle();
    // Only the active tab was looked at (by a search), once; nothing keeps asking.
    expect(query.mock.calls).toEqual([[{ active: true }]]);
    live.isFresh = true;
    becomeFresh();
    await vi.waitFor(() => expect(query.mock.calls).toEqual([[{ active: true }], [{}]]));
    await feature.whenIdle();
    const b = fake.control.tabs().find((t) => t.title === 'B')!;
    expect(await fake.browser.action.getTitle({ tabId: b.id })).toBe('Tidymarks: not bookmarked');
  });
});
