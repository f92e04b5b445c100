/**
 * Tags, the face of src/tags: the tag store (tag-store.ts, IndexedDB tidymarks-tags: tags per URL, as in Firefox),
 * tag names as the store accepts them (tag-name.ts), tag writes as journaled edits of the one history (journaled.ts),
 * the cleanup of tags whose URL has no bookmark left (orphans.ts) and a tag's page (tagged-bookmarks.ts). The
 * requests are in protocol.ts; the background builds the feature from feature.ts.
 */
export { openTagStore, type TagCount, type TagEdit, type TagStore, type UrlTags } from './tag-store';
export { normalizeTagList, sameTagSet } from './tag-name';
export { carryTags, forgetLeftAddresses, journaledTagAdds } from './journaled';
export { forgetOrphanUrls } from './orphans';
export type { TaggedAddresses } from './tagged-bookmarks';
