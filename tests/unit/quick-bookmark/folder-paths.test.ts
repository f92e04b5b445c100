import { describe, expect, it } from 'vitest';
import { pickCopyToShow } from '../../../src/quick-bookmark/folder-paths';
import { formatPath } from '../../../src/platform/folder-path';
import type { BookmarkCopy } from '../../../src/url-matching/copies-of-url';

// Finding the copies and a folder's path: tests/unit/dedup/copies-of-url.test.ts.

const copy = (id: string, url: string): BookmarkCopy => ({ id, url, title: id, parentId: 'menu________', index: 0 });

describe('formatPath', () => {
  it('joins the folder names as Firefox’s Library shows them', () => {
    expect(formatPath(['Bookmarks Menu', 'Dev', 'Deeper'])).toBe('Bookmarks Menu › Dev › Deeper');
    expect(formatPath([])).toBe('');
  });
});

describe('pickCopyToShow', () => {
  it('prefers showing the copy with exactly the URL asked for', () => {
    const copies = [copy('Guide', 'https://docs.example/guide/'), copy('Guide again', 'https://docs.example/guide?utm_source=x')];
    expect(pickCopyToShow(copies, 'https://docs.example/guide?utm_source=x')?.title).toBe('Guide again');
    expect(pickCopyToShow(copies, 'https://docs.example/guide')?.title).toBe('Guide');
    expect(pickCopyToShow([], 'https://docs.example/')).toBeUndefined();
  });
});
