import * as v from 'valibot';
import { t } from '../i18n';
import { job, request, type JobDef, type RequestDef, noInput } from '../messaging/define';
import type { DocumentCounts } from './document';
import type { ImportProgress, ImportReport } from './import';
import type { TagsImportReport } from './import-tags';
import type { ParseProblem } from './parse';
import type { Backup, RestoreReport } from './backup';

/** Files up to 64 MiB (about 250,000 bookmarks with icons stripped). */
const fileText = v.pipe(
  v.string(),
  v.maxLength(64 * 1024 * 1024, () => t('importFileTooLarge')),
);
const folderId = v.pipe(v.string(), v.minLength(1), v.maxLength(64));

export const importTargetSchema = v.variant('into', [v.strictObject({ into: v.literal('folder'), folderId }), v.strictObject({ into: v.literal('roots') })]);

/** This feature's part of the protocol table (see src/app-protocol/protocol.ts). */
export const bookmarksHtmlProtocol = {
  /** The whole tree as bookmarks.html in Firefox's format, with TAGS. */
  'bookmarksHtml.export': request<{ html: string; counts: DocumentCounts }>()(noInput),
  /**
   * Checks a file without importing: its counts, how many entries will be left out, notices (read but not as
   * written), whether it is cut short (`truncated`: the page asks before importing what was read), or the error.
   */
  'bookmarksHtml.inspect': request<InspectReply>()(v.strictObject({ html: fileText })),
  /** JSON backup of tags, settings and cleanup history. */
  'backup.export': request<Backup>()(noInput),
  'backup.restore': request<RestoreReport>()(v.strictObject({ text: fileText })),
} satisfies Record<string, RequestDef>;

/** This feature's long jobs, run over a port with progress, pause and cancel. */
export const bookmarksHtmlJobs = {
  /** Imports bookmarks, folders and tags; skips what is already bookmarked unless `skipExisting: false`. */
  'bookmarksHtml.import': job<ImportProgress, ImportReport>()(
    v.strictObject({
      html: fileText,
      target: importTargetSchema,
      skipExisting: v.optional(v.boolean(), true),
      acceptTruncated: v.optional(v.boolean(), false),
    }),
  ),
  /** Adds the file's TAGS to the bookmarks that already exist with those URLs; creates nothing. */
  'bookmarksHtml.importTags': job<ImportProgress, TagsImportReport>()(v.strictObject({ html: fileText, acceptTruncated: v.optional(v.boolean(), false) })),
} satisfies Record<string, JobDef>;

export interface InspectReply {
  counts: DocumentCounts;
  /** Entries that will be left out (no usable address). */
  problems: number;
  notices: ParseProblem[];
  truncated: ParseProblem | null;
  title: string;
}
