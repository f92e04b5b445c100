import * as v from 'valibot';
import { job, request, type JobDef, type RequestDef, noInput } from '../messaging/define';
import type { DocumentCounts } from './document';
import type { ImportProgress, ImportReport } from './import';
import type { Backup, RestoreReport } from './backup';

/** Files up to 64 MiB (about 250,000 bookmarks with icons stripped). */
const fileText = v.pipe(v.string(), v.maxLength(64 * 1024 * 1024, 'The file is too large (more than 64 MiB).'));
const folderId = v.pipe(v.string(), v.minLength(1), v.maxLength(64));

export const importTargetSchema = v.variant('into', [
  v.strictObject({ into: v.literal('folder'), folderId }),
  v.strictObject({ into: v.literal('roots') }),
]);

/** This feature's part of the protocol table (see src/messaging/protocol.ts). */
export const bookmarksHtmlProtocol = {
  /** The whole tree as bookmarks.html in Firefox's format, with TAGS. */
  'bookmarksHtml.export': request<{ html: string; counts: DocumentCounts }>()(noInput),
  /** Checks a file without importing: its counts, or the parse error. */
  'bookmarksHtml.inspect': request<{ counts: DocumentCounts; problems: number; title: string }>()(v.strictObject({ html: fileText })),
  /** JSON backup of tags, settings and cleanup history. */
  'backup.export': request<Backup>()(noInput),
  'backup.restore': request<RestoreReport>()(v.strictObject({ text: fileText })),
} satisfies Record<string, RequestDef>;

/** This feature's long jobs, run over a port with progress, pause and cancel. */
export const bookmarksHtmlJobs = {
  'bookmarksHtml.import': job<ImportProgress, ImportReport>()(v.strictObject({ html: fileText, target: importTargetSchema })),
} satisfies Record<string, JobDef>;
