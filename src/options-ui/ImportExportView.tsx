/**
 * Import and export: a bookmarks.html (Firefox's export, tags included) into Firefox's own folders or a chosen
 * folder, with progress and a report; export to bookmarks.html with TAGS; JSON backup and restore of tags,
 * settings and cleanup history. A damaged file is refused before anything is imported. An import of bookmarks is all
 * or nothing (src/bookmarks-html/import-journal.ts), and the page says so before and while it runs.
 */
import { useRef, useState } from 'preact/hooks';
import { plural, say, t } from '../i18n';
import type { DocumentCounts } from '../bookmarks-html';
import { decodeBookmarksFile } from '../bookmarks-html';
import type { ImportProgress, ImportReport, ImportTarget } from '../bookmarks-html';
import type { TagsImportReport } from '../bookmarks-html';
import type { ParseProblem } from '../bookmarks-html';
import type { JobHandle } from '../app-protocol';
import { announceBookmarksChanged, errorMessage, useClient } from './client-context';
import { ConfirmDialog } from './ConfirmDialog';
import { dateStamp, downloadText } from './download';
import { FolderSelect } from './FolderSelect';
import { ProgressBar } from './ProgressBar';
import { useFolders } from './useFolders';
import { showBidiControls, Untrusted, UntrustedCode } from '../ui';

interface PickedFile {
  name: string;
  text: string;
  counts: DocumentCounts;
  problems: number;
  notices: ParseProblem[];
  truncated: ParseProblem | null;
  /** What the page said about the file's character set (see decode-file.ts), if anything. */
  charsetNote: string | null;
}

function ProblemList({ title, items, open = false }: { title: string; items: readonly ParseProblem[]; open?: boolean }) {
  if (!items.length) return null;
  return (
    <details open={open}>
      <summary>{t('importCountParens', title, items.length)}</summary>
      <ul class="plain-list">
        {items.map((p, i) => (
          <li key={i}>{p.line ? t('importLine', p.line, say(p.message)) : say(p.message)}</li>
        ))}
      </ul>
    </details>
  );
}

function ImportReportView({ report }: { report: ImportReport }) {
  const { imported } = report;
  const dropped = [
    report.notImported.keywords > 0 && plural('importKeywords', report.notImported.keywords),
    report.notImported.descriptions > 0 && plural('importDescriptions', report.notImported.descriptions),
    report.notImported.icons > 0 && plural('importIcons', report.notImported.icons),
  ].filter((x): x is string => !!x);
  const created = imported.bookmarks + imported.folders;
  return (
    <div class="report" data-testid="import-report" role="status">
      <p data-testid="import-summary">
        {t('importImported', plural('importBookmarks', imported.bookmarks), plural('importFolders', imported.folders), plural('importSeparators', imported.separators))}{' '}
        <span data-testid="import-skipped">{plural('importBookmarks', report.skippedCount)}</span> {plural('importSkippedTail', report.skippedCount)}{' '}
        <span data-testid="import-tags">{report.taggedUrls ? t('importTagsGiven', plural('importAddresses', report.taggedUrls)) : t('importTagsNoneNew')}</span>
      </p>
      {!report.sessionId && (
        <p data-testid="import-unchanged">
          <strong>{t('importNothingChanged')}</strong>
        </p>
      )}
      {report.truncated && <p class="muted">{t('importTruncatedNote', say(report.truncated.message), report.truncated.line)}</p>}
      {created > 0 && (
        <p class="muted" data-testid="import-dates">
          {t('importDatesNote', plural('importItems', report.datesKept))}
        </p>
      )}
      {dropped.length > 0 && <p class="muted">{t('importDroppedNote', dropped.join(', '))}</p>}
      {report.skipped.length > 0 && (
        <details>
          <summary>{t('importSkippedSummary')}</summary>
          <ul class="plain-list">
            {report.skipped.map((s, i) => (
              <li key={i}>
                <Untrusted>{s.title || showBidiControls(s.url)}</Untrusted>{' '}
                <small class="muted">
                  <UntrustedCode text={s.url} />
                </small>
              </li>
            ))}
            {report.skippedCount > report.skipped.length && <li class="muted">{t('importAndMore', report.skippedCount - report.skipped.length)}</li>}
          </ul>
        </details>
      )}
      <ProblemList title={t('importReadDifferently')} items={report.notices} />
      <ProblemList title={t('importProblems')} items={report.problems} open />
    </div>
  );
}

