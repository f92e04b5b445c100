/**
 * Whether an item is still there after a plan's folder removals and moves: walks up from the item (taking moves
 * into account) and fails at the first removed folder. buildPlan uses it to see what the
 * user's decisions leave.
 */

export interface TreeAfterPlan {
  /** Folders removed whole (removeTree). */
  removedFolders: ReadonlySet<string>;
  /** id -> new parent, for items moved before the removals. */
  movedTo: ReadonlyMap<string, string>;
  /** Parent of every scanned folder; roots map to "". */
  folderParents: Readonly<Record<string, string>>;
}

/** The first removed folder that takes the item with it, or undefined when the item survives. */
export function removedWith(itemId: string, parentId: string, tree: TreeAfterPlan): string | undefined {
  if (tree.removedFolders.size === 0) return undefined;
  let current: string | undefined = tree.movedTo.get(itemId) ?? parentId;
  for (let guard = 0; current && guard < 10_000; guard++) {
    if (tree.removedFolders.has(current)) return current;
    current = tree.movedTo.get(current) ?? tree.folderParents[current];
  }
  return undefined;
}

export function survives(itemId: string, parentId: string, tree: TreeAfterPlan): boolean {
  return removedWith(itemId, parentId, tree) === undefined;
}
