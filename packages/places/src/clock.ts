// SPDX-License-Identifier: MPL-2.0
/**
 * The `updated` clock. Firefox exposes no lastModified on bookmarks, so the facade keeps, per item id, a strictly
 * increasing `updated` and a fingerprint of the item's fields (parent, title, url, tags) in IndexedDB
 * ('tidymarks-places'). Three things move it:
 *  - our own writes (recordWrites), which store the new fingerprint, so saving a snapshot a save just returned
 *    never looks like a conflict;
 *  - bookmark changed/moved events (noteEvent), from the background's batched bookmark events
 *    (support/bookmark-events.ts; every read delivers those still waiting first); events are queued and
 *    handled in batches, and an event whose item already has the stored fingerprint (our own write) is ignored,
 *    except moves nobody announced with expectMove. An item only created so far gets no record (its first read
 *    gives it one), so a burst of creations by Sync or another extension costs no IndexedDB work;
 *  - reads (observe): the fingerprint is recomputed, so an edit made while the event page was unloaded (by the user,
 *    by sync, by another extension) still counts as newer.
 */
import type { DBSchema, IDBPDatabase } from 'idb';
import type { Browser, BookmarkNode } from './support/browser';
import { getExisting } from './support/get-existing';
import { lazyDb } from './support/lazy-db';
import { createSerialQueue } from './support/serial-queue';
import type { TagStore } from './tag-store';

export const PLACES_DB_VERSION = 1;

interface ClockRecord {
  id: string;
  updated: number;
  fingerprint: string;
}

interface PlacesDB extends DBSchema {
  clock: { key: string; value: ClockRecord };
}

/** The fields whose change makes an item newer. Sibling re-indexing is not a change of the item itself. */
export interface Fingerprinted {
  id: string;
  parentId?: string;
  title?: string;
  url?: string;
  type?: string;
}

export function fingerprint(node: Fingerprinted, tags: readonly string[] = []): string {
  const sortedTags = tags.length
    ? [...tags]
        .map((t) => t.toLowerCase())
        .sort()
        .join(',')
    : '';
  return JSON.stringify([node.parentId ?? '', node.title ?? '', node.url ?? '', sortedTags]);
}

export interface ObservedNode {
  node: Fingerprinted;
  tags?: readonly string[];
  /** fingerprint(node, tags), when the caller has it already (the search index keeps it per node). */
  fingerprint?: string;
}

export interface Clock {
  /** The stored `updated` of each node, bumping any whose fingerprint changed since we last saw it. */
  observe(nodes: readonly ObservedNode[]): Promise<Map<string, number>>;
  /** Records our own writes: each item's `updated` becomes max(now, previous + 1). */
  recordWrites(nodes: readonly ObservedNode[]): Promise<Map<string, number>>;
  forget(ids: readonly string[]): Promise<void>;
  /** Queues a bookmarks event for the batch handler. */
  noteEvent(kind: 'created' | 'changed' | 'moved', id: string, node?: BookmarkNode): void;
  /** Announces a move we are about to make, so its onMoved does not count as someone else's edit. */
  expectMove(id: string): void;
  /** Takes back an announcement when the move failed (no event will come). */
  cancelMove(id: string): void;
  /** Marks an item we just created: its onCreated needs no work, recordWrites will store it. */
  noteOwnCreate(id: string): void;
  /** Handles every queued event now. */
  flush(): Promise<void>;
  /** Resolves once every queued event is handled and every record written so far is in IndexedDB. */
  settled(): Promise<void>;
  clear(): Promise<void>;
}

function upgrade(db: IDBPDatabase<PlacesDB>, oldVersion: number) {
  if (oldVersion < 1) db.createObjectStore('clock', { keyPath: 'id' });
}

export interface ClockDeps {
  browser: Browser;
  tagStore: TagStore;
  now: () => number;
  dbName?: string;
  /** How long events are gathered before one batch handles them (ms). */
  batchDelayMs?: number;
  /** Delivers bookmark events still waiting for their batch (support/bookmark-events.ts), before a read. */
  flushEvents?: () => void;
}

