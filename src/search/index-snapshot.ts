/**
 * The built search index in a snapshot (snapshot-store.ts), beside the rows it was built from: its columns
 * (SearchIndex.snapshotColumns: document kinds, dates, static scores, each document's token ids and field masks, the
 * interned tokens and their sorted order) cut in as many pieces as the snapshot has parts, one piece riding with each
 * part, so the write stays a part at a time and a wake restores the index with a few copies of typed arrays instead
 * of cutting every title, URL and folder name into words again. The documents' strings are not in it: each live
 * document names its row (refs), and the restore takes the strings from there (the tree holds the same ones).
 *
 * Joined back only when every piece is there, of the right types and consistent with its neighbours; anything else
 * (another format, a missing or damaged piece) gives undefined, and the index is built from the rows instead.
 */
import type { IndexColumns, SnapshotSource } from './search-index';

/** What the snapshot's head says of the index in its parts. */
export interface IndexHead {
  format: string;
  /** Documents (ids, dead ones included), tokens, and how many parts carry a piece. */
  count: number;
  tokens: number;
  pieces: number;
}

/**
 * Documents [from, to) of the index and a share of its tokens, as one part of the snapshot carries them: the
 * columns' shape, tokenStart being tokenStart[from, to) (offsets into the whole index's tokenIds) and tokenIds and
 * tokenMasks those documents' entries.
 */
export type IndexPiece = Omit<IndexColumns, 'format'>;

type Column = Uint8Array | Int16Array | Int32Array | Float64Array;

/** [from, to) of piece `k` out of `pieces` over `length` items. */
function share(length: number, k: number, pieces: number): [number, number] {
  return [Math.floor((length * k) / pieces), Math.floor((length * (k + 1)) / pieces)];
}

/** Items [from, to) of a column, copied element by element: no view of the index's own arrays is made. */
function copy<T extends Column>(column: T, from: number, to: number): T {
  const out = new (column.constructor as new (n: number) => T)(to - from);
  for (let i = from; i < to; i++) out[i - from] = column[i]!;
  return out;
}

/**
 * Piece `k` of `pieces`: copies (a view would carry its whole buffer into the structured clone). Undefined when
 * `refs` finds a bookmark without its row.
 */
export function indexPiece({ columns, count, refs }: SnapshotSource, k: number, pieces: number): IndexPiece | undefined {
  const [from, to] = share(count, k, pieces);
  const [tokensFrom, tokensTo] = share(columns.tokens.length, k, pieces);
  const pieceRefs = refs(from, to);
  if (!pieceRefs) return undefined;
  const first = columns.tokenStart[from]!;
  const last = columns.tokenStart[to]!;
  return {
    kinds: copy(columns.kinds, from, to),
    refs: pieceRefs,
    dateAdded: copy(columns.dateAdded, from, to),
    lastVisits: copy(columns.lastVisits, from, to),
    staticScores: copy(columns.staticScores, from, to),
    tokenStart: copy(columns.tokenStart, from, to),
    tokenIds: copy(columns.tokenIds, first, last),
    tokenMasks: copy(columns.tokenMasks, first, last),
    tokens: columns.tokens.slice(tokensFrom, tokensTo),
    sortedIds: copy(columns.sortedIds, tokensFrom, tokensTo),
  };
}

export function indexHead({ columns, count }: SnapshotSource, pieces: number): IndexHead {
  return { format: columns.format, count, tokens: columns.tokens.length, pieces };
}

const PIECE_ARRAYS = {
  kinds: Uint8Array,
  refs: Int32Array,
  dateAdded: Float64Array,
  lastVisits: Float64Array,
  staticScores: Int16Array,
  tokenStart: Int32Array,
  tokenIds: Int32Array,
  tokenMasks: Uint8Array,
  sortedIds: Int32Array,
} as const;

function isPiece(value: unknown): value is IndexPiece {
  const piece = value as Record<string, unknown> | undefined;
  if (!piece || typeof piece !== 'object' || !Array.isArray(piece.tokens)) return false;
  return Object.entries(PIECE_ARRAYS).every(([key, type]) => piece[key] instanceof type);
}

function isHead(value: unknown): value is IndexHead {
  const head = value as IndexHead | undefined;
  return !!head && typeof head.format === 'string' && [head.count, head.tokens, head.pieces].every((n) => Number.isInteger(n) && n >= 0);
}

/** Concatenates typed arrays of one type. */
function concat(parts: readonly Column[], make: new (n: number) => Column): Column {
  const out = new make(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * The index's columns from the head and the pieces in part order; undefined unless there are exactly as many
 * pieces as the head says, each of the right shape, whose documents and tokens add up to the head's counts and whose
 * token offsets follow on from each other. (SearchIndex.fromSnapshot checks the rest.)
 */
export function joinIndex(head: unknown, pieces: readonly unknown[]): IndexColumns | undefined {
  if (!isHead(head) || pieces.length !== head.pieces || !pieces.every(isPiece)) return undefined;
  const list = pieces as IndexPiece[];
  if (list.reduce((n, p) => n + p.kinds.length, 0) !== head.count) return undefined;
  let offset = 0;
  for (const piece of list) {
    const n = piece.kinds.length;
    if (piece.refs.length !== n || piece.dateAdded.length !== n || piece.lastVisits.length !== n) return undefined;
    if (piece.staticScores.length !== n || piece.tokenStart.length !== n) return undefined;
    if (piece.tokenMasks.length !== piece.tokenIds.length || piece.sortedIds.length !== piece.tokens.length) return undefined;
    if (n > 0 && piece.tokenStart[0] !== offset) return undefined;
    offset += piece.tokenIds.length;
  }
  const joined = Object.fromEntries(
    Object.entries(PIECE_ARRAYS).map(([key, type]) => [
      key,
      concat(
        list.map((p) => p[key as keyof typeof PIECE_ARRAYS]),
        type,
      ),
    ]),
  ) as Omit<IndexColumns, 'format' | 'tokens'>;
  // The pieces' offsets, and where the last document's tokens end.
  const tokenStart = new Int32Array(head.count + 1);
  tokenStart.set(joined.tokenStart);
  tokenStart[head.count] = offset;
  const columns: IndexColumns = { ...joined, format: head.format, tokenStart, tokens: list.flatMap((p) => p.tokens) };
  return columns.tokens.length === head.tokens ? columns : undefined;
}
