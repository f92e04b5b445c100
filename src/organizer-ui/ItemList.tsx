/**
 * The list of a folder's children or of search results: a WAI-ARIA multi-select listbox (focus stays on the list,
 * aria-activedescendant names the focused row), virtualized with fixed-height rows (only the rows in view and the
 * focused one are in the DOM, whatever the number of items). Its columns are as wide as laid out from the widths a
 * person set (ListHeader, column-widths.ts); wider together than the list, they scroll sideways with the header.
 * A new list (another folder, another query) starts at its top, its first row whole.
 */
import type { JSX, Ref } from 'preact';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { t } from '../i18n';
import { layoutColumns, type ColumnId, type ColumnSort, type ColumnWidths, type OrganizerTree, type Selection } from '../organizer';
import { assignSlots, rowOffsets, scrollToShow, visibleRows } from '../ui';
import type { DragState } from './drag';
import { ListHeader, type ColumnMins } from './ListHeader';
import { Row } from './ListRow';
import { useStableCallback } from './memo';

export const ROW_HEIGHT = 28;
/** A row of two lines (the sidebar's search results: the name, the folder below it). */
export const TWO_LINE_ROW_HEIGHT = 44;

/** A slot's row: the list's row `i` (`id`) at `top`, or idle (its row left the window; `i` -1, `id` ''). */
interface SlotRow {
  i: number;
  id: string;
  top: number;
  idle: boolean;
  /** Idle: how many folders the path of the row the slot showed last had (see ListRow's RowProps). */
  blankPath: number;
}

/** How many folders an item's path (its Folder column) has. */
function pathLength(tree: OrganizerTree, id: string): number {
  const parent = tree.get(id)?.parentId;
  return parent ? tree.path(parent).length : 0;
}

interface Props {
  tree: OrganizerTree;
  version: number;
  rows: readonly string[];
  /** The columns, the same in a folder and in search results (no element made or dropped as a search starts)... */
  columns: readonly ColumnId[];
  /** ...with the Folder column shown only for search results. */
  folderShown: boolean;
  /** The widths a person set; null where the columns are not sized (the sidebar: the name takes the row). */
  columnWidths: ColumnWidths | null;
  rowHeight: number;
  /** Changes when another list is shown (a folder, a query): the list then starts at its top. */
  listKey: string;
  sort: ColumnSort | null;
  selection: Selection;
  drag: DragState | null;
  /** The folder shown (drops on the empty part of the list go into it); null for search results. */
  folderId: string | null;
  label: string;
  listRef: Ref<HTMLDivElement>;
  scrollRef: Ref<HTMLDivElement>;
  onSort(column: ColumnId): void;
  onResizeColumn(column: ColumnId, width: number, done: boolean): void;
  onRowPointerDown(event: PointerEvent, id: string): void;
  onRowActivate(id: string): void;
  onKeyDown(event: JSX.TargetedKeyboardEvent<HTMLDivElement>): void;
}

