/**
 * The in-memory search index behind search as you type. Pure data structure, no browser APIs.
 *
 * Documents are bookmarks (keyed by bookmark id) and history entries (keyed by URL). Tags belong to a URL, as in
 * Firefox, and apply to every document of that URL.
 *
 * Layout, chosen for per-keystroke queries over 200k documents and for memory (the event page holds it at 100,000
 * bookmarks: one JavaScript object, array or Map entry per document or token cost 83 MB there, see
 * docs/ARCHITECTURE.md):
 * - every document gets an integer id; ids only grow. Its fields are columns indexed by it (typed arrays for numbers,
 *   plain arrays for the strings, which are shared with the tree), its tokens a slice of one Int32Array of token ids
 *   with a Uint8Array of field masks (document-columns.ts; its words per field: document-fields.ts);
 * - tokens are interned as ids; token -> posting list of `docId * 32 + fieldMask` numbers, packed in one Int32Array
 *   with an offset per token (posting-lists.ts; seal(): after a build, and by a query when enough was added since);
 * - token ids sorted by their strings answer "tokens starting with p" with a binary search and a short scan
 *   (token-dictionary.ts);
 * - a query drives from its most selective word (the one with the fewest postings), checks the other words against
 *   the candidate's own short token list, and keeps the best `limit` hits in a bounded heap: no sorting of all
 *   candidates, no allocation per candidate (query-matching.ts, top-hits.ts; the scores: ranking.ts).
 * - removals and updates leave tombstones; the index compacts itself when a quarter of its documents are dead, or,
 *   inside `withoutCompaction` (a batch of bookmark events: the live index compacts once the burst is over), only
 *   when the dead outnumber the live.
 *
 * This file keeps the documents of each URL (its bookmarks, its history entry, its tags and visits) and the index's
 * life: writing, removing, re-indexing and compacting documents, and turning the kept hits into results.
 */
import { BookmarksByUrl } from './bookmarks-by-url';
import { DocumentColumns, KIND_BOOKMARK, KIND_HISTORY, type DocData } from './document-columns';
import { fieldWords } from './document-fields';
import type { ParsedQuery } from './parse-query';
import { PostingLists } from './posting-lists';
import { QueryMatcher } from './query-matching';
import { StaticRanks, staticScore } from './ranking';
import { TokenDictionary } from './token-dictionary';
import { fold } from './tokenize';
import { TopK } from './top-hits';
import type { SearchResultItem } from './types';

export interface BookmarkInput {
  id: string;
  url: string;
  title: string;
  /** Folder path from the root, e.g. ['Bookmarks Toolbar', 'Dev']. */
  folders: string[];
  dateAdded: number;
}

export interface HistoryInput {
  url: string;
  title: string;
  visitCount: number;
  lastVisit: number;
}

/** One ranked result inside the index: what the popup gets (SearchResultItem) plus what ranking needs. */
export interface SearchHit extends SearchResultItem {
  lastVisit: number;
  dateAdded: number;
  score: number;
}

export interface SearchIndexOptions {
  /** Postings above which a one-word query first tries the static-order walk (tests lower it). */
  staticScanThreshold?: number;
}

export class SearchIndex {
  private readonly docs = new DocumentColumns();
  private readonly dictionary = new TokenDictionary();
  private readonly postings = new PostingLists();
  private readonly ranks = new StaticRanks();
  private readonly matcher: QueryMatcher;
  /** Many documents go at once (removeBookmarks, withoutCompaction): compaction waits for the last of them. */
  private compactionHolds = 0;

  private readonly byBookmarkId = new Map<string, number>();
  private readonly historyByUrl = new Map<string, number>();
  /** Live bookmark documents per URL (history of a bookmarked URL is shown as the bookmark). */
  private readonly bookmarksByUrl = new BookmarksByUrl();
  private readonly tagsByUrl = new Map<string, string[]>();
  /** Tidymarks' keyword of an address (src/keywords): its bookmarks are found by it, as by a tag. */
  private readonly keywordsByUrl = new Map<string, string>();
  private readonly visitsByUrl = new Map<string, number>();

  constructor(options: SearchIndexOptions = {}) {
    const { docs, dictionary, postings, ranks, tagsByUrl } = this;
    this.matcher = new QueryMatcher({ docs, dictionary, postings, ranks, tagsByUrl, docIdsOfUrl: (url) => this.docIdsOfUrl(url) }, options.staticScanThreshold);
  }

  get size(): { bookmarks: number; history: number } {
    return { bookmarks: this.byBookmarkId.size, history: this.historyByUrl.size };
  }

