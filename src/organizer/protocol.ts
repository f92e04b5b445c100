import * as v from 'valibot';
import { request, type RequestDef, noInput } from '../messaging/define';

const id = v.pipe(v.string(), v.minLength(1), v.maxLength(100));
const ids = v.pipe(v.array(id), v.minLength(1), v.maxLength(100_000));
const title = v.pipe(v.string(), v.maxLength(4096));
const url = v.pipe(v.string(), v.minLength(1), v.maxLength(65536));
const place = { parentId: id, beforeId: v.nullable(id) };

export interface OrganizerWriteReply {
  /** Items that were written. */
  done: number;
  /** Items left alone because they were gone or changed meanwhile (someone else's change wins). */
  skipped: number;
}

/** This feature's part of the protocol table (see src/app-protocol/protocol.ts). */
export const organizerProtocol = {
  /** The whole bookmark tree with tags, as one JSON string (src/organizer/snapshot.ts: TreeSnapshot without visits). */
  'organizer.tree': request<{ encoded: string }>()(noInput),
  /** Visits of the bookmarked URLs ([url, count, lastVisit] rows), once the search index is loaded. */
  'organizer.visits': request<{ visits: [string, number, number][] }>()(noInput),
  /** Moves items (in this order) into a folder, before `beforeId` or at its end. */
  'organizer.move': request<OrganizerWriteReply>()(v.strictObject({ ids, ...place })),
  /** Copies items (folders with everything inside) into a folder: new bookmarks, the originals stay. */
  'organizer.copy': request<OrganizerWriteReply>()(v.strictObject({ ids, ...place })),
  /** Writes a folder's order: its children sorted by name, address or date added; separators stay in place. */
  'organizer.sortFolder': request<OrganizerWriteReply>()(v.strictObject({ folderId: id, by: v.picklist(['name', 'address', 'date']), foldersFirst: v.boolean() })),
  /**
   * Renames an item, changes a bookmark's address (its tags follow it) and its tags (the list it should have), as one
   * edit.
   */
  'organizer.update': request<{ id: string }>()(
    v.strictObject({ id, title: v.optional(title), url: v.optional(url), tags: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(1000))), v.maxLength(1000))) }),
  ),
  /** A new bookmark, folder or separator in a folder, before `beforeId` or at its end. */
  'organizer.create': request<{ id: string }>()(
    v.strictObject({ ...place, kind: v.picklist(['bookmark', 'folder', 'separator']), title: v.optional(title), url: v.optional(url) }),
  ),
  /** Removes items (folders with everything inside). */
  'organizer.remove': request<OrganizerWriteReply>()(v.strictObject({ ids })),
} satisfies Record<string, RequestDef>;
