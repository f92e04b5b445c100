import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { openDB } from 'idb';
import { createClock, fingerprint, PLACES_DB_VERSION, type Clock } from '@tidymarks/places/background';
import { openTagStore } from '../../../src/tags/tag-store';
import { createFakeBrowser } from '../../fakes/browser';

let time = 1_000;
let clock: Clock;
let fake: ReturnType<typeof createFakeBrowser>;

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  time = 1_000;
  fake = createFakeBrowser({ now: () => time });
  clock = createClock({ browser: fake.browser, tagStore: openTagStore(), now: () => time, batchDelayMs: 1 });
  const b = fake.browser.bookmarks;
  b.onCreated.addListener((id, node) => clock.noteEvent('created', id, node));
  b.onChanged.addListener((id) => clock.noteEvent('changed', id));
  b.onMoved.addListener((id) => clock.noteEvent('moved', id));
});

const observe = async (id: string) => {
  const [node] = await fake.browser.bookmarks.get(id);
  return (await clock.observe([{ node }])).get(id)!;
};

/** How many read-write transactions of any database (the clock's among them) `work` opens. */
async function countReadWriteTransactions(work: () => Promise<unknown>): Promise<number> {
  const db = await new Promise<IDBDatabase>((resolve) => {
    const req = indexedDB.open('probe');
    req.onsuccess = () => resolve(req.result);
  });
  const proto = Object.getPrototypeOf(db) as { transaction: IDBDatabase['transaction'] };
  db.close();
  const transaction = proto.transaction;
  let writes = 0;
  proto.transaction = function (this: IDBDatabase, names: string | string[], mode?: IDBTransactionMode) {
    if (mode === 'readwrite') writes++;
    return transaction.call(this, names, mode);
  } as IDBDatabase['transaction'];
  try {
    await work();
  } finally {
    proto.transaction = transaction;
  }
  return writes;
}