interface QueuedEvent {
  node?: BookmarkNode;
  /** A move nobody announced: counts as an edit even when the fingerprint stayed the same. */
  foreignMove: boolean;
  /** Only an onCreated so far (nothing changed it since). */
  createdOnly: boolean;
}

export function createClock({ browser, tagStore, now, dbName = 'tidymarks-places', batchDelayMs = 50, flushEvents }: ClockDeps): Clock {
  const db = lazyDb<PlacesDB>(dbName, PLACES_DB_VERSION, upgrade);

  const queue = new Map<string, QueuedEvent>();
  const expectedMoves = new Map<string, number>();
  const ownCreates = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** Event batches are handled one at a time, in order. */
  const batches = createSerialQueue();

  const next = (prev: number | undefined) => Math.max(now(), (prev ?? 0) + 1);

  async function withTags(nodes: readonly ObservedNode[]): Promise<ObservedNode[]> {
    const missing = nodes.filter((n) => n.tags === undefined && n.node.url).map((n) => n.node.url!);
    if (!missing.length) return nodes.map((n) => ({ node: n.node, tags: n.tags ?? [], fingerprint: n.fingerprint }));
    const tags = await tagStore.getTagsForUrls(missing);
    return nodes.map((n) => ({ node: n.node, tags: n.tags ?? (n.node.url ? (tags.get(n.node.url) ?? []) : []), fingerprint: n.fingerprint }));
  }

  /**
   * The records, read once per event-page lifetime with one getAll and then kept in memory. This clock is the only
   * writer of its store, so every change is applied to the map synchronously when it is decided (which also orders
   * competing writers: JavaScript runs one at a time) and persisted right after.
   */
  let records: Promise<Map<string, ClockRecord>> | null = null;
  const loaded = () => {
    if (records) return records;
    const reading = db()
      .then((d) => d.getAll('clock'))
      .then((all) => new Map(all.map((r) => [r.id, r])));
    // A failed read (the database would not open) is not kept: the next one tries again.
    reading.catch(() => {
      if (records === reading) records = null;
    });
    return (records = reading);
  };

  /** Settles once every write so far is stored (or reported failed): writes are awaited in the order they began. */
  const writes = createSerialQueue();
  let persisting: Promise<void> = Promise.resolve();
  function persist(put: ClockRecord[], remove: readonly string[] = []) {
    if (!put.length && !remove.length) return persisting;
    // Transactions are created in order, so IndexedDB applies them in the order the map changed.
    const done = db().then(async (d) => {
      const tx = d.transaction('clock', 'readwrite');
      await Promise.all([...put.map((r) => tx.store.put(r)), ...remove.map((id) => tx.store.delete(id)), tx.done]);
    });
    persisting = writes
      .run(() => done)
      .catch((error: unknown) => {
        console.error('Places: could not store the change clock', error);
      });
    return persisting;
  }

  async function handleBatch(batch: Map<string, QueuedEvent>) {
    // An item only created so far needs no record: its first read gives it one (observe), and a later edit makes it
    // newer from there. A burst of creations by Sync or another extension costs no lookup and no write.
    const entries = [...batch.entries()].filter(([id, e]) => {
      if (e.createdOnly) ownCreates.delete(id);
      return !e.createdOnly;
    });
    // One bookmarks.get for the batch (an edit or move event carries no node), not one call per item.
    const toRead = entries.filter(([, e]) => !e.node).map(([id]) => id);
    const read = toRead.length ? await getExisting(browser, toRead).catch(() => new Map<string, BookmarkNode>()) : new Map<string, BookmarkNode>();
    const present = entries.map(([id, e]) => ({ id, e, node: e.node ?? read.get(id) })).filter((x) => x.node);
    const observed = await withTags(present.map((x) => ({ node: x.node! })));
    const map = await loaded();
    const changed: ClockRecord[] = [];
    present.forEach(({ id, e }, i) => {
      const fp = fingerprint(observed[i].node, observed[i].tags);
      const rec = map.get(id);
      if (rec && rec.fingerprint === fp && !e.foreignMove) return;
      const record = { id, updated: next(rec?.updated), fingerprint: fp };
      map.set(id, record);
      changed.push(record);
    });
    await persist(changed);
  }

  function schedule() {
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      void flush();
    }, batchDelayMs);
  }

  function flush(): Promise<void> {
    // Events Firefox already sent come first (they call noteEvent, synchronously).
    flushEvents?.();
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    const batch = new Map(queue);
    queue.clear();
    return batches
      .run(async () => (batch.size ? handleBatch(batch) : undefined))
      .catch((error: unknown) => {
        console.error('Places: could not update the change clock', error);
      });
  }

  return {
    async observe(nodes) {
      if (!nodes.length) return new Map();
      await flush();
      // Callers that know every fingerprint (the search index) need no tag lookup.
      const full = nodes.every((n) => n.fingerprint !== undefined) ? nodes : await withTags(nodes);
      const map = await loaded();
      const out = new Map<string, number>();
      const changed: ClockRecord[] = [];
      for (const { node, tags, fingerprint: known } of full) {
        const fp = known ?? fingerprint(node, tags);
        const rec = map.get(node.id);
        if (rec && rec.fingerprint === fp) {
          out.set(node.id, rec.updated);
          continue;
        }
        const record = { id: node.id, updated: next(rec?.updated), fingerprint: fp };
        map.set(node.id, record);
        changed.push(record);
        out.set(node.id, record.updated);
      }
      // A read that changed nothing does not wait for earlier writes to reach IndexedDB (the map is what counts; a
      // search right after a save of thousands of records would otherwise wait for all of them).
      if (changed.length) await persist(changed);
      return out;
    },

    async recordWrites(nodes) {
      const out = new Map<string, number>();
      if (!nodes.length) return out;
      const full = await withTags(nodes);
      const map = await loaded();
      const changed: ClockRecord[] = [];
      for (const { node, tags } of full) {
        const record = { id: node.id, updated: next(map.get(node.id)?.updated), fingerprint: fingerprint(node, tags) };
        map.set(node.id, record);
        changed.push(record);
        out.set(node.id, record.updated);
        ownCreates.delete(node.id);
      }
      await persist(changed);
      return out;
    },

    async forget(ids) {
      if (!ids.length) return;
      for (const id of ids) queue.delete(id);
      const map = await loaded();
      // Only what the clock holds is deleted: a removal of a bookmark it never saw (most of them, in a bulk cleanup
      // or a sync) costs no IndexedDB transaction.
      const held = ids.filter((id) => map.delete(id));
      if (held.length) await persist([], held);
    },

    noteEvent(kind, id, node) {
      let foreignMove = false;
      if (kind === 'moved') {
        const expected = expectedMoves.get(id) ?? 0;
        if (expected > 0) {
          if (expected === 1) expectedMoves.delete(id);
          else expectedMoves.set(id, expected - 1);
        } else foreignMove = true;
      }
      const prev = queue.get(id);
      queue.set(id, {
        createdOnly: kind === 'created' && (!prev || prev.createdOnly),
        node: kind === 'created' ? node : undefined,
        foreignMove: foreignMove || (prev?.foreignMove ?? false),
      });
      schedule();
    },

    expectMove(id) {
      expectedMoves.set(id, (expectedMoves.get(id) ?? 0) + 1);
    },

    noteOwnCreate(id) {
      ownCreates.add(id);
    },

    cancelMove(id) {
      const expected = expectedMoves.get(id) ?? 0;
      if (expected <= 1) expectedMoves.delete(id);
      else expectedMoves.set(id, expected - 1);
    },

    flush,

    async settled() {
      await flush();
      await persisting;
    },

    async clear() {
      queue.clear();
      expectedMoves.clear();
      ownCreates.clear();
      await flush();
      await persisting;
      records = Promise.resolve(new Map());
      await (await db()).clear('clock');
    },
  };
}
