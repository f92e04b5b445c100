/**
 * The Places API in an extension page (popup, options, test harness): the same classes and functions as in the
 * background, with the engine reached over messaging. resolve() runs here, on the page's side; `events` subscribes
 * over one port (events-page.ts).
 */
import type * as v from 'valibot';
import type { RequestDef } from '../messaging/define';
import type { PortLike } from '../messaging/router';
import { createPlacesApi, type PlacesApi } from './api';
import { PagePlacesEvents, type PageEventsOptions } from './events-page';
import type { placesProtocol } from './protocol';
import { decodeSearchReply, type PlacesBackend } from './wire';

type PlacesRequests = typeof placesProtocol;
type PlacesRequest<K extends keyof PlacesRequests> = (
  type: K,
  input: v.InferInput<PlacesRequests[K]['input']>,
) => Promise<PlacesRequests[K] extends RequestDef<v.GenericSchema, infer R> ? R : never>;

/**
 * What the page's Places API needs of a messaging client: its three requests and a port for events. The app's
 * client (src/app-protocol) has this shape; declaring it here keeps the Places API free of the app's table.
 */
export interface PlacesCaller {
  call: PlacesRequest<'places.save'> & PlacesRequest<'places.search'> & PlacesRequest<'places.history.search'>;
  connect(name: string): PortLike;
}

export function messagingBackend(client: PlacesCaller): PlacesBackend {
  return {
    save: (ops) => client.call('places.save', { ops }),
    search: async (queries, options) => decodeSearchReply(await client.call('places.search', { queries, options })),
    historySearch: (queries, options) => client.call('places.history.search', { queries, options }),
  };
}

export function createPagePlaces(client: PlacesCaller, options: PageEventsOptions = {}): PlacesApi {
  return createPlacesApi(messagingBackend(client), new PagePlacesEvents((name) => client.connect(name), options));
}
