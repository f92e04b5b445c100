/**
 * Giving a folder's children another order with as few bookmarks.move calls as possible: what a drop, a folder sort
 * and the undo of either send to Firefox.
 */

/** The items of `target` that can stay where they are: a longest run of them already in `current`'s order. */
function keptInPlace(current: readonly string[], target: readonly string[]): Set<string> {
  const position = new Map(current.map((id, i) => [id, i]));
  const seq = target.filter((id) => position.has(id));
  // Longest increasing subsequence of current positions (patience sorting, n log n), with back links.
  const tails: number[] = [];
  const back = new Array<number>(seq.length).fill(-1);
  for (let k = 0; k < seq.length; k++) {
    const p = position.get(seq[k]!)!;
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (position.get(seq[tails[mid]!]!)! < p) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) back[k] = tails[lo - 1]!;
    tails[lo] = k;
  }
  const kept = new Set<string>();
  for (let k = tails.length ? tails[tails.length - 1]! : -1; k >= 0; k = back[k]!) kept.add(seq[k]!);
  return kept;
}

/**
 * The bookmarks.move calls that turn `current` (a folder's children) into `target` (its wanted children, possibly
 * with items from elsewhere): the longest run already in order stays, every other item is moved once, right after
 * the item that precedes it in `target`. Firefox's move index is the final position (contract case "move down
 * inside a folder: the index is the final position"), so an item moved down inside the folder lands one lower.
 */
export function movesToOrder(current: readonly string[], target: readonly string[]): { id: string; index: number }[] {
  const kept = keptInPlace(current, target);
  const list = [...current];
  const calls: { id: string; index: number }[] = [];
  for (let i = 0; i < target.length; i++) {
    const id = target[i]!;
    if (kept.has(id)) continue;
    const from = list.indexOf(id);
    if (from >= 0) list.splice(from, 1);
    const at = i === 0 ? 0 : list.indexOf(target[i - 1]!) + 1;
    list.splice(at, 0, id);
    calls.push({ id, index: at });
  }
  return calls;
}
