/** Firefox's "not found" errors: moved to the Places package (packages/places), where the Places engine uses it too; Tidymarks imports it from there. */
export { isMissingBookmarkError } from '@tidymarks/places/support';
