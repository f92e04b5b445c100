/**
 * Import and export: a bookmarks.html (Firefox's export, tags included) into Firefox's own folders or a chosen
 * folder, with progress and a report; export to bookmarks.html with TAGS; JSON backup and restore of tags,
 * settings and cleanup history. A damaged file is refused before anything is imported.
 */
import { useRef, useState } from 'preact/hooks';
import type { DocumentCounts } from '../bookmarks-html/document';
import type { ImportProgress, ImportReport, ImportTarget } from '../bookmarks-html/import';
import type { JobHandle } from '../messaging/client';
import { RemoteError } from '../messaging/errors';
import { announceBookmarksChanged, errorMessage, useClient } from './client-context';
import { ConfirmDialog } from './ConfirmDialog';
import { dateStamp, downloadText } from './download';
import { FolderSelect } from './FolderSelect';
import { ProgressBar } from './ProgressBar';
import { useFolders } from './useFolders';

interface PickedFile {
  name: string;
  text: string;
  counts: DocumentCounts;
  problems: number;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

function ImportReportView({ report }: { report: ImportReport }) {
  const { imported } = report;
  return (
    <div class="report" data-testid="import-report" role="status">
      <p>
        Imported {plural(imported.bookmarks, 'bookmark')}, {plural(imported.folders, 'folder')} and {plural(imported.separators, 'separator')}; skipped{' '}
        {plural(report.skippedCount, 'bookmark')} that already existed. Tags given to {plural(report.taggedUrls, 'address', 'addresses')}.
      </p>
      {(report.notImported.keywords > 0 || report.notImported.descriptions > 0) && (
        <p class="muted">
          Firefox does not let extensions store keywords or descriptions: {plural(report.notImported.keywords, 'keyword')} and{' '}
          {plural(report.notImported.descriptions, 'description')} in the file were left out.
        </p>
      )}
      {report.skipped.length > 0 && (
        <details>
          <summary>Skipped (already bookmarked)</summary>
          <ul class="plain-list">
            {report.skipped.map((s, i) => (
              <li key={i}>
                {s.title || s.url} <small class="muted">{s.url}</small>
              </li>
            ))}
            {report.skippedCount > report.skipped.length && <li class="muted">… and {report.skippedCount - report.skipped.length} more.</li>}
          </ul>
        </details>
      )}
      {report.problems.length > 0 && (
        <details open>
          <summary>Problems ({report.problems.length})</summary>
          <ul class="plain-list">
            {report.problems.map((p, i) => (
              <li key={i}>
                {p.line ? `Line ${p.line}: ` : ''}
                {p.message}
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

function ImportSection() {
  const client = useClient();
  const { folders } = useFolders();
  const [file, setFile] = useState<PickedFile | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [targetKind, setTargetKind] = useState<'roots' | 'folder'>('roots');
  const [folderId, setFolderId] = useState('');
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const job = useRef<JobHandle<ImportReport> | null>(null);

  const pick = async (input: HTMLInputElement) => {
    setError(null);
    setReport(null);
    setFile(null);
    const f = input.files?.[0];
    if (!f) return;
    try {
      const text = await f.text().catch(() => {
        throw new Error(`"${f.name}" could not be read (was it moved or deleted?). Nothing was imported.`);
      });
      const info = await client.call('bookmarksHtml.inspect', { html: text });
      setFile({ name: f.name, text, counts: info.counts, problems: info.problems });
    } catch (e) {
      setError(errorMessage(e));
      input.value = '';
    }
  };

  const start = async () => {
    if (!file) return;
    const target: ImportTarget = targetKind === 'roots' ? { into: 'roots' } : { into: 'folder', folderId };
    setError(null);
    setReport(null);
    setProgress({ done: 0, total: file.counts.bookmarks + file.counts.folders + file.counts.separators, imported: 0, skipped: 0 });
    let last: ImportProgress | null = null;
    const handle = client.startJob('bookmarksHtml.import', { html: file.text, target }, (p) => {
      last = p;
      setProgress(p);
    });
    job.current = handle;
    try {
      setReport(await handle.result);
    } catch (e) {
      const imported = (last as ImportProgress | null)?.imported ?? 0;
      setError(
        e instanceof RemoteError && e.code === 'cancelled'
          ? `Import cancelled: the ${plural(imported, 'entry', 'entries')} it had added ${imported === 1 ? 'was' : 'were'} taken back, tags included, so nothing of the file stays (closing this tab mid-import does the same).`
          : errorMessage(e),
      );
    } finally {
      announceBookmarksChanged();
      job.current = null;
      setProgress(null);
    }
  };

  const targetFolderChosen = targetKind === 'roots' || folderId !== '';
  return (
    <section aria-labelledby="import-heading">
      <h2 id="import-heading">Import bookmarks.html</h2>
      <p class="muted">
        Firefox: Bookmarks › Manage Bookmarks › Import and Backup › Export Bookmarks to HTML. Tags in the file go into Tidymarks; bookmarks you already have
        are skipped.
      </p>
      <div class="field">
        <label for="import-file">File</label>
        <input id="import-file" type="file" accept=".html,.htm,text/html" onChange={(e) => pick(e.target as HTMLInputElement)} disabled={!!progress} />
      </div>
      {file && (
        <p data-testid="import-file-summary">
          {file.name}: {plural(file.counts.bookmarks, 'bookmark')} ({file.counts.taggedBookmarks} tagged) in {plural(file.counts.folders, 'folder')}
          {file.problems ? `; ${plural(file.problems, 'entry', 'entries')} without a usable address will be left out` : ''}.
        </p>
      )}
      <fieldset>
        <legend>Where to</legend>
        <div class="check">
          <input type="radio" id="target-roots" name="import-target" checked={targetKind === 'roots'} onChange={() => setTargetKind('roots')} />
          <label for="target-roots">Back into Firefox’s own folders (menu, toolbar, Other Bookmarks), as in the file</label>
        </div>
        <div class="check">
          <input type="radio" id="target-folder" name="import-target" checked={targetKind === 'folder'} onChange={() => setTargetKind('folder')} />
          <label for="target-folder">Into one folder:</label>
          <label for="import-folder" class="visually-hidden">
            Import folder
          </label>
          <FolderSelect
            id="import-folder"
            folders={folders}
            value={folderId}
            placeholder={['', 'Choose a folder…']}
            onChange={(id) => {
              setFolderId(id);
              setTargetKind('folder');
            }}
          />
        </div>
      </fieldset>
      <div class="actions">
        <button type="button" class="primary" disabled={!file || !!progress || !targetFolderChosen} onClick={start}>
          Import{file ? ` ${plural(file.counts.bookmarks, 'bookmark')}` : ''}
        </button>
        {progress && (
          <button type="button" onClick={() => job.current?.cancel()}>
            Cancel import
          </button>
        )}
      </div>
      {progress && <ProgressBar label="Importing" done={progress.done} total={progress.total} />}
      {error && (
        <p role="alert" class="error" data-testid="import-error">
          {error}
        </p>
      )}
      {report && <ImportReportView report={report} />}
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
      setMessage(`Exported ${plural(counts.bookmarks, 'bookmark')} (${counts.taggedBookmarks} tagged) in ${plural(counts.folders, 'folder')}.`);
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  const exportBackup = async () => {
    setError(null);
    try {
      const backup = await client.call('backup.export', {});
      downloadText(`tidymarks-backup-${dateStamp()}.json`, JSON.stringify(backup, null, 1), 'application/json');
      setMessage(`Backup saved: tags of ${plural(backup.tags.length, 'address', 'addresses')}, settings, ${plural(backup.cleanupHistory.length, 'cleanup session')}.`);
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <section aria-labelledby="export-heading">
      <h2 id="export-heading">Export</h2>
      <div class="actions">
        <button type="button" onClick={exportHtml}>
          Export bookmarks.html (with tags)
        </button>
        <button type="button" onClick={exportBackup}>
          Save a Tidymarks backup (JSON)
        </button>
      </div>
      <p class="muted">Firefox imports the bookmarks.html back with its tags (Import Bookmarks from HTML).</p>
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
    const text = await f.text();
    try {
      const data = JSON.parse(text) as { tags?: unknown[]; cleanupHistory?: unknown[] };
      setPending({ text, tags: Array.isArray(data.tags) ? data.tags.length : 0, sessions: Array.isArray(data.cleanupHistory) ? data.cleanupHistory.length : 0 });
    } catch {
      setError('The backup file is not valid JSON (damaged or truncated). Nothing was restored.');
    }
  };
  const restore = async () => {
    if (!pending) return;
    const { text } = pending;
    setPending(null);
    try {
      const r = await client.call('backup.restore', { text });
      setMessage(`Restored the settings and the tags of ${plural(r.taggedUrls, 'address', 'addresses')}.`);
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <section aria-labelledby="restore-heading">
      <h2 id="restore-heading">Restore a Tidymarks backup</h2>
      <div class="field">
        <label for="restore-file">Backup file</label>
        <input id="restore-file" type="file" accept=".json,application/json" onChange={(e) => pick(e.target as HTMLInputElement)} />
      </div>
      {message && <p role="status">{message}</p>}
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      {pending && (
        <ConfirmDialog title="Restore this backup?" confirmLabel="Restore" onCancel={() => setPending(null)} onConfirm={restore}>
          <p>
            Your settings will be replaced by the backup’s, and tags of {plural(pending.tags, 'address', 'addresses')} will be added to your tags (tags you have
            stay). The {plural(pending.sessions, 'cleanup session')} in the file are kept as a record only.
          </p>
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
