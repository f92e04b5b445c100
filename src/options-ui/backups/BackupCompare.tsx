/**
 * A backup compared with now: the counts of each kind of change first (each a button that brings its list into
 * view), then one virtualized list of them all, by kind and by folder, each row with its title, address, what it
 * was where that is the change, and its date added. Paths and dates as the Duplicates page shows them (Path, the
 * options pages' date format). Every title, address, tag and folder name is untrusted text (src/ui).
 */
import { useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { CHANGE_KINDS, type BackupDiff, type ChangedItem, type ChangeKind, type PutBackReport, type RemoveAddedReport, type RestoreReport } from '../../firefox-backups';
import { formatNumber, plural, t } from '../../i18n';
import { rowOffsets, scrollTopFor, UntrustedCode, UntrustedParts, visibleRows, Untrusted } from '../../ui';
import { Path } from '../duplicates/Path';
import { formatDateTime } from '../format';
import { compareRows, pathText, ROW_HEIGHT, type CompareRow } from './compare-rows';
import type { Comparison } from './use-comparison';
import { PUT_BACK_KINDS, PutBackBar, PutBackOutcome, RemoveBar, RemoveOutcome, RestoreBar, RestoreOutcome } from './DiffActions';
import type { UndoableJob } from './use-undoable-job';

/** The kinds of change a person can choose items of, and act on. */
type Choosable = Exclude<ChangeKind, 'retagged'>;
const choosable = (kind: ChangeKind): kind is Choosable => kind !== 'retagged';

/** The items chosen (indices into the diff's list of their kind), and how to change them. */
interface Choice {
  chosen: Record<Choosable, ReadonlySet<number>>;
  toggle(kind: Choosable, at: number): void;
  disabled: boolean;
}

/** What the comparison offers to act on the difference: restore removed items, remove added ones. */
export interface DiffActions {
  restoring: UndoableJob<RestoreReport>;
  removing: UndoableJob<RemoveAddedReport>;
  puttingBack: UndoableJob<PutBackReport>;
}

const KIND_LABEL: Record<ChangeKind, () => string> = {
  added: () => t('backupsCompareKind_added'),
  removed: () => t('backupsCompareKind_removed'),
  moved: () => t('backupsCompareKind_moved'),
  renamed: () => t('backupsCompareKind_renamed'),
  readdressed: () => t('backupsCompareKind_readdressed'),
  retagged: () => t('backupsCompareKind_retagged'),
};
const kindLabel = (kind: ChangeKind) => KIND_LABEL[kind]();

function Tags({ tags }: { tags: readonly string[] | undefined }) {
  if (!tags?.length) return <span class="muted">{t('backupsCompareNoTags')}</span>;
  return (
    <>
      {tags.map((tag, i) => (
        <span key={i} class="compare-tag">
          <UntrustedCode text={tag} />
        </span>
      ))}
    </>
  );
}

/** The third line: what the item was, where that is the change, and its date added. */
function Detail({ kind, item, diff }: { kind: ChangeKind; item: ChangedItem; diff: BackupDiff }) {
  const date = item.date === null ? null : <span class="compare-date">{t('backupsCompareAdded', formatDateTime(item.date))}</span>;
  switch (kind) {
    case 'moved':
      return (
        <>
          {t('backupsCompareWasIn')} <Path path={pathText(diff.thenFolders, item.then)} /> {date}
        </>
      );
    case 'renamed':
      return (
        <>
          {t('backupsCompareWas')} <Untrusted class="compare-then">{item.titleThen || t('untitledFolder')}</Untrusted>
        </>
      );
    case 'readdressed':
      return (
        <>
          {t('backupsCompareWas')} <UntrustedCode class="compare-then" text={item.urlThen ?? ''} />
        </>
      );
    case 'retagged':
      return (
        <>
          {t('backupsCompareTagsThen')} <Tags tags={item.tagsThen} /> · {t('backupsCompareTagsNow')} <Tags tags={item.tagsNow} />
        </>
      );
    default:
      return date;
  }
}

function Row({ row, diff, choice }: { row: CompareRow; diff: BackupDiff; choice: Choice }) {
  if (row.type === 'kind') {
    return (
      <h4 class="compare-kind" data-testid="compare-kind-heading" data-kind={row.kind}>
        {kindLabel(row.kind)} ({formatNumber(row.count)})
      </h4>
    );
  }
  if (row.type === 'folder') {
    const folders = row.side === 'then' ? diff.thenFolders : diff.nowFolders;
    return (
      <div class="compare-folder" data-testid="compare-folder">
        <Path path={pathText(folders, row.folder)} />
      </div>
    );
  }
  const { item, kind } = row;
  const title = (
    <>
      {item.kind === 'folder' && <span class="compare-badge">{t('backupsCompareFolder')}</span>}
      <Untrusted>{item.title || (item.kind === 'folder' ? t('untitledFolder') : '')}</Untrusted>
    </>
  );
  return (
    <div class="compare-item" data-testid="compare-row" data-kind={kind}>
      <div class="compare-title">
        {choosable(kind) ? (
          // The title names the checkbox: a click on it chooses the item too.
          <label>
            <input
              type="checkbox"
              class="compare-choose"
              data-testid="compare-choose"
              checked={choice.chosen[kind].has(row.at)}
              disabled={choice.disabled}
              onChange={() => choice.toggle(kind, row.at)}
            />
            {title}
          </label>
        ) : (
          title
        )}
      </div>
      <div class="compare-url">{item.url !== null && <UntrustedCode text={item.url} />}</div>
      <div class="compare-detail">
        <Detail kind={kind} item={item} diff={diff} />
      </div>
    </div>
  );
}

/** The lists, virtualized: only the rows in view (and a few more) are drawn, each at its offset. */
function ChangeList({ diff, label, choice }: { diff: BackupDiff; label: string; choice: Choice }) {
  const rows = useMemo(() => compareRows(diff), [diff]);
  const offsets = useMemo(() => rowOffsets(rows.length, (i) => ROW_HEIGHT[rows[i]!.type]), [rows]);
  const box = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, height: 600 });
  const measure = () => {
    const el = box.current;
    if (el) setView({ top: el.scrollTop, height: el.clientHeight || 600 });
  };
  useLayoutEffect(measure, [rows]);
  const shown = visibleRows(offsets, view.top, view.height);
  const kindRow = (kind: ChangeKind) => rows.findIndex((r) => r.type === 'kind' && r.kind === kind);
  return (
    <>
      <ul class="compare-counts" aria-label={t('backupsCompareCounts')} data-testid="compare-counts">
        {CHANGE_KINDS.map((kind) => (
          <li key={kind} data-testid="compare-count" data-kind={kind}>
            <button
              type="button"
              disabled={!diff[kind].length}
              onClick={() => {
                const el = box.current;
                if (!el) return;
                el.scrollTop = scrollTopFor(offsets, kindRow(kind), 0);
                measure();
                el.focus();
              }}
            >
              <span class="compare-count-label">{kindLabel(kind)}</span> <strong class="compare-count-number">{formatNumber(diff[kind].length)}</strong>
            </button>
          </li>
        ))}
      </ul>
      <div
        ref={box}
        class="compare-list"
        tabIndex={0}
        role="region"
        aria-label={t('backupsCompareListLabel', label)}
        data-testid="compare-list"
        onScroll={measure}
        style={{ blockSize: `min(${offsets[rows.length]}px, 70vh)` }}
      >
        <div class="compare-list-inner" style={{ blockSize: `${offsets[rows.length]}px` }}>
          {rows.slice(shown.start, shown.end).map((row, n) => {
            const i = shown.start + n;
            return (
              <div key={i} class="compare-slot" style={{ insetBlockStart: `${offsets[i]}px`, blockSize: `${ROW_HEIGHT[row.type]}px` }}>
                <Row row={row} diff={diff} choice={choice} />
              </div>
            );
          })}
        </div>
      </div>
    </>
  );
}

