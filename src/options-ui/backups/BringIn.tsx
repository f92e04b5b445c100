/**
 * "Bring in tags and keywords" in the Backups view: a backup's bookmarks that have Firefox's tags or a keyword are read
 * again in the decoding worker and sent to the background, which puts them onto the bookmarks there are now (by GUID,
 * then by address), creating none, as one operation of the history (src/firefox-backups bring-in.ts). Here: the
 * button of each backup, what it did, and its undo and redo; and the word that Firefox's address bar does not know
 * the keywords Tidymarks keeps.
 */
import { useState } from 'preact/hooks';
import type { BackupAnnotations, BringInReport } from '../../firefox-backups';
import { formatNumber, plural, t } from '../../i18n';
import { Outcome } from './DiffActions';
import { problemMessage } from './backup-words';
import type { UndoableJob } from './use-undoable-job';

export interface BringInState {
  job: UndoableJob<BringInReport>;
  /** The file being read again, or why it could not be. */
  reading: string | null;
  failed: string | null;
  start(file: File, read: (file: File) => Promise<BackupAnnotations>): void;
}

export function useBringIn(job: UndoableJob<BringInReport>): BringInState {
  const [reading, setReading] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const start = (file: File, read: (file: File) => Promise<BackupAnnotations>) => {
    job.clear();
    setFailed(null);
    setReading(file.name);
    void read(file).then((annotations) => {
      setReading(null);
      if (!annotations.ok) return setFailed(problemMessage(annotations.problem));
      if (!annotations.items.length) return setFailed(t('backupsBringInNone'));
      const { items } = annotations;
      job.run((client, onProgress) => client.startJob('backups.bringIn', { items }, onProgress), items.length);
    });
  };
  return { job, reading, failed, start };
}

/** The button of one backup: shown when it has bookmarks with tags or a keyword. */
export function BringInButton({ count, busy, describedBy, onClick }: { count: number; busy: boolean; describedBy: string; onClick(): void }) {
  if (count === 0) return null;
  return (
    <button class="backup-bring-in" type="button" disabled={busy} aria-describedby={describedBy} data-testid="backup-bring-in" onClick={onClick}>
      {plural('backupsBringInButton', count)}
    </button>
  );
}

function details(report: BringInReport): string[] {
  const out = [
    t('backupsBringInMatched', plural('backupsBringInBookmarks', report.byGuid + report.byAddress), formatNumber(report.byGuid), formatNumber(report.byAddress)),
  ];
  if (report.unmatched) out.push(plural('backupsBringInUnmatched', report.unmatched));
  if (report.keywordsAlready) out.push(plural('backupsBringInKeywordsAlready', report.keywordsAlready));
  if (report.keywordsDiffer) out.push(plural('backupsBringInKeywordsDiffer', report.keywordsDiffer));
  if (report.keywordsTaken) out.push(plural('backupsBringInKeywordsTaken', report.keywordsTaken));
  if (report.refused) out.push(plural('backupsBringInRefused', report.refused));
  return out;
}

export function BringInSection({ state }: { state: BringInState }) {
  const words = {
    running: t('backupsBringingIn'),
    cancel: t('backupsRestoreCancel'),
    undo: t('backupsBringInUndo'),
    redo: t('backupsBringInRedo'),
    undoing: t('backupsRestoreUndoing'),
    redoing: t('backupsRestoreRedoing'),
    undone: t('backupsBringInUndone'),
    redone: t('backupsBringInRedone'),
  };
  return (
    <div class="backups-bring-in" data-testid="bring-in">
      <p class="muted" data-testid="bring-in-address-bar">
        {t('backupsBringInAddressBar')}
      </p>
      {state.reading !== null && (
        <p role="status" data-testid="bring-in-reading">
          {t('backupsBringInReading')}
        </p>
      )}
      {state.failed !== null && (
        <p role="alert" class="error" data-testid="bring-in-failed">
          {state.failed}
        </p>
      )}
      <Outcome job={state.job} prefix="bring-in" words={words}>
        {(report) => ({
          summary:
            report.operationId === null
              ? t('backupsBringInNothing')
              : t(
                  'backupsBroughtIn',
                  plural('backupsBringInTagged', report.bookmarksTagged, plural('backupsBringInTags', report.tagsAdded)),
                  plural('backupsBringInKeywordsSet', report.keywordsSet),
                ),
          operation: report.operationId,
          more: (
            <ul class="plain-list" data-testid="bring-in-details">
              {details(report).map((line, i) => (
                <li key={i}>{line}</li>
              ))}
            </ul>
          ),
        })}
      </Outcome>
    </div>
  );
}
