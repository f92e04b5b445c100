import * as v from 'valibot';
import { request, type RequestDef, noInput } from '../messaging/define';
import type { LoadTimings } from './index-build';
import type { CurrentPageCopy, CurrentPageReply, FolderChoice, SearchReply } from './types';

const tabId = v.pipe(v.number(), v.integer(), v.minValue(0));
const url = v.pipe(v.string(), v.minLength(1), v.maxLength(65536));
const bookmarkId = v.pipe(v.string(), v.minLength(1), v.maxLength(100));

/** This feature's part of the protocol table (see src/app-protocol/protocol.ts). */
export const searchProtocol = {
  /** Search as you type over bookmarks, history and tags; an empty text gives the newest bookmarks. */
  'search.query': request<SearchReply>()(
    v.strictObject({
      text: v.pipe(v.string(), v.maxLength(500)),
      limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(200))),
    }),
  ),
  /**
   * The page the user is on and its bookmarked copies. `tab` is the tab itself as the toolbar popup read it from
   * Firefox (its window's active tab); `tabId` names a tab (tests open the popup as a tab); with neither, the active
   * tab of the last focused window.
   */
  'search.currentPage': request<CurrentPageReply>()(
    v.strictObject({
      tabId: v.optional(tabId),
      tab: v.optional(v.strictObject({ id: tabId, url, title: v.pipe(v.string(), v.maxLength(65536)) })),
    }),
  ),
  /** Opens a URL in the given tab (or the active one), or in a new tab. */
  'search.open': request<{ tabId: number }>()(v.strictObject({ url, newTab: v.boolean(), tabId: v.optional(tabId) })),
  /** Every bookmark folder with its path, for the folder picker. */
  'search.folders': request<FolderChoice[]>()(noInput),
  /**
   * One bookmark as Firefox has it now (folder, position, path, tags): what the popup edits, moves or removes from
   * a search result. A bookmark that is gone (or an id that is not a bookmark) is a not-found error.
   */
  'search.bookmark': request<CurrentPageCopy>()(v.strictObject({ id: bookmarkId })),
  /** Ids of the folders bookmarks were most recently added to, most recent first (the folder picker's recent list). */
  'search.recentFolders': request<string[]>()(noInput),
  /** Test builds only: whether the index is loaded and fresh, and what it holds (benchmarks wait for it). */
  'search.test.state': request<{ loaded: boolean; fresh: boolean; bookmarks: number; history: number; timings: LoadTimings }>()(noInput),
} satisfies Record<string, RequestDef>;
