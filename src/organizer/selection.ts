/**
 * The list's selection, as a value: which rows are selected, the anchor a Shift+click or Shift+arrow extends from,
 * and the row that has the keyboard focus. Every change is a pure function of the rows in view order, so the same
 * rules serve mouse (click, Shift, Ctrl/Cmd), keyboard (arrows, Shift+arrows, Ctrl+A, Ctrl+Space) and live changes
 * (rows that vanished leave the selection; the focus moves to a neighbour).
 */

export interface Selection {
  readonly ids: ReadonlySet<string>;
  /** Where a range starts (the last row clicked without Shift). */
  readonly anchor: string | null;
  /** The row with the keyboard focus (the active descendant). */
  readonly focus: string | null;
}

export const EMPTY_SELECTION: Selection = { ids: new Set(), anchor: null, focus: null };

export interface PointerModifiers {
  /** Shift: select the range from the anchor. */
  range?: boolean;
  /** Ctrl or Cmd: add or remove one row, keep the others. */
  toggle?: boolean;
}

function rangeOf(rows: readonly string[], from: string | null, to: string): string[] {
  const end = rows.indexOf(to);
  if (end < 0) return [];
  let start = from === null ? -1 : rows.indexOf(from);
  if (start < 0) start = end;
  const [lo, hi] = start <= end ? [start, end] : [end, start];
  return rows.slice(lo, hi + 1);
}

/** A click (or Space) on a row, with its modifiers. */
export function selectRow(selection: Selection, rows: readonly string[], id: string, modifiers: PointerModifiers = {}): Selection {
  if (modifiers.range) {
    const range = rangeOf(rows, selection.anchor, id);
    const ids = modifiers.toggle ? new Set([...selection.ids, ...range]) : new Set(range);
    return { ids, anchor: selection.anchor ?? id, focus: id };
  }
  if (modifiers.toggle) {
    const ids = new Set(selection.ids);
    if (ids.has(id)) ids.delete(id);
    else ids.add(id);
    return { ids, anchor: id, focus: id };
  }
  return { ids: new Set([id]), anchor: id, focus: id };
}

/**
 * Moves the focus by `delta` rows (clamped), or to `'first'` / `'last'`. Without Shift the selection follows the
 * focus; with Shift it is the range from the anchor; with Ctrl only the focus moves.
 */
export function moveFocus(
  selection: Selection,
  rows: readonly string[],
  to: number | 'first' | 'last',
  modifiers: { range?: boolean; focusOnly?: boolean } = {},
): Selection {
  if (rows.length === 0) return EMPTY_SELECTION;
  const current = selection.focus === null ? -1 : rows.indexOf(selection.focus);
  let index: number;
  if (to === 'first') index = 0;
  else if (to === 'last') index = rows.length - 1;
  else index = current < 0 ? (to > 0 ? 0 : rows.length - 1) : Math.min(rows.length - 1, Math.max(0, current + to));
  const id = rows[index]!;
  if (modifiers.focusOnly) return { ...selection, focus: id };
  if (modifiers.range) return { ids: new Set(rangeOf(rows, selection.anchor ?? selection.focus, id)), anchor: selection.anchor ?? selection.focus ?? id, focus: id };
  return { ids: new Set([id]), anchor: id, focus: id };
}

export function selectAll(selection: Selection, rows: readonly string[]): Selection {
  return { ids: new Set(rows), anchor: selection.anchor ?? rows[0] ?? null, focus: selection.focus ?? rows[0] ?? null };
}

/**
 * The selection after the rows changed (a live event, a search, another folder): ids no longer shown leave it; a
 * focus that vanished moves to the row now at its old position (`previousRows` tells where it was).
 */
export function keepShown(selection: Selection, rows: readonly string[], previousRows: readonly string[] = []): Selection {
  // Nothing selected (a search typed before any click): nothing to look up among 20,000 rows.
  if (selection.ids.size === 0 && selection.focus === null && selection.anchor === null) return selection;
  const shown = new Set(rows);
  const ids = new Set([...selection.ids].filter((id) => shown.has(id)));
  let focus = selection.focus;
  if (focus !== null && !shown.has(focus)) {
    const old = previousRows.indexOf(focus);
    focus = rows.length === 0 ? null : (rows[Math.min(Math.max(old, 0), rows.length - 1)] ?? null);
  }
  const anchor = selection.anchor !== null && shown.has(selection.anchor) ? selection.anchor : focus;
  if (ids.size === selection.ids.size && focus === selection.focus && anchor === selection.anchor) return selection;
  return { ids, anchor, focus };
}

/** The selected ids in view order (what a bulk action or a drag carries). */
export function selectedInOrder(selection: Selection, rows: readonly string[]): string[] {
  // Nothing selected (a search typed before any click): no pass over 20,000 rows.
  if (selection.ids.size === 0) return [];
  return rows.filter((id) => selection.ids.has(id));
}
