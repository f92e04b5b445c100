/**
 * The duplicate groups as one keyboard widget: a WAI-ARIA tree, virtualized (only the rows in view, plus the row
 * with focus, are in the DOM). Tab enters it once, at the row last focused, and leaves it with the next Tab:
 *   ↑/↓ previous/next row · ←/→ close/open a group or folder (← on a copy goes to its group) · Home/End ·
 *   PageUp/PageDown by a screenful · Space on a copy keeps it, on a group leaves the group alone · Enter opens.
 * A group header says what the group is (its address, how many copies in how many folders, which folders) and which
 * copy stays and why; when open, the kept copy is pinned first, then the other copies (per folder for big groups).
 * A copy row shows its folder (truncated in the middle, the deepest folder always visible), its title, its own
 * address where it differs from the group's (the difference marked), date and time added, its place in its folder,
 * visits and tags, and a marker where the link check found its address dead or moved for good. Every control's name
 * says which group or copy it belongs to.
 */
import { Fragment, type VNode } from 'preact';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { DuplicateCopy, DuplicateGroup } from '../../dedup';
import type { LinkMarker as Marker } from '../../link-health';
import { markerText } from '../../link-health';
import { plural, t } from '../../i18n';
import { formatDateTime, ordinal } from '../format';
import { Marked, unmarked } from './Marked';
import { Path } from './Path';
import { copiesByFolder, folderBreakdown, folderNames, HANDFUL, matchRuleLabel, ROW_HEIGHTS, urlDifference, type Row } from './rows';
import { LinkMarker, rowAt, rowOffsets, scrollToShow, scrollTopFor, Untrusted, UntrustedCode, visibleRows } from '../../ui';

export interface GroupListProps {
  rows: readonly Row[];
  groupCount: number;
  /** The kept copy's id (the person's choice or the plan's), null when the group is left alone. */
  keeperOf(group: DuplicateGroup): string | null;
  /** Why the kept copy stays, in words ("your choice", "a real title, then the oldest"). */
  keptText(group: DuplicateGroup): string;
  isLeft(group: DuplicateGroup): boolean;
  /** Something to tell about the group ("changed since you decided: 3 copies then, 4 now"), or null. */
  noteOf(group: DuplicateGroup): string | null;
  /** The copied folder this copy goes with under the current decisions, or null. */
  goesWith(copy: DuplicateCopy): string | null;
  onKeep(group: DuplicateGroup, copyId: string): void;
  onLeave(group: DuplicateGroup, leave: boolean): void;
  /** Opens or closes a group or folder row. */
  onToggle(row: Row): void;
  /** Opens a group with every folder in it: all its copies at once. */
  onOpenFully(group: DuplicateGroup): void;
  /** A row to scroll to and mark (e.g. the group of ?url=). */
  focusRow?: number;
  /** When this changes (a filter, another order), the list goes back to its top. */
  resetKey?: unknown;
  /** Height of the scrolling area in px (tests); by default 70% of the window. */
  height?: number;
  /** What the link check knows of an address (dead, moved for good), looked up by URL; null: nothing to show. */
  markerOf?(url: string): Marker | null;
  /** Only to look at (the last scan, shown while the page's own scan runs): the keep and leave-alone controls are disabled. */
  readOnly?: boolean;
}

const NO_MARKER = () => null;

const HELP_ID = 'group-list-help';
/** Rows rendered beyond the view on each side. */
const OVERSCAN = 2;

const copyFacts = new WeakMap<DuplicateCopy, { added: string; position: string; visits: string }>();
/** A copy's date, place and visits in words, formatted once per copy (Intl calls add up at 30 rows a frame). */
function factsOf(c: DuplicateCopy) {
  let facts = copyFacts.get(c);
  if (!facts)
    copyFacts.set(
      c,
      (facts = { added: formatDateTime(c.dateAdded), position: t('dupPositionShort', ordinal(c.index + 1), c.siblings), visits: plural('dupVisits', c.visits) }),
    );
  return facts;
}

function rowHeight(row: Row): number {
  return ROW_HEIGHTS[row.kind];
}

/** The URL a group header shows: its kept copy's, or its first copy's. */
function shownUrl(group: DuplicateGroup, keeperId: string | null): string {
  return (keeperId && group.copies.find((c) => c.id === keeperId)?.url) || group.copies[0]?.url || group.key;
}

