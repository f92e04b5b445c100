/**
 * The Backups view of the options page: opens Firefox's own daily backups (one or many `.jsonlz4` or `.json` files
 * from the profile's bookmarkbackups folder) off the page's thread, lists each with its date and counts, and lays
 * their bookmark counts on a timeline with the biggest change said in words. A file that cannot be opened says why,
 * and the others open all the same. Any backup, from the list or by its bar in the chart, can be compared with the
 * bookmarks now (BackupCompare), and a backup's tags and keywords brought onto the bookmarks now (BringIn).
 */
import { useMemo, useRef } from 'preact/hooks';
import { buildTimeline, type BackupDecoder, type BackupSummary } from '../../firefox-backups';
import { formatNumber, plural, t } from '../../i18n';
import { Untrusted } from '../../ui';
import { backupDate, problemMessage } from './backup-words';
import { BackupCompare } from './BackupCompare';
import { BackupTimeline } from './BackupTimeline';
import { useBackups, type BackupEntry } from './use-backups';
import { useComparison } from './use-comparison';
import { useUndoableJob } from './use-undoable-job';
import type { BringInReport, PutBackReport, RemoveAddedReport, RestoreReport } from '../../firefox-backups';
import { BringInButton, BringInSection, useBringIn } from './BringIn';

type Opened = Extract<BackupEntry, { state: 'opened' }>;

/** Newest first, as Firefox's Library lists its backups; undated last. */
function byDateNewestFirst(a: Opened, b: Opened): number {
  const da = a.summary.date ?? '';
  const db = b.summary.date ?? '';
  return da < db ? 1 : da > db ? -1 : a.fileName.localeCompare(b.fileName);
}

function DateCell({ summary }: { summary: BackupSummary }) {
  if (summary.date === null) return <span class="muted">{t('backupsNoDate')}</span>;
  const date = backupDate(summary.date);
  return <>{summary.dateFrom === 'content' ? t('backupsDateFromContent', date) : date}</>;
}

/** What a comparison is named by: the backup's date, or its file name when it has none. */
const labelOf = (entry: Opened) => (entry.summary.date === null ? entry.fileName : backupDate(entry.summary.date));

function BackupRow({ entry, chosen, onCompare, busy, onBringIn }: { entry: Opened; chosen: boolean; onCompare(): void; busy: boolean; onBringIn(): void }) {
  const { summary } = entry;
  const differs = summary.nameCount !== null && summary.nameCount !== summary.counts.items;
  return (
    <tr data-testid="backup-row">
      <td data-testid="backup-date" id={`backup-date-${entry.key}`}>
        <DateCell summary={summary} />
      </td>
      <td class="number" data-testid="backup-bookmarks">
        {formatNumber(summary.counts.bookmarks)}
      </td>
      <td class="number" data-testid="backup-items">
        {formatNumber(summary.counts.items)}
      </td>
      <td class="backup-file">
        <Untrusted>{entry.fileName}</Untrusted>
        {differs && (
          <small class="error" data-testid="backup-count-differs">
            {t('backupsCountDiffers', summary.nameCount!, summary.counts.items)}
          </small>
        )}
        {summary.skipped > 0 && <small class="muted">{plural('backupsSkipped', summary.skipped)}</small>}
        <button class="backup-compare" type="button" aria-pressed={chosen} aria-describedby={`backup-date-${entry.key}`} data-testid="backup-compare" onClick={onCompare}>
          {t('backupsCompare')}
        </button>
        <BringInButton count={summary.annotated} busy={busy} describedBy={`backup-date-${entry.key}`} onClick={onBringIn} />
      </td>
    </tr>
  );
}

