/**
 * How the search index (search-index.ts) finds the best hits of a parsed query. A query drives from its most
 * selective word (the one with the fewest postings), walks the postings of the other words too when that is cheaper,
 * or else checks them against each candidate's own short token list, and keeps the best `limit` hits in a bounded
 * heap (top-hits.ts). An unselective one-word query first walks the documents in static order instead.
 */
import type { DocumentColumns } from './document-columns';
import { FIELD } from './document-fields';
import type { ParsedQuery, SiteFilter } from './parse-query';
import type { PostingLists } from './posting-lists';
import { TEXT_BAND, WEIGHT_BY_MASK, type StaticRanks } from './ranking';
import type { TokenDictionary } from './token-dictionary';
import { fold } from './tokenize';
import type { TopK } from './top-hits';

/** Postings above which a query first tries the walk in static-score order, and how many documents it may visit. */
export const STATIC_SCAN_THRESHOLD = 20_000;
const STATIC_SCAN_BUDGET = 20_000;
/** Roughly how many words a document has: beyond this many postings per candidate, checking beats walking. */
const TOKENS_PER_DOC_ESTIMATE = 12;
const MAX_WALKED_WORDS = 4;

// Module-local copies of the ranking's constants for the loops below, which run per candidate: where modules are not
// bundled into one (Node: the unit tests and benchmarks), each read of an imported binding is a getter call, and
// those calls made a query half as slow again.
const WEIGHTS = WEIGHT_BY_MASK;
const BAND = TEXT_BAND;
const TITLE_WEIGHT = WEIGHT_BY_MASK[FIELD.title]!;

/** What a query reads of the index: its structures, which stay the same objects for the index's life. */
export interface IndexParts {
  docs: DocumentColumns;
  dictionary: TokenDictionary;
  postings: PostingLists;
  ranks: StaticRanks;
  tagsByUrl: ReadonlyMap<string, string[]>;
  /** The live documents of a URL: its bookmarks and its history entry. */
  docIdsOfUrl(url: string): number[];
}

function siteMatches(host: string, site: SiteFilter): boolean {
  if (host === site.host) return true;
  return site.subdomains && host.endsWith('.' + site.host);
}

export class QueryMatcher {
  /** Scratch space of the query, sized to the number of doc ids. */
  private scratchMasks: Uint8Array[] = [];

  constructor(
    private readonly parts: IndexParts,
    /** Postings above which a one-word query first tries the static-order walk. */
    private readonly staticScanThreshold = STATIC_SCAN_THRESHOLD,
  ) {}

  /** Pushes every shown document that passes a query made only of filters (`#tag`, `site:`), by static score. */
  matchFilters(q: ParsedQuery, top: TopK): void {
    const { docs, ranks } = this.parts;
    for (const docId of this.filterCandidates(q)) {
      const base = ranks.scores[docId]!;
      if (docs.kinds[docId] !== 0 && base >= 0 && this.passesFilters(docId, q)) top.push(base, docId);
    }
  }

