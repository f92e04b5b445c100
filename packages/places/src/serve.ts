// SPDX-License-Identifier: MPL-2.0
/**
 * The background's side of the package's channel (channel.ts): answers the pages' three requests with the engine,
 * their input checked against the schemas first (protocol.ts), only from this extension's own pages.
 */
import * as v from 'valibot';
import { PLACES_CHANNEL, type ChannelReply, type PlacesRequestName } from './channel';
import type { PlacesEngine } from './engine';
import { historySearchInput, saveInput, searchInput } from './protocol';
import { isOwnSender, type Browser } from './support/browser';
import { PlacesError } from './support/places-error';
import { encodeSearchReply } from './wire';

const envelope = v.object({ channel: v.literal(PLACES_CHANNEL), type: v.picklist(['places.save', 'places.search', 'places.history.search']), input: v.unknown() });

/** The reply to one request of the channel (exported for extensions that route the channel's messages themselves). */
export async function answerPlacesRequest(engine: PlacesEngine, type: PlacesRequestName, input: unknown): Promise<ChannelReply> {
  try {
    if (type === 'places.save') {
      const { ops } = v.parse(saveInput, input);
      return { ok: true, value: await engine.save(ops) };
    }
    if (type === 'places.search') {
      const { queries, options } = v.parse(searchInput, input);
      return { ok: true, value: encodeSearchReply(await engine.backend.search(queries, options)) };
    }
    const { queries, options } = v.parse(historySearchInput, input);
    return { ok: true, value: await engine.backend.historySearch(queries, options) };
  } catch (error) {
    if (error instanceof v.ValiError) return { ok: false, error: { code: 'invalid-request', message: `Malformed ${type} request: ${error.message}` } };
    if (error instanceof PlacesError) return { ok: false, error: { code: error.code, message: error.message } };
    return { ok: false, error: { code: 'internal', message: error instanceof Error ? error.message : String(error) } };
  }
}

/**
 * Answers the package's runtime messages from this extension's pages (call it at the background's top level, so a
 * request wakes an unloaded event page). Returns a function that stops listening.
 */
export function servePlaces(engine: PlacesEngine, browser: Browser = (globalThis as unknown as { browser: Browser }).browser): () => void {
  const extensionOrigin = browser.runtime.getURL('');
  const listener = (message: unknown, sender: { id?: string; url?: string }): Promise<ChannelReply> | undefined => {
    const parsed = v.safeParse(envelope, message);
    if (!parsed.success) return undefined;
    if (!isOwnSender(sender, browser.runtime.id, extensionOrigin))
      return Promise.resolve({ ok: false, error: { code: 'forbidden', message: 'Places requests come from this extension’s own pages only.' } });
    return answerPlacesRequest(engine, parsed.output.type, parsed.output.input);
  };
  browser.runtime.onMessage.addListener(listener as never);
  return () => browser.runtime.onMessage.removeListener(listener as never);
}
