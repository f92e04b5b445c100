/**
 * Import and export: a bookmarks.html (Firefox's export, tags included) into Firefox's own folders or a chosen
 * folder, with progress and a report; export to bookmarks.html with TAGS; JSON backup and restore of tags,
 * settings and cleanup history. A damaged file is refused before anything is imported.
 */
import { useRef, useState } from 'preact/hooks';
import type { DocumentCounts } from '../bookmarks-html/document';
import { decodeBookmarksFile } from '../bookmarks-html/decode-file';
import type { ImportProgress, ImportReport, ImportTarget } from '../bookmarks-html/import';
import type { TagsImportReport } from '../bookmarks-html/import-tags';
import type { ParseProblem } from '../bookmarks-html/parse';
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
  notices: ParseProblem[];
  truncated: ParseProblem | null;
  /** What the page said about the file's character set (see decode-file.ts), if anything. */
  charsetNote: string | null;
}

const numbers = new Intl.NumberFormat('en');
const pluralRules = new Intl.PluralRules('en');
const plural = (n: number, one: string, many = `${one}s`) => `${numbers.format(n)} ${pluralRules.select(n) === 'one' ? one : many}`;

function ProblemList({ title, items, open = false }: { title: string; items: readonly ParseProblem[]; open?: boolean }) {
  if (!items.length) return null;
  return (
    <details open={open}>
      <summary>
        {title} ({numbers.format(items.length)})
      </summary>
      <ul class="plain-list">
        {items.map((p, i) => (
          <li key={i}>
            {p.line ? `Line ${numbers.format(p.line)}: ` : ''}
            {p.message}
          </li>
        ))}
      </ul>
    </details>
  );
}

function ImportReportView({ report }: { report: ImportReport }) {
  const { imported } = report;
  const dropped = [
    report.notImported.keywords > 0 && plural(report.notImported.keywords, 'keyword'),
    report.notImported.descriptions > 0 && plural(report.notImported.descriptions, 'description'),
    report.notImported.icons > 0 && plural(report.notImported.icons, 'icon'),
  ].filter((x): x is string => !!x);
  const created = imported.bookmarks + imported.folders;
  return (
    <div class="report" data-testid="import-report" role="status">
      <p>
        Imported {plural(imported.bookmarks, 'bookmark')}, {plural(imported.folders, 'folder')} and {plural(imported.separators, 'separator')}; skipped{' '}
        <span data-testid="import-skipped">{plural(report.skippedCount, 'bookmark')}</span> that {report.skippedCount === 1 ? 'was' : 'were'} already bookmarked. Tags
        given to {plural(report.taggedUrls, 'address', 'addresses')}.
      </p>
      {report.truncated && <p class="muted">The file was cut short ({report.truncated.message}); what was read before line {numbers.format(report.truncated.line)} was imported.</p>}
      {created > 0 && (
        <p class="muted" data-testid="import-dates">
          Firefox shows the import time as the date added of what was created: extensions cannot set it. Tidymarks keeps the file’s dates of{' '}
          {plural(report.datesKept, 'item')} for its own views and cleanup rules, and writes them back when you export.
        </p>
      )}
      {dropped.length > 0 && <p class="muted">Firefox does not let extensions store keywords, descriptions or icons: {dropped.join(', ')} in the file were left out.</p>}
      {report.skipped.length > 0 && (
        <details>
          <summary>Skipped (already bookmarked)</summary>
          <ul class="plain-list">
            {report.skipped.map((s, i) => (
              <li key={i}>
                {s.title || s.url} <small class="muted">{s.url}</small>
              </li>
            ))}
            {report.skippedCount > report.skipped.length && <li class="muted">… and {numbers.format(report.skippedCount - report.skipped.length)} more.</li>}
          </ul>
        </details>
      )}
      <ProblemList title="Read differently from the file" items={report.notices} />
      <ProblemList title="Problems" items={report.problems} open />
    </div>
  );
}

