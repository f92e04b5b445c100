/**
 * The virtualized list of duplicate groups: a header per group (its address, why it is a group, how many copies,
 * "leave alone") and a row per copy (keep choice, folder path, title, date added, tags, visits). The copy that
 * stays is highlighted. Rows have one fixed height; only the rows in view (plus a margin) are in the DOM.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { ruleLabel } from '../../dedup/url-key';
import type { DuplicateGroup } from '../../dedup/scan-types';
import type { Row } from './rows';
import { scrollTopFor, visibleRows } from './virtual';

export const ROW_HEIGHT = 34;

export interface GroupListProps {
  rows: readonly Row[];
  groupCount: number;
  /** The kept copy's id for a group (the user's choice or the suggestion). */
  keeperOf(group: DuplicateGroup): string;
  isLeft(group: DuplicateGroup): boolean;
  onKeep(group: DuplicateGroup, copyId: string): void;
  onLeave(group: DuplicateGroup, leave: boolean): void;
  /** A row to scroll to and mark (e.g. the group of ?url=). */
  focusRow?: number;
  /** Height of the scrolling area in px (tests); by default 60% of the window. */
  height?: number;
}

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });

export function GroupList({ rows, groupCount, keeperOf, isLeft, onKeep, onLeave, focusRow = -1, height }: GroupListProps) {
  const viewport = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewportHeight, setViewportHeight] = useState(height ?? 600);
  const frame = useRef<number | null>(null);

  useLayoutEffect(() => {
    if (height !== undefined) return;
    const measure = () => setViewportHeight(Math.max(200, Math.round(window.innerHeight * 0.6)));
    measure();
    addEventListener('resize', measure);
    return () => removeEventListener('resize', measure);
  }, [height]);

  useEffect(() => {
    if (focusRow < 0 || !viewport.current) return;
    const top = scrollTopFor(focusRow, ROW_HEIGHT);
    viewport.current.scrollTop = top;
    setScrollTop(top);
  }, [focusRow]);

  const onScroll = () => {
    if (frame.current !== null) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = null;
      setScrollTop(viewport.current?.scrollTop ?? 0);
    });
  };

  const { start, end } = visibleRows(scrollTop, viewportHeight, ROW_HEIGHT, rows.length);
  const rendered = [];
  for (let i = start; i < end; i++) {
    const row = rows[i]!;
    const top = i * ROW_HEIGHT;
    if (row.kind === 'group') {
      const g = row.group;
      const left = isLeft(g);
      rendered.push(
        <div class={`virtual-row group-row${i === focusRow ? ' focused' : ''}`} style={{ top, height: ROW_HEIGHT }} key={`g:${g.key}`} data-testid="group-row" data-group-key={g.key}>
          <div class="group-head">
            <label class="leave">
              <input type="checkbox" checked={left} onChange={(e) => onLeave(g, (e.target as HTMLInputElement).checked)} /> leave alone
            </label>
            <span class="url" title={g.copies[0]?.url}>
              {g.copies.find((c) => c.id === keeperOf(g))?.url ?? g.copies[0]?.url}
            </span>
            <span class="muted">{g.copies.length} copies</span>
            {g.rules.map((r) => (
              <span class="rule-chip" key={r} title="Why these copies are one group">
                {ruleLabel(r)}
              </span>
            ))}
            {g.cameBack && <span class="rule-chip">came back after a cleanup</span>}
          </div>
        </div>,
      );
    } else {
      const { group: g, copy: c } = row;
      const kept = keeperOf(g) === c.id;
      const left = isLeft(g);
      rendered.push(
        <div class="virtual-row copy-row" style={{ top, height: ROW_HEIGHT }} key={`c:${c.id}`}>
          <ul class="copies">
            <li class={kept && !left ? 'keep' : ''} data-testid={kept ? 'kept-copy' : 'copy'}>
              <input
                type="radio"
                name={`keep-${g.key}`}
                checked={kept}
                disabled={left}
                aria-label={`Keep the copy in ${c.path}: ${c.title}`}
                onChange={() => onKeep(g, c.id)}
              />
              <span class="path" title={c.path}>
                {c.path}
              </span>
              <span class="title" title={c.url}>
                {c.title || c.url}
              </span>
              <span class="date muted">{dateFormat.format(c.dateAdded)}</span>
              <span class="copy-tags tags">{c.tags.join(', ')}</span>
              <span class="visits muted">{c.visits} visits</span>
            </li>
          </ul>
        </div>,
      );
    }
  }

  return (
    <div
      class="virtual-list"
      ref={viewport}
      onScroll={onScroll}
      style={{ height: Math.min(height ?? viewportHeight, rows.length * ROW_HEIGHT + 2) }}
      role="region"
      aria-label={`Duplicate groups (${groupCount})`}
      tabIndex={0}
      data-testid="group-list"
    >
      <div style={{ height: rows.length * ROW_HEIGHT, position: 'relative' }}>{rendered}</div>
    </div>
  );
}
