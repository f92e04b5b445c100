import { describe, expect, it } from 'vitest';
import { folderLabel, splitPath, visitsLabel } from '../../../src/popup-ui/format';

describe('popup formatting', () => {
  it('splits a path for middle truncation: the deepest folder on its own, the rest ending in the separator', () => {
    expect(splitPath(['Bookmarks Menu', 'Dev', 'Rust', 'Async'])).toEqual({ head: 'Bookmarks Menu › Dev › Rust › ', tail: 'Async' });
    expect(splitPath(['Other Bookmarks'])).toEqual({ head: '', tail: 'Other Bookmarks' });
    expect(splitPath([])).toEqual({ head: '', tail: '' });
    const folders = ['A', 'B', 'C'];
    const { head, tail } = splitPath(folders);
    expect(head + tail).toBe(folderLabel(folders));
  });

  it('counts visits with plural rules and grouped digits', () => {
    expect(visitsLabel(1)).toBe('1 visit');
    expect(visitsLabel(2)).toBe('2 visits');
    expect(visitsLabel(0)).toBe('0 visits');
    expect(visitsLabel(12345)).toBe('12,345 visits');
  });
});