describe('the updated clock', () => {
  it('the fingerprint covers parent, title, url and tags (not the index)', () => {
    const node = { id: 'x', parentId: 'p', title: 't', url: 'https://a.example/' };
    expect(fingerprint(node, ['a', 'B'])).toBe(fingerprint({ ...node }, ['b', 'A']));
    expect(fingerprint(node)).not.toBe(fingerprint({ ...node, title: 'u' }));
    expect(fingerprint(node)).not.toBe(fingerprint({ ...node, parentId: 'q' }));
    expect(fingerprint(node)).not.toBe(fingerprint(node, ['a']));
  });

  it('our own writes strictly increase `updated`, even within one millisecond', async () => {
    const node = await fake.browser.bookmarks.create({ parentId: 'unfiled_____', title: 't', url: 'https://a.example/' });
    const first = (await clock.recordWrites([{ node }])).get(node.id)!;
    const second = (await clock.recordWrites([{ node }])).get(node.id)!;
    expect(second).toBeGreaterThan(first);
    expect(await observe(node.id)).toBe(second);
  });

  it('events of our own writes do not bump; an edit by someone else does', async () => {
    const b = fake.browser.bookmarks;
    const node = await b.create({ parentId: 'unfiled_____', title: 't', url: 'https://a.example/' });
    const mine = (await clock.recordWrites([{ node }])).get(node.id)!;
    await clock.flush();
    expect(await observe(node.id)).toBe(mine);
    time += 10;
    await b.update(node.id, { title: 'someone else' });
    await clock.flush();
    expect(await observe(node.id)).toBeGreaterThan(mine);
  });

  it('an announced move is ours; an unannounced move (same parent, new index) is an edit', async () => {
    const b = fake.browser.bookmarks;
    const one = await b.create({ parentId: 'unfiled_____', title: '1', url: 'https://1.example/' });
    await b.create({ parentId: 'unfiled_____', title: '2', url: 'https://2.example/' });
    const start = (await clock.recordWrites([{ node: one }])).get(one.id)!;
    clock.expectMove(one.id);
    await b.move(one.id, { index: 2 });
    await clock.flush();
    expect(await observe(one.id)).toBe(start);
    await b.move(one.id, { index: 0 });
    await clock.flush();
    expect(await observe(one.id)).toBeGreaterThan(start);
  });

  it('an edit nobody heard (event page unloaded) counts as newer on the next read', async () => {
    const b = fake.browser.bookmarks;
    const node = await b.create({ parentId: 'unfiled_____', title: 't', url: 'https://a.example/' });
    const before = (await clock.recordWrites([{ node }])).get(node.id)!;
    fake.control.unload();
    await b.update(node.id, { title: 'offline edit' });
    expect(await observe(node.id)).toBeGreaterThan(before);
  });

  it('regression: a burst of bookmarks created by someone else costs no IndexedDB write; a read dates them, an edit makes them newer', async () => {
    const b = fake.browser.bookmarks;
    await clock.observe([]); // nothing to read yet: the database is not even opened
    const created: string[] = [];
    const writes = await countReadWriteTransactions(async () => {
      for (let i = 0; i < 50; i++) created.push((await b.create({ parentId: 'unfiled_____', title: `sync ${i}`, url: `https://sync.example/${i}` })).id);
      await clock.flush();
      await clock.settled();
    });
    expect(writes).toBe(0);
    time += 10;
    const first = await observe(created[7]!);
    expect(first).toBe(time);
    time += 10;
    await b.update(created[7]!, { title: 'edited by someone else' });
    await clock.flush();
    expect(await observe(created[7]!)).toBeGreaterThan(first);
  });

  it('forget() deletes what it held, and a removal of a bookmark it never saw costs no IndexedDB write', async () => {
    const seen = await fake.browser.bookmarks.create({ parentId: 'unfiled_____', title: 'seen', url: 'https://seen.example/' });
    const first = await observe(seen.id);
    await clock.flush(); // the created event's batch is written now, not during what is measured
    fake.control.unload(); // nobody listens: the next bookmark is one the clock never sees
    const unseen = await fake.browser.bookmarks.create({ parentId: 'unfiled_____', title: 'unseen', url: 'https://unseen.example/' });
    const writes = await countReadWriteTransactions(async () => {
      await clock.forget([unseen.id]);
    });
    expect(writes).toBe(0);
    expect(await countReadWriteTransactions(() => clock.forget([seen.id]))).toBe(1);
    // Forgotten: seen again later, it starts over as a new item with a newer time.
    time += 10;
    expect(await observe(seen.id)).toBeGreaterThan(first);
  });

  it('a read that failed because its database would not open is tried again on the next call, not kept', async () => {
    const node = await fake.browser.bookmarks.create({ parentId: 'unfiled_____', title: 't', url: 'https://a.example/' });
    const newer = await openDB('tidymarks-places', PLACES_DB_VERSION + 1);
    newer.close();
    // The pending batch of the create event fails the same way, and says so.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(clock.observe([{ node }])).rejects.toMatchObject({ name: 'VersionError' });
    await expect(clock.observe([{ node }])).rejects.toMatchObject({ name: 'VersionError' });
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.deleteDatabase('tidymarks-places');
      request.onsuccess = () => resolve();
      request.onerror = () => reject(request.error ?? new Error('delete failed'));
    });
    expect((await clock.observe([{ node }])).get(node.id)).toBe(time);
    expect(logged).toHaveBeenCalledWith('Places: could not update the change clock', expect.objectContaining({ name: 'VersionError' }));
    logged.mockRestore();
  });

  it('a batch of edits and moves by someone else reads their bookmarks with one call, and a bookmark gone meanwhile is skipped', async () => {
    const b = fake.browser.bookmarks;
    const folder = await b.create({ parentId: 'unfiled_____', title: 'F' });
    const nodes = [];
    for (let i = 0; i < 40; i++) nodes.push(await b.create({ parentId: 'unfiled_____', title: `t${i}`, url: `https://n${i}.example/` }));
    const before = new Map<string, number>();
    for (const node of nodes) before.set(node.id, await observe(node.id));
    const gets = vi.spyOn(b, 'get');
    time += 10;
    for (const [i, node] of nodes.entries()) {
      if (i % 2) await b.update(node.id, { title: `edited ${i}` });
      else await b.move(node.id, { parentId: folder.id });
    }
    // Removed before the batch is read: its edit is not recorded, the others are.
    await b.remove(nodes[3]!.id);
    await clock.flush();
    // One call for the batch (two more find the one that is gone), not one per bookmark.
    expect(gets.mock.calls.length).toBeLessThanOrEqual(1 + 2 * Math.ceil(Math.log2(nodes.length)));
    gets.mockRestore();
    for (const [i, node] of nodes.entries()) if (i !== 3) expect(await observe(node.id)).toBeGreaterThan(before.get(node.id)!);
  });
});
