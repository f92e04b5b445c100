/**
 * The notification's words: what a burst brought, in one sentence ("154 copies of 30 pages and 400 copies in the
 * folder “Dev”"). Folder titles are untrusted text; a notification is plain text (never HTML), so a title is only
 * shortened (a long one must not push the rest off the notification) and an empty one named as such.
 */
import { plural, t, uiLocale } from '../i18n';
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
 * What arrived, as one list ("154 copies of 30 pages and 400 copies in the folder “Dev”"). `title` wraps each folder
 * title once shortened: plain text in a notification, marked as untrusted on a page (it is shown isolated there).
 */
export function arrivalList(count: CopyCount, title: (text: string) => string = (text) => text): string {
  const parts: string[] = [];
  if (count.loose.copies) parts.push(plural('copyGuardLoose', count.loose.copies, plural('copyGuardPages', count.loose.pages)));
  for (const folder of count.folders.slice(0, NAMED_FOLDERS)) parts.push(plural('copyGuardInFolder', folder.copies, title(shortTitle(folder.title))));
  const others = count.folders.slice(NAMED_FOLDERS).reduce((sum, folder) => sum + folder.copies, 0);
  if (others) parts.push(plural('copyGuardInOtherFolders', others));
  return new Intl.ListFormat(uiLocale(), { type: 'conjunction' }).format(parts);
}

/** The notification's title and message for a burst's copies. */
export function describeArrival(count: CopyCount): { title: string; message: string } {
  return { title: t('copyGuardTitle'), message: t('copyGuardArrived', arrivalList(count)) };
}
