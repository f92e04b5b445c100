import { describe, expect, it } from 'vitest';
import { announceBulkRemoval, isBulkRemoval } from '../../../src/app/bulk-operations';

describe('bulk removal announcements', () => {
  it('marks the announced ids only until the announcement is taken back', () => {
    const end = announceBulkRemoval(['a', 'b']);
    expect(isBulkRemoval('a')).toBe(true);
    expect(isBulkRemoval('b')).toBe(true);
    expect(isBulkRemoval('c')).toBe(false);
    end();
    expect(isBulkRemoval('a')).toBe(false);
    expect(isBulkRemoval('b')).toBe(false);
  });

  it('keeps an id announced by two operations until both end, and ending twice changes nothing', () => {
    const first = announceBulkRemoval(['a']);
    const second = announceBulkRemoval(['a']);
    first();
    first();
    expect(isBulkRemoval('a')).toBe(true);
    second();
    expect(isBulkRemoval('a')).toBe(false);
  });
});
