import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { keywordOrNull, normalizeKeyword, openKeywordStore, type KeywordChange, type KeywordStore } from '../../../src/keywords';

let store: KeywordStore;
const A = 'https://a.example/';
const B = 'https://b.example/';

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  store = openKeywordStore();
});

describe('keywords as the store keeps them', () => {
  it('trimmed and lower-cased, as Firefox keeps them; one word, not empty, at most 1,000 characters', () => {
    expect(keywordOrNull('  MDN ')).toBe('mdn');
    expect(keywordOrNull('has space')).toBeNull();
    expect(keywordOrNull('')).toBeNull();
    expect(keywordOrNull(7)).toBeNull();
    expect(keywordOrNull('k'.repeat(1001))).toBeNull();
    expect(() => normalizeKeyword('two words')).toThrow(/cannot be a keyword/);
  });
});

describe('keyword store', () => {
  it('keeps one keyword per address, reads it back after the page unloads, and says what changed', async () => {
    const heard: KeywordChange[][] = [];
    store.onChange((changes) => heard.push(changes));
    await store.replaceKeywords([
      { url: A, keyword: 'AA' },
      { url: B, keyword: 'bb' },
    ]);
    await store.replaceKeywords([{ url: B, keyword: null }]);
    expect(heard).toEqual([
      [
        { url: A, keyword: 'aa' },
        { url: B, keyword: 'bb' },
      ],
      [{ url: B, keyword: null }],
    ]);
    store.close();
    const again = openKeywordStore();
    expect(await again.all()).toEqual([{ url: A, keyword: 'aa' }]);
    expect(await again.getKeywordsForUrls([A, B])).toEqual(new Map([[A, 'aa']]));
    expect(await again.urlOfKeyword('AA')).toBe(A);
  });

  it('refuses a keyword that would lead to two addresses, or a bad one, and changes nothing', async () => {
    await store.replaceKeywords([{ url: A, keyword: 'aa' }]);
    await expect(store.replaceKeywords([{ url: B, keyword: 'aa' }])).rejects.toMatchObject({ code: 'conflict' });
    await expect(
      store.replaceKeywords([
        { url: B, keyword: 'bb' },
        { url: A, keyword: 'not one' },
      ]),
    ).rejects.toMatchObject({ code: 'invalid-input' });
    await expect(store.replaceKeywords([{ url: '', keyword: 'x' }])).rejects.toMatchObject({ code: 'invalid-input' });
    expect(await store.all()).toEqual([{ url: A, keyword: 'aa' }]);
    // Moving a keyword from one address to another in one write is fine.
    await store.replaceKeywords([
      { url: A, keyword: null },
      { url: B, keyword: 'aa' },
    ]);
    expect(await store.all()).toEqual([{ url: B, keyword: 'aa' }]);
  });

  it('clear forgets every keyword', async () => {
    await store.replaceKeywords([{ url: A, keyword: 'aa' }]);
    await store.clear();
    expect(await store.all()).toEqual([]);
    store.close();
    expect(await openKeywordStore().all()).toEqual([]);
  });
});
