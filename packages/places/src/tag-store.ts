// SPDX-License-Identifier: MPL-2.0
/**
 * The tag store: tags belong to a URL, as in Firefox's tagging service. One IndexedDB database
 * ('tidymarks-tags'), one record per tagged URL, and a multiEntry index on the lower-cased tag names that answers
 * "all URLs with tag x". Names are validated by tag-name.ts; two spellings of one tag are one tag, and the spelling
 * already in the store wins. Every write method validates all its input before it touches the store, so bad input
 * changes nothing.
 */
import type { DBSchema, IDBPDatabase, IDBPTransaction } from 'idb';
import { lazyDb } from './support/lazy-db';
import { english, type Translate } from './support/messages';
import { PlacesError } from './support/places-error';
import { normalizeTagList as normalizeList, normalizeTagName as normalizeName } from './tag-names';
import { tagKey } from './support/tag-key';

export const TAGS_DB_VERSION = 1;
const MAX_URL_LENGTH = 65536;

interface UrlTagsRecord {
  url: string;
  /** Spellings as kept, in the order they were added. */
  tags: string[];
  /** tagKey() of each tag, for the index. */
  keys: string[];
}

interface TagsDB extends DBSchema {
  urls: { key: string; value: UrlTagsRecord; indexes: { byTag: string } };
}

export interface TagCount {
  tag: string;
  count: number;
}

export interface UrlTags {
  url: string;
  tags: string[];
}

/** Called after every committed change with the URLs whose tags changed (their new tags; [] when none are left). */
export type TagChangeListener = (changes: UrlTags[]) => void;

/** One write of the store, as data: what preview() and edit() take. */
export type TagEdit =
  | { kind: 'add'; urls: readonly string[]; tags: readonly string[] }
  | { kind: 'remove'; urls: readonly string[]; tags: readonly string[] }
  | { kind: 'rename'; from: string; to: string }
  | { kind: 'merge'; from: readonly string[]; into: string }
  | { kind: 'delete'; tag: string }
  | { kind: 'set'; entries: readonly UrlTags[] }
  | { kind: 'forget'; urls: readonly string[] };

export interface TagStore {
  getTags(url: string): Promise<string[]>;
  getTagsForUrls(urls: readonly string[]): Promise<Map<string, string[]>>;
  /** Makes the URL's tags exactly `tags`. */
  setTags(url: string, tags: readonly string[]): Promise<string[]>;
  /** setTags for many URLs in one transaction. */
  setTagsMany(entries: readonly UrlTags[]): Promise<void>;
  addTags(urls: readonly string[], tags: readonly string[]): Promise<number>;
  removeTags(urls: readonly string[], tags: readonly string[]): Promise<number>;
  urlsWithTag(tag: string): Promise<string[]>;
  /** Every distinct tag, lower-cased (the index keys); cheap, for deciding how to search. */
  tagKeys(): Promise<string[]>;
  listTags(): Promise<TagCount[]>;
  /** Renames a tag everywhere; renaming onto an existing tag merges them. Returns the number of URLs changed. */
  renameTag(from: string, to: string): Promise<number>;
  mergeTags(from: readonly string[], into: string): Promise<number>;
  deleteTag(tag: string): Promise<number>;
  /** Drops every tag of the URL and returns the tags it had. */
  forgetUrl(url: string): Promise<string[]>;
  /** forgetUrl for many URLs in one transaction; returns the tags each had (URLs without tags are left out). */
  forgetUrls(urls: readonly string[]): Promise<Map<string, string[]>>;
  /**
   * What a write would leave on each URL it changes (spellings as the store would keep them), without writing: the
   * operation journal records it before the write. Refuses bad input as the write would.
   */
  preview(edit: TagEdit): Promise<UrlTags[]>;
  /** Runs a write given as data; returns the number of URLs it changed (renameTag's error when nothing has the tag). */
  edit(edit: TagEdit): Promise<number>;
  /** Makes each URL's tags exactly the given list, spellings and order as given (undo puts tags back as they were). */
  replaceTags(entries: readonly UrlTags[]): Promise<void>;
  all(): Promise<UrlTags[]>;
  clear(): Promise<void>;
  onChange(listener: TagChangeListener): () => void;
  close(): void;
}