  // ---- writing ----

  upsertBookmark(input: BookmarkInput): void {
    this.removeBookmark(input.id);
    const docId = this.addDoc({
      kind: 'bookmark',
      key: input.id,
      url: input.url,
      title: input.title,
      folders: input.folders,
      dateAdded: input.dateAdded,
      lastVisit: 0,
    });
    this.byBookmarkId.set(input.id, docId);
    this.linkBookmarkUrl(input.url, docId);
  }

  private linkBookmarkUrl(url: string, docId: number): void {
    if (!this.bookmarksByUrl.link(url, docId)) return;
    // The URL's history entry is now shown as this bookmark.
    const h = this.historyByUrl.get(url);
    if (h !== undefined) {
      this.ranks.scores[h] = -1;
      this.ranks.invalidateOrder();
    }
  }

  removeBookmark(id: string): void {
    const docId = this.byBookmarkId.get(id);
    if (docId === undefined) return;
    const url = this.docs.urls[docId]!;
    this.byBookmarkId.delete(id);
    const lastOfUrl = this.bookmarksByUrl.unlink(url, docId);
    this.killDoc(docId);
    if (lastOfUrl) this.refreshStatic(url);
  }

  /**
   * Forgets many bookmarks (a removed folder's): the tombstones are compacted away once at the end, not every few
   * thousand removals (a 10,000-bookmark folder out of 20,000 re-indexed the survivors three times over).
   */
  removeBookmarks(ids: Iterable<string>): void {
    this.compactionHolds++;
    try {
      for (const id of ids) this.removeBookmark(id);
    } finally {
      this.compactionHolds--;
    }
    this.compactWhenAllowed();
  }

  /**
   * Runs a batch of changes without compacting in it: the tombstones it leaves wait for compactIfDue() (the live
   * index calls it once a burst of bookmark events is over, so the one that makes the burst is not slowed by a
   * rebuild of the posting lists), unless they come to outnumber the live documents.
   */
  withoutCompaction(work: () => void): void {
    this.compactionHolds++;
    try {
      work();
    } finally {
      this.compactionHolds--;
    }
    if (!this.compactionHolds && this.docs.compactionDue(1)) this.compact();
  }

  /** Compacts now if a quarter of the documents are dead (and over a thousand); whether it did. */
  compactIfDue(): boolean {
    if (!this.docs.compactionDue(4)) return false;
    this.compact();
    return true;
  }

  hasBookmark(id: string): boolean {
    return this.byBookmarkId.has(id);
  }

  upsertHistory(input: HistoryInput): void {
    const existing = this.historyByUrl.get(input.url);
    const visitsChanged = this.visitsByUrl.get(input.url) !== input.visitCount;
    this.visitsByUrl.set(input.url, input.visitCount);
    if (visitsChanged) this.refreshStatic(input.url);
    if (existing !== undefined) {
      if (this.docs.titles[existing] === input.title) {
        this.docs.lastVisits[existing] = input.lastVisit;
        return;
      }
      this.killDoc(existing);
    }
    const docId = this.addDoc({
      kind: 'history',
      key: input.url,
      url: input.url,
      title: input.title,
      folders: [],
      dateAdded: 0,
      lastVisit: input.lastVisit,
    });
    this.historyByUrl.set(input.url, docId);
  }

  /** A visited page's title changed (history.onTitleChanged). */
  retitleHistory(url: string, title: string): void {
    const docId = this.historyByUrl.get(url);
    if (docId === undefined) return;
    this.upsertHistory({ url, title, visitCount: this.visitsByUrl.get(url) ?? 0, lastVisit: this.docs.lastVisits[docId]! });
  }

  removeHistory(url: string): void {
    const docId = this.historyByUrl.get(url);
    if (this.visitsByUrl.delete(url)) this.refreshStatic(url);
    if (docId === undefined) return;
    this.historyByUrl.delete(url);
    this.killDoc(docId);
  }

  clearHistory(): void {
    const urls = [...this.visitsByUrl.keys()];
    for (const docId of [...this.historyByUrl.values()]) this.killDoc(docId);
    this.historyByUrl.clear();
    this.visitsByUrl.clear();
    for (const url of urls) this.refreshStatic(url);
  }

