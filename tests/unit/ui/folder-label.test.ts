import { describe, expect, it } from 'vitest';
import { folderLabel } from '../../../src/ui/folder-label';

describe('folder paths as text', () => {
  it('joins the folders with the separator: the tooltip and what screen readers read', () => {
    expect(folderLabel(['Bookmarks Menu', 'Dev', 'Rust', 'Async'])).toBe('Bookmarks Menu › Dev › Rust › Async');
    expect(folderLabel(['Other Bookmarks'])).toBe('Other Bookmarks');
    expect(folderLabel([])).toBe('');
  });
});