function TagsReportView({ report }: { report: TagsImportReport }) {
  return (
    <div class="report" data-testid="import-report" role="status">
      <p>{t('importTagsBroughtIn', plural('importBookmarks', report.matched), plural('importAddresses', report.taggedUrls))}</p>
      {report.unmatchedCount > 0 && (
        <details>
          <summary>{plural('importUnmatched', report.unmatchedCount)}</summary>
          <ul class="plain-list">
            {report.unmatched.map((u, i) => (
              <li key={i}>
                <Untrusted>{u.title || showBidiControls(u.url)}</Untrusted>{' '}
                <small class="muted">
                  <UntrustedCode text={u.url} />
                </small>
              </li>
            ))}
          </ul>
        </details>
      )}
      <ProblemList title={t('importProblems')} items={report.problems} open />
    </div>
  );
}

type ImportMode = 'bookmarks' | 'tags';

function ImportSection() {
  const client = useClient();
  const { folders } = useFolders();
  const [file, setFile] = useState<PickedFile | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [mode, setMode] = useState<ImportMode>('bookmarks');
  const [targetKind, setTargetKind] = useState<'roots' | 'folder'>('roots');
  const [folderId, setFolderId] = useState('');
  const [skipExisting, setSkipExisting] = useState(true);
  const [acceptTruncated, setAcceptTruncated] = useState(false);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [report, setReport] = useState<{ kind: 'bookmarks'; value: ImportReport } | { kind: 'tags'; value: TagsImportReport } | null>(null);
  const job = useRef<JobHandle<unknown> | null>(null);

  const pick = async (input: HTMLInputElement) => {
    setError(null);
    setReport(null);
    setFile(null);
    setAcceptTruncated(false);
    const f = input.files?.[0];
    if (!f) return;
    try {
      const bytes = await f.arrayBuffer().catch(() => {
        throw new Error(t('importUnreadable', f.name));
      });
      const decoded = decodeBookmarksFile(new Uint8Array(bytes));
      const info = await client.call('bookmarksHtml.inspect', { html: decoded.text });
      setFile({
        name: f.name,
        text: decoded.text,
        counts: info.counts,
        problems: info.problems,
        notices: info.notices,
        truncated: info.truncated,
        charsetNote: decoded.note,
      });
    } catch (e) {
      setError(errorMessage(e));
      input.value = '';
    }
  };

  // Why Import cannot start yet, shown next to the button (every option state either works or says why not).
  const blocked = !file
    ? t('importBlockedNoFile')
    : mode === 'bookmarks' && targetKind === 'folder' && !folderId
      ? t('importBlockedNoFolder')
      : file.truncated && !acceptTruncated
        ? t('importBlockedTruncated')
        : null;

  const start = async () => {
    if (!file || blocked) return;
    setError(null);
    setReport(null);
    setProgress({ done: 0, total: 1, imported: 0, skipped: 0 });
    const onProgress = (p: ImportProgress) => setProgress(p);
    try {
      if (mode === 'tags') {
        const handle = client.startJob('bookmarksHtml.importTags', { html: file.text, acceptTruncated }, onProgress);
        job.current = handle;
        setReport({ kind: 'tags', value: await handle.result });
      } else {
        const target: ImportTarget = targetKind === 'roots' ? { into: 'roots' } : { into: 'folder', folderId };
        setProgress({ done: 0, total: file.counts.bookmarks + file.counts.folders + file.counts.separators, imported: 0, skipped: 0 });
        const handle = client.startJob('bookmarksHtml.import', { html: file.text, target, skipExisting, acceptTruncated }, onProgress);
        job.current = handle;
        setReport({ kind: 'bookmarks', value: await handle.result });
      }
    } catch (e) {
      // A cancelled import says from the background how many entries it took back (all of them, tags included).
      setError(errorMessage(e));
    } finally {
      announceBookmarksChanged();
      job.current = null;
      setProgress(null);
    }
  };

  const tagsOnly = mode === 'tags';
  return (
    <section aria-labelledby="import-heading">
      <h2 id="import-heading">{t('importHeading')}</h2>
      <p class="muted">{t('importIntro')}</p>
      <div class="field">
        <label for="import-file">{t('importFile')}</label>
        <input id="import-file" type="file" accept=".html,.htm,text/html" onChange={(e) => void pick(e.target as HTMLInputElement)} disabled={!!progress} />
      </div>
      {file && (
        <div data-testid="import-file-info">
          <p data-testid="import-file-summary">
            {t(
              'importFileSummary',
              file.name,
              plural('importBookmarks', file.counts.bookmarks),
              file.counts.taggedBookmarks,
              plural('importFoldersIn', file.counts.folders),
            )}
            {file.problems ? plural('importFileUnusable', file.problems) : ''}.
          </p>
          {file.charsetNote && (
            <p class="muted" data-testid="import-charset-note">
              {file.charsetNote}
            </p>
          )}
          <ProblemList title={t('importReadDifferently')} items={file.notices} />
          {file.truncated && (
            <div class="report" role="alert" data-testid="import-truncated">
              <p>{t('importTruncatedAlert', say(file.truncated.message), file.truncated.line, plural('importBookmarks', file.counts.bookmarks))}</p>
              <div class="check">
                <input
                  type="checkbox"
                  id="import-accept-truncated"
                  checked={acceptTruncated}
                  onChange={(e) => setAcceptTruncated((e.target as HTMLInputElement).checked)}
                />
                <label for="import-accept-truncated">{t('importAcceptTruncated')}</label>
              </div>
            </div>
          )}
        </div>
      )}
      <fieldset>
        <legend>{t('importWhat')}</legend>
        <div class="check">
          <input type="radio" id="mode-bookmarks" name="import-mode" checked={mode === 'bookmarks'} onChange={() => setMode('bookmarks')} />
          <label for="mode-bookmarks">{t('importModeBookmarks')}</label>
        </div>
        <div class="check">
          <input type="radio" id="mode-tags" name="import-mode" checked={tagsOnly} onChange={() => setMode('tags')} aria-describedby="mode-tags-help" />
          <label for="mode-tags">{t('importModeTagsOnly')}</label>
          <small id="mode-tags-help" class="muted">
            {t('importModeTagsHelp')}
          </small>
        </div>
      </fieldset>
      <fieldset disabled={tagsOnly} aria-describedby={tagsOnly ? 'tags-only-reason' : undefined}>
        <legend>{t('importWhereTo')}</legend>
        {tagsOnly && (
          <p id="tags-only-reason" class="muted">
            {t('importTagsOnlyReason')}
          </p>
        )}
        <div class="check">
          <input type="radio" id="target-roots" name="import-target" checked={targetKind === 'roots'} onChange={() => setTargetKind('roots')} />
          <label for="target-roots">{t('importTargetRoots')}</label>
        </div>
        <div class="check">
          <input type="radio" id="target-folder" name="import-target" checked={targetKind === 'folder'} onChange={() => setTargetKind('folder')} />
          <label for="target-folder">{t('importTargetFolder')}</label>
          <label for="import-folder" class="visually-hidden">
            {t('importFolder')}
          </label>
          <FolderSelect
            id="import-folder"
            folders={folders}
            value={folderId}
            placeholder={['', t('importChooseFolder')]}
            onChange={(id) => {
              setFolderId(id);
              setTargetKind('folder');
            }}
          />
        </div>
        <div class="check">
          <input
            type="checkbox"
            id="import-skip-existing"
            checked={skipExisting}
            onChange={(e) => setSkipExisting((e.target as HTMLInputElement).checked)}
            aria-describedby="skip-help"
          />
          <label for="import-skip-existing">{t('importSkipExisting')}</label>
          <small id="skip-help" class="muted">
            {t('importSkipHelp')}
          </small>
        </div>
      </fieldset>
      {!tagsOnly && (
        <p class="muted" data-testid="import-all-or-nothing">
          {progress ? t('importAllOrNothingRunning') : t('importAllOrNothing')}
        </p>
      )}
      <div class="actions">
        <button type="button" class="primary" disabled={!!blocked || !!progress} onClick={() => void start()} aria-describedby={blocked ? 'import-blocked' : undefined}>
          {tagsOnly ? t('importBringTags') : file ? t('importButtonCount', plural('importBookmarks', file.counts.bookmarks)) : t('importButton')}
        </button>
        {progress && (
          <button type="button" onClick={() => job.current?.cancel()}>
            {t('importCancel')}
          </button>
        )}
      </div>
      {blocked && file && (
        <p id="import-blocked" class="muted" data-testid="import-blocked">
          {blocked}
        </p>
      )}
      {progress && <ProgressBar label={tagsOnly ? t('importBringingTags') : t('importImporting')} done={progress.done} total={progress.total} />}
      {error && (
        <p role="alert" class="error" data-testid="import-error">
          {error}
        </p>
      )}
      {report?.kind === 'bookmarks' && <ImportReportView report={report.value} />}
      {report?.kind === 'tags' && <TagsReportView report={report.value} />}
    </section>
  );
}

