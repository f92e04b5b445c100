/**
 * The organizer's picture of the whole bookmark tree as it crosses messaging: one JSON string of rows (objects for
 * 100,000 bookmarks are slow through runtime.sendMessage, see docs/ARCHITECTURE.md "Places search replies cross
 * messaging as one string"). Rows come in preorder, so a parent always comes before its children.
 */
import { descendants, kindOf, type NodeKind } from '../platform/tree';

export type { NodeKind };

/** One node of the tree: [id, parent row (-1 for the root), index among its siblings, kind, title, url, dateAdded]. */
export type SnapshotRow = [id: string, parentRow: number, index: number, kind: 'f' | 'b' | 's', title: string, url: string, dateAdded: number];

export interface TreeSnapshot {
  rows: SnapshotRow[];
  /** Tags per URL (only URLs that have some). */
  tags: [url: string, tags: string[]][];
  /** Visits per URL (only bookmarked URLs Firefox has visited): count and last visit (ms). */
  visits: [url: string, count: number, lastVisit: number][];
  /** Tidymarks' keyword per URL (only URLs that have one; src/keywords). Absent from older snapshots. */
  keywords?: [url: string, keyword: string][];
}

export interface TreeSnapshotInput {
  id: string;
  parentId?: string;
  index?: number;
  type?: string;
  url?: string;
  title?: string;
  dateAdded?: number;
  children?: TreeSnapshotInput[];
}

const KIND_CODE: Record<NodeKind, SnapshotRow[3]> = { folder: 'f', bookmark: 'b', separator: 's' };
export const KIND_OF_CODE: Record<SnapshotRow[3], NodeKind> = { f: 'folder', b: 'bookmark', s: 'separator' };

/** The rows of a getTree() result, in preorder (the given roots get parent row -1). */
export function snapshotRows(roots: readonly TreeSnapshotInput[]): SnapshotRow[] {
  const rows: SnapshotRow[] = [];
  /** The row of each folder met so far: a parent's row is known before its children (preorder). */
  const rowOf = new Map<string, number>();
  for (const node of descendants(roots)) {
    const row = rows.length;
    const kind = kindOf(node);
    const parentRow = node.parentId === undefined ? -1 : (rowOf.get(node.parentId) ?? -1);
    // Firefox gives separators the url "data:": only bookmarks carry one here.
    rows.push([node.id, parentRow, node.index ?? 0, KIND_CODE[kind], node.title ?? '', kind === 'bookmark' ? (node.url ?? '') : '', node.dateAdded ?? 0]);
    if (node.children) rowOf.set(node.id, row);
  }
  return rows;
}

export function encodeSnapshot(snapshot: TreeSnapshot): string {
  return JSON.stringify(snapshot);
}

/** Reads an encoded snapshot; throws a TypeError for anything that is not one. */
export function decodeSnapshot(encoded: string): TreeSnapshot {
  const value = JSON.parse(encoded) as Partial<TreeSnapshot>;
  if (!value || !Array.isArray(value.rows) || !Array.isArray(value.tags) || !Array.isArray(value.visits)) {
    throw new TypeError('Not a bookmark tree snapshot.');
  }
  return value as TreeSnapshot;
}
