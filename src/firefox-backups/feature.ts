/**
 * The background's part of Firefox's backups: acting on a comparison's difference (restore removed items, remove
 * added ones, put moves, titles and addresses back, bring Firefox's tags and keywords in), each one operation of the
 * one history; and writing the tree as
 * a backup Firefox restores (write-backup.ts). Opening and comparing backups runs in the options page.
 */
import type { BackgroundDeps } from '../feature-contract';
import type { HandlersOf, JobHandlersOf } from '../messaging/define';
import { descendants, kindOf } from '../platform/tree';
import type { History, TagAccess } from '../operation-history';
import { dateAddedOf, lastModifiedOf, type BookmarkDateStore } from '../bookmark-dates';
import { ImportOperation } from '../bookmarks-html';
import type { firefoxBackupsJobs, firefoxBackupsProtocol } from './protocol';
import { writeFirefoxBackup } from './write-backup';
import { restoreRemoved } from './restore';
import { removeAdded } from './remove-added';
import { putBack } from './put-back';
import { bringIn } from './bring-in';
import type { TagStore } from '../tags';
import type { KeywordStore } from '../keywords';

export interface FirefoxBackupsFeatureDeps extends BackgroundDeps {
  tags: TagAccess & Pick<TagStore, 'preview' | 'edit'>;
  /** Tidymarks' keywords: brought in from a backup, written into one. */
  keywords: Pick<KeywordStore, 'all' | 'replaceKeywords' | 'getKeywordsForUrls'>;
  /** The whole tree (the search index's mirror while current); default getTree. */
  readTree?: () => ReturnType<FirefoxBackupsFeatureDeps['browser']['bookmarks']['getTree']>;
  /** The one history: a restore is an operation of it, all or nothing, run in its queue. */
  history: History;
  /** The backup's dates of restored items; the dates kept from imported files, written into a backup (src/bookmark-dates). */
  bookmarkDates: Pick<BookmarkDateStore, 'putMany' | 'all'>;
  /** Tidymarks' tags by address (the tag store), written into a backup. */
  getTagsForUrls(urls: readonly string[]): Promise<Map<string, string[]>>;
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
    'backups.bringIn': ({ items }, ctx) =>
      deps.history.serialJob(ctx, (ctx) =>
        bringIn({ browser, edits: { journal: deps.history.journal, now: deps.now }, tags, keywords: deps.keywords, readTree: deps.readTree }, items, ctx),
      ),
  };
  const handlers: HandlersOf<typeof firefoxBackupsProtocol> = {
    'backups.write': async () => {
      const tree = await browser.bookmarks.getTree();
      const urls = new Set<string>();
      for (const node of descendants(tree)) if (node.url !== undefined && kindOf(node) === 'bookmark') urls.add(node.url);
      const [tagsByUrl, keywordsByUrl, dates] = await Promise.all([deps.getTagsForUrls([...urls]), deps.keywords.getKeywordsForUrls([...urls]), bookmarkDates.all()]);
      return writeFirefoxBackup({
        tree,
        tagsOf: (url) => tagsByUrl.get(url) ?? [],
        keywordOf: (url) => keywordsByUrl.get(url) ?? null,
        datesOf: (node) => ({
          added: node.dateAdded !== undefined || dates.has(node.id) ? dateAddedOf(node, dates) : undefined,
          modified: lastModifiedOf(node, dates) ?? node.dateGroupModified,
        }),
      });
    },
  };
  return { handlers, jobs };
}
