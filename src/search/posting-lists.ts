/**
 * The search index's posting lists (search-index.ts): per token id, the documents the token is in, each entry a
 * `docId * 32 + fieldMask` number. Token t's sealed entries are entries[start[t], start[t + 1]) of one Int32Array;
 * what was added since the last seal waits in an array per token (sealed again by a query once it holds more than an
 * eighth of the entries, and after a build: seal()).
 */
import { MASK_BITS } from './document-fields';

const MASK_SHIFT = 5;
const MASK_ALL = MASK_BITS - 1;

/** Entries appended after the last seal, per token id, above which a query seals the posting lists first. */
const SEAL_MIN_EXTRA = 1024;

export class PostingLists {
  private start = new Int32Array(1);
  private entries = new Int32Array(0);
  private extra = new Map<number, number[]>();
  private extraCount = 0;

  /** Token t is in document `docId`, in the fields of `mask`. */
  add(t: number, docId: number, mask: number): void {
    let extra = this.extra.get(t);
    if (!extra) this.extra.set(t, (extra = []));
    extra.push((docId << MASK_SHIFT) | mask);
    this.extraCount++;
  }

  /** How many sealed entries token `t` has (none for a token added since the last seal). */
  sealedLength(t: number): number {
    return t + 1 < this.start.length ? this.start[t + 1]! - this.start[t]! : 0;
  }

  /** How many entries token `t` has, sealed or not (dead documents' included until the next seal). */
  length(t: number): number {
    return this.sealedLength(t) + (this.extra.get(t)?.length ?? 0);
  }

  /** Enough was added since the last seal that a query seals first. */
  sealDue(): boolean {
    return this.extraCount > SEAL_MIN_EXTRA && this.extraCount > this.entries.length / 8;
  }

  /** Visits every entry of the tokens sortedIds[range.lo, range.hi) (the tokens a word is a prefix of). */
  walk(sortedIds: Int32Array, range: { lo: number; hi: number }, visit: (docId: number, mask: number) => void): void {
    const postings = this.entries;
    for (let s = range.lo; s < range.hi; s++) {
      const t = sortedIds[s]!;
      if (t + 1 < this.start.length) {
        for (let i = this.start[t]!, end = this.start[t + 1]!; i < end; i++) {
          const e = postings[i]!;
          visit(e >> MASK_SHIFT, e & MASK_ALL);
        }
      }
      const extra = this.extra.get(t);
      if (!extra) continue;
      for (let i = 0; i < extra.length; i++) {
        const e = extra[i]!;
        visit(e >> MASK_SHIFT, e & MASK_ALL);
      }
    }
  }

  /**
   * Packs the lists of `tokenCount` tokens into one array, the entries added since the last seal included, trimming
   * spare room; entries of dead documents (kind 0 in `kinds`) are dropped on the way.
   */
  seal(tokenCount: number, kinds: Uint8Array): void {
    const start = new Int32Array(tokenCount + 1);
    let total = 0;
    for (let t = 0; t < tokenCount; t++) {
      start[t] = total;
      total += this.length(t);
    }
    start[tokenCount] = total;
    const packed = new Int32Array(total);
    let at = 0;
    for (let t = 0; t < tokenCount; t++) {
      // Entries of dead documents are dropped on the way (a dead document is never found again).
      const sealed = t + 1 < this.start.length;
      for (let i = sealed ? this.start[t]! : 0, end = sealed ? this.start[t + 1]! : 0; i < end; i++) {
        const e = this.entries[i]!;
        if (kinds[e >> MASK_SHIFT] !== 0) packed[at++] = e;
      }
      for (const e of this.extra.get(t) ?? []) if (kinds[e >> MASK_SHIFT] !== 0) packed[at++] = e;
      start[t + 1] = at;
    }
    this.start = start;
    this.entries = at === total ? packed : packed.slice(0, at);
    this.extra.clear();
    this.extraCount = 0;
  }

  reset(): void {
    this.start = new Int32Array(1);
    this.entries = new Int32Array(0);
    this.extra.clear();
    this.extraCount = 0;
  }
}
