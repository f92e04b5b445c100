/**
 * Bookmark dates, the face of src/bookmark-dates: the dates imported files gave bookmarks and folders (file-dates.ts,
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
