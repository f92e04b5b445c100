/**
 * The list of a folder's children or of search results: a WAI-ARIA multi-select listbox (focus stays on the list,
 * aria-activedescendant names the focused row), virtualized with fixed-height rows (only the rows in view and the
 * focused one are in the DOM, whatever the number of items). Columns are text only: titles and addresses are
 * untrusted and never rendered as HTML.
 */
import type { JSX, Ref } from 'preact';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { formatDate, formatNumber, t } from '../i18n';
import type { MessageId } from '../i18n';
import type { Selection } from '../organizer';
import type { ColumnId, ColumnSort } from '../organizer';
import type { OrganizerTree } from '../organizer';
import { assignSlots, rowOffsets, scrollToShow, visibleRows } from '../ui';
import type { DragState } from './drag';
import { memo, useStableCallback } from './memo';

export const ROW_HEIGHT = 28;

export const COLUMN_LABELS: Record<ColumnId, MessageId> = {
  name: 'organizerColumnName',
  address: 'organizerColumnAddress',
  folder: 'organizerColumnFolder',
  tags: 'organizerColumnTags',
  added: 'organizerColumnAdded',
  lastVisit: 'organizerColumnLastVisit',
  visits: 'organizerColumnVisits',
  copies: 'organizerColumnCopies',
};

/** The value a column shows and sorts by. */
export function columnValue(tree: OrganizerTree, id: string, column: ColumnId): string | number {
  const node = tree.get(id);
  if (!node) return '';
  switch (column) {
    case 'name':
      return tree.titleOf(id);
    case 'address':
      return node.url;
    case 'folder':
      return node.parentId ? tree.path(node.parentId).join(' › ') : '';
    case 'tags':
      return tree.tagsOf(node.url).join(', ');
    case 'added':
      return node.dateAdded;
    case 'lastVisit':
      return tree.visitsOf(node.url)?.lastVisit ?? 0;
    case 'visits':
      return tree.visitsOf(node.url)?.count ?? 0;
    case 'copies':
      return node.kind === 'bookmark' ? (tree.copiesOf(node.url) ?? 0) : 0;
  }
}

interface RowProps {
  tree: OrganizerTree;
  version: number;
  id: string;
  /** The slot's row left the window: kept, invisible, for the next row that needs a slot. */
  idle: boolean;
  position: number;
  count: number;
  top: number;
  selected: boolean;
  focused: boolean;
  dropClass: string;
  columns: readonly ColumnId[];
  /** Whether the Folder column shows (search results); in a folder's list its cells stay, hidden and empty. */
  folderShown: boolean;
  onRowPointerDown(event: PointerEvent, id: string): void;
  onRowActivate(id: string): void;
}

/**
 * One row. An idle one (no row of the list needs its slot now) keeps its elements, blank and invisible, without a
 * role or an id (not an option, not hit by the pointer): a search started from a short folder then fills rows already
 * laid out instead of making every row anew. While the list scrolls only rows that come into view render: a row whose
 * props are all the same (the tree's version included, so a change of the item shows) is skipped. The cells are plain
 * elements (no component each) and the same ones whatever the view: a new result set only patches their text.
 */
const Row = memo(({ tree, id, idle, position, count, top, selected, focused, dropClass, columns, folderShown, onRowPointerDown, onRowActivate }: RowProps) =>
  idle ? (
    <div
      class="org-row idle"
      style={{ insetBlockStart: `${top}px`, blockSize: `${ROW_HEIGHT}px` }}
      // The same listeners as a shown row (not removed and added again as the slot goes idle and back); no-ops.
      onPointerDown={noop}
      onDblClick={noop}
    >
      {columns.map(blankCell)}
    </div>
  ) : (
    <div
      id={`org-row-${id}`}
      role="option"
      aria-selected={selected}
      aria-posinset={position}
      aria-setsize={count}
      class={`org-row${selected ? ' selected' : ''}${focused ? ' focused' : ''}${dropClass}`}
      style={{ insetBlockStart: `${top}px`, blockSize: `${ROW_HEIGHT}px` }}
      data-drop-id={id}
      data-drop-area="list"
      onPointerDown={(e) => onRowPointerDown(e as unknown as PointerEvent, id)}
      onDblClick={() => onRowActivate(id)}
    >
      {columns.map((column) => cell(tree, id, column, folderShown))}
    </div>
  ),
);

