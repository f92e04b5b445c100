/**
 * Acting on a comparison from the Backups view: the bars over its list (how many are chosen, choose all, clear, then
 * Restore for removed items or Remove for added ones), and what each did, with its undo and redo. Each is one
 * operation of the history (src/firefox-backups restore.ts, remove-added.ts); the items chosen are worked out on the
 * page (restorePlan, addedToRemove).
 */
import type { ComponentChildren } from 'preact';
import { useMemo } from 'preact/hooks';
import { addedToRemove, changesToPutBack, restorePlan, type BackupDiff, type PutBackReport, type RemoveAddedReport, type RestoreReport } from '../../firefox-backups';
import { plural, say, t } from '../../i18n';
import { describeLeftAlone } from '../../operation-words';
import { UntrustedParts } from '../../ui';
import { ProgressBar } from '../ProgressBar';
import type { UndoableJob } from './use-undoable-job';

const everyIndex = (n: number) => new Set(Array.from({ length: n }, (_, i) => i));

interface BarProps<R> {
  diff: BackupDiff;
  chosen: ReadonlySet<number>;
  onChoose(next: Set<number>): void;
  busy: boolean;
  job: UndoableJob<R>;
}

/** Chosen count, choose all, clear, and the act: the parts both bars share. */
function Bar(props: {
  name: string;
  /** 'restore' or 'remove': the bar is `<testId>-bar`, its parts `<testId>-chosen` and `<testId>-choose-all`. */
  testId: string;
  status: string;
  all: number;
  chooseAll: string;
  /** How many are chosen, and how to choose all or none. */
  chosen: number;
  onChooseAll(): void;
  onClear(): void;
  busy: boolean;
  act: ComponentChildren;
}) {
  const { chosen, busy, all } = props;
  return (
    <div class="bulk-actions restore-bar" role="group" aria-label={props.name} data-testid={`${props.testId}-bar`}>
      <span class="muted" aria-live="polite" data-testid={`${props.testId}-chosen`}>
        {props.status}
      </span>
      <button type="button" disabled={busy || chosen === all} onClick={props.onChooseAll} data-testid={`${props.testId}-choose-all`}>
        {props.chooseAll}
      </button>
      {chosen > 0 && (
        <button type="button" class="link" disabled={busy} onClick={props.onClear}>
          {t('backupsRestoreClear')}
        </button>
      )}
      {props.act}
    </div>
  );
}

export function RestoreBar({ diff, chosen, onChoose, busy, job }: BarProps<RestoreReport>) {
  const plan = useMemo(() => restorePlan(diff, chosen), [diff, chosen]);
  const all = diff.removed.length;
  const status =
    (chosen.size === 0 ? t('backupsRestoreChooseHint') : plural('backupsRestoreChosen', plan.chosen)) +
    (plan.containers > 0 ? ` ${plural('backupsRestoreContainers', plan.containers)}` : '');
  return (
    <Bar
      name={t('backupsRestoreBarLabel')}
      testId="restore"
      status={status}
      all={all}
      chooseAll={plural('backupsRestoreChooseAll', diff.removed.length)}
      chosen={chosen.size}
      onChooseAll={() => onChoose(everyIndex(all))}
      onClear={() => onChoose(new Set())}
      busy={busy}
      act={
        <button
          type="button"
          class="primary"
          disabled={busy || plan.steps.length === 0}
          onClick={() => job.run((client, onProgress) => client.startJob('backups.restoreRemoved', { steps: plan.steps }, onProgress), plan.steps.length)}
          data-testid="restore-button"
        >
          {plural('backupsRestoreButton', plan.steps.length - plan.separators)}
        </button>
      }
    />
  );
}

export function RemoveBar({ diff, chosen, onChoose, busy, job }: BarProps<RemoveAddedReport>) {
  const items = useMemo(() => addedToRemove(diff, chosen), [diff, chosen]);
  const all = diff.added.length;
  return (
    <Bar
      name={t('backupsRemoveBarLabel')}
      testId="remove"
      status={chosen.size === 0 ? t('backupsRemoveChooseHint') : plural('backupsRestoreChosen', items.length)}
      all={all}
      chooseAll={plural('backupsRemoveChooseAll', diff.added.length)}
      chosen={chosen.size}
      onChooseAll={() => onChoose(everyIndex(all))}
      onClear={() => onChoose(new Set())}
      busy={busy}
      act={
        <button
          type="button"
          class="danger"
          disabled={busy || items.length === 0}
          onClick={() => job.run((client, onProgress) => client.startJob('backups.removeAdded', { items }, onProgress), items.length)}
          data-testid="remove-button"
        >
          {plural('backupsRemoveButton', items.length)}
        </button>
      }
    />
  );
}

