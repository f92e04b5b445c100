/**
 * The Places API in an extension page (popup, options, test harness): the same classes and functions as in the
 * background, with the engine reached over messaging. resolve() runs here, on the page's side; `events` subscribes
 * over one port (events-page.ts).
 */
import type { Client } from '../messaging/client';
import { createPlacesApi, type PlacesApi } from './api';
import { PagePlacesEvents, type PageEventsOptions } from './events-page';
import { decodeSearchReply, type PlacesBackend } from './wire';

export function messagingBackend(client: Client): PlacesBackend {
  return {
    save: (ops) => client.call('places.save', { ops }),
    search: async (queries, options) => decodeSearchReply(await client.call('places.search', { queries, options })),
    historySearch: (queries, options) => client.call('places.history.search', { queries, options }),
  };
}

export function createPagePlaces(client: Client, options: PageEventsOptions = {}): PlacesApi {
  return createPlacesApi(messagingBackend(client), new PagePlacesEvents((name) => client.connect(name), options));
}
