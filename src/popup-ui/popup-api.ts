/**
 * Everything the popup asks of the rest of the extension, behind one small interface so components can be tested
 * with a stand-in. The real one talks to the background through the messaging client and saves through the Places
 * API's page side (tags included), never through browser.* directly; the one thing it reads of Firefox itself is
 * which tab the toolbar popup is about, which the entry (popup/main.tsx) asks for as the popup starts.
 */
import type { Client } from '../app-protocol';
import { t } from '../i18n';
import type { BookmarkSnapshots } from '../link-health';
import type { HistoryResult } from '../operation-history';
import type { PlacesApi } from '@tidymarks/places';
import type { CurrentPageCopy, CurrentPageReply, FolderChoice, PageTab, SearchReply } from '../search/types';

export interface BookmarkDraft {
  url: string;
  title: string;
  folderId: string;
  tags: string[];
}

export interface PopupApi {
  search(text: string): Promise<SearchReply>;
  currentPage(tabId?: number): Promise<CurrentPageReply>;
  open(url: string, options: { newTab: boolean; tabId?: number }): Promise<void>;
  /** The archived copies of these bookmarks (what the Wayback rescue found), asked for once they are on screen. */
  snapshots(ids: string[]): Promise<BookmarkSnapshots>;
  folders(): Promise<FolderChoice[]>;
  /** Folders bookmarks went into most recently, most recent first (ids). */
  recentFolders(): Promise<string[]>;
  /** Creates a folder inside `parentId`; its id and path. */
  addFolder(parentId: string, title: string): Promise<FolderChoice>;
  /** A bookmark as Firefox has it now (a search result about to be edited, moved or removed). */
  bookmark(id: string): Promise<CurrentPageCopy>;
  /** Existing tag names, most used first. */
  tags(): Promise<string[]>;
  /** Folder and tags a new bookmark starts with: the quick-bookmark settings (folder null: none chosen). */
  addDefaults(): Promise<{ folderId: string | null; tags: string[] }>;
  addBookmark(draft: BookmarkDraft): Promise<void>;
  updateBookmark(copy: CurrentPageCopy, draft: BookmarkDraft): Promise<void>;
  removeBookmark(copy: CurrentPageCopy): Promise<void>;
  /**
   * Undoes the newest change made in the popup or by the quick bookmark (an operation of the history: it outlives the
   * popup), leaving alone what someone changed since.
   */
  undo(): Promise<HistoryResult>;
  /** Does the change undone last again (while nothing new was done since). */
  redo(): Promise<HistoryResult>;
}

/** The popup undoes the changes it is about: its own, and the quick bookmark's. */
const POPUP_SOURCES = ['popup', 'quick-bookmark'] as const;

/** The page's Places API, loaded on first use (a separate chunk the popup does not load to open). */
export function loadPagePlaces(client: Client): () => Promise<PlacesApi> {
  return () => import('../places').then((m) => m.createPagePlaces(client));
}

/**
 * `loadPlaces` gives the Places API when the first save needs it: the popup opens without loading it (measured by
 * popup.ready.firefox.10k.warmMs: less JavaScript before the first results). `ownTab` is the tab the toolbar popup is
 * about, as the popup read it from Firefox (undefined: the background picks the active tab): the background then
 * asks Firefox nothing about tabs before it looks up the page's copies, which at the moment its index has just been
 * rebuilt took it 42-101 ms against the popup's own 9-24 ms (20,000 bookmarks, a loaded machine).
 */
export function createPopupApi(client: Client, loadPlaces: () => Promise<PlacesApi>, ownTab?: Promise<PageTab | undefined>): PopupApi {
  let placesApi: Promise<PlacesApi> | null = null;
  const places = () => (placesApi ??= loadPlaces());
  const save = async (item: (api: PlacesApi) => unknown) => {
    const api = await places();
    await api.save(item(api));
  };
  return {
    search: (text) => client.call('search.query', { text }),
    currentPage: async (tabId) => {
      if (tabId !== undefined) return client.call('search.currentPage', { tabId });
      const tab = await ownTab;
      return client.call('search.currentPage', tab ? { tab } : {});
    },
    open: async (url, { newTab, tabId }) => {
      await client.call('search.open', tabId === undefined ? { url, newTab } : { url, newTab, tabId });
    },
    snapshots: (ids) => client.call('links.wayback.snapshots', { ids }),
    folders: () => client.call('search.folders', {}),
    recentFolders: () => client.call('search.recentFolders', {}),
    addFolder: async (parentId, title) => {
      const api = await places();
      const [saved] = (await api.save(new api.Group({ title, group: parentId }))) as { id: string }[];
      const folders = await client.call('search.folders', {});
      const made = folders.find((f) => f.id === saved!.id);
      if (!made) throw new Error(t('popupFolderNotListed', title));
      return made;
    },
    bookmark: (id) => client.call('search.bookmark', { id }),
    tags: async () => (await client.call('tags.list', {})).map((t) => t.tag),
    addDefaults: async () => {
      const { quickBookmark } = await client.call('settings.get', {});
      return { folderId: quickBookmark.folderId, tags: [...quickBookmark.defaultTags] };
    },
    addBookmark: (draft) => save((places) => new places.Bookmark({ url: draft.url, title: draft.title, group: draft.folderId, tags: draft.tags })),
    updateBookmark: (copy, draft) =>
      save(
        (places) =>
          new places.Bookmark({
            id: copy.id,
            url: draft.url,
            title: draft.title,
            group: draft.folderId,
            // Keep the position when the folder stays; a new folder gets it at the end.
            index: draft.folderId === copy.parentId ? copy.index : -1,
            tags: draft.tags,
          }),
      ),
    removeBookmark: (copy) =>
      save((places) => places.remove([new places.Bookmark({ id: copy.id, url: copy.url, title: copy.title, group: copy.parentId, tags: copy.tags })])),
    undo: () => client.startJob('history.undo', { sources: [...POPUP_SOURCES] }).result,
    redo: () => client.startJob('history.redo', { sources: [...POPUP_SOURCES] }).result,
  };
}

/** The tab the popup speaks about: ?tabId=N (tests open the popup as a tab); undefined means the active tab. */
/**
 * The tab the toolbar popup is about: its window's active tab, read from Firefox as the popup starts. Undefined when
 * the popup's address names its tab (`?tabId=`: tests open it as a tab) or the read fails: the background then picks.
 */
export function readOwnTab(
  tabs: { query(filter: { active: true; currentWindow: true }): Promise<{ id?: number; url?: string; title?: string }[]> },
  search = '',
): Promise<PageTab | undefined> | undefined {
  if (tabIdFromSearch(search) !== undefined) return undefined;
  return tabs
    .query({ active: true, currentWindow: true })
    .then(([tab]) => pageTabOf(tab))
    .catch(() => undefined);
}

/** The toolbar popup's tab as Firefox gives it, or undefined when it has no id or address to go by. */
export function pageTabOf(tab: { id?: number; url?: string; title?: string } | undefined): PageTab | undefined {
  return tab?.id !== undefined && tab.url ? { id: tab.id, url: tab.url, title: tab.title ?? '' } : undefined;
}

export function tabIdFromSearch(search: string): number | undefined {
  const tabParam = new URLSearchParams(search).get('tabId');
  return tabParam !== null && /^\d+$/.test(tabParam) ? Number(tabParam) : undefined;
}
