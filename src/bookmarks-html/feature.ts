/** The import/export feature of the background: bookmarks.html import (job) and export, JSON backup and restore. */
import type { BackgroundDeps } from '../app/feature';
import type { HandlersOf, JobHandlersOf } from '../messaging/define';
import type { Settings } from '../settings/settings';
import type { Journal } from '../dedup/journal';
import type { TagAccess } from '../dedup/apply';
import { ImportOperation } from './import-journal';
import { countDocument } from './document';
import { createBackup, readBackup, restoreBackup, type BackupSession } from './backup';
import { exportBookmarksHtml } from './export';
import { importBookmarksHtml } from './import';
import { parseBookmarksHtml } from './parse';
import type { bookmarksHtmlJobs, bookmarksHtmlProtocol } from './protocol';

export interface BookmarksHtmlFeatureDeps extends BackgroundDeps {
  tags: TagAccess;
  /** The operation journal (shared with cleanups): imports are journaled there, all or nothing. */
  journal: Journal;
  settings: { get(): Promise<Settings>; update(patch: Partial<Settings>): Promise<Settings> };
  cleanupHistory(): Promise<BackupSession[]>;
}

export function createBookmarksHtmlFeature(deps: BookmarksHtmlFeatureDeps) {
  const { browser, tags, settings } = deps;
  const handlers: HandlersOf<typeof bookmarksHtmlProtocol> = {
    'bookmarksHtml.export': () => exportBookmarksHtml({ browser, getTagsForUrls: (urls) => tags.getTagsForUrls(urls) }),
    'bookmarksHtml.inspect': ({ html }) => {
      const { document, problems } = parseBookmarksHtml(html);
      return { counts: countDocument(document.children), problems: problems.length, title: document.title };
    },
    'backup.export': () =>
      createBackup({ now: deps.now, getSettings: () => settings.get(), allTags: () => tags.all(), cleanupHistory: deps.cleanupHistory }),
    'backup.restore': ({ text }) =>
      restoreBackup(readBackup(text), { replaceSettings: (s) => settings.update(s), addTags: (urls, t) => tags.addTags(urls, t) }),
  };
  const jobs: JobHandlersOf<typeof bookmarksHtmlJobs> = {
    'bookmarksHtml.import': (input, ctx) => {
      const operation = new ImportOperation({ browser, journal: deps.journal, tags, now: deps.now }, 'bookmarks.html import');
      return importBookmarksHtml({ browser, addTags: (urls, t) => tags.addTags(urls, t), operation }, input, ctx);
    },
  };
  return { handlers, jobs };
}
