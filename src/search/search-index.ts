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
 *   with a Uint8Array of field masks;
 * - tokens are interned as ids; token -> posting list of `docId * 32 + fieldMask` numbers, packed in one Int32Array
 *   with an offset per token (seal(): after a build, and by a query when enough was added since);
 * - token ids sorted by their strings answer "tokens starting with p" with a binary search and a short scan;
 * - a query drives from its most selective word (the one with the fewest postings), checks the other words against
 *   the candidate's own short token list, and keeps the best `limit` hits in a bounded heap: no sorting of all
 *   candidates, no allocation per candidate.
 * - removals and updates leave tombstones; the index compacts itself when a quarter of its documents are dead, or,
 *   inside `withoutCompaction` (a batch of bookmark events: the live index compacts once the burst is over), only
 *   when the dead outnumber the live.
 */
import type { ParsedQuery, SiteFilter } from './parse-query';
import { fold, hostOf, MAX_TOKEN_LENGTH, urlWords, words } from './tokenize';
import type { SearchResultItem } from './types';
import { fit } from './id-rows';

export const FIELD = { title: 1, tag: 2, host: 4, path: 8, folder: 16 } as const;
const MASK_BITS = 32;
const MASK_SHIFT = 5;
const MASK_ALL = MASK_BITS - 1;
/** Postings above which a query first tries the walk in static-score order, and how many documents it may visit. */
const STATIC_SCAN_THRESHOLD = 20_000;
const STATIC_SCAN_BUDGET = 20_000;
/** Roughly how many words a document has: beyond this many postings per candidate, checking beats walking. */
const TOKENS_PER_DOC_ESTIMATE = 12;
const MAX_WALKED_WORDS = 4;

/**
 * Ranking: text relevance dominates (a title match beats a URL match whatever the visits), then bookmarks before
 * history of equal relevance, then visit frequency. Every term fits in its own decimal band.
 */
const FIELD_WEIGHT: Record<number, number> = { 1: 8, 2: 6, 4: 4, 16: 3, 8: 2 };
const TEXT_BAND = 1000;
const BOOKMARK_BONUS = 500;
const MAX_VISIT_SCORE = 499;
const MAX_STATIC = BOOKMARK_BONUS + MAX_VISIT_SCORE;

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

/** A document's fields, as read back from the columns (compaction, re-indexing). */
interface DocData {
  kind: 'bookmark' | 'history';
  key: string;
  url: string;
  title: string;
  folders: string[];
  dateAdded: number;
  lastVisit: number;
}

const KIND_BOOKMARK = 1;
const KIND_HISTORY = 2;

/** Entries appended after the last seal, per token id, above which a query seals the posting lists first. */
const SEAL_MIN_EXTRA = 1024;

function fieldWeight(mask: number): number {
  let best = 0;
  for (let bit = 1; bit < MASK_BITS; bit <<= 1) {
    if (mask & bit) best = Math.max(best, FIELD_WEIGHT[bit]!);
  }
  return best;
}

const WEIGHT_BY_MASK = Array.from({ length: MASK_BITS }, (_, mask) => fieldWeight(mask));

function siteMatches(host: string, site: SiteFilter): boolean {
  if (host === site.host) return true;
  return site.subdomains && host.endsWith('.' + site.host);
}

