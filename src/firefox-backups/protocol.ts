import * as v from 'valibot';
import { job, noInput, request, type JobDef, type RequestDef } from '../messaging/define';
import type { RestoreProgress, RestoreReport } from './restore';
import type { RemoveAddedProgress, RemoveAddedReport } from './remove-added';
import type { PutBackProgress, PutBackReport } from './put-back';
import type { BringInProgress, BringInReport } from './bring-in';
import type { WrittenBackupCounts } from './write-backup';

const id = v.pipe(v.string(), v.minLength(1), v.maxLength(64));
/** Titles and addresses as Firefox takes them (a longer one is cut by Firefox; none in a backup is longer). */
const text = v.pipe(v.string(), v.maxLength(65_536));
const count = v.pipe(v.number(), v.integer(), v.minValue(0));
const date = v.nullable(v.pipe(v.number(), v.finite()));

const stepSchema = v.strictObject({
  kind: v.picklist(['bookmark', 'folder', 'separator']),
  title: text,
  url: v.optional(text),
  parent: v.union([v.strictObject({ id }), v.strictObject({ step: count })]),
  index: count,
  tags: v.pipe(v.array(v.pipe(v.string(), v.maxLength(1024))), v.maxLength(1000)),
  dateAdded: date,
  lastModified: date,
});

/** This feature's part of the protocol table (see src/app-protocol/protocol.ts). */
export const firefoxBackupsProtocol = {
  /** The whole tree as a Firefox backup (JSON that Firefox's Library restores), with Tidymarks' tags and keywords as Firefox's. */
  'backups.write': request<{ json: string; counts: WrittenBackupCounts }>()(noInput),
} satisfies Record<string, RequestDef>;

/** This feature's long jobs, run over a port with progress, pause and cancel (see src/app-protocol/protocol.ts). */
export const firefoxBackupsJobs = {
  /**
   * Restores chosen removed items of a backup (the steps restore-plan.ts made of a comparison) as one operation of
   * the history: journaled, all or nothing, undoable.
   */
  'backups.restoreRemoved': job<RestoreProgress, RestoreReport>()(v.strictObject({ steps: v.pipe(v.array(stepSchema), v.minLength(1), v.maxLength(500_000)) })),
  /** Removes chosen items added since a backup, as one edit of the history; what changed since the comparison stays. */
  'backups.removeAdded': job<RemoveAddedProgress, RemoveAddedReport>()(
    v.strictObject({
      items: v.pipe(v.array(v.strictObject({ id, title: text, url: v.nullable(text), parentId: id })), v.minLength(1), v.maxLength(500_000)),
    }),
  ),
  /** Puts chosen moved items back into their folders, and chosen titles and addresses back, as one edit of the history. */
  'backups.putBack': job<PutBackProgress, PutBackReport>()(
    v.strictObject({
      changes: v.pipe(
        v.array(
          v.strictObject({
            id,
            title: text,
            url: v.nullable(text),
            parentId: id,
            to: v.strictObject({ folder: v.optional(v.strictObject({ parentId: id, index: count })), title: v.optional(text), url: v.optional(text) }),
          }),
        ),
        v.minLength(1),
        v.maxLength(500_000),
      ),
    }),
  ),
  /**
   * Brings Firefox's tags and keywords from a backup (its bookmarks that have some) onto the bookmarks now, matched by
   * GUID, then by address, as one edit of the history; creates no bookmark.
   */
  'backups.bringIn': job<BringInProgress, BringInReport>()(
    v.strictObject({
      items: v.pipe(
        v.array(
          v.strictObject({
            guid: v.nullable(id),
            url: v.pipe(v.string(), v.minLength(1), v.maxLength(65_536)),
            tags: v.pipe(v.array(v.pipe(v.string(), v.maxLength(1024))), v.maxLength(1000)),
            keyword: v.nullable(v.pipe(v.string(), v.maxLength(1000))),
          }),
        ),
        v.minLength(1),
        v.maxLength(500_000),
      ),
    }),
  ),
} satisfies Record<string, JobDef>;