  /** Pushes the best documents that match every word of the query (and its filters). */
  matchWords(q: ParsedQuery, top: TopK): void {
    const { docs, dictionary, postings, ranks } = this.parts;
    const { tokens, sortedIds } = dictionary;
    const ranges = q.words.map((word) => {
      const lo = dictionary.lowerBound(word);
      let hi = lo;
      let cost = 0;
      while (hi < sortedIds.length && tokens[sortedIds[hi]!]!.startsWith(word)) {
        cost += postings.length(sortedIds[hi]!);
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
    postings.walk(sortedIds, driver, (docId, m) => {
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
      postings.walk(sortedIds, range, (docId, m) => {
        if (mask[docId] !== 0) other[docId]! |= m;
      });
      walked.push({ mask: other });
    }

    const filtered = q.tags.length > 0 || q.sites.length > 0;
    const statics = ranks.scores;
    const kinds = docs.kinds;
    const bestChecked = checked.length * TITLE_WEIGHT;
    for (let i = 0; i < touched.length; i++) {
      const docId = touched[i]!;
      let text = WEIGHTS[mask[docId]!]!;
      mask[docId] = 0;
      let all = true;
      for (let w = 0; w < walked.length; w++) {
        const m = walked[w]!.mask[docId]!;
        walked[w]!.mask[docId] = 0;
        if (m === 0) all = false;
        else text += WEIGHTS[m]!;
      }
      const base = statics[docId]!;
      if (!all || base < 0) continue;
      // Early exit: a full heap whose worst hit beats this document's best possible score needs no more checks.
      if (top.isFull() && (text + bestChecked) * BAND + base < top.worst()) continue;
      if (kinds[docId] === 0) continue;
      const more = checked.length ? this.wordsScore(docId, checked) : 0;
      if (more < 0 || (filtered && !this.passesFilters(docId, q))) continue;
      top.push((text + more) * BAND + base, docId);
    }
  }

  /** Sum of the best field weights of `words` in the document; -1 when a word does not match. */
  private wordsScore(docId: number, words: readonly string[]): number {
    const { tokenStart, tokenIds, tokenMasks } = this.parts.docs;
    const { tokens } = this.parts.dictionary;
    let total = 0;
    const from = tokenStart[docId]!;
    const to = tokenStart[docId + 1]!;
    for (let w = 0; w < words.length; w++) {
      const word = words[w]!;
      let m = 0;
      for (let k = from; k < to; k++) if (tokens[tokenIds[k]!]!.startsWith(word)) m |= tokenMasks[k]!;
      if (m === 0) return -1;
      total += WEIGHTS[m]!;
    }
    return total;
  }

  /**
   * Walks documents by descending static score, scoring each fully, and stops once no later document can beat
   * the worst kept hit (its text score is at most all-title). Returns false when the budget ran out first.
   */
  private queryByStaticOrder(q: ParsedQuery, top: TopK): boolean {
    const { docs, ranks } = this.parts;
    const order = ranks.order(docs.count);
    const maxText = q.words.length * TITLE_WEIGHT;
    const filtered = q.tags.length > 0 || q.sites.length > 0;
    const budget = Math.min(order.length, STATIC_SCAN_BUDGET);
    for (let i = 0; i < budget; i++) {
      const docId = order[i]!;
      const base = ranks.scores[docId]!;
      if (top.isFull() && maxText * BAND + base < top.worst()) return true;
      if (base < 0) continue;
      const text = this.wordsScore(docId, q.words);
      if (text < 0 || (filtered && !this.passesFilters(docId, q))) continue;
      top.push(text * BAND + base, docId);
    }
    return budget === order.length;
  }

  private passesFilters(docId: number, q: ParsedQuery): boolean {
    const { docs, tagsByUrl } = this.parts;
    if (q.sites.length && !q.sites.some((site) => siteMatches(docs.hosts[docId]!, site))) return false;
    if (q.tags.length) {
      const tags = tagsByUrl.get(docs.urls[docId]!);
      if (!tags) return false;
      for (const wanted of q.tags) if (!tags.some((t) => fold(t) === wanted)) return false;
    }
    return true;
  }

  /** Candidate doc ids for a query made only of filters. */
  private *filterCandidates(q: ParsedQuery): Iterable<number> {
    const { docs, tagsByUrl } = this.parts;
    if (q.tags.length) {
      for (const [url, tags] of tagsByUrl) {
        if (tags.some((t) => fold(t) === q.tags[0])) yield* this.parts.docIdsOfUrl(url);
      }
      return;
    }
    for (let docId = 0; docId < docs.count; docId++) if (docs.kinds[docId] !== 0) yield docId;
  }

  /** Zeroed scratch arrays (one per query word), sized to the doc ids; every user resets what it set. */
  private scratch(slot: number): Uint8Array {
    let array = this.scratchMasks[slot];
    const count = this.parts.docs.count;
    if (!array || array.length < count) {
      array = new Uint8Array(Math.max(count * 2, 1024));
      this.scratchMasks[slot] = array;
    }
    return array;
  }
}