export function BackupCompare({ comparison, actions }: { comparison: Comparison; actions: DiffActions }) {
  const { label } = comparison;
  const heading = <UntrustedParts message={(x) => t('backupsCompareHeading', x)} parts={[label]} />;
  return (
    <section aria-labelledby="compare-heading" class="backup-compare" data-testid="compare-section">
      <h3 id="compare-heading">{heading}</h3>
      {actions.restoring.state && <RestoreOutcome job={actions.restoring} />}
      {actions.removing.state && <RemoveOutcome job={actions.removing} />}
      {actions.puttingBack.state && <PutBackOutcome job={actions.puttingBack} />}
      {comparison.state === 'comparing' && (
        <p role="status" data-testid="compare-progress">
          <UntrustedParts message={(x) => t('backupsComparing', x)} parts={[label]} />
        </p>
      )}
      {comparison.state === 'failed' && (
        <p role="alert" class="error" data-testid="compare-failed">
          {comparison.message}
        </p>
      )}
      {comparison.state === 'done' && <Compared diff={comparison.diff} label={label} actions={actions} />}
    </section>
  );
}

function Compared({ diff, label, actions }: { diff: BackupDiff; label: string; actions: DiffActions }) {
  const changes = CHANGE_KINDS.reduce((n, kind) => n + diff[kind].length, 0);
  // A new comparison (after a restore or its undo) is a new list: the choice starts empty.
  const [chosen, setChosen] = useState<Record<Choosable, ReadonlySet<number>>>(() => ({
    removed: new Set(),
    added: new Set(),
    moved: new Set(),
    renamed: new Set(),
    readdressed: new Set(),
  }));
  const running = (job: UndoableJob<unknown>) => job.state?.state === 'running' || (job.state?.state === 'done' && !!job.state.takeBack?.running);
  const busy = [actions.restoring, actions.removing, actions.puttingBack].some((job) => running(job as UndoableJob<unknown>));
  const choose = (kind: Choosable, next: ReadonlySet<number>) => setChosen((was) => ({ ...was, [kind]: next }));
  const choice: Choice = {
    chosen,
    disabled: busy,
    toggle: (kind, at) =>
      setChosen((was) => {
        const next = new Set(was[kind]);
        if (!next.delete(at)) next.add(at);
        return { ...was, [kind]: next };
      }),
  };
  return (
    <>
      <p role="status" class={changes ? 'muted' : undefined} data-testid="compare-summary">
        {changes === 0 && <UntrustedParts message={(x) => t('backupsCompareNothing', x)} parts={[label]} />}
        {diff.matchedByPath > 0 && ` ${plural('backupsCompareMatched', diff.matchedByPath)}`}
      </p>
      {diff.removed.length > 0 && <RestoreBar diff={diff} chosen={chosen.removed} onChoose={(next) => choose('removed', next)} busy={busy} job={actions.restoring} />}
      {PUT_BACK_KINDS.some((kind) => diff[kind].length > 0) && <PutBackBar diff={diff} chosen={chosen} onChoose={choose} busy={busy} job={actions.puttingBack} />}
      {diff.added.length > 0 && <RemoveBar diff={diff} chosen={chosen.added} onChoose={(next) => choose('added', next)} busy={busy} job={actions.removing} />}
      {changes > 0 && <ChangeList diff={diff} label={label} choice={choice} />}
      <p class="muted" data-testid="compare-tags-note">
        {t('backupsCompareTagsNote')}
      </p>
    </>
  );
}
