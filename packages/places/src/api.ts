// SPDX-License-Identifier: MPL-2.0
/**
 * The Places API as its users see it, built on a backend: the engine itself in the background
 * (engine.ts) or messaging in a page (page.ts). Both give the same object.
 *
 * Ordering: every save() of one API object (one page, or the background's) runs through one queue, whole (all its
 * requests and resolve rounds), in call order. Concurrent saves therefore land in call order with their true
 * indexes, and each reports its own data/end as if it ran alone.
 */
import { createSerialQueue } from './support/serial-queue';
import type { PlacesEvents } from './events';
import { createHistorySearch } from './history';
import { Bookmark, Group, MENU, MOBILE, Separator, TOOLBAR, UNSORTED, remove } from './items';
import { createSave } from './save';
import { createSearch } from './search';
import type { PlacesBackend } from './wire';

export function createPlacesApi(backend: PlacesBackend, events: PlacesEvents) {
  const writes = createSerialQueue();
  return {
    Bookmark,
    Group,
    Separator,
    MENU,
    TOOLBAR,
    UNSORTED,
    MOBILE,
    save: createSave(backend, writes),
    remove,
    search: createSearch(backend),
    history: { search: createHistorySearch(backend) },
    /** The SDK's sdk/places/events: every bookmark and history change, in order (events.ts). */
    events,
  };
}

export type PlacesApi = ReturnType<typeof createPlacesApi>;
