/**
 * The keyword store: a keyword belongs to an address, as in Firefox (PlacesUtils.keywords: one keyword leads to one
 * address). One IndexedDB database ('tidymarks-keywords'), one record per address with a keyword. Read from memory
 * after one getAll, as the tag store is; every write goes to IndexedDB first, in one transaction, and its input is
 * checked before the transaction (bad input changes nothing).
 */
import type { DBSchema, IDBPDatabase } from 'idb';
import { lazyDb } from '../platform/lazy-db';
import { AppError } from '../messaging/errors';
import { t } from '../i18n';
import { normalizeKeyword } from './keyword-name';

export const KEYWORDS_DB_VERSION = 1;
const MAX_URL_LENGTH = 65536;

export interface UrlKeyword {
  url: string;
  keyword: string;
}

/** One address's keyword after a write; null when it has none left. */
export interface KeywordChange {
  url: string;
  keyword: string | null;
}

export type KeywordChangeListener = (changes: KeywordChange[]) => void;

interface KeywordsDB extends DBSchema {
  urls: { key: string; value: UrlKeyword };
}

export interface KeywordStore {
  getKeywordsForUrls(urls: readonly string[]): Promise<Map<string, string>>;
  /** The address a keyword leads to, or null. */
  urlOfKeyword(keyword: string): Promise<string | null>;
  /**
   * Makes each address's keyword exactly the one given (null: none), in one transaction. Refuses a keyword that would
   * lead to two addresses.
   */
  replaceKeywords(entries: readonly KeywordChange[]): Promise<void>;
  all(): Promise<UrlKeyword[]>;
  clear(): Promise<void>;
  onChange(listener: KeywordChangeListener): () => void;
  close(): void;
}

function upgrade(db: IDBPDatabase<KeywordsDB>, oldVersion: number) {
  if (oldVersion < 1) db.createObjectStore('urls', { keyPath: 'url' });
}

function checkUrl(url: unknown): string {
  if (typeof url !== 'string' || url === '' || url.length > MAX_URL_LENGTH) throw new AppError('invalid-input', t('tagsUrlInvalid'));
  return url;
}

export function openKeywordStore(name = 'tidymarks-keywords'): KeywordStore {
  const db = lazyDb<KeywordsDB>(name, KEYWORDS_DB_VERSION, upgrade);
  const listeners = new Set<KeywordChangeListener>();
  let cache: Promise<Map<string, string>> | null = null;
  const loaded = () => {
    if (cache) return cache;
    const reading = db()
      .then((d) => d.getAll('urls'))
      .then((all) => new Map(all.map((r) => [r.url, r.keyword])));
    reading.catch(() => {
      if (cache === reading) cache = null;
    });
    return (cache = reading);
  };
  const notify = (changes: KeywordChange[]) => {
    if (!changes.length) return;
    for (const listener of [...listeners]) {
      try {
        listener(changes);
      } catch (error) {
        console.error('Tidymarks: a keyword change listener failed', error);
      }
    }
  };

  return {
    async getKeywordsForUrls(urls) {
      const map = await loaded();
      const out = new Map<string, string>();
      for (const url of urls) {
        const keyword = map.get(url);
        if (keyword !== undefined) out.set(url, keyword);
      }
      return out;
    },

    async urlOfKeyword(keyword) {
      const wanted = normalizeKeyword(keyword);
      for (const [url, k] of await loaded()) if (k === wanted) return url;
      return null;
    },

    async replaceKeywords(entries) {
      const clean = entries.map((e) => ({ url: checkUrl(e.url), keyword: e.keyword === null ? null : normalizeKeyword(e.keyword) }));
      if (!clean.length) return;
      const map = await loaded();
      // After the write, no keyword may lead to two addresses.
      const next = new Map(map);
      for (const e of clean) {
        if (e.keyword === null) next.delete(e.url);
        else next.set(e.url, e.keyword);
      }
      const leadsTo = new Map<string, string>();
      for (const [url, k] of next) {
        if (leadsTo.has(k)) throw new AppError('conflict', t('keywordTaken', k));
        leadsTo.set(k, url);
      }
      const tx = (await db()).transaction('urls', 'readwrite');
      for (const e of clean) {
        if (e.keyword === null) void tx.store.delete(e.url);
        else void tx.store.put({ url: e.url, keyword: e.keyword });
      }
      await tx.done;
      for (const e of clean) {
        if (e.keyword === null) map.delete(e.url);
        else map.set(e.url, e.keyword);
      }
      notify(clean);
    },

    async all() {
      return [...(await loaded())].map(([url, keyword]) => ({ url, keyword }));
    },

    async clear() {
      const map = await loaded();
      const gone = [...map.keys()].map((url) => ({ url, keyword: null }));
      await (await db()).clear('urls');
      map.clear();
      notify(gone);
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
