/**
 * The notification's words: what a burst brought, in one sentence ("154 copies of 30 pages and 400 copies in the
 * folder “Dev”"). Folder titles are untrusted text; a notification is plain text (never HTML), so a title is only
 * shortened (a long one must not push the rest off the notification) and an empty one named as such.
 */
import { formatDate, plural, t, uiLocale } from '../i18n';
import type { CopyCount } from './burst';

/** Folders named one by one; the copies in any further folders are counted together. */
const NAMED_FOLDERS = 2;
/** A longer folder title is cut here, with an ellipsis. */
const TITLE_CHARS = 60;

function shortTitle(title: string): string {
  if (!title) return t('untitledFolder');
  const chars = [...title];
  return chars.length > TITLE_CHARS ? `${chars.slice(0, TITLE_CHARS - 1).join('')}…` : title;
}

/**
 * What arrived, as one list ("154 copies of 30 pages and 400 copies in the folder “Dev”", or for folders that copy an
 * existing folder "3 copies of the folder “Dev” (1,200 bookmarks)"). `title` wraps each folder
 * title once shortened: plain text in a notification, marked as untrusted on a page (it is shown isolated there).
 */
export function arrivalList(count: CopyCount, title: (text: string) => string = (text) => text): string {
  const parts: string[] = [];
  if (count.loose.copies) parts.push(plural('copyGuardLoose', count.loose.copies, plural('copyGuardPages', count.loose.pages)));
  for (const folder of count.folders.slice(0, NAMED_FOLDERS)) {
    const name = title(shortTitle(folder.title));
    parts.push(
      folder.folderCopies
        ? plural('copyGuardFolderCopies', folder.folderCopies, name, plural('copyGuardBookmarks', folder.copies))
        : plural('copyGuardInFolder', folder.copies, name),
    );
  }
  const others = count.folders.slice(NAMED_FOLDERS).reduce((sum, folder) => sum + folder.copies, 0);
  if (others) parts.push(plural('copyGuardInOtherFolders', others));
  return new Intl.ListFormat(uiLocale(), { type: 'conjunction' }).format(parts);
}

/** A day as the sentences below say it ("December 3, 2026"). */
const day = (at: number) => formatDate(at, { dateStyle: 'long' });

/**
 * "1,587 copies that you removed on December 3, 2026 came back." (or "between … and …" when they came back from
 * removals of several days); empty when none of the copies came back.
 */
export function cameBackSentence(count: CopyCount): string {
  const back = count.cameBack;
  if (!back) return '';
  const first = day(back.firstRemovedAt);
  const last = day(back.lastRemovedAt);
  return first === last ? plural('copyGuardCameBack', back.copies, first) : plural('copyGuardCameBackBetween', back.copies, first, last);
}

/** The notification's title and message for a burst's copies (what came back first, when some did). */
export function describeArrival(count: CopyCount): { title: string; message: string } {
  const arrived = t('copyGuardArrived', arrivalList(count));
  if (!count.cameBack) return { title: t('copyGuardTitle'), message: arrived };
  return { title: t('copyGuardCameBackTitle'), message: `${cameBackSentence(count)} ${arrived}` };
}
