/**
 * What the history's writers (a cleanup's apply, an undo, an interrupted operation's recovery, an import) are built
 * with: the browser, the journal, the tags and the bookmark events. Declared here, beside the history that records
 * their work, so that src/operation-history imports no feature: the tag store (src/tags) meets `TagAccess` by its shape,
 * the keyword store (src/keywords) `KeywordAccess`.
 */
import type { BookmarkNode, Browser } from '../platform/browser';
import type { ChangeWatch } from './change-watch';
import type { Journal } from './journal';

/** One URL's tags, as the tag store keeps them. */
export interface UrlTags {
  url: string;
  tags: string[];
}

/** What apply and undo need of the tag store (src/tags/tag-store.ts). */
export interface TagAccess {
  getTagsForUrls(urls: readonly string[]): Promise<Map<string, string[]>>;
  addTags(urls: readonly string[], tags: readonly string[]): Promise<number>;
  removeTags(urls: readonly string[], tags: readonly string[]): Promise<number>;
  replaceTags(entries: readonly UrlTags[]): Promise<void>;
  all(): Promise<UrlTags[]>;
}

/** One address's keyword (null: none), as the keyword store (src/keywords) keeps it. */
export interface UrlKeywordChange {
  url: string;
  keyword: string | null;
}

/** What undo needs of the keyword store (src/keywords/keyword-store.ts). */
export interface KeywordAccess {
  getKeywordsForUrls(urls: readonly string[]): Promise<Map<string, string>>;
  replaceKeywords(entries: readonly UrlKeywordChange[]): Promise<void>;
}

export interface WriteDeps {
  browser: Browser;
  journal: Journal;
  tags: TagAccess;
  /** Keywords, for the operations that journal them ('keyword' entries); none when absent. */
  keywords?: KeywordAccess;
  now: () => number;
  /** Ids for new sessions; injectable for tests. */
  newSessionId?: () => string;
  /**
   * The whole tree as getTree gives it (id, parent, index, title, URL, type, date added, children), for a restore's
   * view of the tree: the search index's mirror while it is current (src/search/tree-from-index.ts). Default: getTree.
   */
  readTree?: () => Promise<BookmarkNode[]>;
  /** Bookmark events (registered when the background starts); an apply without one listens for itself. */
  watch?: ChangeWatch;
  /**
   * Waits, after the last call, for events of other writers' calls that raced ours (Firefox delivered them up to
   * ~10 ms after our call resolved). Default: SETTLE_MS, then one API round trip (every event Firefox sent before
   * answering it has arrived).
   */
  settle?: () => Promise<void>;
  /**
   * Hands the bookmark events held during our own bulk work to the features that take them in batches (the search
   * index, src/platform/bookmark-events.ts `flush`). Called as the settle's wait begins, so their work overlaps it
   * instead of following the apply.
   */
  deliverEvents?: () => void;
  /**
   * Folders Tidymarks' settings hold by id (the quick-bookmark folder, the excluded and the preferred folders), never
   * replaced by a fresh copy whatever the plan says; read when the apply starts. None when absent.
   */
  heldFolderIds?: () => Promise<ReadonlySet<string>>;
}
