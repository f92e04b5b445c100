/**
 * What the organizer view asks of the background, in one place: the organizer's writes, tags, opening pages, and
 * undo of the last operation.
 * Replies are counts; every change itself reaches the view through the Places events.
 */
import type { Client } from '../messaging/client';
import type { SessionSummary } from '../dedup';
import type { UndoResult } from '../operations';
import type { OrganizerWriteReply } from '../organizer/protocol';
import type { FolderSortKey } from '../organizer/sort';
import type { DropTarget } from '../organizer/drop-rules';

export function createOrganizerApi(client: Client) {
  return {
    move: (ids: string[], to: DropTarget): Promise<OrganizerWriteReply> => client.call('organizer.move', { ids, ...to }),
    copy: (ids: string[], to: DropTarget): Promise<OrganizerWriteReply> => client.call('organizer.copy', { ids, ...to }),
    remove: (ids: string[]): Promise<OrganizerWriteReply> => client.call('organizer.remove', { ids }),
    sortFolder: (folderId: string, by: FolderSortKey, foldersFirst: boolean) => client.call('organizer.sortFolder', { folderId, by, foldersFirst }),
    update: (id: string, change: { title?: string; url?: string }) => client.call('organizer.update', { id, ...change }),
    create: (to: DropTarget, kind: 'bookmark' | 'folder' | 'separator', title?: string, url?: string) =>
      client.call('organizer.create', { ...to, kind, ...(title === undefined ? {} : { title }), ...(url === undefined ? {} : { url }) }),
    addTags: (urls: string[], tags: string[]) => client.call('tags.add', { urls, tags }),
    removeTags: (urls: string[], tags: string[]) => client.call('tags.remove', { urls, tags }),
    open: (url: string) => client.call('search.open', { url, newTab: true }),
    /** The newest operation that can be undone (an edit here, a cleanup, an import: one history), or null. */
    lastUndoable: async (): Promise<SessionSummary | null> => (await client.call('dedup.sessions', {})).find((s) => s.canUndo) ?? null,
    undo: (sessionId: string): Promise<UndoResult> => client.startJob('dedup.undo', { sessionId }).result,
  };
}

export type OrganizerApi = ReturnType<typeof createOrganizerApi>;
