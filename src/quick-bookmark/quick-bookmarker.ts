/**
 * The one action behind the keyboard command and both menu items: bookmark a page unless it cannot be bookmarked
 * or is already bookmarked (by the duplicate finder's safe matching key, anywhere in the tree), then tell the user what
 * happened.
 * Every action runs through one serial queue, so a second press while the first is still saving waits for it and
 * then finds its bookmark: two presses give one bookmark.
 */
import type { Browser } from '../platform/browser';
import { t } from '../i18n';
import type { Settings } from '../settings';
import { checkBookmarkable } from './bookmarkable';
import { findCopies } from '../url-matching';
import { folderPath as folderPathOf } from '../platform/folder-path';
import { pickCopyToShow } from './folder-paths';
import type { QuickBookmarkNotifier } from './notifier';
import type { QuickBookmarkOutcome } from './outcome';
import { createSerialQueue } from '../platform/serial-queue';
import { chooseTargetFolder, type TargetFolder } from './target-folder';

export interface PageToBookmark {
  url: string | undefined;
  title: string | undefined;
}

export interface BookmarkToSave {
  url: string;
  title: string;
  folder: TargetFolder;
  tags: string[];
}

export interface SavedBookmark {
  id: string;
  folderId: string;
  /** The tags the URL has after the save. */
  tags: string[];
}

export interface QuickBookmarkerDeps {
  browser: Browser;
  getSettings(): Promise<Settings>;
  /** The matching key that decides two URLs are one page (src/url-matching/url-key.ts). May throw for a URL. */
  urlKey(url: string): string;
  /** Saves one bookmark through the Places facade, creating the target folder first when it is missing. */
  saveBookmark(bookmark: BookmarkToSave): Promise<SavedBookmark>;
  notifier: QuickBookmarkNotifier;
}

export interface QuickBookmarker {
  bookmarkPage(page: PageToBookmark): Promise<QuickBookmarkOutcome>;
}

export function createQuickBookmarker(deps: QuickBookmarkerDeps): QuickBookmarker {
  const queue = createSerialQueue();

  async function decideAndSave(page: PageToBookmark, settings: Settings): Promise<QuickBookmarkOutcome> {
    const check = checkBookmarkable(page.url);
    if (!check.ok) return { kind: 'unbookmarkable', url: page.url ?? '', reason: check.reason };
    const url = check.url;
    const copies = await findCopies(deps.browser, url, deps.urlKey);
    const shown = pickCopyToShow(copies, url);
    if (shown) {
      const folderPath = (await folderPathOf(deps.browser, shown.parentId)) ?? [];
      return { kind: 'already', url, existingId: shown.id, folderPath, copies: copies.length };
    }

    const folder = await chooseTargetFolder(deps.browser, settings.quickBookmark.folderId);
    const title = page.title?.trim() || url;
    const saved = await deps.saveBookmark({ url, title, folder, tags: settings.quickBookmark.defaultTags });
    const outcome: QuickBookmarkOutcome = { kind: 'saved', id: saved.id, url, title, folderId: saved.folderId, folderPath: folder.path, tags: saved.tags };
    if (folder.note) outcome.note = folder.note;
    return outcome;
  }

  return {
    bookmarkPage(page) {
      return queue.run(async () => {
        const settings = await deps.getSettings();
        let outcome: QuickBookmarkOutcome;
        try {
          outcome = await decideAndSave(page, settings);
        } catch (error) {
          const message = error instanceof Error && error.message ? error.message : t('notifyUnexpected');
          outcome = { kind: 'failed', url: page.url ?? '', message: t('notifyNotBookmarked', message) };
        }
        await deps.notifier.show(outcome, settings);
        return outcome;
      });
    },
  };
}
