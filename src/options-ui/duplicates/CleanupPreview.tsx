/**
 * "Preview the cleanup": the plan's figures, then every item it removes, grouped by why it goes (preview-rows.ts), in
 * a virtualized list (src/ui's virtual.ts, as the review's list): only the rows in view are in the DOM, whatever the
 * number of items. Each item shows its title, the folder it is in and its address (a folder: what it holds), every
 * one of them isolated as untrusted text. The list scrolls by keyboard (it takes focus) and by mouse.
 */
import type { VNode } from 'preact';
import { useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { CleanupNumbers, CleanupPlan, ScanResult } from '../../dedup';
import { formatNumber, plural, t } from '../../i18n';
import { rowOffsets, Untrusted, UntrustedCode, visibleRows } from '../../ui';
import { Path } from './Path';
import { PREVIEW_ROW_HEIGHTS, previewRows, sectionTitle, type PreviewRow } from './preview-rows';

function NumbersTable({ numbers }: { numbers: CleanupNumbers }) {
  const figures: [string, string, number][] = [
    [t('planCopiesRemoved'), 'plan-copies', numbers.copies],
    [t('planLoose'), 'plan-loose', numbers.loose],
    [t('planInside'), 'plan-inside', numbers.insideFolders],
    [t('planFoldersRemoved'), 'plan-folders', numbers.copiedFolders],
    [t('planEmptyRemoved'), 'plan-empty', numbers.emptyFolders],
    [t('planItemsMoved'), 'plan-moved', numbers.moved],
    [t('planTagsMerged'), 'plan-tags', numbers.tagMerges],
  ];
  return (
    <table class="plan" data-testid="plan-preview">
      <tbody>
        {figures.map(([label, testId, n]) => (
          <tr key={testId}>
            <th>{label}</th>
            <td data-testid={testId}>{formatNumber(n)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Rows rendered beyond the view on each side. */
const OVERSCAN = 4;
/** The list's height at most (px); a short plan's list is as tall as its rows. */
const MAX_HEIGHT = 420;

function PreviewItem({ row, top, index }: { row: Extract<PreviewRow, { kind: 'item' }>; top: number; index: number }) {
  const label = t('dupPreviewRowLabel', row.title, row.path, row.url ?? row.holds ?? '');
  return (
    <div
      role="listitem"
      class="virtual-row preview-row"
      style={{ top, height: PREVIEW_ROW_HEIGHTS.item }}
      aria-label={label}
      data-testid="preview-item"
      data-section={row.section}
      data-index={index}
    >
      <div class="line">
        <span class="title" title={row.title}>
          {row.url !== null && row.title === row.url ? <UntrustedCode text={row.title} /> : <Untrusted>{row.title}</Untrusted>}
        </span>
      </div>
      <div class="line facts">
        {row.path && <Path path={row.path} />}
        {row.url !== null ? (
          <span class="address" title={row.url}>
            <UntrustedCode text={row.url} />
          </span>
        ) : (
          <span class="holds">{row.holds}</span>
        )}
      </div>
    </div>
  );
}

export function CleanupPreview({ plan, scan }: { plan: CleanupPlan; scan: ScanResult }) {
  const rows = useMemo(() => previewRows(plan, scan), [plan, scan]);
  const offsets = useMemo(() => rowOffsets(rows.length, (i) => PREVIEW_ROW_HEIGHTS[rows[i]!.kind]), [rows]);
  const items = rows.length - rows.filter((r) => r.kind === 'section').length;
  const total = offsets[rows.length] ?? 0;
  const height = Math.min(MAX_HEIGHT, total + 2);
  const viewport = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const frame = useRef<number | null>(null);
  // A new plan: back to its top.
  useLayoutEffect(() => {
    if (viewport.current) viewport.current.scrollTop = 0;
    setScrollTop(0);
  }, [rows]);
  const onScroll = () => {
    if (frame.current !== null) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = null;
      setScrollTop(viewport.current?.scrollTop ?? 0);
    });
  };
  const { start, end } = visibleRows(offsets, scrollTop, height, OVERSCAN);
  const shown: VNode[] = [];
  for (let i = start; i < end; i++) {
    const row = rows[i]!;
    const top = offsets[i]!;
    if (row.kind === 'item') shown.push(<PreviewItem key={row.id} row={row} top={top} index={i} />);
    else
      shown.push(
        <div
          key={row.id}
          role="listitem"
          class="virtual-row preview-section"
          style={{ top, height: PREVIEW_ROW_HEIGHTS.section }}
          data-testid="preview-section"
          data-section={row.section}
        >
          <strong>{sectionTitle(row.section, row.count)}</strong>
        </div>,
      );
  }
  return (
    <div class="cleanup-preview">
      <NumbersTable numbers={plan.numbers} />
      {rows.length > 0 && (
        <div
          class="virtual-list preview-list"
          ref={viewport}
          onScroll={onScroll}
          style={{ height }}
          role="list"
          tabIndex={0}
          aria-label={plural('dupPreviewListLabel', items)}
          data-testid="preview-list"
          data-items={items}
        >
          <div style={{ height: total, position: 'relative' }}>{shown}</div>
        </div>
      )}
    </div>
  );
}
