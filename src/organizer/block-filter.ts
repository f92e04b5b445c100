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
 * there were sets: that search pays for folding the text only. Memory: 2 KB of bits per block of 4,096 characters
 * (about 3.5 MB for 7 MB of text).
 */

/** A block ends at the first node boundary at or after this many characters. */
export const BLOCK_CHARS = 4_096;
const BITS_LOG = 14;

/** The bit of the trigram a b c in a block's set. */
function trigramBit(a: number, b: number, c: number): number {
  let h = Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca77) ^ Math.imul(c, 0xc2b2ae3d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  return h >>> (32 - BITS_LOG);
}

/**
 * The sets are stored bit by bit across blocks: group g holds, for every trigram bit, one 32-bit word whose bit j
 * says whether block 32g + j has that trigram. Asking which blocks hold a word's trigrams then reads one word per
 * trigram per 32 blocks (~54 groups for 100,000 bookmarks) instead of one scattered word per trigram per block.
 */
const BITS = 1 << BITS_LOG;

/** Builds the blocks while the string is built, node by node, in order. */
export class BlockFilterBuilder {
  /** Where each block begins in the string. */
  private readonly begins: number[] = [];
  private readonly groups: Uint32Array[] = [];
  /** The block nodes go into now (-1: none yet). */
  private block = -1;
  private currentBegin = 0;
  /** The last block is one without a set (nodes added by addUnfiltered). */
  private unfiltered = false;

  private open(at: number, unfiltered: boolean): void {
    this.block++;
    if ((this.block & 31) === 0) this.groups.push(new Uint32Array(BITS));
    this.begins.push(at);
    this.currentBegin = at;
    this.unfiltered = unfiltered;
    if (unfiltered) {
      // Without a set: every trigram maybe there.
      const group = this.groups[this.block >>> 5]!;
      const mask = 1 << (this.block & 31);
      for (let bit = 0; bit < BITS; bit++) group[bit] = group[bit]! | mask;
    }
  }

  /** Adds the text of the node that begins at `at` in the string: `text` from `from` to `to` (exclusive). */
  addNode(at: number, text: string, from: number, to: number): void {
    if (this.block < 0 || this.unfiltered || at - this.currentBegin >= BLOCK_CHARS) this.open(at, false);
    if (to - from < 3) return;
    const group = this.groups[this.block >>> 5]!;
    const mask = 1 << (this.block & 31);
    let a = text.charCodeAt(from);
    let b = text.charCodeAt(from + 1);
    for (let i = from + 2; i < to; i++) {
      const c = text.charCodeAt(i);
      const bit = trigramBit(a, b, c);
      group[bit] = group[bit]! | mask;
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
    this.open(at, true);
  }

  /** The blocks, once the string is complete (`length` characters). */
  finish(length: number): BlockFilter {
    return new BlockFilter(Int32Array.from([...this.begins, length]), this.groups);
  }
}

export class BlockFilter {
  /** `begins[b]` is where block b begins; the last entry is the string's length. */
  constructor(
    private readonly begins: Int32Array,
    private readonly groups: readonly Uint32Array[],
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
    const { begins, groups } = this;
    const blocks = begins.length - 1;
    for (let g = 0; g < groups.length; g++) {
      const group = groups[g]!;
      let maybe = ~0;
      for (let w = 0; w < wanted.length && maybe; w++) maybe &= group[wanted[w]!]!;
      // The blocks of this group that may hold every word, lowest first.
      while (maybe) {
        const low = maybe & -maybe;
        maybe ^= low;
        const block = g * 32 + 31 - Math.clz32(low);
        if (block >= blocks) break;
        const begin = begins[block]!;
        const end = begins[block + 1]!;
        if (ranges.length && ranges[ranges.length - 1] === begin) ranges[ranges.length - 1] = end;
        else ranges.push(begin, end);
      }
    }
    return ranges;
  }
}
