/**
 * Saves a quick bookmark through the Places facade's background-side save(): one plain bookmark with its tags, in
 * an existing folder or in a new "Read later" group that the facade creates first (an implicit group). Going
 * through the facade writes the bookmark, its tags and its `updated` clock together. Not every write does: the
 * cleanup, undo, the import and the organizer call browser.bookmarks themselves (and the tag store for tags); the
 * clock learns of those from the bookmark events and from the fingerprint it recomputes on read (src/places-engine/clock.ts).
 */
import { Bookmark, isGroupLike, rootById, type GroupLike } from '@tidymarks/places';
import type { SaveEmitter } from '@tidymarks/places';
import type { BookmarkToSave, SavedBookmark } from './quick-bookmarker';

export type PlacesSave = (items: unknown) => SaveEmitter;

export function createPlacesSaver(save: PlacesSave) {
  return async function saveBookmark({ url, title, folder, tags }: BookmarkToSave): Promise<SavedBookmark> {
    const group: GroupLike | string =
      folder.kind === 'existing' ? folder.id : { type: 'group', title: folder.title, group: rootById(folder.parentId) ?? { type: 'group', id: folder.parentId } };
    const [saved] = await save({ type: 'bookmark', url, title, tags, group });
    if (!(saved instanceof Bookmark) || !saved.id) throw new Error('The Places facade did not return the saved bookmark.');
    const folderId = isGroupLike(saved.group) ? saved.group.id : undefined;
    if (!folderId) throw new Error('The saved bookmark has no folder.');
    return { id: saved.id, folderId, tags: [...saved.tags] };
  };
}