export type PutBackKind = 'moved' | 'renamed' | 'readdressed';
export const PUT_BACK_KINDS: readonly PutBackKind[] = ['moved', 'renamed', 'readdressed'];

export function PutBackBar({
  diff,
  chosen,
  onChoose,
  busy,
  job,
}: {
  diff: BackupDiff;
  chosen: Record<PutBackKind, ReadonlySet<number>>;
  onChoose(kind: PutBackKind, next: Set<number>): void;
  busy: boolean;
  job: UndoableJob<PutBackReport>;
}) {
  const changes = useMemo(() => changesToPutBack(diff, chosen), [diff, chosen]);
  const all = PUT_BACK_KINDS.reduce((n, kind) => n + diff[kind].length, 0);
  const count = PUT_BACK_KINDS.reduce((n, kind) => n + chosen[kind].size, 0);
  return (
    <Bar
      name={t('backupsPutBackBarLabel')}
      testId="put-back"
      status={count === 0 ? t('backupsPutBackChooseHint') : plural('backupsPutBackChosen', count)}
      all={all}
      chooseAll={plural('backupsPutBackChooseAll', all)}
      chosen={count}
      onChooseAll={() => PUT_BACK_KINDS.forEach((kind) => onChoose(kind, everyIndex(diff[kind].length)))}
      onClear={() => PUT_BACK_KINDS.forEach((kind) => onChoose(kind, new Set()))}
      busy={busy}
      act={
        <button
          type="button"
          class="primary"
          disabled={busy || changes.length === 0}
          onClick={() => job.run((client, onProgress) => client.startJob('backups.putBack', { changes }, onProgress), changes.length)}
          data-testid="put-back-button"
        >
          {plural('backupsPutBackButton', changes.length)}
        </button>
      }
    />
  );
}

/** A job's progress, failure, or report with its undo and redo: the parts both outcomes share. */
export function Outcome<R>({
  job,
  prefix,
  words,
  children,
}: {
  job: UndoableJob<R>;
  prefix: string;
  words: { running: string; cancel: string; undo: string; redo: string; undoing: string; redoing: string; undone: string; redone: string };
  children: (report: R) => { summary: string; operation: string | null; more: ComponentChildren };
}) {
  const state = job.state;
  if (!state) return null;
  if (state.state === 'running') {
    return (
      <div data-testid={`${prefix}-progress`}>
        <ProgressBar label={words.running} done={state.progress?.done ?? 0} total={state.progress?.total ?? state.total} />
        <button type="button" onClick={() => state.handle.cancel()}>
          {words.cancel}
        </button>
      </div>
    );
  }
  if (state.state === 'failed') {
    return (
      <p role="alert" class="error" data-testid={`${prefix}-failed`}>
        {state.message}
      </p>
    );
  }
  const { report, takeBack } = state;
  const { summary, operation, more } = children(report);
  const undone = !!takeBack?.result && !takeBack.redo;
  return (
    <div class="report" data-testid={`${prefix}-report`}>
      <p role="status" data-testid={`${prefix}-summary`}>
        {summary}
      </p>
      {more}
      {takeBack?.result && (
        <>
          <p role="status" data-testid={`${prefix}-undone`}>
            {takeBack.redo ? words.redone : words.undone}
          </p>
          {takeBack.result.leftAlone.length > 0 && (
            <ul class="plain-list" data-testid={`${prefix}-left-alone`}>
              {takeBack.result.leftAlone.map((l) => (
                <li key={l.reason}>{describeLeftAlone(l)}</li>
              ))}
            </ul>
          )}
        </>
      )}
      {takeBack?.error && (
        <p role="alert" class="error">
          {takeBack.error}
        </p>
      )}
      {takeBack?.running && <p class="muted">{takeBack.redo ? words.redoing : words.undoing}</p>}
      {operation !== null && !takeBack?.running && (
        <div class="actions">
          <button type="button" onClick={() => job.takeBack(undone)} data-testid={undone ? `${prefix}-redo` : `${prefix}-undo`}>
            {undone ? words.redo : words.undo}
          </button>
        </div>
      )}
    </div>
  );
}

