/**
 * The background's part of Firefox's backups: acting on a comparison's difference (restore removed items, remove
 * added ones, put moves, titles and addresses back), each one operation of the one history.
 */
import type { BackgroundDeps } from '../feature-contract';
import type { JobHandlersOf } from '../messaging/define';
import type { History, TagAccess } from '../operation-history';
import type { BookmarkDateStore } from '../bookmark-dates';
import { ImportOperation } from '../bookmarks-html';
import type { firefoxBackupsJobs } from './protocol';
import { restoreRemoved } from './restore';
import { removeAdded } from './remove-added';
import { putBack } from './put-back';

export interface FirefoxBackupsFeatureDeps extends BackgroundDeps {
  tags: TagAccess;
  /** The one history: a restore is an operation of it, all or nothing, run in its queue. */
  history: History;
  /** The backup's dates of restored items (src/bookmark-dates). */
  bookmarkDates: Pick<BookmarkDateStore, 'putMany'>;
}

export function createFirefoxBackupsFeature(deps: FirefoxBackupsFeatureDeps) {
  const { browser, tags, bookmarkDates } = deps;
  const jobs: JobHandlersOf<typeof firefoxBackupsJobs> = {
    'backups.restoreRemoved': ({ steps }, ctx) =>
      deps.history.serialJob(ctx, (ctx) => {
        const operation = new ImportOperation({ browser, journal: deps.history.journal, tags, now: deps.now }, 'Firefox backup restore', 'firefox-backup');
        return restoreRemoved({ browser, operation, keepBookmarkDates: (records) => bookmarkDates.putMany(records) }, steps, ctx);
      }),
    'backups.removeAdded': ({ items }, ctx) =>
      deps.history.serialJob(ctx, (ctx) => removeAdded({ browser, tags, edits: { journal: deps.history.journal, now: deps.now } }, items, ctx)),
    'backups.putBack': ({ changes }, ctx) =>
      deps.history.serialJob(ctx, (ctx) => putBack({ browser, edits: { journal: deps.history.journal, now: deps.now } }, changes, ctx)),
  };
  return { handlers: {}, jobs };
}
