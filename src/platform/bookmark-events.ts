/** The background's one source of bookmark events: moved to the Places package (packages/places), whose engine hears them too; Tidymarks imports it from there. */
export {
  createBookmarkEvents,
  bookmarkEventsOf,
  holdDuring,
  createLazyTimer,
  type BookmarkEvent,
  type BookmarkEvents,
  type BookmarkEventTiming,
} from '@tidymarks/places/support';