export function RestoreOutcome({ job }: { job: UndoableJob<RestoreReport> }) {
  const words = {
    running: t('backupsRestoring'),
    cancel: t('backupsRestoreCancel'),
    undo: t('backupsRestoreUndo'),
    redo: t('backupsRestoreRedo'),
    undoing: t('backupsRestoreUndoing'),
    redoing: t('backupsRestoreRedoing'),
    undone: t('backupsRestoreUndone'),
    redone: t('backupsRestoreRedone'),
  };
  return (
    <Outcome job={job} prefix="restore" words={words}>
      {(report) => ({
        summary:
          (report.sessionId === null
            ? t('backupsRestoreNothing')
            : t('backupsRestored', plural('importBookmarks', report.restored.bookmarks), plural('importFolders', report.restored.folders))) +
          (report.taggedUrls > 0 ? ` ${t('importTagsGiven', plural('importAddresses', report.taggedUrls))}` : ''),
        operation: report.sessionId,
        more: (
          <>
            {report.sessionId !== null && <p class="muted">{t('backupsRestoreUndoNote')}</p>}
            {report.problems.length > 0 && (
              <details open>
                <summary>{plural('backupsRestoreProblems', report.problems.length)}</summary>
                <ul class="plain-list" data-testid="restore-problems">
                  {report.problems.map((p, i) => (
                    <li key={i}>{say(p)}</li>
                  ))}
                </ul>
              </details>
            )}
          </>
        ),
      })}
    </Outcome>
  );
}

/** What a removal or a put-back left where it was, and why: gone meanwhile, or changed since the comparison. */
function LeftAlone({ items, testId, changed }: { items: RemoveAddedReport['leftAlone']; testId: string; changed: (item: string) => string }) {
  if (items.length === 0) return null;
  return (
    <details open>
      <summary>{plural('backupsRemoveLeftAlone', items.length)}</summary>
      <ul class="plain-list" data-testid={testId}>
        {items.map((l, i) => (
          <li key={i}>
            <UntrustedParts message={(x) => (l.reason === 'gone' ? t('backupsRemoveLeftGone', x) : changed(x))} parts={[l.title || l.url || t('untitledFolder')]} />
          </li>
        ))}
      </ul>
    </details>
  );
}

export function RemoveOutcome({ job }: { job: UndoableJob<RemoveAddedReport> }) {
  const words = {
    running: t('backupsRemoving'),
    cancel: t('backupsRemoveCancel'),
    undo: t('backupsRemoveUndo'),
    redo: t('backupsRemoveRedo'),
    undoing: t('backupsRemoveUndoing'),
    redoing: t('backupsRemoveRedoing'),
    undone: t('backupsRemoveUndone'),
    redone: t('backupsRemoveRedone'),
  };
  return (
    <Outcome job={job} prefix="remove" words={words}>
      {(report) => ({
        summary: report.removed === 0 ? t('backupsRemoveNothing') : plural('backupsRemoved', report.removed),
        operation: report.operationId,
        more: <LeftAlone items={report.leftAlone} testId="remove-kept" changed={(x) => t('backupsRemoveLeftChanged', x)} />,
      })}
    </Outcome>
  );
}

export function PutBackOutcome({ job }: { job: UndoableJob<PutBackReport> }) {
  const words = {
    running: t('backupsPuttingBack'),
    cancel: t('backupsPutBackCancel'),
    undo: t('backupsPutBackUndo'),
    redo: t('backupsPutBackRedo'),
    undoing: t('backupsPutBackUndoing'),
    redoing: t('backupsPutBackRedoing'),
    undone: t('backupsPutBackUndone'),
    redone: t('backupsPutBackRedone'),
  };
  return (
    <Outcome job={job} prefix="put-back" words={words}>
      {(report) => ({
        summary: report.done === 0 ? t('backupsPutBackNothing') : plural('backupsPutBackDone', report.done),
        operation: report.operationId,
        more: <LeftAlone items={report.leftAlone} testId="put-back-kept" changed={(x) => t('backupsPutBackLeftChanged', x)} />,
      })}
    </Outcome>
  );
}
