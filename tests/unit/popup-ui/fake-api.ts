import { vi } from 'vitest';
import type { BookmarkSnapshots } from '../../../src/link-health';
import type { EditSummary, HistoryResult } from '../../../src/operation-history';
import type { PopupApi } from '../../../src/popup-ui/popup-api';
import type { CurrentPageCopy, CurrentPageReply, FolderChoice, SearchReply, SearchResultItem } from '../../../src/search/types';

export const item = (over: Partial<SearchResultItem> & { id: string }): SearchResultItem => ({
  kind: 'bookmark',
  url: `https://${over.id}.example/page`,
  title: `Title ${over.id}`,
  folders: ['Bookmarks Toolbar'],
  tags: [],
  visitCount: 0,
  ...over,
});

export const page = (over: Partial<CurrentPageReply> = {}): CurrentPageReply => ({
  tab: { id: 7, url: 'https://here.example/', title: 'Here' },
  bookmarkable: true,
  copies: [],
  ...over,
});

/** What the history answers to an undo or redo of an edit (the operation as it is afterwards). */
export const historyResult = (edit: EditSummary, state: 'undone' | 'redone'): HistoryResult => ({
  sessionId: 's1',
  restored: 0,
  movedBack: 0,
  removed: 0,
  leftAlone: [],
  problems: [],
  cancelled: false,
  operation: {
    id: 's1',
    kind: 'edit',
    createdAt: 1,
    finishedAt: 1,
    status: state === 'undone' ? 'undone' : 'applied',
    cancelled: false,
    state,
    undone: state === 'undone',
    undoneAt: state === 'undone' ? 2 : null,
    canUndo: state !== 'undone',
    canRedo: state === 'undone',
    order: 2,
    next: state === 'undone' ? 'redo' : 'undo',
    counts: { copies: 0, loose: 0, insideFolders: 0, copiedFolders: 0, emptyFolders: 0, moved: 0, tagMerges: 0, skipped: 0 },
    imported: null,
    edit,
    note: null,
  },
});

/** A PopupApi stand-in: `search` answers from a function of the text. */
export function fakeApi(answer: (text: string) => SearchReply, current: CurrentPageReply = page()) {
  const api = {
    search: vi.fn(async (text: string) => answer(text)),
    currentPage: vi.fn(async () => current),
    open: vi.fn(async () => undefined),
    /** By default no bookmark has an archived copy. */
    snapshots: vi.fn(async (_ids: string[]): Promise<BookmarkSnapshots> => ({})),
    folders: vi.fn(async () => [
      { id: 'toolbar_____', path: ['Bookmarks Toolbar'] },
      { id: 'unfiled_____', path: ['Other Bookmarks'] },
      { id: 'f1', path: ['Bookmarks Toolbar', 'Recipes'] },
    ]),
    recentFolders: vi.fn(async (): Promise<string[]> => []),
    addFolder: vi.fn(async (parentId: string, title: string): Promise<FolderChoice> => ({
      id: `new-${title}`,
      path: [...(parentId === 'f1' ? ['Bookmarks Toolbar', 'Recipes'] : ['Other Bookmarks']), title],
    })),
    /** By default: the result's bookmark in Bookmarks Toolbar, at index 0. */
    bookmark: vi.fn(async (id: string): Promise<CurrentPageCopy> => ({
      id,
      url: `https://${id}.example/page`,
      title: `Title ${id}`,
      parentId: 'toolbar_____',
      folders: ['Bookmarks Toolbar'],
      index: 0,
      tags: [],
    })),
    tags: vi.fn(async () => ['reading', 'recipes', 'rust']),
    addDefaults: vi.fn(async (): Promise<{ folderId: string | null; tags: string[] }> => ({ folderId: null, tags: [] })),
    addBookmark: vi.fn(async () => undefined),
    updateBookmark: vi.fn(async () => undefined),
    removeBookmark: vi.fn(async () => undefined),
    undo: vi.fn(async () => historyResult({ action: 'delete', items: 1, folderTitle: null, title: 'Here', source: 'popup' }, 'undone')),
    redo: vi.fn(async () => historyResult({ action: 'delete', items: 1, folderTitle: null, title: 'Here', source: 'popup' }, 'redone')),
  } satisfies PopupApi;
  return api;
}
