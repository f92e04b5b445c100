/**
 * The one "where is this page bookmarked" lookup shared by the popup's current-page status and the quick bookmark.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { candidateSearchWord, findCopies } from '../../../src/url-matching/copies-of-url';
import { folderPath } from '../../../src/platform/folder-path';
import { matchKey } from '../../../src/url-matching/url-key';
import { DEFAULT_SETTINGS } from '../../../src/settings/settings';
import { createFakeBrowser, type FakeBrowser } from '../../fakes/browser';

const optInKey = (url: string) => matchKey(url, DEFAULT_SETTINGS.matching);

describe('candidateSearchWord', () => {
  it('is the host in lower case without www., for the schemes the matching rules normalize', () => {
    expect(candidateSearchWord('https://WWW.Example.org:8080/a?b#c')).toBe('example.org');
    expect(candidateSearchWord('http://user@docs.example/')).toBe('docs.example');
    expect(candidateSearchWord('ftp://files.example/pub')).toBe('files.example');
  });

  it('is undefined for URLs compared exactly', () => {
    expect(candidateSearchWord('file:///home/me/a.html')).toBeUndefined();
    expect(candidateSearchWord('mailto:me@example.org')).toBeUndefined();
  });
});

describe('findCopies and folderPath (against the fake browser)', () => {
  let fake: FakeBrowser;
  let devId: string;
  let deepId: string;

  beforeEach(async () => {
    fake = createFakeBrowser();
    const b = fake.browser.bookmarks;
    devId = (await b.create({ parentId: 'menu________', title: 'Dev' })).id;
    deepId = (await b.create({ parentId: devId, title: 'Deeper' })).id;
    await b.create({ parentId: devId, title: 'Guide', url: 'https://docs.example/guide/' });
    await b.create({ parentId: deepId, title: 'Guide again', url: 'https://docs.example/guide?utm_source=x' });
    await b.create({ parentId: 'toolbar_____', title: 'Other page', url: 'https://docs.example/other' });
    await b.create({ parentId: 'toolbar_____', title: 'docs.example guide', url: 'https://elsewhere.example/' });
    await b.create({ parentId: 'unfiled_____', title: 'docs.example/guide folder' });
    await b.create({ parentId: 'unfiled_____', title: 'Local', url: 'file:///home/me/notes.html' });
  });

  it('finds every bookmark with the same key, not pages of the same host, titles or folders mentioning it', async () => {
    const copies = await findCopies(fake.browser, 'https://DOCS.example/guide', optInKey);
    expect(copies.map((c) => c.title)).toEqual(['Guide', 'Guide again']);
    expect(copies[0]).toMatchObject({ parentId: devId, index: 1, url: 'https://docs.example/guide/' });
  });

  it('uses the safe matching rules by default: the opt-in rules never join pages', async () => {
    await fake.browser.bookmarks.create({ parentId: devId, title: 'Guide, chapter 2', url: 'https://docs.example/guide/?page=2' });
    await fake.browser.bookmarks.create({ parentId: devId, title: 'Guide over http', url: 'http://docs.example/guide/' });
    const titles = (await findCopies(fake.browser, 'https://DOCS.example/guide')).map((c) => c.title);
    // Tracking parameters, trailing slash and case are safe rules; query and scheme are opt-in rules.
    expect(titles).toEqual(['Guide', 'Guide again']);
  });

  it('compares URLs of other schemes exactly', async () => {
    expect((await findCopies(fake.browser, 'file:///home/me/notes.html')).map((c) => c.title)).toEqual(['Local']);
    expect(await findCopies(fake.browser, 'file:///home/me/other.html')).toEqual([]);
  });

  it('matches a bookmark whose key cannot be computed only by its exact URL', async () => {
    const picky = (url: string) => {
      if (url.includes('utm_source')) throw new Error('unreadable');
      return optInKey(url);
    };
    expect((await findCopies(fake.browser, 'https://docs.example/guide', picky)).map((c) => c.title)).toEqual(['Guide']);
    expect((await findCopies(fake.browser, 'https://docs.example/guide?utm_source=x', picky)).map((c) => c.title)).toEqual(['Guide again']);
  });

  it('names a folder’s path with the names Firefox shows for the roots', async () => {
    expect(await folderPath(fake.browser, deepId)).toEqual(['Bookmarks Menu', 'Dev', 'Deeper']);
    expect(await folderPath(fake.browser, 'unfiled_____')).toEqual(['Other Bookmarks']);
    const untitled = await fake.browser.bookmarks.create({ parentId: 'mobile______', title: '' });
    expect(await folderPath(fake.browser, untitled.id)).toEqual(['Mobile Bookmarks', '(untitled folder)']);
  });

  it('has no path for a bookmark, a separator, the invisible root or an unknown id', async () => {
    const [guide] = await fake.browser.bookmarks.search({ url: 'https://docs.example/guide/' });
    const separator = await fake.browser.bookmarks.create({ parentId: devId, type: 'separator' });
    expect(await folderPath(fake.browser, guide.id)).toBeUndefined();
    expect(await folderPath(fake.browser, separator.id)).toBeUndefined();
    expect(await folderPath(fake.browser, 'root________')).toBeUndefined();
    expect(await folderPath(fake.browser, 'nope________')).toBeUndefined();
  });

  it('has no path, rather than an error, for a folder removed while its path is read', async () => {
    const bookmarks = fake.browser.bookmarks;
    const get = bookmarks.get.bind(bookmarks);
    // The first call reads Deeper; Dev (above it) is then removed before the walk reaches it.
    bookmarks.get = (async (id: string) => {
      const nodes = await get(id);
      if (id === deepId) await bookmarks.removeTree(devId);
      return nodes;
    }) as typeof bookmarks.get;
    expect(await folderPath(fake.browser, deepId)).toBeUndefined();
  });

  it('reuses paths already walked in the same lookup', async () => {
    const cache = new Map<string, string[]>();
    expect(await folderPath(fake.browser, deepId, cache)).toEqual(['Bookmarks Menu', 'Dev', 'Deeper']);
    await fake.browser.bookmarks.update(devId, { title: 'Renamed' });
    expect(await folderPath(fake.browser, deepId, cache)).toEqual(['Bookmarks Menu', 'Dev', 'Deeper']);
    expect(await folderPath(fake.browser, deepId)).toEqual(['Bookmarks Menu', 'Renamed', 'Deeper']);
  });
});

describe('findCopies with a mirror of the tree (the search index, when fresh)', () => {
  it('reads the candidates the mirror names by id instead of searching, and matches them by key', async () => {
    const fake = createFakeBrowser();
    const b = fake.browser.bookmarks;
    const guide = await b.create({ parentId: 'toolbar_____', title: 'Guide', url: 'https://docs.example/guide/' });
    const other = await b.create({ parentId: 'toolbar_____', title: 'Other', url: 'https://docs.example/other' });
    let searches = 0;
    const counting = Object.create(fake.browser) as typeof fake.browser;
    Object.defineProperty(counting, 'bookmarks', {
      value: { ...b, search: (q: Parameters<typeof b.search>[0]) => (searches++, b.search(q)) },
    });
    const mirror = { bookmarkIdsOnHost: (word: string) => (word === 'docs.example' ? [guide.id, other.id] : []) };
    const copies = await findCopies(counting, 'https://docs.example/guide', undefined, mirror);
    expect(copies.map((c) => c.id)).toEqual([guide.id]);
    expect(copies[0]).toMatchObject({ parentId: 'toolbar_____', index: 0, title: 'Guide' });
    expect(await findCopies(counting, 'https://elsewhere.example/', undefined, mirror)).toEqual([]);
    expect(searches).toBe(0);
  });

  it('searches Firefox when the mirror names a bookmark that is gone (it lags behind)', async () => {
    const fake = createFakeBrowser();
    const b = fake.browser.bookmarks;
    const gone = await b.create({ parentId: 'toolbar_____', title: 'Gone', url: 'https://docs.example/guide' });
    const kept = await b.create({ parentId: 'unfiled_____', title: 'Kept', url: 'https://docs.example/guide#' });
    await b.remove(gone.id);
    const mirror = { bookmarkIdsOnHost: () => [gone.id] };
    expect((await findCopies(fake.browser, 'https://docs.example/guide', undefined, mirror)).map((c) => c.id)).toEqual([kept.id]);
  });
});
