import { describe, expect, it } from 'vitest';
import { checkTagName, normalizeTagList, normalizeTagName, sameTagSet } from '../../../src/tags/tag-name';
import { tagKey } from '../../../src/platform/tag-key';

describe('tag names', () => {
  it('trims and accepts up to 100 characters', () => {
    expect(normalizeTagName('  work ')).toBe('work');
    expect(normalizeTagName('x'.repeat(100))).toHaveLength(100);
  });
  it('refuses empty, too long, a comma, or a non-string, with a clear message', () => {
    expect(checkTagName('   ')).toEqual({ ok: false, message: 'A tag cannot be empty.' });
    expect(checkTagName('x'.repeat(101)).ok).toBe(false);
    expect(() => normalizeTagName('a,b')).toThrow('A tag cannot contain a comma ("a,b").');
    expect(() => normalizeTagName(3)).toThrow('A tag must be a string.');
  });
  it('compares case-insensitively and keeps the first spelling', () => {
    expect(tagKey(' Work ')).toBe('work');
    expect(normalizeTagList(['Work', 'work', 'WORK', 'home'])).toEqual(['Work', 'home']);
    expect(sameTagSet(['A', 'b'], ['B', 'a'])).toBe(true);
    expect(sameTagSet(['A'], ['A', 'b'])).toBe(false);
  });
  it('a list with one bad tag is refused as a whole', () => {
    expect(() => normalizeTagList(['ok', ''])).toThrow('A tag cannot be empty.');
  });
});
