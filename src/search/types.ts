/**
 * What the search feature's requests answer, as plain data. Type-only: the popup imports it without pulling the
 * protocol's schemas into its bundle.
 */
import type { LinkMarker } from '../link-health';

export interface SearchResultItem {
  kind: 'bookmark' | 'history';
  /** Bookmark id; for history, the URL. */
  id: string;
  url: string;
  title: string;
  /** Folder path from the root (bookmarks only). */
  folders: string[];
  tags: string[];
  visitCount: number;
  /** A bookmark whose address the link check found moved for good or dead (absent otherwise). */
  marker?: LinkMarker;
}

export interface SearchReply {
  items: SearchResultItem[];
  /** The folded words of the query (what the popup highlights). */
  words: string[];
}

export interface CurrentPageCopy {
  id: string;
  url: string;
  title: string;
  parentId: string;
  /** Folder path from the root, e.g. ['Bookmarks Toolbar', 'Dev']. */
  folders: string[];
  index: number;
  tags: string[];
  /** The address moved for good or dead, by the link check (absent otherwise). */
  marker?: LinkMarker;
}

/** A tab as the popup speaks about it. */
export interface PageTab {
  id: number;
  url: string;
  title: string;
}

export interface CurrentPageReply {
  /** The tab the popup speaks about; null when there is no tab to speak about. */
  tab: PageTab | null;
  /** False for pages Firefox does not let extensions bookmark usefully (about:, moz-extension:, ...). */
  bookmarkable: boolean;
  /** Every bookmark whose URL matches the tab's under the safe matching rules. */
  copies: CurrentPageCopy[];
}

export interface FolderChoice {
  id: string;
  /** Path from the root including the folder itself. */
  path: string[];
}
