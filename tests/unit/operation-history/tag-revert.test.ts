/** Tags taken back tag by tag (revertTags in src/operation-history/undo-tags.ts): only those still as the edit left them. */
import { describe, expect, it } from 'vitest';
import { revertTags } from '../../../src/operation-history/undo-tags';

describe('revertTags', () => {
  it('tags exactly as the edit left them come back exactly as they were, order and spelling included', () => {
    expect(revertTags(['b', 'a', 'new'], ['a', 'Old', 'b'], ['b', 'a', 'new'])).toEqual({ tags: ['a', 'Old', 'b'], conflict: false });
  });

  it('an added tag goes only while it is there; a tag someone added since stays', () => {
    expect(revertTags(['a', 'fruit', 'theirs'], ['a'], ['a', 'fruit'])).toEqual({ tags: ['a', 'theirs'], conflict: false });
    // Someone took it off already: nothing to do, and nothing to report.
    expect(revertTags(['a'], ['a'], ['a', 'fruit'])).toEqual({ tags: ['a'], conflict: false });
  });

  it('a removed tag comes back in its old place while it is still gone', () => {
    expect(revertTags(['a', 'c', 'theirs'], ['a', 'b', 'c'], ['a', 'c'])).toEqual({ tags: ['a', 'b', 'c', 'theirs'], conflict: false });
    expect(revertTags(['c'], ['b', 'c'], ['c'])).toEqual({ tags: ['b', 'c'], conflict: false });
    // Someone put it back already (in their spelling): theirs stays, no second copy.
    expect(revertTags(['a', 'c', 'B'], ['a', 'b', 'c'], ['a', 'c'])).toEqual({ tags: ['a', 'c', 'B'], conflict: true });
  });

  it('a respelled tag gets its old spelling only while it has the new one', () => {
    expect(revertTags(['work', 'x'], ['Work'], ['work'])).toEqual({ tags: ['Work', 'x'], conflict: false });
    expect(revertTags(['WORK', 'x'], ['Work'], ['work'])).toEqual({ tags: ['WORK', 'x'], conflict: true });
  });

  it('a URL whose tags all went since (its last bookmark was removed) gets back what the edit removed, nothing it added', () => {
    expect(revertTags([], ['a'], ['a', 'b'])).toEqual({ tags: [], conflict: false });
    expect(revertTags([], ['a', 'b'], [])).toEqual({ tags: ['a', 'b'], conflict: false });
  });
});
