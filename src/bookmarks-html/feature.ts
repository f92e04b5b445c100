/** The import/export feature of the background: bookmarks.html import (job) and export, JSON backup and restore. */
import type { BackgroundDeps } from '../feature-contract';
import type { HandlersOf, JobHandlersOf } from '../messaging/define';
import type { Settings } from '../settings';
import type { History } from '../operation-history';
import { journaledTagAdds } from '../tags';
import type { TagStore } from '../tags';
import type { TagAccess } from '../operation-history';
import { ImportOperation } from './import-journal';
import { countDocument } from './document';
import { createBackup, readBackup, restoreBackup, type BackupSession } from './backup';
import { exportBookmarksHtml } from './export';
import { importBookmarksHtml } from './import';
import { importTagsOnly } from './import-tags';
import { parseBookmarksHtml } from './parse';
import type { bookmarksHtmlJobs, bookmarksHtmlProtocol } from './protocol';
import type { BookmarkDateStore } from '../bookmark-dates';

export interface BookmarksHtmlFeatureDeps extends BackgroundDeps {
  tags: TagAccess & Pick<TagStore, 'preview' | 'edit'>;
  /** The one history: an import is an operation of it, all or nothing, run in its queue. */
  history: History;
  settings: { get(): Promise<Settings>; update(patch: Partial<Settings>): Promise<Settings> };
  cleanupHistory(): Promise<BackupSession[]>;
  /** Dates kept from imported files (src/bookmark-dates); without it, imports keep none. */
  bookmarkDates?: Pick<BookmarkDateStore, 'all' | 'putMany'>;
}

export function createBookmarksHtmlFeature(deps: BookmarksHtmlFeatureDeps) {
  const { browser, tags, settings, bookmarkDates } = deps;
  const edits = { journal: deps.history.journal, now: deps.now };
  const handlers: HandlersOf<typeof bookmarksHtmlProtocol> = {
    'bookmarksHtml.export': () =>
      exportBookmarksHtml({ browser, getTagsForUrls: (urls) => tags.getTagsForUrls(urls), ...(bookmarkDates && { bookmarkDates: () => bookmarkDates.all() }) }),
    'bookmarksHtml.inspect': ({ html }) => {
      const { document, problems, notices, truncated } = parseBookmarksHtml(html);
      return { counts: countDocument(document.children), problems: problems.length, notices: notices.slice(0, 20), truncated, title: document.title };
    },
    'backup.export': () => createBackup({ now: deps.now, getSettings: () => settings.get(), allTags: () => tags.all(), cleanupHistory: deps.cleanupHistory }),
    'backup.restore': ({ text }) => {
      const backup = readBackup(text);
      // Its tags are one edit of the history (undoable); settings are not bookmarks and stay as restored.
      return deps.history.serial(async () => {
        const adds = journaledTagAdds(edits, tags, 'tags-restore');
        try {
          return await restoreBackup(backup, { replaceSettings: (s) => settings.update(s), addTags: (urls, t) => adds.add(urls, t) });
        } finally {
          await adds.finish();
        }
      });
    },
  };
  const jobs: JobHandlersOf<typeof bookmarksHtmlJobs> = {
    'bookmarksHtml.import': (input, ctx) =>
      deps.history.serialJob(ctx, (ctx) => {
        const operation = new ImportOperation({ browser, journal: deps.history.journal, tags, now: deps.now }, 'bookmarks.html import');
        return importBookmarksHtml(
          { browser, addTags: (urls, t) => tags.addTags(urls, t), operation, ...(bookmarkDates && { keepBookmarkDates: (records) => bookmarkDates.putMany(records) }) },
          input,
          ctx,
        );
      }),
    'bookmarksHtml.importTags': (input, ctx) =>
      deps.history.serialJob(ctx, async (ctx) => {
        const adds = journaledTagAdds(edits, tags, 'tags-import');
        try {
          return await importTagsOnly({ browser, addTags: (urls, t) => adds.add(urls, t) }, input, ctx);
        } finally {
          await adds.finish();
        }
      }),
  };
  return { handlers, jobs };
}