  /** Sets the tags of a URL (replacing the previous ones) and re-indexes its documents. */
  setTags(url: string, tags: readonly string[]): void {
    const clean = [...new Set(tags.map((t) => t.trim()).filter(Boolean))];
    const before = this.tagsByUrl.get(url) ?? [];
    if (before.length === clean.length && before.every((t, i) => t === clean[i])) return;
    if (clean.length) this.tagsByUrl.set(url, clean);
    else this.tagsByUrl.delete(url);
    // Read the documents first: re-indexing may compact the index and renumber doc ids.
    const docs = this.docIdsOfUrl(url).map((docId) => this.docs.docData(docId));
    for (const doc of docs) this.reindex(doc);
  }

  /** Sets the keyword of a URL (null: none) and re-indexes its documents. */
  setKeyword(url: string, keyword: string | null): void {
    if ((this.keywordsByUrl.get(url) ?? null) === keyword) return;
    if (keyword === null) this.keywordsByUrl.delete(url);
    else this.keywordsByUrl.set(url, keyword);
    const docs = this.docIdsOfUrl(url).map((docId) => this.docs.docData(docId));
    for (const doc of docs) this.reindex(doc);
  }

  /** The indexed history entries (for snapshots). */
  historyEntries(): HistoryInput[] {
    return [...this.eachHistory()];
  }

  /** historyEntries one at a time (the snapshot takes them in parts; the index must not change meanwhile). */
  *eachHistory(): IterableIterator<HistoryInput> {
    for (const [url, docId] of this.historyByUrl) {
      yield { url, title: this.docs.titles[docId]!, visitCount: this.visitsByUrl.get(url) ?? 0, lastVisit: this.docs.lastVisits[docId]! };
    }
  }

  /** Every tagged URL with its tags (for snapshots). */
  taggedUrls(): [string, string[]][] {
    return [...this.tagsByUrl];
  }

  tagsOf(url: string): string[] {
    return this.tagsByUrl.get(url) ?? [];
  }

  /** Every tag in use, with how many URLs carry it. */
  allTags(): { tag: string; count: number }[] {
    const counts = new Map<string, { tag: string; count: number }>();
    for (const tags of this.tagsByUrl.values()) {
      for (const tag of tags) {
        const key = fold(tag);
        const entry = counts.get(key) ?? { tag, count: 0 };
        entry.count++;
        counts.set(key, entry);
      }
    }
    return [...counts.values()].sort((a, b) => b.count - a.count || a.tag.localeCompare(b.tag));
  }

  clear(): void {
    this.resetDocuments();
    this.tagsByUrl.clear();
    this.keywordsByUrl.clear();
    this.visitsByUrl.clear();
  }

  /**
   * Puts the posting lists added since the last seal into the packed arrays and sorts the new tokens in, trimming
   * spare room: after a build, the index holds no build-time scratch. Queries do it on their own when needed.
   */
  seal(): void {
    this.dictionary.flush();
    this.postings.seal(this.dictionary.tokens.length, this.docs.kinds);
    this.docs.trimTokens();
  }

  /** Forgets every document and posting list; tags and visits by URL are kept. */
  private resetDocuments(): void {
    this.docs.reset();
    this.ranks.reset();
    this.dictionary.reset();
    this.postings.reset();
    this.byBookmarkId.clear();
    this.historyByUrl.clear();
    this.bookmarksByUrl.clear();
  }

  // ---- reading ----

  /** The best `limit` matches of a parsed query; an empty query gives the most recently added bookmarks. */
  query(q: ParsedQuery, limit = 50): SearchHit[] {
    this.dictionary.flush();
    if (this.postings.sealDue()) this.seal();
    if (q.words.length === 0 && q.tags.length === 0 && q.sites.length === 0) return this.recentBookmarks(limit);
    const top = new TopK(limit);
    if (q.words.length === 0) {
      this.matcher.matchFilters(q, top);
      return top.drain().map((id) => this.hit(id, top));
    }
    this.matcher.matchWords(q, top);
    return top.drain().map((id) => this.hit(id, top));
  }

  /** Bookmarks, newest first. */
  recentBookmarks(limit: number): SearchHit[] {
    const top = new TopK(limit);
    for (const docId of this.byBookmarkId.values()) top.push(this.docs.dateAdded[docId]!, docId);
    return top.drain().map((id) => this.hit(id, top));
  }

  /** All live bookmark ids with this URL. */
  bookmarkIdsOf(url: string): string[] {
    return this.bookmarksByUrl.docsOf(url).map((docId) => this.docs.keys[docId]!);
  }

  // ---- internals ----

  /**
   * Kind and visits; -1 for a document that is not shown: history of a bookmarked URL is not shown on its own,
   * the bookmark carries its visits.
   */
  private computeStatic(docId: number): number {
    const url = this.docs.urls[docId]!;
    const bookmark = this.docs.kinds[docId] === KIND_BOOKMARK;
    if (!bookmark && this.bookmarksByUrl.has(url)) return -1;
    return staticScore(bookmark, this.visitsByUrl.get(url) ?? 0);
  }

