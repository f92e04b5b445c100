/**
 * One row of the organizer's list and what its cells show. Titles, addresses, tags and folder names are untrusted:
 * each is text in its own isolate (src/ui's Untrusted), never HTML. An address and a folder path are cut in the middle
 * when they do not fit (the start gives way, the end stays), the whole text on hover.
 */
import { formatDate, formatNumber, t } from '../i18n';
import type { MessageId } from '../i18n';
import type { ColumnId, OrganizerTree } from '../organizer';
import { PATH_SEPARATOR } from '../platform/folder-path';
import { showBidiControls, Untrusted } from '../ui';
import { memo } from './memo';

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
      return node.parentId ? tree.path(node.parentId).join(PATH_SEPARATOR) : '';
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

/** How many characters of an address stay at its end when it is cut in the middle. */
const ADDRESS_TAIL = 14;

/** Text split for a cut in the middle: the head gives way (ending in "…"), the tail stays. */
export function splitForMiddleCut(text: string, tailLength = ADDRESS_TAIL): { head: string; tail: string } {
  const chars = Array.from(text);
  if (chars.length <= tailLength * 2) return { head: text, tail: '' };
  return { head: chars.slice(0, -tailLength).join(''), tail: chars.slice(-tailLength).join('') };
}

/*
 * The cells' contents are built by plain functions (Untrusted called, not mounted): a row's cells are elements, no
 * component instance each, and every cell has the same elements whatever it shows (an idle row's blank ones too), so a
 * row taking another item, or a blank one filled, patches text instead of making elements. Each cut in the middle is
 * one flex box: its head gives way, its tail stays.
 */

/** Untrusted text in its isolate (a `<bdi>`). */
function isolated(text: string, className?: string) {
  return Untrusted({ children: text, class: className });
}

/** An address: isolated, its bidirectional controls shown, cut in the middle (the isolate is the cut's box). */
function addressCut(url: string) {
  const { head, tail } = splitForMiddleCut(showBidiControls(url));
  return Untrusted({
    class: 'org-cut',
    children: [<span class="org-cut-head">{head}</span>, <span class="org-cut-tail">{tail}</span>],
  });
}

/**
 * A folder path: each folder's name in its own isolate; the ancestors give way first, the deepest folder stays. A
 * blank one (an idle row's) has no separators' text.
 */
function pathCut(folders: readonly string[], separator = PATH_SEPARATOR) {
  const last = folders.length - 1;
  const head: (string | ReturnType<typeof isolated>)[] = [];
  for (let i = 0; i < last; i++) head.push(isolated(folders[i]!), separator);
  return (
    <span class="org-cut">
      <span class="org-cut-head">{head}</span>
      {isolated(last >= 0 ? folders[last]! : '', 'org-cut-tail')}
    </span>
  );
}

/** Tags, each isolated (with its bidirectional controls shown), separated by commas; none: a blank cell's text. */
function tagList(tags: readonly string[]) {
  if (!tags.length) return '';
  const out: (string | ReturnType<typeof isolated>)[] = [];
  tags.forEach((tag, i) => {
    if (i) out.push(', ');
    out.push(isolated(showBidiControls(tag), 'org-tag'));
  });
  return out;
}

export interface RowProps {
  tree: OrganizerTree;
  version: number;
  id: string;
  /** The slot's row left the window: kept, invisible, for the next row that needs a slot. */
  idle: boolean;
  /**
   * An idle row: how many folders the path of the row it last showed had. Its blank path keeps as many (empty)
   * isolates, so the next row filling the slot (mostly a path as deep) patches their text instead of making them.
   */
  blankPath: number;
  position: number;
  count: number;
  top: number;
  height: number;
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
export const Row = memo(
  ({ tree, id, idle, blankPath, position, count, top, height, selected, focused, dropClass, columns, folderShown, onRowPointerDown, onRowActivate }: RowProps) =>
    idle ? (
      <div
        class="org-row idle"
        style={{ insetBlockStart: `${top}px`, blockSize: `${height}px` }}
        // The same listeners as a shown row (not removed and added again as the slot goes idle and back); no-ops.
        onPointerDown={noop}
        onDblClick={noop}
      >
        {columns.map((column) => blankCell(column, blankPath))}
      </div>
    ) : (
      <div
        id={`org-row-${id}`}
        role="option"
        aria-selected={selected}
        aria-posinset={position}
        aria-setsize={count}
        class={`org-row${selected ? ' selected' : ''}${focused ? ' focused' : ''}${dropClass}`}
        style={{ insetBlockStart: `${top}px`, blockSize: `${height}px` }}
        data-drop-id={id}
        data-drop-area="list"
        onPointerDown={(e) => onRowPointerDown(e as unknown as PointerEvent, id)}
        onDblClick={() => onRowActivate(id)}
      >
        {columns.map((column) => cell(tree, id, column, folderShown))}
      </div>
    ),
);

function noop() {}

const NO_FOLDERS: readonly string[] = [];
const blankFolders = (n: number): readonly string[] => (n ? Array<string>(n).fill('') : NO_FOLDERS);

/**
 * A cell of an idle row: the elements of a shown one, empty, and the same props (only the Folder cell has `hidden`:
 * a prop one has and the other has not is written at every switch).
 */
function blankCell(column: ColumnId, pathLength: number) {
  if (column === 'name')
    return (
      <span key={column} class="org-cell org-col-name">
        <span aria-hidden="true" class="org-icon">
          {''}
        </span>
        {isolated('', 'org-title')}
      </span>
    );
  if (column === 'folder')
    return (
      <span key={column} class="org-cell org-col-folder" hidden>
        {pathCut(blankFolders(pathLength), '')}
      </span>
    );
  return (
    <span key={column} class={`org-cell org-col-${column}`}>
      {column === 'address' ? addressCut('') : ''}
    </span>
  );
}

function cell(tree: OrganizerTree, id: string, column: ColumnId, folderShown: boolean) {
  const node = tree.get(id)!;
  if (column === 'name') {
    const icon = node.kind === 'folder' ? '📁' : node.kind === 'separator' ? '' : '🔖';
    const title = tree.titleOf(id);
    return (
      <span key={column} class="org-cell org-col-name" title={node.kind === 'separator' ? undefined : title || node.url}>
        <span aria-hidden="true" class="org-icon">
          {icon}
        </span>
        {node.kind === 'separator' ? (
          <span class="org-separator" aria-label={t('organizerSeparator')} />
        ) : (
          isolated(title || (node.url ? showBidiControls(node.url) : t('organizerUntitled')), 'org-title')
        )}
      </span>
    );
  }
  // Outside a search the Folder column is hidden but keeps its text: showing it again lays out what is there.
  if (column === 'folder') {
    const folders = node.parentId ? tree.path(node.parentId) : [];
    return (
      <span key={column} class="org-cell org-col-folder" hidden={!folderShown} title={folders.join(PATH_SEPARATOR)}>
        {pathCut(folders)}
      </span>
    );
  }
  if (column === 'address')
    return (
      <span key={column} class="org-cell org-col-address" title={node.url ? showBidiControls(node.url) : undefined}>
        {addressCut(node.url)}
      </span>
    );
  if (column === 'tags') {
    const tags = node.url ? tree.tagsOf(node.url) : [];
    return (
      <span key={column} class="org-cell org-col-tags" title={tags.length ? showBidiControls(tags.join(', ')) : undefined}>
        {tagList(tags)}
      </span>
    );
  }
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
  }
  return (
    <span key={column} class={`org-cell org-col-${column}`}>
      {text}
    </span>
  );
}
