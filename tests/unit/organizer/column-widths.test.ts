/**
 * The organizer list's column widths: clamping, the keyboard's steps on a column's separator, the layout that gives
 * Name the room, and keeping them (the settings, through the organizer's requests) across a restart.
 */
import { describe, expect, it } from 'vitest';
import {
  clampWidth,
  DEFAULT_WIDTHS,
  KEY_PAGE_STEP_PX,
  KEY_STEP_PX,
  layoutColumns,
  MAX_COLUMN_PX,
  MIN_COLUMN_PX,
  NAME_SHARE,
  parseColumnWidths,
  widthAfterKey,
  withColumnWidth,
} from '../../../src/organizer/column-widths';
import type { ColumnId } from '../../../src/organizer/sort';
import { createOrganizerApi } from '../../../src/organizer-ui/organizer-api';
import { SETTINGS_KEY } from '../../../src/settings/settings';
import { boot } from '../../kit/boot';

const WIDE: ColumnId[] = ['name', 'address', 'tags', 'added', 'lastVisit', 'visits', 'copies'];

describe('column widths', () => {
  it('clamps a width to the column’s minimum (never under MIN_COLUMN_PX) and MAX_COLUMN_PX, in whole pixels', () => {
    expect(clampWidth(120.4)).toBe(120);
    expect(clampWidth(5)).toBe(MIN_COLUMN_PX);
    expect(clampWidth(60, 75.2)).toBe(76);
    expect(clampWidth(60, 10)).toBe(60);
    expect(clampWidth(30, 10)).toBe(MIN_COLUMN_PX);
    expect(clampWidth(99_999)).toBe(MAX_COLUMN_PX);
    expect(clampWidth(Number.NaN, 80)).toBe(80);
  });

  it('arrow keys change a width by a step, Page Up/Down by a bigger one, Home and End to the limits; right to left mirrors ← and →', () => {
    expect(widthAfterKey(100, 'ArrowRight', 50)).toBe(100 + KEY_STEP_PX);
    expect(widthAfterKey(100, 'ArrowUp', 50)).toBe(100 + KEY_STEP_PX);
    expect(widthAfterKey(100, 'ArrowLeft', 50)).toBe(100 - KEY_STEP_PX);
    expect(widthAfterKey(100, 'ArrowDown', 50)).toBe(100 - KEY_STEP_PX);
    expect(widthAfterKey(100, 'PageUp', 50)).toBe(100 + KEY_PAGE_STEP_PX);
    expect(widthAfterKey(100, 'PageDown', 50)).toBe(50);
    expect(widthAfterKey(100, 'Home', 64)).toBe(64);
    expect(widthAfterKey(100, 'End', 64)).toBe(MAX_COLUMN_PX);
    // Not below the header's width, not above the maximum.
    expect(widthAfterKey(55, 'ArrowLeft', 50)).toBe(50);
    expect(widthAfterKey(MAX_COLUMN_PX - 3, 'ArrowRight', 50)).toBe(MAX_COLUMN_PX);
    // Right to left the column's edge is on its left: ← widens it.
    expect(widthAfterKey(100, 'ArrowLeft', 50, true)).toBe(100 + KEY_STEP_PX);
    expect(widthAfterKey(100, 'ArrowRight', 50, true)).toBe(100 - KEY_STEP_PX);
    // Other keys are not the separator's.
    expect(widthAfterKey(100, 'Enter', 50)).toBeNull();
    expect(widthAfterKey(100, 'a', 50)).toBeNull();
  });

  it('lays out the defaults with Name filling what the others leave, at least its share of the list', () => {
    const others = WIDE.filter((c) => c !== 'name').reduce((sum, c) => sum + DEFAULT_WIDTHS[c as Exclude<ColumnId, 'name'>], 0);
    const wide = layoutColumns(WIDE, {}, 1200);
    expect(wide.name).toBe(1200 - others);
    expect(wide.address).toBe(DEFAULT_WIDTHS.address);
    // A narrow list: Name keeps its share, the list scrolls sideways.
    const narrow = layoutColumns(WIDE, {}, 700);
    expect(narrow.name).toBe(Math.floor(700 * NAME_SHARE));
    // The hidden Folder column is not counted.
    expect(layoutColumns(['name', 'address'], {}, 600)).toEqual({ name: 600 - DEFAULT_WIDTHS.address, address: DEFAULT_WIDTHS.address });
  });

  it('a width set by hand wins over the default, a header’s width over both', () => {
    const widths = layoutColumns(WIDE, { tags: 300, name: 250, visits: 10 }, 1200, { visits: 72, copies: 90 });
    expect(widths.tags).toBe(300);
    expect(widths.name).toBe(250);
    expect(widths.visits).toBe(72);
    expect(widths.copies).toBe(90);
    // Name never set fills the rest of the list, computed with the widths set.
    const filled = layoutColumns(['name', 'tags'], { tags: 300 }, 1000);
    expect(filled.name).toBe(700);
  });

  it('reads kept widths leniently: known columns with a number, clamped; anything else dropped', () => {
    expect(parseColumnWidths({ name: 420, tags: 12, address: 'wide', nope: 100, copies: 1e9, visits: Number.NaN })).toEqual({
      name: 420,
      tags: MIN_COLUMN_PX,
      copies: MAX_COLUMN_PX,
    });
    expect(parseColumnWidths(null)).toEqual({});
    expect(parseColumnWidths([300])).toEqual({});
    expect(withColumnWidth({ name: 400 }, 'tags', 20.6, 64)).toEqual({ name: 400, tags: 64 });
  });

  it('kept in the settings: saved widths come back after the background restarts; a broken kept value is left out', async () => {
    const env = await boot();
    const api = createOrganizerApi(env.client);
    expect(await api.columnWidths()).toEqual({});
    expect(await api.saveColumnWidths({ name: 380, tags: 140 })).toEqual({ name: 380, tags: 140 });
    // A second save replaces the kept widths (the page sends all of them).
    await api.saveColumnWidths({ name: 380, tags: 150, address: 260 });
    env.restart();
    expect(await createOrganizerApi(env.client).columnWidths()).toEqual({ name: 380, tags: 150, address: 260 });
    const stored = (await env.browser.storage.local.get(SETTINGS_KEY))[SETTINGS_KEY] as { organizer: { columnWidths: unknown } };
    expect(stored.organizer.columnWidths).toEqual({ name: 380, tags: 150, address: 260 });
    // A width that is no width is refused with a clear message, and nothing changes.
    await expect(env.client.call('settings.set', { patch: { organizer: { columnWidths: { name: -5 } } } })).rejects.toThrow(/organizer\.columnWidths/);
    expect(await api.columnWidths()).toEqual({ name: 380, tags: 150, address: 260 });
  });
});
