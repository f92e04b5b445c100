/**
 * A run of restored items stays together and in order in its folder, whatever someone else did in that folder
 * meanwhile: each item that followed, in the backup, the one restored just before it into the same folder is put
 * right after it once the items are in. Read once per folder (one getChildren) after the restore's creates, not per
 * item: the creates go where the restore counted they would, and only when someone added, moved or removed something
 * in that folder in between are items moved (README.md "Restoring removed items").
 */
import type { Browser } from '../platform/browser';

/** A restored item that must come right after another restored item in its folder. */
export interface BesidePair {
  parentId: string;
  before: string;
  id: string;
}

/** How many times a folder is read and fixed at most (someone may change it again between a read and the moves). */
const ROUNDS = 3;

/**
 * The moves (as bookmarks.move takes them: the index is the item's final position) that put each pair's item right
 * after its `before`, pairs taken in order, on a folder's `children` ids. A pair whose items are not both there (one
 * was removed or moved out by someone) is left as it is.
 */
export function movesToKeepBeside(children: readonly string[], pairs: readonly Pick<BesidePair, 'before' | 'id'>[]): { id: string; index: number }[] {
  const order = [...children];
  let at = positions(order);
  const moves: { id: string; index: number }[] = [];
  for (const { before, id } of pairs) {
    const b = at.get(before);
    const c = at.get(id);
    if (b === undefined || c === undefined || c === b + 1) continue;
    // From before its neighbour it takes the neighbour's index (the neighbour is one place earlier once it has left);
    // from after it, the place right after the neighbour.
    const index = c < b ? b : b + 1;
    order.splice(c, 1);
    order.splice(index, 0, id);
    at = positions(order);
    moves.push({ id, index });
  }
  return moves;
}

function positions(order: readonly string[]): Map<string, number> {
  return new Map(order.map((id, i) => [id, i]));
}

/** Reads each folder of `pairs` and moves what someone else's change put out of its run; a folder gone is skipped. */
export async function keepRunsTogether(browser: Pick<Browser, 'bookmarks'>, pairs: readonly BesidePair[]): Promise<void> {
  const byFolder = new Map<string, BesidePair[]>();
  for (const pair of pairs) {
    const list = byFolder.get(pair.parentId);
    if (list) list.push(pair);
    else byFolder.set(pair.parentId, [pair]);
  }
  for (const [parentId, folderPairs] of byFolder) {
    for (let round = 0; round < ROUNDS; round++) {
      let children;
      try {
        children = await browser.bookmarks.getChildren(parentId);
      } catch {
        break; // the folder went meanwhile: nothing to keep together
      }
      const moves = movesToKeepBeside(
        children.map((c) => c.id),
        folderPairs,
      );
      if (!moves.length) break;
      for (const { id, index } of moves) {
        try {
          await browser.bookmarks.move(id, { parentId, index });
        } catch {
          // Removed meanwhile: the next read sees it gone.
        }
      }
    }
  }
}
