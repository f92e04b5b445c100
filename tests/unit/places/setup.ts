/** A fresh background (fake browser, fresh IndexedDB) and the page-side Places API talking to it through the router. */
import { IDBFactory } from 'fake-indexeddb';
import { startBackground } from '../../../src/app/start-background';
import { createClient } from '../../../src/messaging/client';
import { createPagePlaces } from '../../../src/places/page';
import { createFakeBrowser } from '../../fakes/browser';

export function setupPlaces() {
  globalThis.indexedDB = new IDBFactory();
  const fake = createFakeBrowser({ seed: 7 });
  const app = startBackground({ browser: fake.browser, now: () => Date.now(), testBuild: true });
  const client = createClient(fake.control.transport);
  const places = createPagePlaces(client);
  return { fake, browser: fake.browser, app, client, places };
}

/** Collects every event of a save/search emitter in order. */
import type { PlacesEmitter } from '../../../src/places/emitter';

export function record(emitter: PlacesEmitter<unknown[], unknown[]>) {
  const events: { event: string; args: unknown[] }[] = [];
  for (const event of ['data', 'error', 'end']) {
    emitter.on(event as 'data', (...args: unknown[]) => events.push({ event, args }));
  }
  const ended = new Promise<unknown[]>((resolve) => {
    emitter.on('end', (results: unknown[]) => resolve(results));
  });
  return { events, ended, of: (name: string) => events.filter((e) => e.event === name) };
}
