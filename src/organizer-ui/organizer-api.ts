/**
 * What the organizer view asks of the background, in one place: the organizer's writes, tags, opening pages, undo
 * and redo of the history's last operation, and the list's column widths (kept in the settings).
 * Replies are counts; every change itself reaches the view through the Places events.
 */
import type { Client } from '../app-protocol';
import type { HistoryResult, OperationSummary } from '../operation-history';
import type { OrganizerWriteReply } from '../organizer/protocol';
import { parseColumnWidths, type ColumnWidths, type FolderSortKey } from '../organizer';
import type { DropTarget } from '../organizer';

export function createOrganizerApi(client: Client) {
  return {
    move: (ids: string[], to: DropTarget): Promise<OrganizerWriteReply> => client.call('organizer.move', { ids, ...to }),
    copy: (ids: string[], to: DropTarget): Promise<OrganizerWriteReply> => client.call('organizer.copy', { ids, ...to }),
    remove: (ids: string[]): Promise<OrganizerWriteReply> => client.call('organizer.remove', { ids }),
    sortFolder: (folderId: string, by: FolderSortKey, foldersFirst: boolean) => client.call('organizer.sortFolder', { folderId, by, foldersFirst }),
    update: (id: string, change: { title?: string; url?: string; tags?: string[] }) => client.call('organizer.update', { id, ...change }),
    create: (to: DropTarget, kind: 'bookmark' | 'folder' | 'separator', title?: string, url?: string) =>
      client.call('organizer.create', { ...to, kind, ...(title === undefined ? {} : { title }), ...(url === undefined ? {} : { url }) }),
    addTags: (urls: string[], tags: string[]) => client.call('tags.add', { urls, tags }),
    removeTags: (urls: string[], tags: string[]) => client.call('tags.remove', { urls, tags }),
    open: (url: string) => client.call('search.open', { url, newTab: true }),
    /** The archived copies of these bookmarks (what the Wayback rescue found: src/link-health/wayback). */
    snapshots: (ids: string[]) => client.call('links.wayback.snapshots', { ids }),
    /** The operations of the history (an edit here, a cleanup, an import, a popup edit: one history). */
    history: (): Promise<OperationSummary[]> => client.call('history.list', {}),
    /** Undoes an operation (the newest that can be undone when none is named). */
    undo: (sessionId?: string): Promise<HistoryResult> => client.startJob('history.undo', sessionId ? { sessionId } : {}).result,
    /** Does an undone operation again (the last undone when none is named). */
    redo: (sessionId?: string): Promise<HistoryResult> => client.startJob('history.redo', sessionId ? { sessionId } : {}).result,
    /** The column widths a person set, as the settings keep them (anything unknown or broken left out). */
    columnWidths: async (): Promise<ColumnWidths> => parseColumnWidths((await client.call('settings.get', {})).organizer.columnWidths),
    /** Keeps these column widths (all of them: they replace the ones kept); replies with what is kept now. */
    saveColumnWidths: async (widths: ColumnWidths): Promise<ColumnWidths> =>
      parseColumnWidths((await client.call('settings.set', { patch: { organizer: { columnWidths: widths } } })).organizer.columnWidths),
  };
}

export type OrganizerApi = ReturnType<typeof createOrganizerApi>;
