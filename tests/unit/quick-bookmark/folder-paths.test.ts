import { beforeEach, describe, expect, it } from 'vitest';
import { candidateSearchWord, findCopies, folderPath, formatPath, pickCopyToShow } from '../../../src/quick-bookmark/folder-paths';
import { matchKey } from '../../../src/dedup/url-key';
import { DEFAULT_SETTINGS } from '../../../src/settings/settings';
import { newFake } from './test-kit';
import type { FakeBrowser } from '../../fakes/browser';

const safeKey = (url: string) => matchKey(url, DEFAULT_SETTINGS.matching);

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
    fake = newFake();
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
    const copies = await findCopies(fake.browser, 'https://DOCS.example/guide', safeKey);
    expect(copies.map((c) => c.title)).toEqual(['Guide', 'Guide again']);
    expect(copies[0].parentId).toBe(devId);
  });

  it('compares URLs of other schemes exactly', async () => {
    expect((await findCopies(fake.browser, 'file:///home/me/notes.html', safeKey)).map((c) => c.title)).toEqual(['Local']);
    expect(await findCopies(fake.browser, 'file:///home/me/other.html', safeKey)).toEqual([]);
  });

  it('never matches a bookmark whose key cannot be computed', async () => {
    const picky = (url: string) => {
      if (url.includes('utm_source')) throw new Error('unreadable');
      return safeKey(url);
    };
    expect((await findCopies(fake.browser, 'https://docs.example/guide', picky)).map((c) => c.title)).toEqual(['Guide']);
  });

  it('prefers showing the copy with exactly the URL asked for', async () => {
    const copies = await findCopies(fake.browser, 'https://docs.example/guide', safeKey);
    expect(pickCopyToShow(copies, 'https://docs.example/guide?utm_source=x')?.title).toBe('Guide again');
    expect(pickCopyToShow(copies, 'https://docs.example/guide')?.title).toBe('Guide');
    expect(pickCopyToShow([], 'https://docs.example/')).toBeUndefined();
  });

  it('names a folder’s path with the names Firefox shows for the roots', async () => {
    expect(formatPath((await folderPath(fake.browser, deepId))!)).toBe('Bookmarks Menu › Dev › Deeper');
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
});
