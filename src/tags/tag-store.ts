/**
 * The tag store: the Places package's (packages/places, tag-store.ts: IndexedDB, tags per URL as in Firefox), its
 * refusals in the UI's language. The background opens one; unit tests open their own by name.
 */
import { openTagStore as openStore } from '@tidymarks/places/background';
import { translatePlaces } from '../i18n/places-messages';

export { TAGS_DB_VERSION, type TagCount, type TagEdit, type TagStore, type UrlTags, type TagChangeListener } from '@tidymarks/places/background';

export const openTagStore = (name = 'tidymarks-tags') => openStore({ name, translate: translatePlaces });
