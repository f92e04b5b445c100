/**
 * The Places API in an extension page (popup, options, test harness): the same classes and functions as in the
 * background, with the engine reached over messaging. resolve() runs here, on the page's side.
 */
import type { Client } from '../messaging/client';
import { createPlacesApi, type PlacesApi } from './api';
import type { PlacesBackend } from './wire';

export function messagingBackend(client: Client): PlacesBackend {
  return {
    save: (ops) => client.call('places.save', { ops }),
    search: (queries, options) => client.call('places.search', { queries, options }),
    historySearch: (queries, options) => client.call('places.history.search', { queries, options }),
  };
}

export function createPagePlaces(client: Client): PlacesApi {
  return createPlacesApi(messagingBackend(client));
}