interface Props {
  tree: OrganizerTree;
  version: number;
  rows: readonly string[];
  /** The columns, the same in a folder and in search results (no element made or dropped as a search starts)... */
  columns: readonly ColumnId[];
  /** ...with the Folder column shown only for search results. */
  folderShown: boolean;
  sort: ColumnSort | null;
  selection: Selection;
  drag: DragState | null;
  /** The folder shown (drops on the empty part of the list go into it); null for search results. */
  folderId: string | null;
  label: string;
  listRef: Ref<HTMLDivElement>;
  scrollRef: Ref<HTMLDivElement>;
  onSort(column: ColumnId): void;
  onRowPointerDown(event: PointerEvent, id: string): void;
  onRowActivate(id: string): void;
  onKeyDown(event: JSX.TargetedKeyboardEvent<HTMLDivElement>): void;
}

function noop() {}

/** A cell of an idle row: the elements of a shown one, empty. */
function blankCell(column: ColumnId) {
  if (column === 'name')
    return (
      <span key={column} class="org-cell org-col-name">
        <span aria-hidden="true" class="org-icon">
          {''}
        </span>
        {''}
      </span>
    );
  return (
    <span key={column} class={`org-cell org-col-${column}`} hidden={column === 'folder' ? true : undefined}>
      {''}
    </span>
  );
}

function cell(tree: OrganizerTree, id: string, column: ColumnId, folderShown: boolean) {
  const node = tree.get(id)!;
  if (column === 'name') {
    const icon = node.kind === 'folder' ? '📁' : node.kind === 'separator' ? '' : '🔖';
    return (
      <span key={column} class="org-cell org-col-name">
        <span aria-hidden="true" class="org-icon">
          {icon}
        </span>
        {node.kind === 'separator' ? <span class="org-separator" aria-label={t('organizerSeparator')} /> : tree.titleOf(id) || node.url || t('organizerUntitled')}
      </span>
    );
  }
  // Outside a search the Folder column is hidden but keeps its text: showing it again lays out what is there.
  if (column === 'folder')
    return (
      <span key={column} class="org-cell org-col-folder" hidden={!folderShown}>
        {columnValue(tree, id, column)}
      </span>
    );
  const value = columnValue(tree, id, column);
  let text = '';
  if (column === 'added' || column === 'lastVisit') text = value ? formatDate(value as number) : '';
  else if (column === 'visits') text = value ? formatNumber(value as number) : '';
  else if (column === 'copies') {
    const n = value as number;
    if (n > 1) {
      const href = `../options/index.html?url=${encodeURIComponent(node.url)}#duplicates`;
      return (
        <span key={column} class={`org-cell org-col-${column}`}>
          <a href={href} target="_blank" rel="noopener" tabIndex={-1} onPointerDown={(e) => e.stopPropagation()} title={t('organizerCopiesLink', formatNumber(n))}>
            {formatNumber(n)}
          </a>
        </span>
      );
    }
  } else text = String(value);
  return (
    <span key={column} class={`org-cell org-col-${column}`}>
      {text}
    </span>
  );
}

