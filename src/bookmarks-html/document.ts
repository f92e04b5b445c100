/**
 * The in-memory form of a bookmarks.html file (Netscape bookmark file format), shared by the parser, the writer,
 * the import job and the export. Dates are milliseconds since the epoch (the file stores seconds).
 */
import { descendants } from '../platform/tree';

export interface HtmlBookmark {
  kind: 'bookmark';
  title: string;
  url: string;
  addDate?: number;
  lastModified?: number;
  /** TAGS attribute, split on commas, trimmed, empties dropped. */
  tags: string[];
  /** SHORTCUTURL attribute (Firefox's keyword). */
  keyword?: string;
  /** The <DD> text that follows the bookmark. */
  description?: string;
  /** The file has an ICON or ICON_URI for it (extensions cannot set favicons: read, never imported). */
  icon?: true;
}

/** Firefox marks its special folders in the file; the importer can map them back to the real roots. */
export type RootMarker = 'toolbar' | 'unfiled' | 'mobile';

export interface HtmlFolder {
  kind: 'folder';
  title: string;
  addDate?: number;
  lastModified?: number;
  description?: string;
  /** PERSONAL_TOOLBAR_FOLDER, UNFILED_BOOKMARKS_FOLDER or (Tidymarks' own) MOBILE_BOOKMARKS_FOLDER. */
  root?: RootMarker;
  children: HtmlNode[];
}

export interface HtmlSeparator {
  kind: 'separator';
}

export type HtmlNode = HtmlBookmark | HtmlFolder | HtmlSeparator;

export interface BookmarksDocument {
  /** The <H1> heading ("Bookmarks Menu" in Firefox's export). */
  title: string;
  /** The top <DL>: in Firefox's export, the menu's children followed by the toolbar and other-bookmarks folders. */
  children: HtmlNode[];
}

export interface DocumentCounts {
  bookmarks: number;
  folders: number;
  separators: number;
  taggedBookmarks: number;
}

export function countDocument(nodes: readonly HtmlNode[]): DocumentCounts {
  const counts: DocumentCounts = { bookmarks: 0, folders: 0, separators: 0, taggedBookmarks: 0 };
  for (const node of descendants<HtmlNode>(nodes)) {
    if (node.kind === 'bookmark') {
      counts.bookmarks++;
      if (node.tags.length) counts.taggedBookmarks++;
    } else if (node.kind === 'separator') counts.separators++;
    else counts.folders++;
  }
  return counts;
}
