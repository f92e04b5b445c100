/**
 * The list's header: one sort button per column and, where the columns can be resized (not in the sidebar), a
 * separator at each column's end edge that a person drags with the mouse or moves with the arrow keys (a focusable
 * WAI-ARIA window splitter: role=separator with aria-valuenow). It measures its own labels: no column is made
 * narrower than its header.
 */
import type { Ref } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import { t } from '../i18n';
import { clampWidth, MAX_COLUMN_PX, widthAfterKey, type ColumnId, type ColumnSort } from '../organizer';
import { COLUMN_LABELS } from './ListRow';

export type ColumnMins = Partial<Record<ColumnId, number>>;

interface Props {
  columns: readonly ColumnId[];
  folderShown: boolean;
  sort: ColumnSort | null;
  /** The widths laid out; null where the columns are not sized by hand (the sidebar). */
  widths: Readonly<Record<ColumnId, number>> | null;
  mins: ColumnMins;
  headerRef: Ref<HTMLDivElement>;
  onMeasure(mins: ColumnMins): void;
  onSort(column: ColumnId): void;
  /** A column's new width while it is dragged (`done` false) and when it is set (`done` true: keep it). */
  onResize(column: ColumnId, width: number, done: boolean): void;
}

function isRtl(el: Element): boolean {
  return getComputedStyle(el).direction === 'rtl';
}

export function ListHeader({ columns, folderShown, sort, widths, mins, headerRef, onMeasure, onSort, onResize }: Props) {
  const box = useRef<HTMLDivElement | null>(null);
  /** What the labels were measured for once every one shown was laid out (the shown columns and the sort mark). */
  const measuredFor = useRef(new Set<string>());
  // The headers' own widths: the label's whole text and what its button adds to it (padding, the sort mark), measured
  // once laid out (the words depend on the language) and reported when they change. Only for a set of labels not
  // measured yet, or while some label shown is not laid out: a measure forces the whole page's layout in the middle of
  // a render, and the header renders with every scroll frame and every keystroke of a search (which shows and hides
  // the Folder column: each of the two sets is measured once). A hidden header keeps the width measured when it showed.
  const shown = folderShown ? columns : columns.filter((c) => c !== 'folder');
  const labelsKey = `${shown.join()}|${sort ? `${sort.column}${sort.descending ? '-' : '+'}` : ''}`;
  useLayoutEffect(() => {
    if (measuredFor.current.has(labelsKey)) return;
    const measured: ColumnMins = {};
    let changed = false;
    let allLaidOut = true;
    for (const label of box.current?.querySelectorAll<HTMLElement>('.org-head-label') ?? []) {
      const column = label.dataset.column as ColumnId;
      if (!shown.includes(column)) continue;
      const button = label.parentElement!;
      const width = label.getBoundingClientRect().width;
      if (!width && !label.scrollWidth) {
        allLaidOut = false;
        continue;
      }
      // scrollWidth is whole pixels: one more so a fraction of the text is never cut.
      const whole = Math.max(width, label.scrollWidth + 1);
      const style = getComputedStyle(button);
      const around = ['paddingInlineStart', 'paddingInlineEnd', 'borderInlineStartWidth', 'borderInlineEndWidth'] as const;
      const extra = around.reduce((sum, side) => sum + (parseFloat(style[side]) || 0), 0) + (label.nextElementSibling?.getBoundingClientRect().width ?? 0);
      measured[column] = Math.ceil(whole + extra);
      if (measured[column] !== mins[column]) changed = true;
    }
    if (allLaidOut) measuredFor.current.add(labelsKey);
    if (changed) onMeasure({ ...mins, ...measured });
  });

  const startDrag = (event: PointerEvent, column: ColumnId) => {
    if (event.button !== 0 || !widths) return;
    event.preventDefault();
    event.stopPropagation();
    const handle = event.currentTarget as HTMLElement;
    handle.focus();
    const direction = isRtl(handle) ? -1 : 1;
    const startX = event.clientX;
    const startWidth = widths[column];
    let width = startWidth;
    const onMove = (e: PointerEvent) => {
      width = clampWidth(startWidth + direction * (e.clientX - startX), mins[column]);
      onResize(column, width, false);
    };
    const onUp = () => {
      removeEventListener('pointermove', onMove);
      removeEventListener('pointerup', onUp);
      removeEventListener('pointercancel', onUp);
      onResize(column, width, true);
    };
    addEventListener('pointermove', onMove);
    addEventListener('pointerup', onUp);
    addEventListener('pointercancel', onUp);
  };

  return (
    <div
      class="org-list-header"
      role="presentation"
      ref={(el) => {
        box.current = el;
        if (typeof headerRef === 'function') headerRef(el);
        else if (headerRef) headerRef.current = el;
      }}
    >
      <div class="org-list-header-row">
        {columns.map((column) => {
          const label = t(COLUMN_LABELS[column]);
          const width = widths?.[column];
          const min = clampWidth(mins[column] ?? 0);
          return (
            <div key={column} class={`org-head-cell org-col-${column}`} hidden={column === 'folder' && !folderShown}>
              <button type="button" class="org-sort" aria-pressed={sort?.column === column} onClick={() => onSort(column)} title={t('organizerSortColumnHint')}>
                <span class="org-head-label" data-column={column}>
                  {label}
                </span>
                <span aria-hidden="true" class="org-sort-mark">
                  {sort?.column === column ? (sort.descending ? '▾' : '▴') : ''}
                </span>
              </button>
              {width === undefined ? null : (
                <span
                  role="separator"
                  tabIndex={0}
                  class="org-col-resize"
                  aria-orientation="vertical"
                  aria-label={t('organizerResizeColumn', label)}
                  aria-valuenow={width}
                  aria-valuemin={min}
                  aria-valuemax={MAX_COLUMN_PX}
                  title={t('organizerResizeColumnHint')}
                  data-testid={`organizer-resize-${column}`}
                  onPointerDown={(e) => startDrag(e as unknown as PointerEvent, column)}
                  onKeyDown={(e) => {
                    const next = widthAfterKey(width, e.key, min, isRtl(e.currentTarget));
                    if (next === null) return;
                    e.preventDefault();
                    onResize(column, next, true);
                  }}
                />
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
