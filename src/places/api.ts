/**
 * The Places API as its users see it, built on a backend: the engine itself in the background
 * (src/places/background.ts) or messaging in a page (src/places/page.ts). Both give the same object.
 */
import { createHistorySearch } from './history';
import { Bookmark, Group, MENU, MOBILE, Separator, TOOLBAR, UNSORTED, remove } from './items';
import { createSave } from './save';
import { createSearch } from './search';
import type { PlacesBackend } from './wire';

export function createPlacesApi(backend: PlacesBackend) {
  return {
    Bookmark,
    Group,
    Separator,
    MENU,
    TOOLBAR,
    UNSORTED,
    MOBILE,
    save: createSave(backend),
    remove,
    search: createSearch(backend),
    history: { search: createHistorySearch(backend) },
  };
}

export type PlacesApi = ReturnType<typeof createPlacesApi>;
