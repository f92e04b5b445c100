/**
 * The search index's tokens (search-index.ts), interned: one string and one id each. Token ids in the order of their
 * strings answer "tokens starting with p" with a binary search and a short scan, and find a token's id; tokens added
 * since the last flush wait in a Map and are sorted in with one merge.
 */
export class TokenDictionary {
  /** Token strings by token id. */
  tokens: string[] = [];
  /** Token ids in the order of their strings (tokens that wait in `pending` not yet among them). */
  sortedIds = new Int32Array(0);
  private pending = new Map<string, number>();

  /** The first slot of sortedIds whose token is not below `value`. */
  lowerBound(value: string): number {
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
  idOf(token: string): number | undefined {
    const pending = this.pending.get(token);
    if (pending !== undefined) return pending;
    const at = this.lowerBound(token);
    return at < this.sortedIds.length && this.tokens[this.sortedIds[at]!] === token ? this.sortedIds[at] : undefined;
  }

  /** A token's id, a new one (waiting to be sorted in) for a token not known yet. */
  intern(token: string): number {
    let t = this.idOf(token);
    if (t === undefined) {
      t = this.tokens.length;
      this.tokens.push(token);
      this.pending.set(token, t);
    }
    return t;
  }

  /** Sorts the waiting tokens in: one merge of two sorted lists. */
  flush(): void {
    if (this.pending.size === 0) return;
    const { tokens, sortedIds } = this;
    const added = Int32Array.from(this.pending.values()).sort((a, b) => (tokens[a]! < tokens[b]! ? -1 : 1));
    const merged = new Int32Array(sortedIds.length + added.length);
    let i = 0;
    let j = 0;
    let k = 0;
    while (i < sortedIds.length && j < added.length) merged[k++] = tokens[sortedIds[i]!]! < tokens[added[j]!]! ? sortedIds[i++]! : added[j++]!;
    while (i < sortedIds.length) merged[k++] = sortedIds[i++]!;
    while (j < added.length) merged[k++] = added[j++]!;
    this.sortedIds = merged;
    this.pending.clear();
  }

  reset(): void {
    this.tokens = [];
    this.sortedIds = new Int32Array(0);
    this.pending.clear();
  }
}
