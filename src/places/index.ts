/**
 * The Places API in Tidymarks' pages: the Places package's page client (packages/places, `@tidymarks/places/page`)
 * over Tidymarks' own messaging client, so the three requests go through Tidymarks' router (validated against
 * protocol.ts here, like every request). The API itself (item classes, emitters, events) is the package's: import it
 * from `@tidymarks/places`.
 */
import { createPagePlaces as createPackagePlaces, type PageEventsOptions, type PlacesCaller } from '@tidymarks/places/page';
import type { PlacesApi } from '@tidymarks/places';

export type { PlacesCaller } from '@tidymarks/places/page';

export function createPagePlaces(client: PlacesCaller, options: PageEventsOptions = {}): PlacesApi {
  return createPackagePlaces({ ...options, client });
}