export function ItemList({
  tree,
  version,
  rows,
  columns,
  folderShown,
  columnWidths,
  rowHeight,
  listKey,
  sort,
  selection,
  drag,
  folderId,
  label,
  listRef,
  scrollRef,
  onSort,
  onResizeColumn,
  onRowPointerDown,
  onRowActivate,
  onKeyDown,
}: Props) {
  const rowPointerDown = useStableCallback(onRowPointerDown);
  const rowActivate = useStableCallback(onRowActivate);
  const scroller = useRef<HTMLDivElement | null>(null);
  const header = useRef<HTMLDivElement | null>(null);
  const slotsRef = useRef<ReadonlyMap<string, number>>(new Map());
  const lastBySlot = useRef<readonly (SlotRow | undefined)[]>([]);
  const [scrollTop, setScrollTop] = useState(0);
  /** The scroll box's position as last set or reported (reading it from the element would force a layout). */
  const scrolled = useRef(0);
  const [size, setSize] = useState({ height: 400, width: 0 });
  const [mins, setMins] = useState<ColumnMins>({});
  const offsets = useMemo(() => rowOffsets(rows.length, () => rowHeight), [rows.length, rowHeight]);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = () => setSize((old) => (old.height === el.clientHeight && old.width === el.clientWidth ? old : { height: el.clientHeight, width: el.clientWidth }));
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    measure();
    return () => observer.disconnect();
  }, []);
  // Another folder or query: its list starts at the top (the last one's scroll would cut its first row).
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && scrolled.current !== 0) el.scrollTop = scrolled.current = 0;
    setScrollTop(0);
  }, [listKey]);
  // Keep the focused row in view when the keyboard moves it.
  const focusIndex = selection.focus === null ? -1 : rows.indexOf(selection.focus);
  useEffect(() => {
    const el = scroller.current;
    if (!el || focusIndex < 0) return;
    const top = scrollToShow(offsets, focusIndex, el.scrollTop, el.clientHeight);
    if (top !== el.scrollTop) el.scrollTop = scrolled.current = top;
  }, [selection.focus, focusIndex]);
  const folderColumns = columns.filter((c) => c !== 'folder');
  const inFolder = columnWidths ? layoutColumns(folderColumns, columnWidths, size.width, mins) : null;
  const found = columnWidths ? layoutColumns(columns, columnWidths, size.width, mins) : null;
  const widths = folderShown ? found : inFolder;
  // The widths of both views (a folder's, search results' with the Folder column) are on the list box, the view
  // shown picks its own by a class: a search starting or ending changes no custom property there (one changed on the
  // list box restyles every element in it, 7 ms for a window of rows). Only Name's width differs between the two.
  const widthStyle: Record<string, string> = {};
  if (inFolder && found) {
    const total = (w: Record<string, number>, shown: readonly ColumnId[]) => `${shown.reduce((sum, column) => sum + w[column]!, 0)}px`;
    for (const column of columns) widthStyle[`--org-w-${column}`] = `${found[column]}px`;
    widthStyle['--org-w-name'] = `${inFolder.name}px`;
    widthStyle['--org-w-name-found'] = `${found.name}px`;
    widthStyle['--org-columns-width'] = total(inFolder, folderColumns);
    widthStyle['--org-columns-width-found'] = total(found, columns);
  }
  // Two rows beyond each edge: every row rendered costs its layout in the frame that shows a new result set. A list
  // not laid out (height 0: in a hidden tab, or a DOM without layout) renders a 400 px window until it is.
  const { start, end } = visibleRows(offsets, scrollTop, size.height > 0 ? size.height : 400, 2);
  const shown: number[] = [];
  if (focusIndex >= 0 && (focusIndex < start || focusIndex >= end)) shown.push(focusIndex);
  for (let i = start; i < end; i++) shown.push(i);
  // Each shown row in a recycled slot (rendered in slot order): rows that stay in view keep theirs, new ones take
  // the elements of rows that left.
  const shownIds = shown.map((i) => rows[i]!).filter((id) => tree.has(id));
  const slots = assignSlots(slotsRef.current, shownIds);
  slotsRef.current = slots;
  // Every slot used stays, idle while no row needs it: at most the most rows one window has shown. An idle slot keeps
  // the length of the path it showed last (its blank path keeps that many isolates).
  const bySlot: (SlotRow | undefined)[] = [];
  for (const last of lastBySlot.current) bySlot.push(last && (last.idle ? last : { ...last, id: '', i: -1, idle: true, blankPath: pathLength(tree, last.id) }));
  for (const i of shown) {
    const id = rows[i]!;
    const slot = slots.get(id);
    if (slot === undefined) continue;
    while (bySlot.length < slot) bySlot.push(undefined);
    bySlot[slot] = { i, id, top: offsets[i]!, idle: false, blankPath: 0 };
  }
  lastBySlot.current = bySlot;
  const dropRow = drag?.over && drag.over.area === 'list' ? drag.over : null;
  const listEnd = drag?.over && drag.over.area === 'list-end' ? drag.over : null;
  void version;
  return (
    <div class={`org-list-box${widths ? ' sized' : ''}${folderShown ? ' found' : ''}`} style={widthStyle}>
      <ListHeader
        columns={columns}
        folderShown={folderShown}
        sort={sort}
        widths={widths}
        mins={mins}
        headerRef={header}
        onMeasure={setMins}
        onSort={onSort}
        onResize={onResizeColumn}
      />
      <div
        class={`org-list-scroll${listEnd ? ` drop-${listEnd.refusal ? 'refused' : 'inside'}` : ''}`}
        ref={(el) => {
          scroller.current = el;
          if (typeof scrollRef === 'function') scrollRef(el);
          else if (scrollRef) scrollRef.current = el;
        }}
        onScroll={(e) => {
          const el = e.currentTarget as HTMLDivElement;
          scrolled.current = el.scrollTop;
          setScrollTop(el.scrollTop);
          if (header.current) header.current.scrollLeft = el.scrollLeft;
        }}
        data-drop-id={folderId ?? undefined}
        data-drop-area={folderId ? 'list-end' : undefined}
      >
        <div
          ref={listRef}
          role="listbox"
          aria-multiselectable="true"
          aria-label={label}
          tabIndex={0}
          aria-activedescendant={selection.focus && rows.includes(selection.focus) ? `org-row-${selection.focus}` : undefined}
          class="org-list"
          style={{ blockSize: `${offsets[rows.length]}px` }}
          onKeyDown={onKeyDown}
          data-testid="organizer-list"
        >
          {rows.length === 0 ? <p class="muted org-empty">{t('organizerEmpty')}</p> : null}
          {bySlot.map((row, slot) => {
            if (!row) return null;
            const { i, id, top, idle, blankPath } = row;
            const over = !idle && dropRow?.rowId === id ? dropRow : null;
            return (
              <Row
                key={slot}
                tree={tree}
                version={idle ? 0 : version}
                id={id}
                idle={idle}
                blankPath={blankPath}
                position={idle ? 0 : i + 1}
                count={idle ? 0 : rows.length}
                top={top}
                height={rowHeight}
                selected={!idle && selection.ids.has(id)}
                focused={!idle && selection.focus === id}
                dropClass={over ? ` drop-${over.refusal ? 'refused' : over.zone}` : ''}
                columns={columns}
                folderShown={!idle && folderShown}
                onRowPointerDown={rowPointerDown}
                onRowActivate={rowActivate}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}