type Tx = IDBPTransaction<TagsDB, ['urls'], 'readwrite'>;

function sameSpelledList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((tag, i) => tag === b[i]);
}

function record(url: string, tags: string[]): UrlTagsRecord {
  return { url, tags, keys: tags.map(tagKey) };
}

/** Upgrades from any older version to TAGS_DB_VERSION, one step at a time. */
function upgrade(db: IDBPDatabase<TagsDB>, oldVersion: number) {
  if (oldVersion < 1) {
    const urls = db.createObjectStore('urls', { keyPath: 'url' });
    urls.createIndex('byTag', 'keys', { multiEntry: true });
  }
}

export interface TagStoreOptions {
  /** The IndexedDB database's name. */
  name?: string;
  /** The refusals' words (English by default). */
  translate?: Translate;
}

export function openTagStore({ name = 'tidymarks-tags', translate = english }: TagStoreOptions = {}): TagStore {
  const checkUrl = (url: unknown): string => {
    if (typeof url !== 'string' || url === '' || url.length > MAX_URL_LENGTH) throw new PlacesError('invalid-input', translate('tagsUrlInvalid'));
    return url;
  };
  const normalizeTagList = (raw: Iterable<unknown>) => normalizeList(raw, translate);
  const normalizeTagName = (raw: unknown) => normalizeName(raw, translate);
  const db = lazyDb<TagsDB>(name, TAGS_DB_VERSION, upgrade);
  const listeners = new Set<TagChangeListener>();

  /**
   * Reads are answered from memory: the records are read once per event-page lifetime with one getAll (hundreds of
   * single gets cost far more in Firefox) and every committed change of this store is applied to the copy. The
   * background is the one writer, through this object.
   */
  let cache: Promise<Map<string, string[]>> | null = null;
  const loaded = () => {
    if (cache) return cache;
    const reading = db()
      .then((d) => d.getAll('urls'))
      .then((all) => new Map(all.map((r) => [r.url, r.tags])));
    // A failed read (the database would not open) is not kept: the next one tries again.
    reading.catch(() => {
      if (cache === reading) cache = null;
    });
    return (cache = reading);
  };

  const notify = (changes: UrlTags[]) => {
    if (!changes.length) return;
    for (const listener of [...listeners]) {
      try {
        listener(changes);
      } catch (error) {
        console.error('Places: a tag change listener failed', error);
      }
    }
  };

  /** The spelling the store already uses for each tag (first spelling wins), else the given one. */
  async function canonical(tx: Tx, tags: readonly string[], local = new Map<string, string>()): Promise<string[]> {
    const index = tx.store.index('byTag');
    const out: string[] = [];
    for (const tag of tags) {
      const key = tagKey(tag);
      let spelling = local.get(key);
      if (spelling === undefined) {
        const existing = await index.get(key);
        spelling = existing?.tags.find((t) => tagKey(t) === key) ?? tag;
        local.set(key, spelling);
      }
      out.push(spelling);
    }
    return out;
  }

  async function write(tx: Tx, url: string, tags: string[], changes: UrlTags[]) {
    if (tags.length) await tx.store.put(record(url, tags));
    else await tx.store.delete(url);
    changes.push({ url, tags });
  }

  /** Applies `edit` to every record that has `fromKey`. */
  async function rewriteTag(tx: Tx, fromKey: string, edit: (tags: string[]) => string[], changes: UrlTags[]) {
    const records = await tx.store.index('byTag').getAll(fromKey);
    for (const rec of records) await write(tx, rec.url, edit(rec.tags), changes);
    return records.length;
  }

  async function rename(tx: Tx, from: string, to: string, changes: UrlTags[]): Promise<number> {
    const fromKey = tagKey(from);
    const toKey = tagKey(to);
    const target = fromKey === toKey ? to : (await canonical(tx, [to]))[0];
    return rewriteTag(
      tx,
      fromKey,
      (tags) => {
        const out: string[] = [];
        for (const t of tags) {
          const next = tagKey(t) === fromKey || tagKey(t) === toKey ? target : t;
          if (!out.some((o) => tagKey(o) === tagKey(next))) out.push(next);
        }
        return out;
      },
      changes,
    );
  }

  /**
   * One readwrite transaction: `work` reads and writes, then it commits, the cache follows and listeners hear of it.
   * A dry run aborts it instead: nothing is written, and `work` has computed what would have been.
   */
  async function readwrite<T>(work: (tx: Tx, changes: UrlTags[]) => Promise<T>, { dryRun = false } = {}): Promise<T> {
    const tx = (await db()).transaction('urls', 'readwrite');
    const changes: UrlTags[] = [];
    let value: T;
    try {
      value = await work(tx, changes);
    } catch (error) {
      if (dryRun) {
        tx.abort();
        await tx.done.catch(() => undefined);
      }
      throw error;
    }
    if (dryRun) {
      tx.abort();
      await tx.done.catch(() => undefined);
      return value;
    }
    await tx.done;
    if (cache) {
      const map = await cache;
      for (const { url, tags } of changes) {
        if (tags.length) map.set(url, tags);
        else map.delete(url);
      }
    }
    notify(changes);
    return value;
  }

  /**
   * A write given as data, its input checked before any transaction (bad input changes nothing): the work it does
   * inside one, returning the number of URLs changed.
   */
  function prepare(edit: TagEdit): (tx: Tx, changes: UrlTags[]) => Promise<number> {
    switch (edit.kind) {
      case 'add': {
        edit.urls.forEach(checkUrl);
        const clean = normalizeTagList(edit.tags);
        return async (tx, changes) => {
          if (!clean.length || !edit.urls.length) return 0;
          const spelled = await canonical(tx, clean);
          let changed = 0;
          for (const url of new Set(edit.urls)) {
            const current = (await tx.store.get(url))?.tags ?? [];
            const keys = new Set(current.map(tagKey));
            const added = spelled.filter((t) => !keys.has(tagKey(t)));
            if (!added.length) continue;
            await write(tx, url, [...current, ...added], changes);
            changed++;
          }
          return changed;
        };
      }
      case 'remove': {
        edit.urls.forEach(checkUrl);
        const keys = new Set(normalizeTagList(edit.tags).map(tagKey));
        return async (tx, changes) => {
          if (!keys.size || !edit.urls.length) return 0;
          let changed = 0;
          for (const url of new Set(edit.urls)) {
            const current = (await tx.store.get(url))?.tags;
            if (!current) continue;
            const kept = current.filter((t) => !keys.has(tagKey(t)));
            if (kept.length === current.length) continue;
            await write(tx, url, kept, changes);
            changed++;
          }
          return changed;
        };
      }
      case 'rename': {
        const cleanFrom = normalizeTagName(edit.from);
        const cleanTo = normalizeTagName(edit.to);
        return async (tx, changes) => {
          const n = await rename(tx, cleanFrom, cleanTo, changes);
          if (!n) throw new PlacesError('not-found', translate('tagsRenameNotFound', cleanFrom));
          return n;
        };
      }
      case 'merge': {
        const sources = normalizeTagList(edit.from);
        const target = normalizeTagName(edit.into);
        return async (tx, changes) => {
          const touched = new Set<string>();
          for (const source of sources) {
            const before = changes.length;
            await rename(tx, source, target, changes);
            for (const c of changes.slice(before)) touched.add(c.url);
          }
          return touched.size;
        };
      }
      case 'delete': {
        const key = tagKey(normalizeTagName(edit.tag));
        return (tx, changes) => rewriteTag(tx, key, (tags) => tags.filter((t) => tagKey(t) !== key), changes);
      }
      case 'set': {
        const clean = edit.entries.map((e) => ({ url: checkUrl(e.url), tags: normalizeTagList(e.tags) }));
        return async (tx, changes) => {
          const local = new Map<string, string>();
          for (const e of clean) await write(tx, e.url, await canonical(tx, e.tags, local), changes);
          return clean.length;
        };
      }
      case 'forget':
        return async (tx, changes) => {
          let changed = 0;
          for (const url of new Set(edit.urls)) {
            if (!(await tx.store.get(url))) continue;
            await write(tx, url, [], changes);
            changed++;
          }
          return changed;
        };
    }
  }

  async function run(edit: TagEdit): Promise<number> {
    const perform = prepare(edit);
    if (edit.kind === 'set' && !edit.entries.length) return 0;
    return readwrite(perform);
  }

  return {
    async getTags(url) {
      return [...((await loaded()).get(url) ?? [])];
    },

    async getTagsForUrls(urls) {
      const map = await loaded();
      const out = new Map<string, string[]>();
      for (const url of urls) out.set(url, [...(map.get(url) ?? [])]);
      return out;
    },

    async setTags(url, tags) {
      checkUrl(url);
      const clean = normalizeTagList(tags);
      return readwrite(async (tx, changes) => {
        const spelled = await canonical(tx, clean);
        await write(tx, url, spelled, changes);
        return spelled;
      });
    },

    async setTagsMany(entries) {
      await run({ kind: 'set', entries });
    },

    addTags: (urls, tags) => run({ kind: 'add', urls, tags }),
    removeTags: (urls, tags) => run({ kind: 'remove', urls, tags }),

    async urlsWithTag(tag) {
      const key = tagKey(normalizeTagName(tag));
      return (await db()).getAllKeysFromIndex('urls', 'byTag', key);
    },

    async tagKeys() {
      const keys = new Set<string>();
      for (const tags of (await loaded()).values()) for (const tag of tags) keys.add(tagKey(tag));
      return [...keys];
    },

    async listTags() {
      const counts = new Map<string, TagCount>();
      for (const tags of (await loaded()).values()) {
        for (const tag of tags) {
          const key = tagKey(tag);
          const entry = counts.get(key);
          if (entry) entry.count++;
          else counts.set(key, { tag, count: 1 });
        }
      }
      return [...counts.values()].sort((a, b) => a.tag.localeCompare(b.tag, undefined, { sensitivity: 'base' }));
    },

    renameTag: (from, to) => run({ kind: 'rename', from, to }),
    mergeTags: (from, into) => run({ kind: 'merge', from, into }),
    deleteTag: (tag) => run({ kind: 'delete', tag }),

    async forgetUrl(url) {
      return readwrite(async (tx, changes) => {
        const current = await tx.store.get(url);
        if (!current) return [];
        await write(tx, url, [], changes);
        return current.tags;
      });
    },

    async forgetUrls(urls) {
      return readwrite(async (tx, changes) => {
        const had = new Map<string, string[]>();
        for (const url of new Set(urls)) {
          const current = await tx.store.get(url);
          if (!current) continue;
          await write(tx, url, [], changes);
          had.set(url, current.tags);
        }
        return had;
      });
    },

    async preview(edit) {
      const perform = prepare(edit);
      const changes = await readwrite(async (tx, changed) => (await perform(tx, changed), changed), { dryRun: true });
      const before = await loaded();
      // The last write of a URL is what it would keep; only URLs whose tags change.
      const after = new Map(changes.map((c) => [c.url, c.tags]));
      return [...after].filter(([url, tags]) => !sameSpelledList(before.get(url) ?? [], tags)).map(([url, tags]) => ({ url, tags }));
    },

    edit: (edit) => run(edit),

    async replaceTags(entries) {
      const clean = entries.map((e) => ({ url: checkUrl(e.url), tags: normalizeTagList(e.tags) }));
      if (!clean.length) return;
      await readwrite(async (tx, changes) => {
        for (const e of clean) await write(tx, e.url, e.tags, changes);
      });
    },

    async all() {
      return [...(await loaded())].map(([url, tags]) => ({ url, tags: [...tags] }));
    },

    async clear() {
      const urls = await (await db()).getAllKeys('urls');
      await (await db()).clear('urls');
      cache = Promise.resolve(new Map());
      notify(urls.map((url) => ({ url, tags: [] })));
    },

    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    close() {
      db.close();
      cache = null;
    },
  };
}
