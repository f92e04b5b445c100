/**
 * The organizer's picture of the whole bookmark tree as it crosses messaging: one JSON string of rows (objects for
 * 100,000 bookmarks are slow through runtime.sendMessage, see docs/ARCHITECTURE.md "Places search replies cross
 * messaging as one string"). Rows come in preorder, so a parent always comes before its children.
 */

export type NodeKind = 'folder' | 'bookmark' | 'separator';

/** One node of the tree: [id, parent row (-1 for the root), index among its siblings, kind, title, url, dateAdded]. */
export type SnapshotRow = [id: string, parentRow: number, index: number, kind: 'f' | 'b' | 's', title: string, url: string, dateAdded: number];

export interface TreeSnapshot {
  rows: SnapshotRow[];
  /** Tags per URL (only URLs that have some). */
  tags: [url: string, tags: string[]][];
  /** Visits per URL (only bookmarked URLs Firefox has visited): count and last visit (ms). */
  visits: [url: string, count: number, lastVisit: number][];
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

export function kindOfNode(node: Pick<TreeSnapshotInput, 'type' | 'url'>): NodeKind {
  if (node.type === 'separator') return 'separator';
  if (node.type === 'folder') return 'folder';
  if (node.type === 'bookmark') return 'bookmark';
  return node.url === undefined ? 'folder' : 'bookmark';
}

/** The rows of a getTree() result, in preorder. */
export function snapshotRows(roots: readonly TreeSnapshotInput[]): SnapshotRow[] {
  const rows: SnapshotRow[] = [];
  const stack: [TreeSnapshotInput, number][] = [];
  for (let i = roots.length - 1; i >= 0; i--) stack.push([roots[i]!, -1]);
  while (stack.length) {
    const [node, parentRow] = stack.pop()!;
    const row = rows.length;
    const kind = kindOfNode(node);
    // Firefox gives separators the url "data:": only bookmarks carry one here.
    rows.push([node.id, parentRow, node.index ?? 0, KIND_CODE[kind], node.title ?? '', kind === 'bookmark' ? (node.url ?? '') : '', node.dateAdded ?? 0]);
    const children = node.children;
    if (children) for (let i = children.length - 1; i >= 0; i--) stack.push([children[i]!, row]);
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
