/**
 * The best hits of a query as it runs: a heap of (score, doc id) that keeps the best `capacity` of everything pushed
 * into it, so a query never sorts all its candidates and allocates nothing per candidate (search-index.ts).
 */

/** A min-heap of (score, docId) bounded to `capacity`, keeping the best. */
export class TopK {
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
