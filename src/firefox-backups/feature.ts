/**
 * The background part of Firefox's backups: writing the live tree as a backup Firefox restores (write-backup.ts).
 * Opening and comparing backups runs in the options page (decoder.ts, compare-backup.ts), not here.
 */
import type { BackgroundDeps } from '../feature-contract';
import type { HandlersOf } from '../messaging/define';
import { descendants, kindOf } from '../platform/tree';
import { dateAddedOf, lastModifiedOf, type BookmarkDates } from '../bookmark-dates';
import { writeFirefoxBackup } from './write-backup';
import type { firefoxBackupsProtocol } from './protocol';

export interface FirefoxBackupsFeatureDeps extends BackgroundDeps {
  /** Tidymarks' tags by address (the tag store). */
  getTagsForUrls(urls: readonly string[]): Promise<Map<string, string[]>>;
  /** Dates kept from imported files (src/bookmark-dates): written as the items' dates. */
  bookmarkDates(): Promise<BookmarkDates>;
}

export function createFirefoxBackupsFeature(deps: FirefoxBackupsFeatureDeps) {
  const handlers: HandlersOf<typeof firefoxBackupsProtocol> = {
    'firefoxBackups.write': async () => {
      const tree = await deps.browser.bookmarks.getTree();
      const urls = new Set<string>();
      for (const node of descendants(tree)) if (node.url !== undefined && kindOf(node) === 'bookmark') urls.add(node.url);
      const [tags, dates] = await Promise.all([deps.getTagsForUrls([...urls]), deps.bookmarkDates()]);
      return writeFirefoxBackup({
        tree,
        tagsOf: (url) => tags.get(url) ?? [],
        datesOf: (node) => ({
          added: node.dateAdded !== undefined || dates.has(node.id) ? dateAddedOf(node, dates) : undefined,
          modified: lastModifiedOf(node, dates) ?? node.dateGroupModified,
        }),
      });
    },
  };
  return { handlers };
}
