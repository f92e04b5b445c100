/**
 * How the search index (search-index.ts) ranks a hit: the weight of the fields a query's words matched in, and a
 * query-independent static score per document (kind and visits), kept in one column with the documents in
 * descending static order for the walk that answers unselective queries (query-matching.ts).
 */
import { MASK_BITS } from './document-fields';
import { fit } from '@tidymarks/places/tree-index';

/**
 * Ranking: text relevance dominates (a title match beats a URL match whatever the visits), then bookmarks before
 * history of equal relevance, then visit frequency. Every term fits in its own decimal band.
 */
const FIELD_WEIGHT: Record<number, number> = { 1: 8, 2: 6, 4: 4, 16: 3, 8: 2 };
export const TEXT_BAND = 1000;
const BOOKMARK_BONUS = 500;
const MAX_VISIT_SCORE = 499;
const MAX_STATIC = BOOKMARK_BONUS + MAX_VISIT_SCORE;

function fieldWeight(mask: number): number {
  let best = 0;
  for (let bit = 1; bit < MASK_BITS; bit <<= 1) {
    if (mask & bit) best = Math.max(best, FIELD_WEIGHT[bit]!);
  }
  return best;
}

/** The text score of a word matched in the fields of a mask: its best field's weight. */
export const WEIGHT_BY_MASK = Array.from({ length: MASK_BITS }, (_, mask) => fieldWeight(mask));

/** The static score of a shown document: the bookmark bonus, then its URL's visits (log scale, capped). */
export function staticScore(bookmark: boolean, visits: number): number {
  const visitScore = Math.min(MAX_VISIT_SCORE, Math.round(60 * Math.log2(1 + visits)));
  return (bookmark ? BOOKMARK_BONUS : 0) + visitScore;
}

/** The static scores of the documents, by doc id, and the documents in descending static order. */
export class StaticRanks {
  /** Per doc id: the query-independent part of the score (kind and visits), -1 when the doc is not shown. */
  scores = new Int16Array(0);
  /** Doc ids by descending static score; dropped whenever a static score changes. */
  private orderCache: Int32Array | null = null;

  /** Room for `count` doc ids. */
  grow(count: number): void {
    this.scores = fit(this.scores, count);
  }

  /** A static score changed: the order is sorted again when next asked for. */
  invalidateOrder(): void {
    this.orderCache = null;
  }

  reset(): void {
    this.scores = new Int16Array(0);
    this.orderCache = null;
  }

  /** Live doc ids (of the first `count`) by descending static score (ties: older first); rebuilt with a bucket sort after changes. */
  order(count: number): Int32Array {
    if (this.orderCache) return this.orderCache;
    const counts = new Int32Array(MAX_STATIC + 2);
    const statics = this.scores;
    let live = 0;
    for (let id = 0; id < count; id++) {
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
    for (let id = 0; id < count; id++) {
      const s = statics[id]!;
      if (s >= 0) order[counts[MAX_STATIC - s]!++] = id;
    }
    this.orderCache = order;
    return order;
  }
}
