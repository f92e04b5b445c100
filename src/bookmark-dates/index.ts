/**
 * Bookmark dates, the face of src/bookmark-dates: the dates imported files gave bookmarks and folders (date-store.ts,
 * IndexedDB tidymarks-file-dates; extensions cannot set dateAdded) and the dates to show for a node with them.
 * The background builds the feature from feature.ts.
 */
export {
  dateAddedOf,
  lastModifiedOf,
  openBookmarkDateStore,
  withBookmarkDates,
  type BookmarkDate,
  type BookmarkDateSource,
  type BookmarkDateStore,
  type BookmarkDates,
} from './date-store';
export { createDateBatcher, type DateBatcher, type DateBatcherHooks } from './date-batcher';
