// SPDX-License-Identifier: MPL-2.0
/**
 * `@tidymarks/places/page`: the Places API in an extension page (popup, options, sidebar): the same classes and
 * functions as in the background, with the engine reached over messaging. resolve() runs here, on the page's side;
 * `events` subscribes over one port (events-page.ts).
 *
 * By default it talks to the background over the package's own channel (channel.ts: runtime messages marked with
 * PLACES_CHANNEL, answered by `servePlaces` in the background), so it works in an extension with no message router
 * of its own. An extension with one passes its client instead (a `PlacesCaller`: Tidymarks routes the three
 * requests through its router).
 */
import { createPlacesApi, type PlacesApi } from './api';
import { channelCaller, type PlacesCaller } from './channel';
import { PagePlacesEvents, type PageEventsOptions } from './events-page';
import { decodeSearchReply, type PlacesBackend } from './wire';

export { PLACES_CHANNEL, type PlacesCaller, type PlacesRequestName } from './channel';
export type { PageEventsOptions } from './events-page';

export function messagingBackend(client: PlacesCaller): PlacesBackend {
  return {
    save: (ops) => client.call('places.save', { ops }),
    search: async (queries, options) => decodeSearchReply(await client.call('places.search', { queries, options })),
    historySearch: (queries, options) => client.call('places.history.search', { queries, options }),
  };
}

export interface PagePlacesOptions extends PageEventsOptions {
  /** The extension's own messaging client; the package's channel (over `browser.runtime`) by default. */
  client?: PlacesCaller;
}

/** The Places API of this page. */
export function createPagePlaces(options: PagePlacesOptions = {}): PlacesApi {
  const client = options.client ?? channelCaller();
  return createPlacesApi(messagingBackend(client), new PagePlacesEvents((name) => client.connect(name), options));
}