function ExportSection() {
  const client = useClient();
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const exportHtml = async () => {
    setError(null);
    try {
      const { html, counts } = await client.call('bookmarksHtml.export', {});
      downloadText(`bookmarks-${dateStamp()}.html`, html, 'text/html');
      setMessage(t('exportDone', plural('importBookmarks', counts.bookmarks), counts.taggedBookmarks, plural('importFoldersIn', counts.folders)));
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  const exportBackup = async () => {
    setError(null);
    try {
      const backup = await client.call('backup.export', {});
      downloadText(`tidymarks-backup-${dateStamp()}.json`, JSON.stringify(backup, null, 1), 'application/json');
      setMessage(t('exportBackupSaved', plural('importAddresses', backup.tags.length), plural('exportSessions', backup.cleanupHistory.length)));
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  const exportFirefoxBackup = async () => {
    setError(null);
    try {
      const { json, counts } = await client.call('backups.write', {});
      // The name Firefox's own Library gives a backup it saves.
      downloadText(`bookmarks-${dateStamp()}.json`, json, 'application/json');
      setMessage(
        t(
          'exportFirefoxBackupSaved',
          plural('importBookmarks', counts.bookmarks),
          counts.taggedBookmarks,
          plural('importFoldersIn', counts.folders),
          counts.keywordBookmarks,
        ),
      );
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <section aria-labelledby="export-heading">
      <h2 id="export-heading">{t('exportHeading')}</h2>
      <div class="actions">
        <button type="button" onClick={() => void exportHtml()}>
          {t('exportHtml')}
        </button>
        <button type="button" onClick={() => void exportFirefoxBackup()}>
          {t('exportFirefoxBackup')}
        </button>
        <button type="button" onClick={() => void exportBackup()}>
          {t('exportBackup')}
        </button>
      </div>
      <p class="muted">{t('exportHint')}</p>
      {message && (
        <p role="status" data-testid="export-status">
          {message}
        </p>
      )}
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
    </section>
  );
}

function RestoreSection() {
  const client = useClient();
  const [pending, setPending] = useState<{ text: string; tags: number; sessions: number } | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const pick = async (input: HTMLInputElement) => {
    setError(null);
    setMessage(null);
    const f = input.files?.[0];
    input.value = '';
    if (!f) return;
    let text: string;
    try {
      text = await f.text();
    } catch {
      setError(t('restoreUnreadable', f.name));
      return;
    }
    try {
      const data = JSON.parse(text) as { tags?: unknown[]; cleanupHistory?: unknown[] };
      setPending({ text, tags: Array.isArray(data.tags) ? data.tags.length : 0, sessions: Array.isArray(data.cleanupHistory) ? data.cleanupHistory.length : 0 });
    } catch {
      setError(t('restoreInvalidJson'));
    }
  };
  const restore = async () => {
    if (!pending) return;
    const { text } = pending;
    setPending(null);
    try {
      const r = await client.call('backup.restore', { text });
      setMessage(t('restoreDone', plural('importAddresses', r.taggedUrls)));
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <section aria-labelledby="restore-heading">
      <h2 id="restore-heading">{t('restoreHeading')}</h2>
      <div class="field">
        <label for="restore-file">{t('restoreFile')}</label>
        <input id="restore-file" type="file" accept=".json,application/json" onChange={(e) => void pick(e.target as HTMLInputElement)} />
      </div>
      {message && <p role="status">{message}</p>}
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      {pending && (
        <ConfirmDialog title={t('restoreTitle')} confirmLabel={t('restoreConfirm')} onCancel={() => setPending(null)} onConfirm={() => void restore()}>
          <p>{t('restoreBody', plural('importAddresses', pending.tags), plural('exportSessions', pending.sessions))}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}

export function ImportExportView() {
  return (
    <div class="view import-export-view">
      <ImportSection />
      <ExportSection />
      <RestoreSection />
    </div>
  );
}
