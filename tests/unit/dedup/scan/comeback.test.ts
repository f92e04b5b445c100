import { describe, expect, it } from 'vitest';
import { comebackOf, flagComebacks } from '../../../../src/dedup/scan/comeback';
import { NO_REMOVED_HISTORY, removedHistoryFrom } from '../../../../src/operation-history/removed-history';
import type { DuplicateGroup } from '../../../../src/dedup/scan/scan-types';

const history = removedHistoryFrom([
  { keys: ['guid-1', 'https://a.example/'], removedAt: 1000, sessionId: 'first' },
  { keys: ['https://a.example/'], removedAt: 2000, sessionId: 'second' },
]);

describe('sync comeback', () => {
  it('a copy whose own id was removed came back, whatever its date', () => {
    expect(comebackOf({ id: 'guid-1', url: 'https://elsewhere.example/', dateAdded: 1 }, history)).toEqual({ removedAt: 1000, sessionId: 'first' });
  });
  it('a copy of a removed URL added after the latest removal came back', () => {
    expect(comebackOf({ id: 'n', url: 'https://a.example/', dateAdded: 2500 }, history)).toEqual({ removedAt: 2000, sessionId: 'second' });
  });
  it('the copy that was kept (older than the removal, another id) is not flagged', () => {
    expect(comebackOf({ id: 'kept', url: 'https://a.example/', dateAdded: 1500 }, history)).toBeUndefined();
  });
  it('nothing is flagged without a history', () => {
    expect(comebackOf({ id: 'guid-1', url: 'https://a.example/', dateAdded: 9999 }, NO_REMOVED_HISTORY)).toBeUndefined();
  });
  it('flags copies and their group with the latest removal, and clears stale flags', () => {
    const copy = (id: string, dateAdded: number) => ({
      id,
      parentId: 'p',
      path: 'P',
      title: '',
      url: 'https://a.example/',
      dateAdded,
      index: 0,
      siblings: 3,
      tags: [],
      visits: 0,
      rules: [],
    });
    const group: DuplicateGroup = {
      key: 'k',
      rules: ['exact'],
      suggestedKeeperId: 'kept',
      keptBecause: [],
      copies: [copy('kept', 10), copy('guid-1', 10), copy('new', 3000)],
    };
    expect(flagComebacks([group], history)).toBe(2);
    expect(group.copies.map((c) => c.cameBack?.sessionId)).toEqual([undefined, 'first', 'second']);
    expect(group.cameBack).toEqual({ removedAt: 2000, sessionId: 'second' });
    expect(flagComebacks([group], removedHistoryFrom([]))).toBe(0);
    expect(group.cameBack).toBeUndefined();
    expect(group.copies.every((c) => c.cameBack === undefined)).toBe(true);
    // The shared "nothing removed" history clears stale flags too.
    flagComebacks([group], history);
    expect(flagComebacks([group], NO_REMOVED_HISTORY)).toBe(0);
    expect(group.cameBack).toBeUndefined();
    expect(group.copies.every((c) => c.cameBack === undefined)).toBe(true);
  });
  it('a history says whether anything was ever removed', () => {
    expect(NO_REMOVED_HISTORY.empty).toBe(true);
    expect(removedHistoryFrom([]).empty).toBe(true);
    expect(history.empty).toBe(false);
  });
});
