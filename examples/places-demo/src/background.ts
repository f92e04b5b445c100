// SPDX-License-Identifier: MPL-2.0
// The background script: the Places engine with every default (tags in IndexedDB, no write hook, search from the
// package's own in-memory index once loaded), answering this extension's pages over the package's own channel.
// Built at the top level, so a page's request or a bookmark event wakes the event page.
import { createPlacesEngine, servePlaces } from '@tidymarks/places/background';

const engine = createPlacesEngine();
servePlaces(engine);

// The background's own Places API: the same object a page gets. Here it logs every bookmark added.
engine.places.events.on('bookmark-item-added', (data) => console.info('Places demo: added', data.title));