function TagsReportView({ report }: { report: TagsImportReport }) {
  return (
    <div class="report" data-testid="import-report" role="status">
      <p>
        Brought in the tags of {plural(report.matched, 'bookmark')} ({plural(report.taggedUrls, 'address', 'addresses')} got tags). No bookmark was created.
      </p>
      {report.unmatchedCount > 0 && (
        <details>
          <summary>{plural(report.unmatchedCount, 'tagged entry', 'tagged entries')} of the file are not bookmarked here: their tags were left out</summary>
          <ul class="plain-list">
            {report.unmatched.map((u, i) => (
              <li key={i}>
                {u.title || u.url} <small class="muted">{u.url}</small>
              </li>
            ))}
          </ul>
        </details>
      )}
      <ProblemList title="Problems" items={report.problems} open />
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
        throw new Error(`"${f.name}" could not be read (was it moved or deleted?). Nothing was imported.`);
      });
      const decoded = decodeBookmarksFile(new Uint8Array(bytes));
      const info = await client.call('bookmarksHtml.inspect', { html: decoded.text });
      setFile({ name: f.name, text: decoded.text, counts: info.counts, problems: info.problems, notices: info.notices, truncated: info.truncated, charsetNote: decoded.note });
    } catch (e) {
      setError(errorMessage(e));
      input.value = '';
    }
  };

  // Why Import cannot start yet, shown next to the button (every option state either works or says why not).
  const blocked = !file
    ? 'Choose a bookmarks.html file first.'
    : mode === 'bookmarks' && targetKind === 'folder' && !folderId
      ? 'Choose the folder to import into (or import back into Firefox’s own folders).'
      : file.truncated && !acceptTruncated
        ? 'The file looks cut short: tick “Import what was read” to import it anyway.'
        : null;

  const start = async () => {
    if (!file || blocked) return;
    setError(null);
    setReport(null);
    setProgress({ done: 0, total: 1, imported: 0, skipped: 0 });
    let last: ImportProgress | null = null;
    const onProgress = (p: ImportProgress) => {
      last = p;
      setProgress(p);
    };
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
      const imported = (last as ImportProgress | null)?.imported ?? 0;
      setError(
        e instanceof RemoteError && e.code === 'cancelled'
          ? `Import cancelled: the ${plural(imported, 'entry', 'entries')} it had added ${pluralRules.select(imported) === 'one' ? 'was' : 'were'} taken back, tags included, so nothing of the file stays (closing this tab mid-import does the same).`
          : errorMessage(e),
      );
    } finally {
      announceBookmarksChanged();
      job.current = null;
      setProgress(null);
    }
  };

  const tagsOnly = mode === 'tags';
  return (
    <section aria-labelledby="import-heading">
      <h2 id="import-heading">Import bookmarks.html</h2>
      <p class="muted">
        Firefox: Bookmarks › Manage Bookmarks › Import and Backup › Export Bookmarks to HTML. Tags in the file go into Tidymarks (Firefox does not let extensions read
        its own tags).
      </p>
      <div class="field">
        <label for="import-file">File</label>
        <input id="import-file" type="file" accept=".html,.htm,text/html" onChange={(e) => pick(e.target as HTMLInputElement)} disabled={!!progress} />
      </div>
      {file && (
        <div data-testid="import-file-info">
          <p data-testid="import-file-summary">
            {file.name}: {plural(file.counts.bookmarks, 'bookmark')} ({numbers.format(file.counts.taggedBookmarks)} tagged) in {plural(file.counts.folders, 'folder')}
            {file.problems ? `; ${plural(file.problems, 'entry', 'entries')} without a usable address will be left out` : ''}.
          </p>
          {file.charsetNote && (
            <p class="muted" data-testid="import-charset-note">
              {file.charsetNote}
            </p>
          )}
          <ProblemList title="Read differently from the file" items={file.notices} />
          {file.truncated && (
            <div class="report" role="alert" data-testid="import-truncated">
              <p>
                {file.truncated.message} (line {numbers.format(file.truncated.line)}). The {plural(file.counts.bookmarks, 'bookmark')} above were read before the break.
              </p>
              <div class="check">
                <input type="checkbox" id="import-accept-truncated" checked={acceptTruncated} onChange={(e) => setAcceptTruncated((e.target as HTMLInputElement).checked)} />
                <label for="import-accept-truncated">Import what was read</label>
              </div>
            </div>
          )}
        </div>
      )}
      <fieldset>
        <legend>What to bring in</legend>
        <div class="check">
          <input type="radio" id="mode-bookmarks" name="import-mode" checked={mode === 'bookmarks'} onChange={() => setMode('bookmarks')} />
          <label for="mode-bookmarks">Bookmarks and folders, with their tags</label>
        </div>
        <div class="check">
          <input type="radio" id="mode-tags" name="import-mode" checked={tagsOnly} onChange={() => setMode('tags')} aria-describedby="mode-tags-help" />
          <label for="mode-tags">Only Firefox’s tags, onto the bookmarks you already have</label>
          <small id="mode-tags-help" class="muted">
            For a file Firefox exported from this profile: each bookmark here gets the tags its address has in the file. Nothing is created.
          </small>
        </div>
      </fieldset>
      <fieldset disabled={tagsOnly} aria-describedby={tagsOnly ? 'tags-only-reason' : undefined}>
        <legend>Where to</legend>
        {tagsOnly && (
          <p id="tags-only-reason" class="muted">
            Not used when only tags are brought in: no bookmark is created.
          </p>
        )}
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
        <div class="check">
          <input type="checkbox" id="import-skip-existing" checked={skipExisting} onChange={(e) => setSkipExisting((e.target as HTMLInputElement).checked)} aria-describedby="skip-help" />
          <label for="import-skip-existing">Skip what is already bookmarked (safe matching)</label>
          <small id="skip-help" class="muted">
            Also second copies inside the file. Their tags still go to the bookmark you have. Untick to restore the file exactly, copies included.
          </small>
        </div>
      </fieldset>
      <div class="actions">
        <button type="button" class="primary" disabled={!!blocked || !!progress} onClick={start} aria-describedby={blocked ? 'import-blocked' : undefined}>
          {tagsOnly ? 'Bring in the tags' : `Import${file ? ` ${plural(file.counts.bookmarks, 'bookmark')}` : ''}`}
        </button>
        {progress && (
          <button type="button" onClick={() => job.current?.cancel()}>
            Cancel import
          </button>
        )}
      </div>
      {blocked && file && (
        <p id="import-blocked" class="muted" data-testid="import-blocked">
          {blocked}
        </p>
      )}
      {progress && <ProgressBar label={tagsOnly ? 'Bringing in tags' : 'Importing'} done={progress.done} total={progress.total} />}
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