/** A min-heap of (score, docId) bounded to `capacity`, keeping the best. */
class TopK {
  readonly scores: Float64Array;
  readonly ids: Int32Array;
  size = 0;
  constructor(readonly capacity: number) {
    this.scores = new Float64Array(capacity);
    this.ids = new Int32Array(capacity);
  }
  /** Ties keep the lower doc id (older document) ahead, so results are stable. */
  private less(i: number, j: number): boolean {
    const a = this.scores[i]!;
    const b = this.scores[j]!;
    return a < b || (a === b && this.ids[i]! > this.ids[j]!);
  }
  private swap(i: number, j: number) {
    const s = this.scores[i]!;
    this.scores[i] = this.scores[j]!;
    this.scores[j] = s;
    const d = this.ids[i]!;
    this.ids[i] = this.ids[j]!;
    this.ids[j] = d;
  }
  push(score: number, id: number): void {
    if (this.capacity === 0) return;
    if (this.size < this.capacity) {
      let i = this.size++;
      this.scores[i] = score;
      this.ids[i] = id;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!this.less(i, parent)) break;
        this.swap(i, parent);
        i = parent;
      }
      return;
    }
    const minScore = this.scores[0]!;
    if (score < minScore || (score === minScore && id > this.ids[0]!)) return;
    this.scores[0] = score;
    this.ids[0] = id;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < this.size && this.less(l, m)) m = l;
      if (r < this.size && this.less(r, m)) m = r;
      if (m === i) break;
      this.swap(i, m);
      i = m;
    }
  }
  clear(): void {
    this.size = 0;
  }
  isFull(): boolean {
    return this.size === this.capacity;
  }
  /** The lowest score kept (meaningful once full). */
  worst(): number {
    return this.scores[0]!;
  }
  /** Doc ids, best first. */
  drain(): number[] {
    const order = Array.from({ length: this.size }, (_, i) => i);
    order.sort((a, b) => this.scores[b]! - this.scores[a]! || this.ids[a]! - this.ids[b]!);
    return order.map((i) => this.ids[i]!);
  }
}

export interface SearchIndexOptions {
  /** Postings above which a one-word query first tries the static-order walk (tests lower it). */
  staticScanThreshold?: number;
}

export class SearchIndex {
  private readonly staticScanThreshold: number;

  constructor(options: SearchIndexOptions = {}) {
    this.staticScanThreshold = options.staticScanThreshold ?? STATIC_SCAN_THRESHOLD;
  }

  // Documents are columns indexed by doc id (ids only grow; `count` of them are in use, `alive` of those live).
  private count = 0;
  private alive = 0;
  /** Many documents go at once (removeBookmarks, withoutCompaction): compaction waits for the last of them. */
  private compactionHolds = 0;
  /** KIND_BOOKMARK, KIND_HISTORY, or 0 for a dead document. */
  private kinds = new Uint8Array(0);
  /** Bookmark id, or the URL of a history entry. */
  private keys: (string | undefined)[] = [];
  private urls: (string | undefined)[] = [];
  private titles: (string | undefined)[] = [];
  /** Folder paths are shared arrays (the tree caches one per folder). */
  private folderPaths: (string[] | undefined)[] = [];
  /** Hosts, interned: a few hundred strings for 100,000 documents. */
  private hosts: (string | undefined)[] = [];
  private hostStrings = new Map<string, string>();
  private dateAdded = new Float64Array(0);
  private lastVisits = new Float64Array(0);
  /** A document's tokens (token ids) with their field masks are tokenIds/tokenMasks[tokenStart[d], tokenStart[d + 1]). */
  private tokenStart = new Int32Array(1);
  private tokenIds = new Int32Array(0);
  private tokenMasks = new Uint8Array(0);

  // Tokens are interned: one string and one id each. Token ids in the order of their strings answer "tokens starting
  // with p" with a binary search and a short scan, and find a token's id; tokens not yet sorted in wait in a Map.
  private tokens: string[] = [];
  private sortedIds = new Int32Array(0);
  private pendingTokens = new Map<string, number>();
  /**
   * Posting lists of `docId * 32 + fieldMask` numbers: token t's sealed entries are postings[postingStart[t],
   * postingStart[t + 1]), and what was added since the last seal is in `extraPostings` (sealed again by a query once
   * it holds more than an eighth of the entries, and after a build: seal()).
   */
  private postingStart = new Int32Array(1);
  private postings = new Int32Array(0);
  private extraPostings = new Map<number, number[]>();
  private extraCount = 0;

