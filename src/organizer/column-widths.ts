/**
 * The widths of the organizer list's columns: what a person set by hand (dragging a header's edge or its separator's
 * arrow keys), kept in the settings (settings.organizer.columnWidths, px per column id), and the widths laid out
 * from it. A column never set keeps its default, and Name, never set, takes the room the others leave (at least a
 * third of the list). Every width is at least the column's minimum (its header's own width, measured by the page)
 * and at most MAX_COLUMN_PX; the columns may together be wider than the list, which then scrolls sideways.
 */
import type { ColumnId } from './sort';

export type ColumnWidths = Partial<Record<ColumnId, number>>;

const COLUMN_IDS: readonly ColumnId[] = ['name', 'address', 'folder', 'tags', 'added', 'lastVisit', 'visits', 'copies'];

/** No column narrower than this, whatever its header. */
export const MIN_COLUMN_PX = 40;
export const MAX_COLUMN_PX = 2000;
/** What one arrow key press changes; Page Up and Page Down change five times that. */
export const KEY_STEP_PX = 10;
export const KEY_PAGE_STEP_PX = 50;
/** The share of the list Name gets at least when it was never set, whatever the other columns take. */
export const NAME_SHARE = 0.4;

/** The widths of the columns other than Name until a person sets them. */
export const DEFAULT_WIDTHS: Readonly<Record<Exclude<ColumnId, 'name'>, number>> = {
  address: 140,
  folder: 180,
  tags: 80,
  added: 110,
  lastVisit: 110,
  visits: 64,
  copies: 64,
};

/** `width` within [min, MAX_COLUMN_PX], a whole number of px. */
export function clampWidth(width: number, min = MIN_COLUMN_PX): number {
  const floor = Math.max(MIN_COLUMN_PX, Math.ceil(min));
  return Math.round(Math.min(MAX_COLUMN_PX, Math.max(floor, Number.isFinite(width) ? width : floor)));
}

/**
 * The width after a key pressed on a column's separator, or null for a key it does not take: → and ↑ widen,
 * ← and ↓ narrow (mirrored right to left: there the column's edge is on its left), Page Up/Down by a bigger step,
 * Home to the minimum, End to the maximum.
 */
export function widthAfterKey(width: number, key: string, min: number, rtl = false): number | null {
  const grow = rtl ? 'ArrowLeft' : 'ArrowRight';
  const shrink = rtl ? 'ArrowRight' : 'ArrowLeft';
  switch (key) {
    case grow:
    case 'ArrowUp':
      return clampWidth(width + KEY_STEP_PX, min);
    case shrink:
    case 'ArrowDown':
      return clampWidth(width - KEY_STEP_PX, min);
    case 'PageUp':
      return clampWidth(width + KEY_PAGE_STEP_PX, min);
    case 'PageDown':
      return clampWidth(width - KEY_PAGE_STEP_PX, min);
    case 'Home':
      return clampWidth(min, min);
    case 'End':
      return MAX_COLUMN_PX;
    default:
      return null;
  }
}

/**
 * The width of every column shown: a set width or the default, at least the column's minimum; Name, never set,
 * fills what the others leave of `available` (the list's inner width) and gets at least NAME_SHARE of it.
 */
export function layoutColumns(
  columns: readonly ColumnId[],
  set: ColumnWidths,
  available: number,
  mins: Partial<Record<ColumnId, number>> = {},
): Record<ColumnId, number> {
  const out = {} as Record<ColumnId, number>;
  let others = 0;
  for (const column of columns) {
    if (column === 'name') continue;
    out[column] = clampWidth(set[column] ?? DEFAULT_WIDTHS[column], mins[column]);
    others += out[column];
  }
  if (columns.includes('name')) {
    const fill = Math.max(available - others, available * NAME_SHARE);
    out.name = clampWidth(set.name ?? Math.floor(fill), mins.name);
  }
  return out;
}

/** The widths a person set, read from the settings: known columns with a number, clamped; anything else dropped. */
export function parseColumnWidths(stored: unknown): ColumnWidths {
  const out: ColumnWidths = {};
  if (!stored || typeof stored !== 'object') return out;
  for (const column of COLUMN_IDS) {
    const value = (stored as Record<string, unknown>)[column];
    if (typeof value === 'number' && Number.isFinite(value)) out[column] = clampWidth(value);
  }
  return out;
}

/** `widths` with one column set to `width` (clamped to at least `min`). */
export function withColumnWidth(widths: ColumnWidths, column: ColumnId, width: number, min?: number): ColumnWidths {
  return { ...widths, [column]: clampWidth(width, min) };
}