function CopyUrl({ url, reference }: { url: string; reference: string }) {
  const diff = urlDifference(url, reference);
  if (!diff) return null;
  return (
    <span class="copy-url" title={url}>
      <UntrustedCode class="url-before" text={diff.before} />
      <mark>
        <UntrustedCode text={diff.changed} />
      </mark>
      <UntrustedCode class="url-after" text={diff.after} />
    </span>
  );
}

/** "Folder 0 ×10, Folder 3 ×13, Reading": each folder name isolated from the next. */
function FolderNames({ group }: { group: DuplicateGroup }) {
  const { names, more } = folderNames(group);
  return (
    <span class="folders">
      {names.map(([name, n], i) => (
        <Fragment key={i}>
          {i > 0 && ', '}
          <Untrusted>{name}</Untrusted>
          {n > 1 && ` ×${n}`}
        </Fragment>
      ))}
      {more && ', …'}
    </span>
  );
}

export function GroupList(props: GroupListProps) {
  const { rows, groupCount, keeperOf, keptText, isLeft, noteOf, goesWith, focusRow = -1, resetKey, height, markerOf = NO_MARKER, readOnly = false } = props;
  // Rendered rows are kept between frames (see `cache` below); their handlers call the latest props through this.
  const latest = useRef(props);
  latest.current = props;
  const onLeave: GroupListProps['onLeave'] = (g, leave) => latest.current.onLeave(g, leave);
  const onToggle: GroupListProps['onToggle'] = (row) => latest.current.onToggle(row);
  const onOpenFully: GroupListProps['onOpenFully'] = (g) => latest.current.onOpenFully(g);
  const viewport = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewportHeight, setViewportHeight] = useState(height ?? 600);
  const [activeId, setActiveId] = useState<string | null>(null);
  /** The group of the active row: where focus falls back when its row disappears (its group was closed). */
  const activeGroup = useRef<string | null>(null);
  const pendingFocus = useRef(false);
  const frame = useRef<number | null>(null);

  const offsets = useMemo(() => rowOffsets(rows.length, (i) => rowHeight(rows[i]!)), [rows]);
  const indexOf = useMemo(() => {
    const map = new Map<string, number>();
    rows.forEach((r, i) => map.set(r.id, i));
    return map;
  }, [rows]);

  let activeIndex = activeId === null ? -1 : (indexOf.get(activeId) ?? -1);
  const activeRow = useRef<string | null>(null);
  if (activeIndex < 0 && activeGroup.current !== null) activeIndex = indexOf.get(`g\n${activeGroup.current}`) ?? -1;
  if (activeIndex < 0 && rows.length) activeIndex = 0;
  activeRow.current = rows[activeIndex]?.id ?? null;

  useLayoutEffect(() => {
    if (height !== undefined) return;
    const measure = () => setViewportHeight(Math.max(240, Math.round(window.innerHeight * 0.7)));
    measure();
    addEventListener('resize', measure);
    return () => removeEventListener('resize', measure);
  }, [height]);

  const scrollTo = (top: number) => {
    if (viewport.current) viewport.current.scrollTop = top;
    setScrollTop(top);
  };

  // A new filter or order: back to the top of the results, focus on the first row.
  const firstReset = useRef(true);
  useEffect(() => {
    if (firstReset.current) {
      firstReset.current = false;
      return;
    }
    scrollTo(0);
    setActiveId(null);
    activeGroup.current = null;
  }, [resetKey]);

  useEffect(() => {
    if (focusRow < 0 || focusRow >= rows.length) return;
    scrollTo(scrollTopFor(offsets, focusRow));
    setActiveId(rows[focusRow]!.id);
    activeGroup.current = rows[focusRow]!.group.key;
  }, [focusRow]);

  useLayoutEffect(() => {
    if (!pendingFocus.current) return;
    pendingFocus.current = false;
    viewport.current?.querySelector<HTMLElement>(`[data-row-index="${activeIndex}"]`)?.focus({ preventScroll: true });
  });

  const onScroll = () => {
    if (frame.current !== null) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = null;
      setScrollTop(viewport.current?.scrollTop ?? 0);
    });
  };

  const activate = (index: number, focus: boolean) => {
    const row = rows[index];
    if (!row) return;
    setActiveId(row.id);
    activeGroup.current = row.group.key;
    const top = scrollToShow(offsets, index, viewport.current?.scrollTop ?? scrollTop, viewportHeight);
    if (top !== (viewport.current?.scrollTop ?? scrollTop)) scrollTo(top);
    if (focus) pendingFocus.current = true;
  };

  const parentOf = (index: number) => {
    const level = rows[index]!.level;
    for (let i = index - 1; i >= 0; i--) if (rows[i]!.level < level) return i;
    return index;
  };

  const keepCopy = (row: Extract<Row, { kind: 'copy' }>) => {
    const now = latest.current;
    if (now.isLeft(row.group) || now.goesWith(row.copy)) return;
    now.onKeep(row.group, row.copy.id);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey || activeIndex < 0) return;
    // The keys act on the row that has focus (normally the active one).
    const focused = (event.target as HTMLElement | null)?.closest?.('[data-row-index]')?.getAttribute('data-row-index');
    const i = focused != null && rows[Number(focused)] ? Number(focused) : activeIndex;
    const row = rows[i]!;
    const expandable = row.kind !== 'copy';
    const page = Math.max(1, viewportHeight - 40);
    let handled = true;
    switch (event.key) {
      case 'ArrowDown':
        activate(Math.min(rows.length - 1, i + 1), true);
        break;
      case 'ArrowUp':
        activate(Math.max(0, i - 1), true);
        break;
      case 'Home':
        activate(0, true);
        break;
      case 'End':
        activate(rows.length - 1, true);
        break;
      case 'PageDown':
        activate(Math.min(rows.length - 1, Math.max(i + 1, rowAt(offsets, offsets[i]! + page))), true);
        break;
      case 'PageUp':
        activate(Math.max(0, Math.min(i - 1, rowAt(offsets, Math.max(0, offsets[i]! - page)))), true);
        break;
      case 'ArrowRight':
        if (event.shiftKey && row.kind === 'group') onOpenFully(row.group);
        else if (expandable && !row.expanded) onToggle(row);
        else if (expandable) activate(Math.min(rows.length - 1, i + 1), true);
        break;
      case 'ArrowLeft':
        if (expandable && row.expanded && row.kind !== 'group') onToggle(row);
        else if (row.kind === 'group' && row.expanded) onToggle(row);
        else activate(parentOf(i), true);
        break;
      case ' ':
      case 'Spacebar':
        if (row.kind === 'copy') keepCopy(row);
        else if (row.kind === 'group') onLeave(row.group, !isLeft(row.group));
        else onToggle(row);
        break;
      case 'Enter':
        if (row.kind === 'copy') keepCopy(row);
        else onToggle(row);
        break;
      default:
        handled = false;
    }
    if (handled) {
      event.preventDefault();
      pendingFocus.current = true;
    }
  };

  const { start, end } = visibleRows(offsets, scrollTop, viewportHeight, OVERSCAN);
  const indexes: number[] = [];
  if (activeIndex >= 0 && activeIndex < start) indexes.push(activeIndex);
  for (let i = start; i < end; i++) indexes.push(i);
  if (activeIndex >= end) indexes.push(activeIndex);

  // A row still in view after a scroll is the same vnode as before when nothing it shows changed: Preact then skips
  // it. The cache lives as long as the rows and the viewport do.
  const cache = useRef<{ rows: readonly Row[]; height: number; vnodes: Map<string, { sig: string; vnode: VNode }> }>({ rows, height: viewportHeight, vnodes: new Map() });
  if (cache.current.rows !== rows || cache.current.height !== viewportHeight) cache.current = { rows, height: viewportHeight, vnodes: new Map() };
  const previous = cache.current.vnodes;
  const next = new Map<string, { sig: string; vnode: VNode }>();

  const rendered = indexes.map((i) => {
    const row = rows[i]!;
    const g = row.group;
    const left = isLeft(g);
    const keeperId = keeperOf(g);
    const goesText = row.kind === 'copy' ? goesWith(row.copy) : null;
    const marker = row.kind === 'copy' ? markerOf(row.copy.url) : null;
    const sig = `${i === activeIndex}|${i === focusRow}|${left}|${keeperId}|${goesText}|${marker ? `${marker.class}|${marker.checkedAt}` : ''}|${row.kind === 'group' ? `${keptText(g)}|${noteOf(g)}` : ''}`;
    const cached = previous.get(row.id);
    if (cached && cached.sig === sig) {
      next.set(row.id, cached);
      return cached.vnode;
    }
    const vnode = renderRow(i, row, g, left, keeperId, marker);
    next.set(row.id, { sig, vnode });
    return vnode;
  });
  cache.current.vnodes = next;

  function renderRow(i: number, row: Row, g: DuplicateGroup, left: boolean, keeperId: string | null, marker: Marker | null): VNode {
    const common = {
      role: 'treeitem' as const,
      'aria-level': row.level,
      'aria-posinset': row.pos,
      'aria-setsize': row.size,
      'data-row-index': i,
      tabIndex: i === activeIndex ? 0 : -1,
      style: { top: offsets[i], height: rowHeight(row) },
      onClick: () => activate(i, true),
      // Focus can also arrive from elsewhere (a screen reader's cursor, a script): the keys then act on that row.
      onFocus: () => {
        if (activeRow.current !== row.id) {
          setActiveId(row.id);
          activeGroup.current = row.group.key;
        }
      },
    };
    const klass = `virtual-row ${row.kind}-row level-${row.level}${i === focusRow ? ' focused' : ''}`;
    if (row.kind === 'group') {
      const url = shownUrl(g, keeperId);
      const folders = copiesByFolder(g).length;
      const keeper = keeperId ? g.copies.find((c) => c.id === keeperId) : undefined;
      const note = noteOf(g);
      const sizeText = t('dupSizeText', plural('dupCopies', g.copies.length), plural('dupFolders', folders));
      const summary = left
        ? t('dupGroupLabelLeft', url, sizeText)
        : keeper
          ? t('dupGroupLabelKeeps', url, sizeText, keeper.path, keptText(g))
          : t('dupGroupLabelKeepsOne', url, sizeText);
      const label = unmarked(note ? t('dupGroupLabelNote', summary, note) : summary);
      return (
        <div
          {...common}
          class={`${klass}${left ? ' left' : ''}`}
          key={row.id}
          aria-expanded={row.expanded}
          aria-checked={left}
          aria-label={label}
          data-testid="group-row"
          data-group-key={g.key}
        >
          <div class="line">
            <span
              class="twisty"
              aria-hidden="true"
              onClick={(e) => {
                e.stopPropagation();
                activate(i, true);
                onToggle(row);
              }}
            >
              {row.expanded ? '▾' : '▸'}
            </span>
            <label class="leave" onMouseDown={(e) => e.preventDefault()} onClick={(e) => e.stopPropagation()}>
              <input
                type="checkbox"
                tabIndex={-1}
                checked={left}
                aria-label={t('dupLeaveAlone', url)}
                disabled={readOnly}
                onChange={(e) => onLeave(g, (e.target as HTMLInputElement).checked)}
              />
              <span class="leave-text" aria-hidden="true">
                {t('dupLeaveAloneShort')}
              </span>
            </label>
            <span class="url" title={url}>
              <UntrustedCode text={url} />
            </span>
            <span class="chips">
              {g.rules.map((r) => (
                <span class="rule-chip" key={r} title={t('dupWhyOneGroup')}>
                  {matchRuleLabel(r)}
                </span>
              ))}
              {g.cameBack && <span class="rule-chip">{t('dupCameBackChip')}</span>}
            </span>
          </div>
          <div class="line muted breakdown" title={folderBreakdown(g, 50)}>
            {g.copies.length > HANDFUL && (
              <button
                type="button"
                class="link show-all"
                tabIndex={-1}
                aria-label={t('dupShowAllCopiesOf', plural('dupCopies', g.copies.length), url)}
                data-testid="show-all-copies"
                onMouseDown={(e) => e.preventDefault()}
                onClick={(e) => {
                  e.stopPropagation();
                  activate(i, true);
                  onOpenFully(g);
                }}
              >
                {t('dupShowAllCopies')}
              </button>
            )}
            <span class="size">{sizeText}:</span> <FolderNames group={g} />
          </div>
          <div class="line kept-line">
            {note && <span class="note">{note}</span>}
            {left ? (
              <span>{t('dupLeftAloneLine')}</span>
            ) : keeper ? (
              <>
                <span class="kept-label">{t('dupKeeps')}</span>
                <Path path={keeper.path} />
                <span class="because">
                  <Marked text={t('dupBecause', keptText(g))} />
                </span>
              </>
            ) : null}
          </div>
        </div>
      );
    }
    if (row.kind === 'folder') {
      return (
        <div
          {...common}
          onClick={() => {
            activate(i, true);
            onToggle(row);
          }}
          class={klass}
          key={row.id}
          aria-expanded={row.expanded}
          aria-label={t('dupFolderLabel', row.path, plural('dupCopies', row.copies.length), shownUrl(g, keeperId))}
          data-testid="folder-row"
        >
          <div class="line">
            <span class="twisty" aria-hidden="true">
              {row.expanded ? '▾' : '▸'}
            </span>
            <Path path={row.path} />
            <span class="size">{plural('dupCopies', row.copies.length)}</span>
          </div>
        </div>
      );
    }
    const c = row.copy;
    const kept = keeperId === c.id;
    const goes = goesWith(c);
    const reference = shownUrl(g, keeperId);
    const facts = factsOf(c);
    const position = facts.position;
    const label = [
      kept ? t('dupCopyLabelKept', c.path, position, c.title || c.url) : t('dupCopyLabel', c.path, position, c.title || c.url),
      c.url !== reference ? t('dupCopyAddress', c.url) : '',
      t('dupCopyAdded', facts.added, facts.visits),
      c.tags.length ? t('dupCopyTags', c.tags.join(', ')) : '',
      goes ? t('dupCopyGoesWith', goes) : '',
      c.cameBack ? t('dupCopyCameBack') : '',
      marker ? t('dupCopyLink', markerText(marker)) : '',
    ].join('');
    return (
      <div
        {...common}
        class={`${klass}${kept && !left ? ' keep' : ''}${goes ? ' goes' : ''}`}
        key={row.id}
        aria-checked={kept && !left}
        aria-disabled={left || !!goes || undefined}
        aria-label={unmarked(label)}
        data-testid={kept ? 'kept-copy' : 'copy'}
      >
        <div class="line">
          <input
            type="radio"
            tabIndex={-1}
            checked={kept}
            disabled={readOnly || left || !!goes}
            aria-label={t('dupKeepCopy', c.path, position, c.title || c.url)}
            onMouseDown={(e) => e.preventDefault()}
            onChange={() => keepCopy(row)}
          />
          {kept && !left && <span class="badge">{t('dupKeptBadge')}</span>}
          <Path path={c.path} />
          <span class="title" title={c.title || c.url}>
            {c.title ? <Untrusted>{c.title}</Untrusted> : <UntrustedCode text={c.url} />}
          </span>
        </div>
        <div class="line facts">
          {marker && <LinkMarker marker={marker} />}
          <CopyUrl url={c.url} reference={reference} />
          <span class="date">{t('dupAdded', facts.added)}</span>
          <span class="position">{position}</span>
          <span class="visits">{facts.visits}</span>
          {goes && (
            <span class="goes-with">
              <Marked text={t('dupGoesWith', goes)} />
            </span>
          )}
          {c.cameBack && <span class="rule-chip">{t('dupCameBackShort')}</span>}
          {c.tags.length > 0 && (
            <span class="copy-tags" title={c.tags.join(', ')}>
              {c.tags.map((tag) => (
                <UntrustedCode class="tag" key={tag} text={tag} />
              ))}
            </span>
          )}
        </div>
      </div>
    );
  }

  const total = offsets[rows.length] ?? 0;
  return (
    <>
      <p id={HELP_ID} class="muted keys-help">
        {t('dupKeysHelp')}
      </p>
      <div
        class="virtual-list"
        ref={viewport}
        onScroll={onScroll}
        onKeyDown={onKeyDown}
        style={{ height: Math.min(height ?? viewportHeight, total + 2) }}
        role="tree"
        tabIndex={-1}
        aria-label={t('dupListLabel', plural('dupGroups', groupCount))}
        aria-describedby={HELP_ID}
        data-testid="group-list"
      >
        <div style={{ height: total, position: 'relative' }}>{rendered}</div>
      </div>
    </>
  );
}
