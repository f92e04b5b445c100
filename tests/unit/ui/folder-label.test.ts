import { describe, expect, it } from 'vitest';
import { folderLabel, splitPath } from '../../../src/ui/folder-label';

describe('folder paths as text', () => {
  it('splits a path for middle truncation: the deepest folder on its own, the rest ending in the separator', () => {
    expect(splitPath(['Bookmarks Menu', 'Dev', 'Rust', 'Async'])).toEqual({ head: 'Bookmarks Menu › Dev › Rust › ', tail: 'Async' });
    expect(splitPath(['Other Bookmarks'])).toEqual({ head: '', tail: 'Other Bookmarks' });
    expect(splitPath([])).toEqual({ head: '', tail: '' });
    const folders = ['A', 'B', 'C'];
    const { head, tail } = splitPath(folders);
    expect(head + tail).toBe(folderLabel(folders));
  });
});
