// SPDX-License-Identifier: MPL-2.0
import { forceCloseDatabase } from 'fake-indexeddb';
import { openDB, unwrap, type DBSchema } from 'idb';
import { describe, expect, it, vi } from 'vitest';
import { lazyDb } from '../src/support/lazy-db';

interface TestDB extends DBSchema {
  items: { key: string; value: string };
}

let n = 0;
const freshName = () => `lazy-db-test-${++n}`;
const createItems = (db: Parameters<Parameters<typeof lazyDb<TestDB>>[2]>[0]) => void db.createObjectStore('items');

describe('lazyDb', () => {
  it('opens the database on first use, once, and upgrades it once', async () => {
    const upgrade = vi.fn(createItems);
    const db = lazyDb<TestDB>(freshName(), 1, upgrade, { report: vi.fn() });
    expect(upgrade).not.toHaveBeenCalled();
    const [a, b] = await Promise.all([db(), db()]);
    expect(a).toBe(b);
    expect(await db()).toBe(a);
    expect(upgrade).toHaveBeenCalledTimes(1);
    await a.put('items', 'value', 'key');
    expect(await (await db()).get('items', 'key')).toBe('value');
    db.close();
  });

  it('never keeps a failed open: the next call tries again', async () => {
    let fail = true;
    const db = lazyDb<TestDB>(
      freshName(),
      1,
      (d) => {
        if (fail) throw new Error('upgrade failed');
        createItems(d);
      },
      { report: vi.fn() },
    );
    await expect(db()).rejects.toThrow();
    fail = false;
    const opened = await db();
    expect(opened.objectStoreNames.contains('items')).toBe(true);
    db.close();
  });

  it('closes its connection when another one asks for a newer version, reports it, and opens again on next use', async () => {
    const name = freshName();
    const reportOld = vi.fn();
    const old = lazyDb<TestDB>(name, 1, createItems, { report: reportOld });
    const first = await old();
    const upgraded = lazyDb<TestDB>(name, 2, () => undefined, { report: vi.fn() });
    // Would wait forever if the old connection stayed open.
    expect((await upgraded()).version).toBe(2);
    expect(reportOld).toHaveBeenCalledWith(expect.stringMatching(/closed: another connection asks for version 2/));
    expect(() => first.transaction('items')).toThrow();
    // Version 1 cannot be opened any more (the database is at 2): refused, and not kept.
    await expect(old()).rejects.toMatchObject({ name: 'VersionError' });
    await expect(old()).rejects.toMatchObject({ name: 'VersionError' });
    upgraded.close();
  });

  it('closes its connection for a deletion of the database', async () => {
    const name = freshName();
    const report = vi.fn();
    const db = lazyDb<TestDB>(name, 1, createItems, { report });
    await (await db()).put('items', 'v', 'k');
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.deleteDatabase(name);
      request.onsuccess = () => resolve();
      request.onerror = () => reject(request.error ?? new Error('delete failed'));
    });
    expect(report).toHaveBeenCalledWith(expect.stringMatching(/asks for its deletion/));
    // Opened again (and created afresh) on next use.
    expect(await (await db()).get('items', 'k')).toBeUndefined();
    db.close();
  });

  it('reports an open blocked by another connection holding an older version, and opens once that one closes', async () => {
    const name = freshName();
    const holder = await openDB<TestDB>(name, 1, { upgrade: createItems });
    const report = vi.fn();
    const db = lazyDb<TestDB>(name, 2, () => undefined, { report });
    const opening = db();
    await vi.waitFor(() => expect(report).toHaveBeenCalledWith(expect.stringMatching(/waits to open version 2: another connection holds version 1/)));
    holder.close();
    expect((await opening).version).toBe(2);
    db.close();
  });

  it('forgets a connection the browser terminated: the next call opens a new one', async () => {
    const report = vi.fn();
    const db = lazyDb<TestDB>(freshName(), 1, createItems, { report });
    const first = await db();
    await first.put('items', 'kept', 'k');
    // fake-indexeddb's types declare the class where the function takes a connection.
    forceCloseDatabase(unwrap(first) as unknown as Parameters<typeof forceCloseDatabase>[0]);
    expect(report).toHaveBeenCalledWith(expect.stringMatching(/closed by the browser/));
    const second = await db();
    expect(second).not.toBe(first);
    expect(await second.get('items', 'k')).toBe('kept');
    db.close();
  });

  it('close() closes the connection; the next call opens the database again', async () => {
    const db = lazyDb<TestDB>(freshName(), 1, createItems, { report: vi.fn() });
    const first = await db();
    db.close();
    const second = await db();
    expect(second).not.toBe(first);
    expect(() => first.transaction('items')).toThrow();
    await second.put('items', 'v', 'k');
    db.close();
  });
});
