import { IDBFactory } from 'fake-indexeddb';
import { openDB } from 'idb';
import { beforeEach, describe, expect, it } from 'vitest';
import { openTagStore, TAGS_DB_VERSION, type TagStore, type UrlTags } from '../../../src/tags/tag-store';

let store: TagStore;
const A = 'https://a.example/';
const B = 'https://b.example/';
const C = 'https://c.example/';

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  store = openTagStore();
});

describe('tag store', () => {
  it('setTags makes the exact set; getTags/getTagsForUrls read it back', async () => {
    await store.setTags(A, ['a', 'b']);
    await store.setTags(A, ['b', 'c']);
    expect(await store.getTags(A)).toEqual(['b', 'c']);
    expect(await store.getTagsForUrls([A, B])).toEqual(
      new Map([
        [A, ['b', 'c']],
        [B, []],
      ]),
    );
  });

  it('compares case-insensitively and keeps the first spelling, across URLs', async () => {
    await store.setTags(A, ['Work', 'work']);
    await store.addTags([B], ['WORK', 'home']);
    expect(await store.getTags(A)).toEqual(['Work']);
    expect(await store.getTags(B)).toEqual(['Work', 'home']);
    expect((await store.urlsWithTag('wOrK')).sort()).toEqual([A, B]);
  });

  it('bad names change nothing and say why', async () => {
    await store.setTags(A, ['keep']);
    await expect(store.setTags(A, ['ok', 'a,b'])).rejects.toThrow('A tag cannot contain a comma');
    await expect(store.addTags([A], [' '])).rejects.toThrow('A tag cannot be empty.');
    await expect(store.addTags([A], ['x'.repeat(101)])).rejects.toThrow(/at most 100/);
    expect(await store.getTags(A)).toEqual(['keep']);
  });

  it('addTags and removeTags on many URLs, counting what changed', async () => {
    expect(await store.addTags([A, B, C], ['t', 'u'])).toBe(3);
    expect(await store.addTags([A], ['T'])).toBe(0);
    expect(await store.removeTags([A, B], ['T'])).toBe(2);
    expect(await store.getTags(A)).toEqual(['u']);
    expect(await store.getTags(C)).toEqual(['t', 'u']);
    expect(await store.removeTags([A], ['u'])).toBe(1);
    expect(await store.all()).toHaveLength(2);
  });

  it('listTags counts URLs per tag, by name', async () => {
    await store.addTags([A, B], ['beta']);
    await store.addTags([A], ['Alpha']);
    expect(await store.listTags()).toEqual([
      { tag: 'Alpha', count: 1 },
      { tag: 'beta', count: 2 },
    ]);
  });

  it('renameTag renames everywhere; onto an existing tag it merges; a respelling changes the case', async () => {
    await store.setTags(A, ['old', 'x']);
    await store.setTags(B, ['old', 'new']);
    await store.setTags(C, ['New']);
    expect(await store.renameTag('OLD', 'new')).toBe(2);
    expect(await store.getTags(A)).toEqual(['new', 'x']);
    expect(await store.getTags(B)).toEqual(['new']);
    expect(await store.renameTag('new', 'NEW')).toBe(3);
    expect(await store.listTags()).toEqual([
      { tag: 'NEW', count: 3 },
      { tag: 'x', count: 1 },
    ]);
    await expect(store.renameTag('missing', 'y')).rejects.toMatchObject({ code: 'not-found' });
  });

  it('mergeTags folds several tags into one', async () => {
    await store.setTags(A, ['js']);
    await store.setTags(B, ['javascript', 'ecmascript']);
    expect(await store.mergeTags(['js', 'ecmascript'], 'javascript')).toBe(2);
    expect(await store.listTags()).toEqual([{ tag: 'javascript', count: 2 }]);
  });

  it('deleteTag removes it from every URL; forgetUrl returns what the URL had', async () => {
    await store.setTags(A, ['gone', 'stay']);
    await store.setTags(B, ['gone']);
    expect(await store.deleteTag('GONE')).toBe(2);
    expect(await store.all()).toEqual([{ url: A, tags: ['stay'] }]);
    expect(await store.forgetUrl(A)).toEqual(['stay']);
    expect(await store.forgetUrl(A)).toEqual([]);
  });

  it('forgetUrls drops many URLs in one go and says what they had', async () => {
    await store.setTags(A, ['a']);
    await store.setTags(B, ['b']);
    expect(await store.forgetUrls([A, B, C])).toEqual(
      new Map([
        [A, ['a']],
        [B, ['b']],
      ]),
    );
    expect(await store.all()).toEqual([]);
  });

  it('onChange reports the URLs whose tags changed, after the commit', async () => {
    const seen: UrlTags[][] = [];
    const off = store.onChange((c) => seen.push(c));
    await store.setTags(A, ['a']);
    await store.setTagsMany([
      { url: B, tags: ['b'] },
      { url: C, tags: [] },
    ]);
    off();
    await store.setTags(A, ['z']);
    expect(seen).toEqual([
      [{ url: A, tags: ['a'] }],
      [
        { url: B, tags: ['b'] },
        { url: C, tags: [] },
      ],
    ]);
  });

  it('has a versioned schema with a multiEntry index on lower-cased tags', async () => {
    await store.setTags(A, ['Mixed']);
    store.close();
    const db = await openDB('tidymarks-tags', TAGS_DB_VERSION);
    const index = db.transaction('urls').store.index('byTag');
    expect(index.multiEntry).toBe(true);
    expect(await index.getAllKeys('mixed')).toEqual([A]);
    db.close();
  });

  it('a read that failed because the database would not open is tried again on the next call, not kept', async () => {
    // A database at a newer version than ours cannot be opened (VersionError)...
    const newer = await openDB('tidymarks-tags', TAGS_DB_VERSION + 1);
    newer.close();
    await expect(store.getTags(A)).rejects.toMatchObject({ name: 'VersionError' });
    await expect(store.listTags()).rejects.toMatchObject({ name: 'VersionError' });
    // ...until it is gone: then the same store opens it afresh.
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.deleteDatabase('tidymarks-tags');
      request.onsuccess = () => resolve();
      request.onerror = () => reject(request.error ?? new Error('delete failed'));
    });
    expect(await store.getTags(A)).toEqual([]);
    await store.setTags(A, ['back']);
    expect(await store.getTags(A)).toEqual(['back']);
  });

  it('clear empties the store', async () => {
    await store.setTags(A, ['a']);
    await store.clear();
    expect(await store.all()).toEqual([]);
  });
});
