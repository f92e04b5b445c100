/**
 * Quick bookmark, the face of src/quick-bookmark: saving the current page from the keyboard command and the context
 * menu. Others use what it knows of pages and folders: which addresses can be bookmarked (bookmarkable.ts), the
 * "Read later" folder (target-folder.ts), a folder path in words (folder-paths.ts), and the saver over the Places
 * facade the background hands it (places-saver.ts). The requests are in protocol.ts; the feature is built in feature.ts.
 */
export { checkBookmarkable, type BookmarkableCheck } from './bookmarkable';
export { createPlacesSaver, type PlacesSave } from './places-saver';
export { manifestIconUrl } from './notifier';