  private byBookmarkId = new Map<string, number>();
  private historyByUrl = new Map<string, number>();
  /**
   * Live bookmark documents per URL (history of a bookmarked URL is shown as the bookmark): one doc id, or a list
   * for a URL bookmarked more than once. Most URLs have one bookmark; a Set per URL cost about as much memory as
   * the document itself at 100,000 bookmarks.
   */
  private bookmarksByUrl = new Map<string, number | number[]>();
  private tagsByUrl = new Map<string, string[]>();
  private visitsByUrl = new Map<string, number>();
  /** Per doc id: the query-independent part of the score (kind and visits), -1 when the doc is not shown. */
  private staticScores = new Int16Array(0);
  /** Doc ids by descending static score; dropped whenever a static score changes. */
  private staticOrderCache: Int32Array | null = null;
  /** Scratch space of the query, sized to the number of doc ids. */
  private scratchMasks: Uint8Array[] = [];

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
    const linked = this.bookmarksByUrl.get(url);
    if (linked === undefined) {
      this.bookmarksByUrl.set(url, docId);
      // The URL's history entry is now shown as this bookmark.
      const h = this.historyByUrl.get(url);
      if (h !== undefined) {
        this.staticScores[h] = -1;
        this.staticOrderCache = null;
      }
    } else if (typeof linked === 'number') {
      if (linked !== docId) this.bookmarksByUrl.set(url, [linked, docId]);
    } else if (!linked.includes(docId)) linked.push(docId);
  }

  /** Forgets one bookmark document of a URL; true when it was the URL's last. */
  private unlinkBookmarkUrl(url: string, docId: number): boolean {
    const linked = this.bookmarksByUrl.get(url);
    if (linked === undefined) return false;
    if (typeof linked === 'number') {
      if (linked !== docId) return false;
      this.bookmarksByUrl.delete(url);
      return true;
    }
    const at = linked.indexOf(docId);
    if (at >= 0) linked.splice(at, 1);
    if (linked.length === 1) this.bookmarksByUrl.set(url, linked[0]!);
    return false;
  }

  /** The live bookmark documents of a URL (a new array). */
  private bookmarkDocsOf(url: string): number[] {
    const linked = this.bookmarksByUrl.get(url);
    return linked === undefined ? [] : typeof linked === 'number' ? [linked] : [...linked];
  }

  removeBookmark(id: string): void {
    const docId = this.byBookmarkId.get(id);
    if (docId === undefined) return;
    const url = this.urls[docId]!;
    this.byBookmarkId.delete(id);
    const lastOfUrl = this.unlinkBookmarkUrl(url, docId);
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
    if (!this.compactionHolds && this.compactionDue(1)) this.compact();
  }

  /** Compacts now if a quarter of the documents are dead (and over a thousand); whether it did. */
  compactIfDue(): boolean {
    if (!this.compactionDue(4)) return false;
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
      if (this.titles[existing] === input.title) {
        this.lastVisits[existing] = input.lastVisit;
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
    this.upsertHistory({ url, title, visitCount: this.visitsByUrl.get(url) ?? 0, lastVisit: this.lastVisits[docId]! });
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
    const docs = this.docIdsOfUrl(url).map((docId) => this.docData(docId));
    for (const doc of docs) this.reindex(doc);
  }

  /** The indexed history entries (for snapshots). */
  historyEntries(): HistoryInput[] {
    return [...this.eachHistory()];
  }

  /** historyEntries one at a time (the snapshot takes them in parts; the index must not change meanwhile). */
  *eachHistory(): IterableIterator<HistoryInput> {
    for (const [url, docId] of this.historyByUrl) {
      yield { url, title: this.titles[docId]!, visitCount: this.visitsByUrl.get(url) ?? 0, lastVisit: this.lastVisits[docId]! };
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
    this.visitsByUrl.clear();
  }

  /**
   * Puts the posting lists added since the last seal into the packed arrays and sorts the new tokens in, trimming
   * spare room: after a build, the index holds no build-time scratch. Queries do it on their own when needed.
   */
  seal(): void {
    this.flushTokens();
    const tokenCount = this.tokens.length;
    const start = new Int32Array(tokenCount + 1);
    let total = 0;
    for (let t = 0; t < tokenCount; t++) {
      start[t] = total;
      total += this.sealedLength(t) + (this.extraPostings.get(t)?.length ?? 0);
    }
    start[tokenCount] = total;
    const packed = new Int32Array(total);
    const kinds = this.kinds;
    let at = 0;
    for (let t = 0; t < tokenCount; t++) {
      // Entries of dead documents are dropped on the way (a dead document is never found again).
      const sealed = t + 1 < this.postingStart.length;
      for (let i = sealed ? this.postingStart[t]! : 0, end = sealed ? this.postingStart[t + 1]! : 0; i < end; i++) {
        const e = this.postings[i]!;
        if (kinds[e >> MASK_SHIFT] !== 0) packed[at++] = e;
      }
      for (const e of this.extraPostings.get(t) ?? []) if (kinds[e >> MASK_SHIFT] !== 0) packed[at++] = e;
      start[t + 1] = at;
    }
    this.postingStart = start;
    this.postings = at === total ? packed : packed.slice(0, at);
    this.extraPostings.clear();
    this.extraCount = 0;
    const used = this.tokenStart[this.count]!;
    if (this.tokenIds.length > used) {
      this.tokenIds = this.tokenIds.slice(0, used);
      this.tokenMasks = this.tokenMasks.slice(0, used);
    }
  }

  /** Forgets every document and posting list; tags and visits by URL are kept. */
  private resetDocuments(): void {
    this.count = 0;
    this.alive = 0;
    this.kinds = new Uint8Array(0);
    this.keys = [];
    this.urls = [];
    this.titles = [];
    this.folderPaths = [];
    this.hosts = [];
    this.hostStrings.clear();
    this.dateAdded = new Float64Array(0);
    this.lastVisits = new Float64Array(0);
    this.tokenStart = new Int32Array(1);
    this.tokenIds = new Int32Array(0);
    this.tokenMasks = new Uint8Array(0);
    this.staticScores = new Int16Array(0);
    this.staticOrderCache = null;
    this.tokens = [];
    this.sortedIds = new Int32Array(0);
    this.pendingTokens.clear();
    this.postingStart = new Int32Array(1);
    this.postings = new Int32Array(0);
    this.extraPostings.clear();
    this.extraCount = 0;
    this.byBookmarkId.clear();
    this.historyByUrl.clear();
    this.bookmarksByUrl.clear();
  }

  // ---- reading ----

  /** The best `limit` matches of a parsed query; an empty query gives the most recently added bookmarks. */
  query(q: ParsedQuery, limit = 50): SearchHit[] {
    this.flushTokens();
    if (this.extraCount > SEAL_MIN_EXTRA && this.extraCount > this.postings.length / 8) this.seal();
    if (q.words.length === 0 && q.tags.length === 0 && q.sites.length === 0) return this.recentBookmarks(limit);
    const top = new TopK(limit);
    if (q.words.length === 0) {
      for (const docId of this.filterCandidates(q)) {
        const base = this.staticScores[docId]!;
        if (this.kinds[docId] !== 0 && base >= 0 && this.passesFilters(docId, q)) top.push(base, docId);
      }
      return top.drain().map((id) => this.hit(id, top));
    }
    this.queryWords(q, top);
    return top.drain().map((id) => this.hit(id, top));
  }

  /** Bookmarks, newest first. */
  recentBookmarks(limit: number): SearchHit[] {
    const top = new TopK(limit);
    for (const docId of this.byBookmarkId.values()) top.push(this.dateAdded[docId]!, docId);
    return top.drain().map((id) => this.hit(id, top));
  }

  /** All live bookmark ids with this URL. */
  bookmarkIdsOf(url: string): string[] {
    return this.bookmarkDocsOf(url).map((docId) => this.keys[docId]!);
  }

  // ---- internals ----

  /**
   * Kind and visits; -1 for a document that is not shown: history of a bookmarked URL is not shown on its own,
   * the bookmark carries its visits.
   */
  private computeStatic(docId: number): number {
    const url = this.urls[docId]!;
    const bookmark = this.kinds[docId] === KIND_BOOKMARK;
    if (!bookmark && this.bookmarksByUrl.has(url)) return -1;
    const visits = this.visitsByUrl.get(url) ?? 0;
    const visitScore = Math.min(MAX_VISIT_SCORE, Math.round(60 * Math.log2(1 + visits)));
    return (bookmark ? BOOKMARK_BONUS : 0) + visitScore;
  }

  private refreshStatic(url: string): void {
    for (const docId of this.docIdsOfUrl(url)) this.staticScores[docId] = this.computeStatic(docId);
    this.staticOrderCache = null;
  }

  private passesFilters(docId: number, q: ParsedQuery): boolean {
    if (q.sites.length && !q.sites.some((site) => siteMatches(this.hosts[docId]!, site))) return false;
    if (q.tags.length) {
      const tags = this.tagsByUrl.get(this.urls[docId]!);
      if (!tags) return false;
      for (const wanted of q.tags) if (!tags.some((t) => fold(t) === wanted)) return false;
    }
    return true;
  }

  /** Candidate doc ids for a query made only of filters. */
  private *filterCandidates(q: ParsedQuery): Iterable<number> {
    if (q.tags.length) {
      for (const [url, tags] of this.tagsByUrl) {
        if (tags.some((t) => fold(t) === q.tags[0])) yield* this.docIdsOfUrl(url);
      }
      return;
    }
    for (let docId = 0; docId < this.count; docId++) if (this.kinds[docId] !== 0) yield docId;
  }

  /** How many sealed entries token `t` has (none for a token added since the last seal). */
  private sealedLength(t: number): number {
    return t + 1 < this.postingStart.length ? this.postingStart[t + 1]! - this.postingStart[t]! : 0;
  }

  private queryWords(q: ParsedQuery, top: TopK): void {
    const { tokens, sortedIds } = this;
    const ranges = q.words.map((word) => {
      const lo = this.lowerBound(word);
      let hi = lo;
      let cost = 0;
      while (hi < sortedIds.length && tokens[sortedIds[hi]!]!.startsWith(word)) {
        const t = sortedIds[hi]!;
        cost += this.sealedLength(t) + (this.extraPostings.get(t)?.length ?? 0);
        hi++;
      }
      return { word, lo, hi, cost };
    });
    ranges.sort((a, b) => a.cost - b.cost);
    const driver = ranges[0]!;
    if (driver.cost === 0) return;
    // An unselective query (one or two typed letters) matches most documents: walking documents from the best
    // static score down finds the top hits after a few hundred documents. Bounded: if it cannot prove it has the
    // best hits within its budget, the posting-list walk below answers instead.
    if (q.words.length === 1 && driver.cost > this.staticScanThreshold && this.queryByStaticOrder(q, top)) return;
    top.clear();

    // The driving word's documents, with the fields it matched in.
    const mask = this.scratch(0);
    const touched: number[] = [];
    this.walkPostings(driver, (docId, m) => {
      if (mask[docId] === 0) touched.push(docId);
      mask[docId]! |= m;
    });
    // Each other word: walk its postings too when that is cheaper than checking every candidate's own words.
    const walked: { mask: Uint8Array }[] = [];
    const checked: string[] = [];
    for (let w = 1; w < ranges.length; w++) {
      const range = ranges[w]!;
      if (range.cost > touched.length * TOKENS_PER_DOC_ESTIMATE || walked.length >= MAX_WALKED_WORDS) {
        checked.push(range.word);
        continue;
      }
      const other = this.scratch(walked.length + 1);
      this.walkPostings(range, (docId, m) => {
        if (mask[docId] !== 0) other[docId]! |= m;
      });
      walked.push({ mask: other });
    }

    const filtered = q.tags.length > 0 || q.sites.length > 0;
    const statics = this.staticScores;
    const bestChecked = checked.length * WEIGHT_BY_MASK[FIELD.title]!;
    for (let i = 0; i < touched.length; i++) {
      const docId = touched[i]!;
      let text = WEIGHT_BY_MASK[mask[docId]!]!;
      mask[docId] = 0;
      let all = true;
      for (let w = 0; w < walked.length; w++) {
        const m = walked[w]!.mask[docId]!;
        walked[w]!.mask[docId] = 0;
        if (m === 0) all = false;
        else text += WEIGHT_BY_MASK[m]!;
      }
      const base = statics[docId]!;
      if (!all || base < 0) continue;
      // Early exit: a full heap whose worst hit beats this document's best possible score needs no more checks.
      if (top.isFull() && (text + bestChecked) * TEXT_BAND + base < top.worst()) continue;
      if (this.kinds[docId] === 0) continue;
      const more = checked.length ? this.wordsScore(docId, checked) : 0;
      if (more < 0 || (filtered && !this.passesFilters(docId, q))) continue;
      top.push((text + more) * TEXT_BAND + base, docId);
    }
  }

  private walkPostings(range: { lo: number; hi: number }, visit: (docId: number, mask: number) => void): void {
    const postings = this.postings;
    for (let s = range.lo; s < range.hi; s++) {
      const t = this.sortedIds[s]!;
      if (t + 1 < this.postingStart.length) {
        for (let i = this.postingStart[t]!, end = this.postingStart[t + 1]!; i < end; i++) {
          const e = postings[i]!;
          visit(e >> MASK_SHIFT, e & MASK_ALL);
        }
      }
      const extra = this.extraPostings.get(t);
      if (!extra) continue;
      for (let i = 0; i < extra.length; i++) {
        const e = extra[i]!;
        visit(e >> MASK_SHIFT, e & MASK_ALL);
      }
    }
  }

  /** Sum of the best field weights of `words` in the document; -1 when a word does not match. */
  private wordsScore(docId: number, words: readonly string[]): number {
    let total = 0;
    const from = this.tokenStart[docId]!;
    const to = this.tokenStart[docId + 1]!;
    for (let w = 0; w < words.length; w++) {
      const word = words[w]!;
      let m = 0;
      for (let k = from; k < to; k++) if (this.tokens[this.tokenIds[k]!]!.startsWith(word)) m |= this.tokenMasks[k]!;
      if (m === 0) return -1;
      total += WEIGHT_BY_MASK[m]!;
    }
    return total;
  }

  /**
   * Walks documents by descending static score, scoring each fully, and stops once no later document can beat
   * the worst kept hit (its text score is at most all-title). Returns false when the budget ran out first.
   */
  private queryByStaticOrder(q: ParsedQuery, top: TopK): boolean {
    const order = this.staticOrder();
    const maxText = q.words.length * WEIGHT_BY_MASK[FIELD.title]!;
    const filtered = q.tags.length > 0 || q.sites.length > 0;
    const budget = Math.min(order.length, STATIC_SCAN_BUDGET);
    for (let i = 0; i < budget; i++) {
      const docId = order[i]!;
      const base = this.staticScores[docId]!;
      if (top.isFull() && maxText * TEXT_BAND + base < top.worst()) return true;
      if (base < 0) continue;
      const text = this.wordsScore(docId, q.words);
      if (text < 0 || (filtered && !this.passesFilters(docId, q))) continue;
      top.push(text * TEXT_BAND + base, docId);
    }
    return budget === order.length;
  }

  /** Live doc ids by descending static score (ties: older first); rebuilt with a bucket sort after changes. */
  private staticOrder(): Int32Array {
    if (this.staticOrderCache) return this.staticOrderCache;
    const counts = new Int32Array(MAX_STATIC + 2);
    const statics = this.staticScores;
    let live = 0;
    for (let id = 0; id < this.count; id++) {
      const s = statics[id]!;
      if (s >= 0) {
        counts[MAX_STATIC - s]!++;
        live++;
      }
    }
    let sum = 0;
    for (let b = 0; b < counts.length; b++) {
      const c = counts[b]!;
      counts[b] = sum;
      sum += c;
    }
    const order = new Int32Array(live);
    for (let id = 0; id < this.count; id++) {
      const s = statics[id]!;
      if (s >= 0) order[counts[MAX_STATIC - s]!++] = id;
    }
    this.staticOrderCache = order;
    return order;
  }

  /** Zeroed scratch arrays (one per query word), sized to the doc ids; every user resets what it set. */
  private scratch(slot: number): Uint8Array {
    let array = this.scratchMasks[slot];
    if (!array || array.length < this.count) {
      array = new Uint8Array(Math.max(this.count * 2, 1024));
      this.scratchMasks[slot] = array;
    }
    return array;
  }

  private hit(docId: number, top: TopK): SearchHit {
    const url = this.urls[docId]!;
    let score = 0;
    for (let i = 0; i < top.size; i++) if (top.ids[i] === docId) score = top.scores[i]!;
    return {
      kind: this.kinds[docId] === KIND_BOOKMARK ? 'bookmark' : 'history',
      id: this.keys[docId]!,
      url,
      title: this.titles[docId]!,
      folders: this.folderPaths[docId]!,
      tags: this.tagsByUrl.get(url) ?? [],
      visitCount: this.visitsByUrl.get(url) ?? 0,
      lastVisit: this.lastVisitOf(docId),
      dateAdded: this.dateAdded[docId]!,
      score,
    };
  }

  private lastVisitOf(docId: number): number {
    if (this.kinds[docId] === KIND_HISTORY) return this.lastVisits[docId]!;
    const h = this.historyByUrl.get(this.urls[docId]!);
    return h === undefined ? 0 : this.lastVisits[h]!;
  }

  private docIdsOfUrl(url: string): number[] {
    const ids = this.bookmarkDocsOf(url);
    const h = this.historyByUrl.get(url);
    if (h !== undefined) ids.push(h);
    return ids;
  }

  /** A live document's fields as one object. */
  private docData(docId: number): DocData {
    return {
      kind: this.kinds[docId] === KIND_BOOKMARK ? 'bookmark' : 'history',
      key: this.keys[docId]!,
      url: this.urls[docId]!,
      title: this.titles[docId]!,
      folders: this.folderPaths[docId]!,
      dateAdded: this.dateAdded[docId]!,
      lastVisit: this.lastVisits[docId]!,
    };
  }

  private addDoc(doc: DocData): number {
    const docId = this.count++;
    this.kinds = fit(this.kinds, this.count);
    this.dateAdded = fit(this.dateAdded, this.count);
    this.lastVisits = fit(this.lastVisits, this.count);
    this.staticScores = fit(this.staticScores, this.count);
    this.tokenStart = fit(this.tokenStart, this.count + 1);
    this.kinds[docId] = doc.kind === 'bookmark' ? KIND_BOOKMARK : KIND_HISTORY;
    this.keys[docId] = doc.key;
    this.urls[docId] = doc.url;
    this.titles[docId] = doc.title;
    this.folderPaths[docId] = doc.folders;
    const host = hostOf(doc.url);
    let interned = this.hostStrings.get(host);
    if (interned === undefined) this.hostStrings.set(host, (interned = host));
    this.hosts[docId] = interned;
    this.dateAdded[docId] = doc.dateAdded;
    this.lastVisits[docId] = doc.lastVisit;
    this.staticScores[docId] = this.computeStatic(docId);
    this.staticOrderCache = null;
    this.alive++;
    this.indexTokens(docId, doc);
    return docId;
  }

  private indexTokens(docId: number, doc: DocData): void {
    // Documents have a dozen or two words: arrays with a linear scan beat a Map per document.
    const tokens: string[] = [];
    const masks: number[] = [];
    const add = (list: readonly string[], field: number) => {
      for (let i = 0; i < list.length; i++) {
        const w = list[i]!;
        if (w.length > MAX_TOKEN_LENGTH) continue;
        const at = tokens.indexOf(w);
        if (at >= 0) masks[at]! |= field;
        else {
          tokens.push(w);
          masks.push(field);
        }
      }
    };
    add(words(doc.title), FIELD.title);
    const url = urlWords(doc.url);
    add(url.host, FIELD.host);
    add(url.path, FIELD.path);
    for (const folder of doc.folders) add(words(folder), FIELD.folder);
    for (const tag of this.tagsByUrl.get(doc.url) ?? []) add(words(tag), FIELD.tag);
    const from = this.tokenStart[docId]!;
    const to = from + tokens.length;
    this.tokenIds = fit(this.tokenIds, to);
    this.tokenMasks = fit(this.tokenMasks, to);
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i]!;
      let t = this.idOf(token);
      if (t === undefined) {
        t = this.tokens.length;
        this.tokens.push(token);
        this.pendingTokens.set(token, t);
      }
      let extra = this.extraPostings.get(t);
      if (!extra) this.extraPostings.set(t, (extra = []));
      extra.push((docId << MASK_SHIFT) | masks[i]!);
      this.extraCount++;
      this.tokenIds[from + i] = t;
      this.tokenMasks[from + i] = masks[i]!;
    }
    this.tokenStart[docId + 1] = to;
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
    if (this.kinds[docId] === 0) return;
    this.kinds[docId] = 0;
    // The strings go with the document; its token and posting entries stay until the next seal or compaction.
    this.keys[docId] = undefined;
    this.urls[docId] = undefined;
    this.titles[docId] = undefined;
    this.folderPaths[docId] = undefined;
    this.hosts[docId] = undefined;
    this.staticScores[docId] = -1;
    this.staticOrderCache = null;
    this.alive--;
    this.compactWhenAllowed();
  }

  /** Tombstones over a thousand and over the live documents divided by `share`. */
  private compactionDue(share: number): boolean {
    const dead = this.count - this.alive;
    return dead > 1000 && dead > this.alive / share;
  }

  /** Compacts when due, unless a batch holds it. */
  private compactWhenAllowed(): void {
    if (!this.compactionHolds && this.compactionDue(4)) this.compact();
  }

  /** The first slot of sortedIds whose token is not below `value`. */
  private lowerBound(value: string): number {
    const { tokens, sortedIds } = this;
    let lo = 0;
    let hi = sortedIds.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (tokens[sortedIds[mid]!]! < value) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** A token's id, if it is known. */
  private idOf(token: string): number | undefined {
    const pending = this.pendingTokens.get(token);
    if (pending !== undefined) return pending;
    const at = this.lowerBound(token);
    return at < this.sortedIds.length && this.tokens[this.sortedIds[at]!] === token ? this.sortedIds[at] : undefined;
  }

  /** Sorts the waiting tokens in: one merge of two sorted lists. */
  private flushTokens(): void {
    if (this.pendingTokens.size === 0) return;
    const { tokens, sortedIds } = this;
    const added = Int32Array.from(this.pendingTokens.values()).sort((a, b) => (tokens[a]! < tokens[b]! ? -1 : 1));
    const merged = new Int32Array(sortedIds.length + added.length);
    let i = 0;
    let j = 0;
    let k = 0;
    while (i < sortedIds.length && j < added.length) merged[k++] = tokens[sortedIds[i]!]! < tokens[added[j]!]! ? sortedIds[i++]! : added[j++]!;
    while (i < sortedIds.length) merged[k++] = sortedIds[i++]!;
    while (j < added.length) merged[k++] = added[j++]!;
    this.sortedIds = merged;
    this.pendingTokens.clear();
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
    for (let docId = 0; docId < this.count; docId++) if (this.kinds[docId] !== 0) live.push(this.docData(docId));
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
