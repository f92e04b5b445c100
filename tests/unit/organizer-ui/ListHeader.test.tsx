// @vitest-environment happy-dom
/**
 * The list header measures its labels (no column narrower than its header) once they are laid out, and again only
 * when the labels or the sort mark change: a measure forces the page's layout in the middle of a render, and the
 * header renders with every scroll frame and every keystroke of a search.
 */
import { cleanup, render } from '@testing-library/preact';
import { afterEach, expect, it, vi } from 'vitest';
import { ListHeader, type ColumnMins } from '../../../src/organizer-ui/ListHeader';
import type { ColumnId } from '../../../src/organizer';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const widths: Record<ColumnId, number> = { name: 200, address: 300, folder: 150, tags: 100, added: 90, lastVisit: 90, visits: 60, copies: 60 };

it('measures once laid out, not again on renders that change no label, again when the sort mark changes', () => {
  let laidOut = false;
  const measures = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(() => ({ width: laidOut ? 40 : 0 }) as DOMRect);
  const onMeasure = vi.fn<(mins: ColumnMins) => void>();
  const props = {
    columns: ['name', 'address'] as ColumnId[],
    folderShown: false,
    sort: null,
    widths,
    mins: {} as ColumnMins,
    headerRef: { current: null },
    onMeasure,
    onSort: () => undefined,
    onResize: () => undefined,
  };
  // Not laid out yet (a hidden tab): nothing to measure, and it tries again on the next render.
  const view = render(<ListHeader {...props} />);
  expect(onMeasure).not.toHaveBeenCalled();
  laidOut = true;
  view.rerender(<ListHeader {...props} widths={{ ...widths }} />);
  expect(onMeasure).toHaveBeenCalledTimes(1);
  const mins = onMeasure.mock.calls[0]![0];
  expect(Object.keys(mins).sort()).toEqual(['address', 'name']);
  const afterFirst = measures.mock.calls.length;

  // Scroll frames and search results: the header renders again with the same labels.
  for (let i = 0; i < 5; i++) view.rerender(<ListHeader {...props} mins={mins} widths={{ ...widths, name: 200 + i }} />);
  expect(measures.mock.calls.length).toBe(afterFirst);

  view.rerender(<ListHeader {...props} mins={mins} sort={{ column: 'name', descending: false }} />);
  expect(measures.mock.calls.length).toBeGreaterThan(afterFirst);
});

it('measures the Folder header when a search first shows it, and neither set of labels again as searches start and end', () => {
  const measures = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(() => ({ width: 40 }) as DOMRect);
  const onMeasure = vi.fn<(mins: ColumnMins) => void>();
  const props = {
    columns: ['name', 'folder', 'address'] as ColumnId[],
    folderShown: false,
    sort: null,
    widths,
    headerRef: { current: null },
    onMeasure,
    onSort: () => undefined,
    onResize: () => undefined,
  };
  // A folder's list: the Folder header is hidden, not measured (and not waited for).
  const view = render(<ListHeader {...props} mins={{}} />);
  expect(onMeasure).toHaveBeenCalledTimes(1);
  expect(Object.keys(onMeasure.mock.calls[0]![0]).sort()).toEqual(['address', 'name']);
  view.rerender(<ListHeader {...props} mins={onMeasure.mock.calls[0]![0]} widths={{ ...widths }} />);
  expect(onMeasure).toHaveBeenCalledTimes(1);
  // The first search shows it: measured then.
  view.rerender(<ListHeader {...props} mins={onMeasure.mock.calls[0]![0]} folderShown />);
  expect(onMeasure).toHaveBeenCalledTimes(2);
  const mins = onMeasure.mock.calls[1]![0];
  expect(Object.keys(mins).sort()).toEqual(['address', 'folder', 'name']);
  // Searches ending and starting again: nothing measured.
  const counted = measures.mock.calls.length;
  for (let i = 0; i < 4; i++) view.rerender(<ListHeader {...props} mins={mins} folderShown={i % 2 === 1} />);
  expect(measures.mock.calls.length).toBe(counted);
});
