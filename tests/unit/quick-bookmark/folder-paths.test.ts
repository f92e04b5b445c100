import { describe, expect, it } from 'vitest';
import { findCopies, findFolder, formatPath, pickCopyToShow } from '../../../src/quick-bookmark/folder-paths';
import type { BookmarkNode } from '../../../src/platform/browser';

const folder = (id: string, title: string, children: BookmarkNode[], parentId = 'root________'): BookmarkNode =>
  ({ id, title, type: 'folder', parentId, children }) as BookmarkNode;
const bookmark = (id: string, url: string, parentId: string, title = url): BookmarkNode =>
  ({ id, title, type: 'bookmark', url, parentId }) as BookmarkNode;

const tree: BookmarkNode = folder('root________', '', [
  // Firefox's API titles the roots in lower case; the UI names come from ROOT_NAMES.
  folder('menu________', 'menu', [
    folder('dev', 'Dev', [bookmark('b1', 'https://example.org/', 'dev'), folder('deep', 'Deeper', [bookmark('b2', 'https://EXAMPLE.org', 'deep')], 'dev')], 'menu________'),
    { id: 'sep', type: 'separator', url: 'data:', parentId: 'menu________', title: '' } as BookmarkNode,
  ]),
  folder('toolbar_____', 'toolbar', [bookmark('b3', 'https://other.example/', 'toolbar_____')]),
  folder('unfiled_____', 'unfiled', [folder('empty', '', [], 'unfiled_____')]),
  folder('mobile______', 'mobile', []),
]);

const lowerKey = (url: string) => new URL(url).href.toLowerCase();

describe('findCopies', () => {
  it('lists every bookmark with the key, in tree order, with the folder path in the names Firefox shows', () => {
    const copies = findCopies([tree], lowerKey('https://example.org/'), lowerKey);
    expect(copies.map((c) => [c.id, formatPath(c.path)])).toEqual([
      ['b1', 'Bookmarks Menu › Dev'],
      ['b2', 'Bookmarks Menu › Dev › Deeper'],
    ]);
  });

  it('ignores separators (their url is "data:") and bookmarks whose key cannot be computed', () => {
    const picky = (url: string) => {
      if (url.startsWith('data:')) throw new Error('unreadable');
      return url;
    };
    expect(findCopies([tree], 'data:', picky)).toEqual([]);
  });

  it('prefers showing the copy with exactly the URL asked for', () => {
    const copies = findCopies([tree], lowerKey('https://example.org/'), lowerKey);
    expect(pickCopyToShow(copies, 'https://EXAMPLE.org')?.id).toBe('b2');
    expect(pickCopyToShow(copies, 'https://example.org/?x')?.id).toBe('b1');
    expect(pickCopyToShow([], 'https://example.org/')).toBeUndefined();
  });
});

describe('findFolder', () => {
  it('finds a nested folder with its path, and names untitled folders', () => {
    expect(findFolder([tree], 'deep')?.path).toEqual(['Bookmarks Menu', 'Dev', 'Deeper']);
    expect(findFolder([tree], 'empty')?.path).toEqual(['Other Bookmarks', '(untitled folder)']);
    expect(findFolder([tree], 'unfiled_____')?.path).toEqual(['Other Bookmarks']);
  });

  it('does not return bookmarks, separators, the invisible root or unknown ids', () => {
    expect(findFolder([tree], 'b1')).toBeUndefined();
    expect(findFolder([tree], 'sep')).toBeUndefined();
    expect(findFolder([tree], 'root________')).toBeUndefined();
    expect(findFolder([tree], 'nope')).toBeUndefined();
  });
});