export function ItemList({
  tree,
  version,
  rows,
  columns,
  folderShown,
  sort,
  selection,
  drag,
  folderId,
  label,
  listRef,
  scrollRef,
  onSort,
  onRowPointerDown,
  onRowActivate,
  onKeyDown,
}: Props) {
  const rowPointerDown = useStableCallback(onRowPointerDown);
  const rowActivate = useStableCallback(onRowActivate);
  const scroller = useRef<HTMLDivElement | null>(null);
  const slotsRef = useRef<ReadonlyMap<string, number>>(new Map());
  const lastBySlot = useRef<readonly ({ i: number; id: string; top: number; idle: boolean } | undefined)[]>([]);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(400);
  const offsets = useMemo(() => rowOffsets(rows.length, () => ROW_HEIGHT), [rows.length]);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setHeight(el.clientHeight));
    observer.observe(el);
    setHeight(el.clientHeight);
    return () => observer.disconnect();
  }, []);
  // Keep the focused row in view when the keyboard moves it.
  const focusIndex = selection.focus === null ? -1 : rows.indexOf(selection.focus);
  useEffect(() => {
    const el = scroller.current;
    if (!el || focusIndex < 0) return;
    const top = scrollToShow(offsets, focusIndex, el.scrollTop, el.clientHeight);
    if (top !== el.scrollTop) el.scrollTop = top;
  }, [selection.focus, focusIndex]);
  // Two rows beyond each edge: every row rendered costs its layout in the frame that shows a new result set. A list
  // not laid out (height 0: in a hidden tab, or a DOM without layout) renders a 400 px window until it is.
  const { start, end } = visibleRows(offsets, scrollTop, height > 0 ? height : 400, 2);
  const shown: number[] = [];
  if (focusIndex >= 0 && (focusIndex < start || focusIndex >= end)) shown.push(focusIndex);
  for (let i = start; i < end; i++) shown.push(i);
  // Each shown row in a recycled slot (rendered in slot order): rows that stay in view keep theirs, new ones take
  // the elements of rows that left.
  const shownIds = shown.map((i) => rows[i]!).filter((id) => tree.has(id));
  const slots = assignSlots(slotsRef.current, shownIds);
  slotsRef.current = slots;
  // Every slot used stays, idle while no row needs it: at most the most rows one window has shown.
  const bySlot: ({ i: number; id: string; top: number; idle: boolean } | undefined)[] = [];
  for (const last of lastBySlot.current) bySlot.push(last && (last.idle ? last : { ...last, id: '', i: -1, idle: true }));
  for (const i of shown) {
    const id = rows[i]!;
    const slot = slots.get(id);
    if (slot === undefined) continue;
    while (bySlot.length < slot) bySlot.push(undefined);
    bySlot[slot] = { i, id, top: offsets[i]!, idle: false };
  }
  lastBySlot.current = bySlot;
  const dropRow = drag?.over && drag.over.area === 'list' ? drag.over : null;
  const listEnd = drag?.over && drag.over.area === 'list-end' ? drag.over : null;
  void version;
  return (
    <div class="org-list-box">
      <div class="org-list-header" role="presentation">
        {columns.map((column) => (
          <button
            type="button"
            key={column}
            class={`org-cell org-col-${column}`}
            hidden={column === 'folder' && !folderShown}
            aria-pressed={sort?.column === column}
            onClick={() => onSort(column)}
            title={t('organizerSortColumnHint')}
          >
            {t(COLUMN_LABELS[column])}
            {sort?.column === column ? <span aria-hidden="true">{sort.descending ? ' ▾' : ' ▴'}</span> : null}
          </button>
        ))}
      </div>
      <div
        class={`org-list-scroll${listEnd ? ` drop-${listEnd.refusal ? 'refused' : 'inside'}` : ''}`}
        ref={(el) => {
          scroller.current = el;
          if (typeof scrollRef === 'function') scrollRef(el);
          else if (scrollRef) scrollRef.current = el;
        }}
        onScroll={(e) => setScrollTop((e.currentTarget as HTMLDivElement).scrollTop)}
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
            const { i, id, top, idle } = row;
            const over = !idle && dropRow?.rowId === id ? dropRow : null;
            return (
              <Row
                key={slot}
                tree={tree}
                version={idle ? 0 : version}
                id={id}
                idle={idle}
                position={idle ? 0 : i + 1}
                count={idle ? 0 : rows.length}
                top={top}
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