export function BackupsView({ makeDecoder }: { makeDecoder?: () => BackupDecoder }) {
  const { entries, progress, open, compare, annotations } = useBackups(makeDecoder);
  const { comparison, choose } = useComparison(compare);
  const opened = entries.filter((e): e is Opened => e.state === 'opened').sort(byDateNewestFirst);
  const failed = entries.filter((e): e is Extract<BackupEntry, { state: 'failed' }> => e.state === 'failed');
  const timeline = useMemo(() => buildTimeline(opened.map((e) => e.summary)), [entries]);
  const compareWith = (entry: Opened) => void choose(entry.key, entry.file, labelOf(entry));
  // After a restore and after its undo or redo, the same backup is compared again: the lists show what is removed now.
  const chosenKey = useRef<number | null>(null);
  chosenKey.current = comparison?.key ?? null;
  const again = () => {
    const entry = opened.find((e) => e.key === chosenKey.current);
    if (entry) compareWith(entry);
  };
  const restoring = useUndoableJob<RestoreReport>(again, (r) => r.sessionId);
  const removing = useUndoableJob<RemoveAddedReport>(again, (r) => r.operationId);
  const puttingBack = useUndoableJob<PutBackReport>(again, (r) => r.operationId);
  const bringing = useBringIn(useUndoableJob<BringInReport>(again, (r) => r.operationId));
  const bringBusy =
    bringing.reading !== null || bringing.job.state?.state === 'running' || (bringing.job.state?.state === 'done' && !!bringing.job.state.takeBack?.running);
  const compareOther = (entry: Opened) => {
    if (entry.key !== comparison?.key) {
      restoring.clear();
      removing.clear();
      puttingBack.clear();
    }
    compareWith(entry);
  };
  const chosenFile = opened.find((e) => e.key === comparison?.key)?.fileName ?? null;
  return (
    <section aria-labelledby="backups-heading" class="backups-view">
      <h2 id="backups-heading">{t('backupsHeading')}</h2>
      <p class="muted" data-testid="backups-intro">
        {t('backupsIntro')}
      </p>
      <p class="muted" data-testid="backups-read-only">
        {t('backupsReadOnly')}
      </p>
      <div class="field">
        <label for="backups-file">{t('backupsPick')}</label>
        <input
          id="backups-file"
          type="file"
          multiple
          accept=".jsonlz4,.json,application/json"
          onChange={(e) => {
            const input = e.target as HTMLInputElement;
            const files = [...(input.files ?? [])];
            input.value = '';
            void open(files);
          }}
        />
      </div>
      <p role="status" data-testid="backups-progress">
        {progress ? t('backupsOpening', Math.min(progress.done + 1, progress.total), progress.total) : ''}
      </p>
      {failed.length > 0 && (
        <div class="report" role="alert" data-testid="backups-failed">
          <h3>{t('backupsFailedHeading')}</h3>
          <ul class="plain-list">
            {failed.map((e) => (
              <li key={e.key} data-testid="backup-failed">
                <strong>
                  <Untrusted>{e.fileName}</Untrusted>
                </strong>
                <span data-testid="backup-problem">{problemMessage(e.problem)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      <h3>{t('backupsOpenedHeading')}</h3>
      {opened.length === 0 ? (
        <p class="muted">{t('backupsNone')}</p>
      ) : (
        <table class="backups-table" data-testid="backups-table">
          <thead>
            <tr>
              <th scope="col">{t('backupsColDate')}</th>
              <th scope="col" class="number">
                {t('backupsColBookmarks')}
              </th>
              <th scope="col" class="number">
                {t('backupsColItems')}
              </th>
              <th scope="col">{t('backupsColFile')}</th>
            </tr>
          </thead>
          <tbody>
            {opened.map((e) => (
              <BackupRow
                key={e.key}
                entry={e}
                chosen={e.key === comparison?.key}
                onCompare={() => compareOther(e)}
                busy={bringBusy}
                onBringIn={() => bringing.start(e.file, annotations)}
              />
            ))}
          </tbody>
        </table>
      )}
      {opened.some((e) => e.summary.annotated > 0) && <BringInSection state={bringing} />}
      <BackupTimeline
        timeline={timeline}
        chosen={chosenFile}
        onPick={(fileName) => {
          const entry = opened.find((e) => e.fileName === fileName);
          if (entry) compareOther(entry);
        }}
      />
      {comparison && <BackupCompare comparison={comparison} actions={{ restoring, removing, puttingBack }} />}
    </section>
  );
}
