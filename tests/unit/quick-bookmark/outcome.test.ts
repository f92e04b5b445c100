import { describe, expect, it } from 'vitest';
import { describeOutcome } from '../../../src/quick-bookmark/outcome';

describe('describeOutcome', () => {
  it('names the saved page, where it went and its tags', () => {
    const text = describeOutcome({
      kind: 'saved',
      id: '1',
      url: 'https://a.example/',
      title: 'A page',
      folderId: 'f',
      folderPath: ['Other Bookmarks', 'Read later'],
      tags: ['later', 'web'],
    });
    expect(text).toEqual({ title: 'Bookmarked', message: 'A page\nin Other Bookmarks › Read later\nTags: later, web' });
  });

  it('says where an existing bookmark lives and how many copies exist', () => {
    const one = describeOutcome({ kind: 'already', url: 'u', existingId: '1', folderPath: ['Bookmarks Menu', 'Dev'], copies: 1 });
    expect(one.message).toBe('Already bookmarked in Bookmarks Menu › Dev. Nothing was added.');
    const three = describeOutcome({ kind: 'already', url: 'u', existingId: '1', folderPath: ['Bookmarks Menu', 'Dev'], copies: 3 });
    expect(three.message).toBe('Already bookmarked in Bookmarks Menu › Dev (3 copies exist). Nothing was added.');
  });

  it('explains why a page cannot be bookmarked', () => {
    expect(describeOutcome({ kind: 'unbookmarkable', url: 'about:config', reason: 'Firefox’s own pages (about:…) cannot be bookmarked.' })).toEqual({
      title: 'Cannot bookmark this page',
      message: 'Firefox’s own pages (about:…) cannot be bookmarked. Nothing was added.',
    });
  });
});
