/**
 * The holding folder of cleanups written by an older version (before 2026-12-03 loose duplicates waited in one
 * before a single removeTree): what a restore still finds in it goes back, and the folder goes once it is empty.
 */
import { UNFILED_ID } from '../platform/browser';
// A node's kind (the platform's kindOf) is named nodeType here, beside an operation's kind (operationKindOf).
import { kindOf as nodeType } from '../platform/tree';
import { operationKindOf, type SessionRecord } from './journal-records';
import type { WriteDeps } from './ports';
import type { LiveNode } from './undo-state';

/**
 * Sessions of an older version moved loose duplicates into a holding folder (its id, or only its title if the
 * page died before saving the id): items there are the cleanup's to move back.
 */
export function holdingFolders(session: SessionRecord, live: ReadonlyMap<string, LiveNode>): Set<string> {
  const holding = new Set<string>();
  if (session.holdingFolderId) holding.add(session.holdingFolderId);
  else if (session.holdingTitle) {
    for (const id of live.get(UNFILED_ID)?.childIds ?? []) {
      const n = live.get(id)!.node;
      if (nodeType(n) === 'folder' && n.title === session.holdingTitle && (n.dateAdded ?? 0) >= session.createdAt) holding.add(id);
    }
  }
  return holding;
}

/**
 * The holding folder of a session written by an older version (loose duplicates used to wait in one) goes once
 * it is empty. Its id is in the journal unless the page died between creating it and
 * saving the id: then it is found by its exact title in Other Bookmarks (only an empty one, added after the
 * session began, is removed).
 */
export async function removeEmptyHoldingFolder(deps: WriteDeps, session: SessionRecord) {
  const { browser } = deps;
  if (operationKindOf(session) !== 'cleanup' || (!session.holdingFolderId && !session.holdingTitle)) return; // no holding folder
  try {
    let ids: string[];
    if (session.holdingFolderId) ids = [session.holdingFolderId];
    else {
      const children = await browser.bookmarks.getChildren(UNFILED_ID);
      ids = children.filter((c) => nodeType(c) === 'folder' && c.title === session.holdingTitle && (c.dateAdded ?? 0) >= session.createdAt).map((c) => c.id);
    }
    for (const id of ids) {
      const left = await browser.bookmarks.getChildren(id).catch(() => null);
      if (left && !left.length) await browser.bookmarks.remove(id);
    }
  } catch {
    // Already gone: nothing to tidy.
  }
}
