/**
 * Which parts of the search string (search-corpus.ts) can hold a word, without reading them: the string is cut into
 * blocks of about 4,096 characters at node boundaries, and each block keeps a 16,384-bit set of the trigrams (three
 * characters in a row, hashed) of its text. A word is looked for only in the blocks whose set has every trigram of
 * the word; the other blocks cannot hold it. A word found in a few nodes is then searched in a few blocks instead of
 * the whole 7 MB string (100,000 bookmarks), and a common word costs one pass over the blocks' bits (~1,700 blocks).
 *
 * A set can answer "maybe" wrongly (two trigrams hashed to one bit, ~15 % of the bits set in a full block), never
 * "no" wrongly: the search still checks the text of every block it reads, so results are exactly the plain scan's.
 * Words of one or two characters have no trigram and are searched in the whole string. Nodes added while a search
 * waits for the rest of the string (`addUnfiltered`) go into a block without a set, read by every search, as before
 * there were sets: that search pays for folding the text only. Memory: one bit per two
 * characters of text (about 3.5 MB for 7 MB of text).
 */

/** A block ends at the first node boundary at or after this many characters. */
export const BLOCK_CHARS = 4_096;
const BITS_LOG = 14;
/** 32-bit words per block's set. */
const WORDS = 1 << (BITS_LOG - 5);

/** The bit of the trigram a b c in a block's set. */
function trigramBit(a: number, b: number, c: number): number {
  let h = Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca77) ^ Math.imul(c, 0xc2b2ae3d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  return h >>> (32 - BITS_LOG);
}

/** Builds the blocks while the string is built, node by node, in order. */
export class BlockFilterBuilder {
  /** Where each block begins in the string. */
  private readonly begins: number[] = [];
  private readonly sets: (Uint32Array | null)[] = [];
  private current: Uint32Array | null = null;
  private currentBegin = 0;
  /** The last block is one without a set (nodes added by addUnfiltered). */
  private unfiltered = false;

  /** Adds the text of the node that begins at `at` in the string: `text` from `from` to `to` (exclusive). */
  addNode(at: number, text: string, from: number, to: number): void {
    if (!this.current || this.unfiltered || at - this.currentBegin >= BLOCK_CHARS) {
      this.current = new Uint32Array(WORDS);
      this.unfiltered = false;
      this.currentBegin = at;
      this.begins.push(at);
      this.sets.push(this.current);
    }
    const set = this.current;
    if (to - from < 3) return;
    let a = text.charCodeAt(from);
    let b = text.charCodeAt(from + 1);
    for (let i = from + 2; i < to; i++) {
      const c = text.charCodeAt(i);
      const bit = trigramBit(a, b, c);
      set[bit >>> 5] = set[bit >>> 5]! | (1 << (bit & 31));
      a = b;
      b = c;
    }
  }

  /**
   * Adds the node that begins at `at` without reading its text (a search waiting for the rest of the string): it goes
   * into a block without a set, which every search reads.
   */
  addUnfiltered(at: number): void {
    if (this.unfiltered) return;
    this.unfiltered = true;
    this.current = null;
    this.begins.push(at);
    this.sets.push(null);
  }

  /** The blocks, once the string is complete (`length` characters). */
  finish(length: number): BlockFilter {
    return new BlockFilter(Int32Array.from([...this.begins, length]), this.sets);
  }
}

export class BlockFilter {
  /** `begins[b]` is where block b begins; the last entry is the string's length. */
  constructor(
    private readonly begins: Int32Array,
    private readonly sets: readonly (Uint32Array | null)[],
  ) {}

  static empty(): BlockFilter {
    return new BlockFilter(Int32Array.of(0), []);
  }

  /**
   * The ranges of the string [begin, end) that may hold every word (folded, without NUL), in order, neighbouring
   * blocks joined; null when no word has three characters (the whole string must be read).
   */
  candidates(words: readonly string[]): number[] | null {
    const bits = new Set<number>();
    for (const word of words) {
      for (let i = 2; i < word.length; i++) bits.add(trigramBit(word.charCodeAt(i - 2), word.charCodeAt(i - 1), word.charCodeAt(i)));
    }
    if (!bits.size) return null;
    const wanted = [...bits];
    const ranges: number[] = [];
    const { begins, sets } = this;
    for (let block = 0; block < sets.length; block++) {
      const set = sets[block];
      let all = true;
      if (set)
        for (const bit of wanted) {
          if ((set[bit >>> 5]! & (1 << (bit & 31))) === 0) {
            all = false;
            break;
          }
        }
      if (!all) continue;
      const begin = begins[block]!;
      const end = begins[block + 1]!;
      if (ranges.length && ranges[ranges.length - 1] === begin) ranges[ranges.length - 1] = end;
      else ranges.push(begin, end);
    }
    return ranges;
  }
}
