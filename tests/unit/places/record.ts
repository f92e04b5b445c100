import type { PlacesEmitter } from '@tidymarks/places';

/** Collects every event of a save/search emitter in order. */

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
