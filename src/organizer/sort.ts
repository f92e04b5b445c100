/**
 * "Sort this folder": the order a folder's children get, by name, address or date added, optionally folders first.
 * Separators stay where they are and the items between two separators are sorted among themselves, as in Firefox's
 * Library ("Sort By Name" keeps separators). Ties keep the current order (the sort is stable).
 *
 * Column sorting in the list is only a view (sortRows); this order is written to Firefox.
 */
import type { NodeKind } from './snapshot';

export type FolderSortKey = 'name' | 'address' | 'date';

export interface SortableNode {
  id: string;
  kind: NodeKind;
  title: string;
  url: string;
  dateAdded: number;
}

export function createCollator(locale?: string): Intl.Collator {
  return new Intl.Collator(locale, { numeric: true, sensitivity: 'base' });
}

function compareBy(key: FolderSortKey, collator: Intl.Collator): (a: SortableNode, b: SortableNode) => number {
  switch (key) {
    case 'name':
      return (a, b) => collator.compare(a.title, b.title);
    case 'address':
      // Folders have no address: among themselves they go by name.
      return (a, b) => (a.url || b.url ? collator.compare(a.url, b.url) : collator.compare(a.title, b.title));
    case 'date':
      return (a, b) => a.dateAdded - b.dateAdded;
  }
}

export function sortedChildren(children: readonly SortableNode[], key: FolderSortKey, options: { foldersFirst: boolean; collator?: Intl.Collator }): string[] {
  const compare = compareBy(key, options.collator ?? createCollator());
  const order = (a: SortableNode, b: SortableNode) => {
    if (options.foldersFirst && (a.kind === 'folder') !== (b.kind === 'folder')) return a.kind === 'folder' ? -1 : 1;
    return compare(a, b);
  };
  const out: string[] = [];
  let segment: SortableNode[] = [];
  const flush = () => {
    out.push(...segment.sort(order).map((n) => n.id));
    segment = [];
  };
  for (const child of children) {
    if (child.kind === 'separator') {
      flush();
      out.push(child.id);
    } else segment.push(child);
  }
  flush();
  return out;
}

/** Columns of the list; sorting by one only changes what the view shows. */
export type ColumnId = 'name' | 'address' | 'folder' | 'tags' | 'added' | 'lastVisit' | 'visits' | 'copies';

export interface ColumnSort {
  column: ColumnId;
  descending: boolean;
}

/** Sorts rows by a column's value (numbers numerically, text with the collator); stable, empty values last. */
export function sortRows<T>(rows: readonly T[], valueOf: (row: T) => string | number, descending: boolean, collator: Intl.Collator = createCollator()): T[] {
  const keyed = rows.map((row, i) => ({ row, i, value: valueOf(row) }));
  keyed.sort((a, b) => {
    const emptyA = a.value === '' || a.value === 0;
    const emptyB = b.value === '' || b.value === 0;
    if (emptyA !== emptyB) return emptyA ? 1 : -1;
    let c = typeof a.value === 'number' && typeof b.value === 'number' ? a.value - b.value : collator.compare(String(a.value), String(b.value));
    if (descending) c = -c;
    return c || a.i - b.i;
  });
  return keyed.map((k) => k.row);
}
