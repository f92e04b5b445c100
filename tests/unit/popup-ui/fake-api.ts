import { vi } from 'vitest';
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

/** A PopupApi stand-in: `search` answers from a function of the text. */
export function fakeApi(answer: (text: string) => SearchReply, current: CurrentPageReply = page()) {
  const api = {
    search: vi.fn(async (text: string) => answer(text)),
    currentPage: vi.fn(async () => current),
    open: vi.fn(async () => undefined),
    folders: vi.fn(async () => [
      { id: 'toolbar_____', path: ['Bookmarks Toolbar'] },
      { id: 'unfiled_____', path: ['Other Bookmarks'] },
      { id: 'f1', path: ['Bookmarks Toolbar', 'Recipes'] },
    ]),
    recentFolders: vi.fn(async (): Promise<string[]> => []),
    addFolder: vi.fn(async (parentId: string, title: string): Promise<FolderChoice> => ({ id: `new-${title}`, path: [...(parentId === 'f1' ? ['Bookmarks Toolbar', 'Recipes'] : ['Other Bookmarks']), title] })),
    /** By default: the result's bookmark in Bookmarks Toolbar, at index 0. */
    bookmark: vi.fn(
      async (id: string): Promise<CurrentPageCopy> => ({ id, url: `https://${id}.example/page`, title: `Title ${id}`, parentId: 'toolbar_____', folders: ['Bookmarks Toolbar'], index: 0, tags: [] }),
    ),
    tags: vi.fn(async () => ['reading', 'recipes', 'rust']),
    addDefaults: vi.fn(async (): Promise<{ folderId: string | null; tags: string[] }> => ({ folderId: null, tags: [] })),
    addBookmark: vi.fn(async () => undefined),
    updateBookmark: vi.fn(async () => undefined),
    removeBookmark: vi.fn(async () => undefined),
    restoreBookmark: vi.fn(async () => undefined),
  } satisfies PopupApi;
  return api;
}
