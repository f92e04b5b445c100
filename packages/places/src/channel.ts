// SPDX-License-Identifier: MPL-2.0
/**
 * The package's own message channel between pages and the background, for an extension with no router of its own:
 * a request is a runtime message `{channel: PLACES_CHANNEL, type, input}` (type: one of the three request names),
 * the background answers `{ok: true, value}` or `{ok: false, error: {code, message}}` (servePlaces, background.ts);
 * events travel over one named port (EVENTS_PORT_NAME, events.ts). Messages without the channel's mark are left to
 * the extension's other listeners.
 */
import type { PortLike } from './support/browser';
import type { EncodedSearchReply, HistoryEntry, SaveOp, SaveReply, WireHistoryQuery, WireQuery, WireSearchOptions } from './wire';

/** The mark of the package's runtime messages. */
export const PLACES_CHANNEL = '@tidymarks/places';

export type PlacesRequestName = 'places.save' | 'places.search' | 'places.history.search';

/** The channel's reply, as it travels. */
export type ChannelReply = { ok: true; value: unknown } | { ok: false; error: { code: string; message: string } };

/**
 * What the page's Places API needs of a messaging client: its three requests and a port for events. The package's
 * channel is one (channelCaller); an extension's own client with a router may be another (Tidymarks' is).
 */
export interface PlacesCaller {
  call: ((type: 'places.save', input: { ops: SaveOp[] }) => Promise<SaveReply>) &
    ((type: 'places.search', input: { queries: WireQuery[]; options: WireSearchOptions }) => Promise<EncodedSearchReply>) &
    ((type: 'places.history.search', input: { queries: WireHistoryQuery[]; options: WireSearchOptions }) => Promise<HistoryEntry[]>);
  connect(name: string): PortLike;
}

/** What the channel needs of `browser.runtime`. */
export interface RuntimeLike {
  sendMessage(message: unknown): Promise<unknown>;
  connect(info: { name: string }): PortLike;
}

/** An error the background reported, re-thrown in the page with its code. */
export class PlacesRemoteError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'PlacesRemoteError';
  }
}

/** The package's channel over `runtime` (this page's `browser.runtime` by default). */
export function channelCaller(runtime: RuntimeLike = (globalThis as unknown as { browser: { runtime: RuntimeLike } }).browser.runtime): PlacesCaller {
  const call = async (type: PlacesRequestName, input: unknown): Promise<never> => {
    const reply = (await runtime.sendMessage({ channel: PLACES_CHANNEL, type, input })) as ChannelReply | undefined;
    if (!reply) throw new PlacesRemoteError('internal', 'The background did not answer the Places request (is servePlaces() running there?).');
    if (!reply.ok) throw new PlacesRemoteError(reply.error.code, reply.error.message);
    return reply.value as never;
  };
  return { call: call as PlacesCaller['call'], connect: (name) => runtime.connect({ name }) };
}