  private refreshStatic(url: string): void {
    for (const docId of this.docIdsOfUrl(url)) this.ranks.scores[docId] = this.computeStatic(docId);
    this.ranks.invalidateOrder();
  }

  private hit(docId: number, top: TopK): SearchHit {
    const { docs } = this;
    const url = docs.urls[docId]!;
    let score = 0;
    for (let i = 0; i < top.size; i++) if (top.ids[i] === docId) score = top.scores[i]!;
    return {
      kind: docs.kinds[docId] === KIND_BOOKMARK ? 'bookmark' : 'history',
      id: docs.keys[docId]!,
      url,
      title: docs.titles[docId]!,
      folders: docs.folderPaths[docId]!,
      tags: this.tagsByUrl.get(url) ?? [],
      visitCount: this.visitsByUrl.get(url) ?? 0,
      lastVisit: this.lastVisitOf(docId),
      dateAdded: docs.dateAdded[docId]!,
      score,
    };
  }

  private lastVisitOf(docId: number): number {
    if (this.docs.kinds[docId] === KIND_HISTORY) return this.docs.lastVisits[docId]!;
    const h = this.historyByUrl.get(this.docs.urls[docId]!);
    return h === undefined ? 0 : this.docs.lastVisits[h]!;
  }

  private docIdsOfUrl(url: string): number[] {
    const ids = this.bookmarksByUrl.docsOf(url);
    const h = this.historyByUrl.get(url);
    if (h !== undefined) ids.push(h);
    return ids;
  }

  private addDoc(doc: DocData): number {
    const docId = this.docs.add(doc);
    this.ranks.grow(this.docs.count);
    this.ranks.scores[docId] = this.computeStatic(docId);
    this.ranks.invalidateOrder();
    this.indexTokens(docId, doc);
    return docId;
  }

  private indexTokens(docId: number, doc: DocData): void {
    const tags = this.tagsByUrl.get(doc.url) ?? [];
    const keyword = this.keywordsByUrl.get(doc.url);
    // A keyword is found as a tag is (the tag field's weight).
    const { tokens, masks } = fieldWords(doc, keyword === undefined ? tags : [...tags, keyword]);
    const from = this.docs.reserveTokens(docId, tokens.length);
    const { tokenIds, tokenMasks } = this.docs;
    for (let i = 0; i < tokens.length; i++) {
      const t = this.dictionary.intern(tokens[i]!);
      this.postings.add(t, docId, masks[i]!);
      tokenIds[from + i] = t;
      tokenMasks[from + i] = masks[i]!;
    }
  }

  /** Re-indexes a document under a new id (its tokens changed, e.g. its tags). */
  private reindex(doc: DocData): void {
    if (doc.kind === 'bookmark') {
      this.upsertBookmark({ id: doc.key, url: doc.url, title: doc.title, folders: doc.folders, dateAdded: doc.dateAdded });
      return;
    }
    const old = this.historyByUrl.get(doc.key);
    this.historyByUrl.delete(doc.key);
    if (old !== undefined) this.killDoc(old);
    this.historyByUrl.set(doc.key, this.addDoc(doc));
  }

  private killDoc(docId: number): void {
    if (!this.docs.kill(docId)) return;
    this.ranks.scores[docId] = -1;
    this.ranks.invalidateOrder();
    this.compactWhenAllowed();
  }

  /** Compacts when due, unless a batch holds it. */
  private compactWhenAllowed(): void {
    if (!this.compactionHolds && this.docs.compactionDue(4)) this.compact();
  }

  private compactionCount = 0;

  /** How many compactions there were (they renumber documents: a reader that goes over them in parts checks it). */
  get compactions(): number {
    return this.compactionCount;
  }

  /** Drops tombstones: renumbers live documents and rebuilds the posting lists from them. */
  private compact(): void {
    this.compactionCount++;
    const live: DocData[] = [];
    for (let docId = 0; docId < this.docs.count; docId++) if (this.docs.kinds[docId] !== 0) live.push(this.docs.docData(docId));
    this.resetDocuments();
    for (const doc of live) {
      const docId = this.addDoc(doc);
      if (doc.kind === 'bookmark') {
        this.byBookmarkId.set(doc.key, docId);
        this.linkBookmarkUrl(doc.url, docId);
      } else {
        this.historyByUrl.set(doc.key, docId);
      }
    }
    this.seal();
  }
}
