// SPDX-License-Identifier: MPL-2.0
/**
 * Columns for the structures that hold every bookmark node in the background (the tree mirror, the sibling order):
 * each node id is interned once as a dense row number, and what a structure knows of a node lives in typed arrays
 * indexed by row. At 100,000 bookmarks a Map entry costs about 45 bytes in SpiderMonkey and an object per node more:
 * one id -> row Map shared by the tree and its order replaces a Map per structure (and a Map per folder), and links
 * between rows (parent, children, bookmarks on a host) are numbers in typed arrays.
 *
 * Rows are stored as row + 1 in the link columns, so a fresh (zeroed) typed array means "none".
 */

export type Growable = Int32Array | Uint8Array | Int16Array | Float64Array;

/** `array`, or a copy at least twice as long when `needed` does not fit (typed arrays do not grow). */
export function fit<T extends Growable>(array: T, needed: number): T {
  if (needed <= array.length) return array;
  const bigger = new (array.constructor as new (n: number) => T)(Math.max(needed, array.length * 2, 256));
  bigger.set(array);
  return bigger;
}

/**
 * Node ids interned as rows. Each structure that holds a node claims its row with its own bit; the row is freed (and
 * reused) when the last holder releases it, so structures that share the table can keep nodes the others dropped.
 */
export class IdRows {
  private readonly rowOf = new Map<string, number>();
  private readonly ids: string[] = [];
  private owners = new Uint8Array(0);
  private readonly free: number[] = [];

  /** The row of an id someone holds. */
  row(id: string): number | undefined {
    return this.rowOf.get(id);
  }

  /** The id of a row (the one string kept for it: getTree gives every child its own copy of its parent's id). */
  id(row: number): string {
    return this.ids[row]!;
  }

  /** One past the highest row ever used: columns indexed by row need at most this length. */
  get end(): number {
    return this.ids.length;
  }

  /** The id's row, claimed for `holder` (a bit of its own). */
  claim(id: string, holder: number): number {
    let row = this.rowOf.get(id);
    if (row === undefined) {
      row = this.free.pop() ?? this.ids.length;
      this.rowOf.set(id, row);
      this.ids[row] = id;
      this.owners = fit(this.owners, row + 1);
    }
    this.owners[row]! |= holder;
    return row;
  }

  holds(row: number, holder: number): boolean {
    return row < this.owners.length && (this.owners[row]! & holder) !== 0;
  }

  /** `holder` lets go of the row; the last one to let go frees it. */
  release(row: number, holder: number): void {
    if (!this.holds(row, holder)) return;
    this.owners[row]! &= ~holder;
    if (this.owners[row] !== 0) return;
    this.rowOf.delete(this.ids[row]!);
    this.ids[row] = '';
    this.free.push(row);
  }
}

/**
 * Rows linked in lists (a folder's children, the bookmarks on a host) in two typed arrays. A list is known by its
 * head (row + 1, 0 for an empty list); the head's `prev` holds the tail, so appending keeps insertion order in O(1).
 */
export class RowLists {
  private next = new Int32Array(0);
  private prev = new Int32Array(0);

  /** Appends `row` (in no list) to the list at `head`; returns the list's head. */
  append(head: number, row: number): number {
    this.next = fit(this.next, row + 1);
    this.prev = fit(this.prev, row + 1);
    const link = row + 1;
    this.next[row] = 0;
    if (head === 0) {
      this.prev[row] = link;
      return link;
    }
    const tail = this.prev[head - 1]!;
    this.next[tail - 1] = link;
    this.prev[row] = tail;
    this.prev[head - 1] = link;
    return head;
  }

  /** Takes `row` out of the list at `head` (it must be in it); returns the list's head. */
  remove(head: number, row: number): number {
    const link = row + 1;
    const after = this.next[row]!;
    if (head === link) {
      if (after !== 0) this.prev[after - 1] = this.prev[row]!;
      this.next[row] = this.prev[row] = 0;
      return after;
    }
    const before = this.prev[row]!;
    this.next[before - 1] = after;
    if (after !== 0) this.prev[after - 1] = before;
    else this.prev[head - 1] = before;
    this.next[row] = this.prev[row] = 0;
    return head;
  }

  /** The rows of the list at `head`, in order (the list must not change while this runs). */
  *rows(head: number): IterableIterator<number> {
    for (let link = head; link !== 0; link = this.next[link - 1]!) yield link - 1;
  }
}
