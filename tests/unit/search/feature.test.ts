/**
 * The search feature as the background wires it: startBackground with the fake browser, requests through the real
 * router, index kept current by bookmark, history and tag events.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Client } from '../../../src/app-protocol/client';
import type { FakeBrowser } from '../../fakes/browser';
import { boot, type Booted } from '../../kit/boot';

const ids = (reply: { items: { id: string }[] }) => reply.items.map((i) => i.id);
const titles = (reply: { items: { title: string }[] }) => reply.items.map((i) => i.title);

describe('search feature in the background app', () => {
  let env: Booted;
  let fake: FakeBrowser;
  let client: Client;
  let clock: number;

  beforeEach(async () => {
    clock = 1_700_000_000_000;
    // Firefox's clock: a second passes with every call that reads it, so each bookmark has its own dateAdded.
    env = await boot({ now: () => (clock += 1000) });
    ({ fake, client } = env);
  });

  it('finds bookmarks and history by typed prefixes, bookmarks first, with folder paths and visits', async () => {
    const b = fake.browser;
    const dev = await b.bookmarks.create({ parentId: 'toolbar_____', title: 'Dev' });
    const rust = await b.bookmarks.create({ parentId: dev.id, title: 'Rust book', url: 'https://doc.rust-lang.org/book/' });
    await b.history.addUrl({ url: 'https://rust.example/blog', title: 'Rust blog' });
    await b.history.addUrl({ url: 'https://doc.rust-lang.org/book/', title: 'Rust book' });
    const reply = await client.call('search.query', { text: 'rus bo' });
    expect(reply.words).toEqual(['rus', 'bo']);
    expect(reply.items).toEqual([
      { kind: 'bookmark', id: rust.id, url: 'https://doc.rust-lang.org/book/', title: 'Rust book', folders: ['Bookmarks Toolbar', 'Dev'], tags: [], visitCount: 1 },
    ]);
    expect(titles(await client.call('search.query', { text: 'rust' }))).toEqual(['Rust book', 'Rust blog']);
  });

  it('keeps the index current from events without reloading: create, rename, move, folder rename, remove', async () => {
    const b = fake.browser;
    await client.call('search.query', { text: 'x' }); // loads the index
    const folder = await b.bookmarks.create({ parentId: 'unfiled_____', title: 'Recipes' });
    const other = await b.bookmarks.create({ parentId: 'menu________', title: 'Kitchen' });
    const pasta = await b.bookmarks.create({ parentId: folder.id, title: 'Pasta', url: 'https://pasta.example/' });
    expect(ids(await client.call('search.query', { text: 'recip' }))).toEqual([pasta.id]);
    await b.bookmarks.update(pasta.id, { title: 'Lasagne' });
    expect(ids(await client.call('search.query', { text: 'pasta' }))).toEqual([pasta.id]); // still in the URL
    expect(ids(await client.call('search.query', { text: 'lasag' }))).toEqual([pasta.id]);
    await b.bookmarks.update(folder.id, { title: 'Cooking' });
    expect(ids(await client.call('search.query', { text: 'recip' }))).toEqual([]);
    expect(ids(await client.call('search.query', { text: 'cook lasag' }))).toEqual([pasta.id]);
    await b.bookmarks.move(folder.id, { parentId: other.id });
    const [moved] = (await client.call('search.query', { text: 'lasag' })).items;
    expect(moved!.folders).toEqual(['Bookmarks Menu', 'Kitchen', 'Cooking']);
    await b.bookmarks.removeTree(other.id);
    expect(ids(await client.call('search.query', { text: 'lasag' }))).toEqual([]);
  });

  it('follows tag changes and filters by #tag and site:', async () => {
    const b = fake.browser;
    const a = await b.bookmarks.create({ parentId: 'unfiled_____', title: 'A page', url: 'https://docs.example.org/a' });
    const c = await b.bookmarks.create({ parentId: 'unfiled_____', title: 'C page', url: 'https://example.org/c' });
    await client.call('search.query', { text: 'page' });
    await client.call('tags.add', { urls: ['https://docs.example.org/a'], tags: ['ToRead'] });
    expect(ids(await client.call('search.query', { text: '#toread' }))).toEqual([a.id]);
    expect(ids(await client.call('search.query', { text: 'toread' }))).toEqual([a.id]);
    expect(ids(await client.call('search.query', { text: 'page site:example.org' }))).toEqual([c.id]);
    expect(ids(await client.call('search.query', { text: 'site:*.example.org' })).sort()).toEqual([a.id, c.id].sort());
  });

  it('gives the newest bookmarks for an empty box, before and after the index loaded', async () => {
    const b = fake.browser;
    const folder = await b.bookmarks.create({ parentId: 'toolbar_____', title: 'News' });
    await b.bookmarks.create({ parentId: folder.id, title: 'First', url: 'https://1.example/' });
    await b.bookmarks.create({ parentId: folder.id, title: 'Second', url: 'https://2.example/' });
    const cold = await client.call('search.query', { text: '' });
    expect(cold.items.map((i) => [i.title, i.folders])).toEqual([
      ['Second', ['Bookmarks Toolbar', 'News']],
      ['First', ['Bookmarks Toolbar', 'News']],
    ]);
    await client.call('search.query', { text: 'x' });
    expect(titles(await client.call('search.query', { text: '  ' }))).toEqual(['Second', 'First']);
  });

  it('answers again after the event page was unloaded and started again', async () => {
    await fake.browser.bookmarks.create({ parentId: 'unfiled_____', title: 'Survivor', url: 'https://s.example/' });
    expect(titles(await client.call('search.query', { text: 'surv' }))).toEqual(['Survivor']);
    env.restart();
    expect(titles(await client.call('search.query', { text: 'surv' }))).toEqual(['Survivor']);
  });

  it('tells whether the active tab is bookmarked under the safe rules, with every copy and its path', async () => {
    const b = fake.browser;
    const folder = await b.bookmarks.create({ parentId: 'toolbar_____', title: 'Read' });
    const one = await b.bookmarks.create({ parentId: folder.id, title: 'Story', url: 'https://example.org/story/' });
    const two = await b.bookmarks.create({ parentId: 'unfiled_____', title: 'Story again', url: 'https://EXAMPLE.org/story?utm_source=x' });
    await b.bookmarks.create({ parentId: 'unfiled_____', title: 'Other', url: 'https://example.org/other' });
    await client.call('tags.add', { urls: ['https://example.org/story/'], tags: ['news'] });
    fake.control.setActiveTab({ url: 'https://example.org/story', title: 'Story' });
    const page = await client.call('search.currentPage', {});
    expect(page.tab).toMatchObject({ url: 'https://example.org/story', title: 'Story' });
    expect(page.bookmarkable).toBe(true);
    expect(page.copies.map((c) => [c.id, c.folders, c.tags])).toEqual([
      [one.id, ['Bookmarks Toolbar', 'Read'], ['news']],
      [two.id, ['Other Bookmarks'], []],
    ]);
  });

  it('answers the current page from the fresh index without searching every bookmark, and sees a copy added a moment ago', async () => {
    const b = fake.browser;
    await client.call('search.query', { text: 'x' }); // loads the index from Firefox: it is fresh
    const one = await b.bookmarks.create({ parentId: 'toolbar_____', title: 'Story', url: 'https://example.org/story/' });
    let searches = 0;
    const search = b.bookmarks.search.bind(b.bookmarks);
    b.bookmarks.search = ((query: Parameters<typeof search>[0]) => (searches++, search(query))) as typeof b.bookmarks.search;
    fake.control.setActiveTab({ url: 'https://example.org/story', title: 'Story' });
    expect((await client.call('search.currentPage', {})).copies.map((c) => c.id)).toEqual([one.id]);
    const two = await b.bookmarks.create({ parentId: 'unfiled_____', title: 'Story again', url: 'https://EXAMPLE.org/story#' });
    const page = await client.call('search.currentPage', {});
    expect(page.copies.map((c) => [c.id, c.folders, c.index])).toEqual([
      [one.id, ['Bookmarks Toolbar'], 0],
      [two.id, ['Other Bookmarks'], 0],
    ]);
    expect(searches).toBe(0);
  });

  it('answers the current page, without the copy, when its folder is removed during the lookup (review: the popup threw)', async () => {
    const b = fake.browser;
    const folder = await b.bookmarks.create({ parentId: 'toolbar_____', title: 'Soon gone' });
    await b.bookmarks.create({ parentId: folder.id, title: 'Story', url: 'https://example.org/story/' });
    const kept = await b.bookmarks.create({ parentId: 'unfiled_____', title: 'Story again', url: 'https://example.org/story' });
    fake.control.setActiveTab({ url: 'https://example.org/story', title: 'Story' });
    // The toolbar button looked the tab up (and loaded the index): start from an index not loaded yet, as after the
    // event page woke, so the lookup searches Firefox; only this request's search is held.
    await env.app.toolbarButton.whenIdle();
    env.app.live.forget();
    const search = b.bookmarks.search.bind(b.bookmarks);
    let first = true;
    b.bookmarks.search = (async (query: Parameters<typeof search>[0]) => {
      const found = await search(query);
      if (first) {
        first = false;
        await b.bookmarks.removeTree(folder.id); // Removed after Firefox answered the search, before the path walk.
      }
      return found;
    }) as typeof b.bookmarks.search;
    const page = await client.call('search.currentPage', {});
    expect(page.copies.map((c) => [c.id, c.folders])).toEqual([[kept.id, ['Other Bookmarks']]]);
  });

  it('speaks about the active tab even when it is one of its own pages (it cannot be bookmarked), and honours an explicit tabId', async () => {
    const user = fake.control.setActiveTab({ url: 'https://user.example/', title: 'User page' });
    const own = fake.control.openTab({ url: `${fake.control.extensionOrigin}options/index.html`, title: 'Tidymarks', active: true });
    // Issue 29: the popup described the last web page here, with its Edit and Remove, as if it were this tab.
    expect(await client.call('search.currentPage', {})).toEqual({
      tab: { id: own.id, url: `${fake.control.extensionOrigin}options/index.html`, title: 'Tidymarks' },
      bookmarkable: false,
      copies: [],
    });
    expect((await client.call('search.currentPage', { tabId: user.id })).tab?.url).toBe('https://user.example/');
    await expect(client.call('search.currentPage', { tabId: 999 })).rejects.toMatchObject({ code: 'not-found' });
  });

  it('speaks about the tab the toolbar popup names, asking Firefox nothing about tabs; refuses a malformed one', async () => {
    const other = fake.control.setActiveTab({ url: 'https://other.example/', title: 'Other' });
    const here = fake.control.openTab({ url: 'https://here.example/', title: 'Here', active: false });
    const mine = await fake.browser.bookmarks.create({ parentId: 'unfiled_____', title: 'Here', url: 'https://here.example/' });
    const query = vi.spyOn(fake.browser.tabs, 'query');
    const get = vi.spyOn(fake.browser.tabs, 'get');
    const page = await client.call('search.currentPage', { tab: { id: here.id, url: 'https://here.example/', title: 'Here' } });
    expect(page.tab).toEqual({ id: here.id, url: 'https://here.example/', title: 'Here' });
    expect(page.copies.map((c) => c.id)).toEqual([mine.id]);
    // The toolbar button may look at every tab after the bookmark came; the current page's lookup asked nothing.
    expect(query.mock.calls.filter(([filter]) => filter?.lastFocusedWindow)).toEqual([]);
    expect(get).not.toHaveBeenCalled();
    for (const tab of [
      { id: -1, url: 'https://x.example/', title: '' },
      { id: 1, url: '', title: '' },
      { id: 1, url: 'https://x.example/' },
      { id: 1, url: 'https://x.example/', title: '', extra: 1 },
    ])
      await expect(client.call('search.currentPage', { tab } as never)).rejects.toMatchObject({ code: 'invalid-request' });
    expect((await client.call('search.currentPage', {})).tab?.id).toBe(other.id);
  });

  it('does not offer to bookmark pages that are not web pages', async () => {
    fake.control.setActiveTab({ url: 'about:config', title: 'Config' });
    expect(await client.call('search.currentPage', {})).toMatchObject({ bookmarkable: false, copies: [] });
  });

  it('opens a URL in the given tab or in a new one', async () => {
    const tab = fake.control.setActiveTab({ url: 'https://start.example/', title: 'Start' });
    await client.call('search.open', { url: 'https://next.example/', newTab: false, tabId: tab.id });
    expect(fake.control.tabs().find((t) => t.id === tab.id)?.url).toBe('https://next.example/');
    const { tabId } = await client.call('search.open', { url: 'https://new.example/', newTab: true });
    expect(fake.control.tabs().find((t) => t.id === tabId)?.url).toBe('https://new.example/');
  });

  it('opens only web addresses and its own pages from search results, with a clear message otherwise (review: any scheme was opened)', async () => {
    const tab = fake.control.setActiveTab({ url: 'https://start.example/', title: 'Start' });
    const before = fake.control.tabs().length;
    for (const [url, scheme] of [
      ['javascript:alert(1)', 'javascript:'],
      ['  JavaScript:alert(1)', 'javascript:'],
      ['java\tscript:alert(1)', 'javascript:'],
      ['data:text/html,<b>hi</b>', 'data:'],
      ['file:///etc/passwd', 'file:'],
      ['place:sort=8', 'place:'],
      ['about:config', 'about:'],
      ['moz-extension://someone-else/page.html', 'moz-extension:'],
    ]) {
      for (const newTab of [false, true]) {
        await expect(client.call('search.open', { url, newTab, tabId: tab.id })).rejects.toMatchObject({
          code: 'invalid-input',
          message: `Tidymarks does not open ${scheme} addresses from search results.`,
        });
      }
    }
    await expect(client.call('search.open', { url: 'not a url', newTab: true })).rejects.toMatchObject({ code: 'invalid-input' });
    expect(fake.control.tabs().length).toBe(before);
    expect(fake.control.tabs().find((t) => t.id === tab.id)?.url).toBe('https://start.example/');

    await client.call('search.open', { url: 'ftp://files.example/pub', newTab: false, tabId: tab.id });
    expect(fake.control.tabs().find((t) => t.id === tab.id)?.url).toBe('ftp://files.example/pub');
    const own = `${fake.control.extensionOrigin}options/index.html#duplicates`;
    const { tabId } = await client.call('search.open', { url: own, newTab: true });
    expect(fake.control.tabs().find((t) => t.id === tabId)?.url).toBe(own);
  });

  it('lists folders with their paths for the folder picker', async () => {
    const dev = await fake.browser.bookmarks.create({ parentId: 'toolbar_____', title: 'Dev' });
    const folders = await client.call('search.folders', {});
    expect(folders).toContainEqual({ id: dev.id, path: ['Bookmarks Toolbar', 'Dev'] });
    expect(folders.map((f) => f.id)).toContain('unfiled_____');
  });

  it('refuses malformed input with a clear error', async () => {
    await expect(client.call('search.query', { text: 'x'.repeat(501) } as never)).rejects.toMatchObject({ code: 'invalid-request' });
    await expect(client.call('search.open', { url: '', newTab: true })).rejects.toMatchObject({ code: 'invalid-request' });
  });
});
