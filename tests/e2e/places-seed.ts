/**
 * Bookmarks put into Firefox as Firefox itself puts them, in one go: a whole tree through Places' insertTree (what
 * Sync and Firefox's own bookmarks.html importer use), and a bookmarks.html read by Firefox's own importer
 * (BookmarkHTMLUtils, the code that imports a file at a profile's first start). Both run with chrome privileges
 * (Firefox.chrome). Seeding thousands of bookmarks this way takes a second or two where one browser.bookmarks.create
 * per item takes ten; the extension sees the same onCreated events.
 */
import type { Firefox } from './firefox';

export interface SeedBookmark {
  title: string;
  url: string;
  /** ms since 1970; Firefox's clock when left out. */
  dateAdded?: number;
}
export interface SeedFolder {
  title: string;
  children: SeedNode[];
}
export interface SeedSeparator {
  separator: true;
}
export type SeedNode = SeedBookmark | SeedFolder | SeedSeparator;

/** Inserts `children` at the end of each root folder given (menu________, toolbar_____, unfiled_____, mobile______). */
export async function seedTree(ff: Pick<Firefox, 'chrome'>, roots: Record<string, SeedNode[]>): Promise<number> {
  return ff.chrome<number>(
    `async (roots) => {
      const { PlacesUtils } = ChromeUtils.importESModule('resource://gre/modules/PlacesUtils.sys.mjs');
      const { TYPE_BOOKMARK, TYPE_FOLDER, TYPE_SEPARATOR } = PlacesUtils.bookmarks;
      const toPlaces = (n) =>
        n.separator ? { type: TYPE_SEPARATOR }
        : n.children ? { type: TYPE_FOLDER, title: n.title, children: n.children.map(toPlaces) }
        : { type: TYPE_BOOKMARK, title: n.title, url: n.url, ...(n.dateAdded === undefined ? {} : { dateAdded: new Date(n.dateAdded) }) };
      let count = 0;
      for (const [guid, children] of Object.entries(roots)) {
        if (children.length) count += (await PlacesUtils.bookmarks.insertTree({ guid, children: children.map(toPlaces) })).length;
      }
      return count;
    }`,
    roots,
  );
}

/** Inserts trees as Firefox Sync does: Places' insertTree with the SYNC source, one call per root (bookmarks and folders). */
export async function syncInsert(ff: Pick<Firefox, 'chrome'>, roots: Record<string, SeedNode[]>): Promise<number> {
  return ff.chrome<number>(
    `async (roots) => {
      const { PlacesUtils } = ChromeUtils.importESModule('resource://gre/modules/PlacesUtils.sys.mjs');
      const { TYPE_BOOKMARK, TYPE_FOLDER, SOURCES } = PlacesUtils.bookmarks;
      const toPlaces = (n) => n.children ? { type: TYPE_FOLDER, title: n.title, children: n.children.map(toPlaces) } : { type: TYPE_BOOKMARK, title: n.title, url: n.url };
      let count = 0;
      for (const [guid, children] of Object.entries(roots)) {
        count += (await PlacesUtils.bookmarks.insertTree({ guid, source: SOURCES.SYNC, children: children.map(toPlaces) })).length;
      }
      return count;
    }`,
    roots,
  );
}

/**
 * Firefox's own importer reads a bookmarks.html file (a path on disk) into this profile: the very call Firefox makes
 * at a profile's first start with browser.places.importBookmarksHTML (PlacesBrowserStartup.sys.mjs):
 * BookmarkHTMLUtils.importFromURL in replace mode, the roots' contents replaced by the file's.
 */
export async function firefoxImportFile(ff: Pick<Firefox, 'chrome'>, path: string): Promise<void> {
  await ff.chrome(
    `async (path) => {
      const { BookmarkHTMLUtils } = ChromeUtils.importESModule('resource://gre/modules/BookmarkHTMLUtils.sys.mjs');
      const { PlacesUtils } = ChromeUtils.importESModule('resource://gre/modules/PlacesUtils.sys.mjs');
      await BookmarkHTMLUtils.importFromURL(PathUtils.toFileURI(path), { replace: true, source: PlacesUtils.bookmarks.SOURCES.RESTORE_ON_STARTUP });
    }`,
    path,
  );
}
