// SPDX-License-Identifier: MPL-2.0
/**
 * The package's own channel (channel.ts, serve.ts): what an extension without a router of its own relies on. A page's
 * request reaches the engine and its answer comes back; a message without the channel's mark is left to the
 * extension's other listeners; another extension or a content script is refused; malformed input is refused before
 * the engine runs; the engine's refusals keep their code and words. (In real Firefox: tests/e2e/places-package.e2e.ts.)
 */
import { describe, expect, it, vi } from 'vitest';
import { channelCaller, PLACES_CHANNEL, PlacesRemoteError, type RuntimeLike } from '../src/channel';
import type { PlacesEngine } from '../src/engine';
import { servePlaces } from '../src/serve';
import type { Browser, PortLike } from '../src/support/browser';
import { PlacesError } from '../src/support/places-error';
import type { SaveReply } from '../src/wire';

const ORIGIN = 'moz-extension://demo/';
type Listener = (message: unknown, sender: { id?: string; url?: string }) => Promise<unknown> | undefined;

function setUp(engine: Partial<PlacesEngine>) {
  const listeners: Listener[] = [];
  const browser = {
    runtime: {
      id: 'demo@example.org',
      getURL: (path: string) => ORIGIN + path,
      onMessage: { addListener: (l: Listener) => listeners.push(l), removeListener: (l: Listener) => listeners.splice(listeners.indexOf(l), 1) },
    },
  } as unknown as Browser;
  const stop = servePlaces(engine as PlacesEngine, browser);
  /** runtime.sendMessage as Firefox does it: every listener is asked, the first promise is the answer. */
  const send = (message: unknown, sender = { id: 'demo@example.org', url: `${ORIGIN}page.html` }) => {
    for (const listener of listeners) {
      const answer = listener(message, sender);
      if (answer) return answer;
    }
    return Promise.resolve(undefined);
  };
  const runtime: RuntimeLike = { sendMessage: (message) => send(message), connect: () => ({}) as PortLike };
  return { send, stop, listeners, caller: channelCaller(runtime) };
}

const reply: SaveReply = { outcomes: [{ ref: 0, status: 'removed' }], groups: [] };
const removal = { ref: 0, type: 'bookmark', action: 'remove', id: 'abcdefghijkl', index: -1, check: false } as const;

describe('the package’s channel', () => {
  it('a page’s save reaches the engine and its reply comes back; stopping leaves no listener', async () => {
    const save = vi.fn(async () => reply);
    const { caller, stop, listeners } = setUp({ save });
    await expect(caller.call('places.save', { ops: [removal] })).resolves.toEqual(reply);
    expect(save).toHaveBeenCalledWith([removal]);
    stop();
    expect(listeners).toEqual([]);
  });

  it('a message without the channel’s mark is left alone (no answer, the engine untouched)', async () => {
    const save = vi.fn(async () => reply);
    const { send } = setUp({ save });
    await expect(send({ channel: 'tidymarks', type: 'places.save', input: { ops: [removal] } })).resolves.toBeUndefined();
    await expect(send('hello')).resolves.toBeUndefined();
    expect(save).not.toHaveBeenCalled();
  });

  it('another extension or a web page is refused, and nothing runs', async () => {
    const save = vi.fn(async () => reply);
    const { send } = setUp({ save });
    const message = { channel: PLACES_CHANNEL, type: 'places.save', input: { ops: [removal] } };
    await expect(send(message, { id: 'other@example.org', url: 'moz-extension://other/page.html' })).resolves.toMatchObject({ ok: false, error: { code: 'forbidden' } });
    await expect(send(message, { id: 'demo@example.org', url: 'https://evil.example/' })).resolves.toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(save).not.toHaveBeenCalled();
  });

  it('malformed input is refused before the engine runs, with a clear error in the page', async () => {
    const save = vi.fn(async () => reply);
    const { caller } = setUp({ save });
    const error = await caller.call('places.save', { ops: [] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlacesRemoteError);
    expect(error).toMatchObject({ code: 'invalid-request', message: expect.stringContaining('places.save') });
    expect(save).not.toHaveBeenCalled();
  });

  it('the engine’s refusals keep their code and words; anything else is an internal error', async () => {
    const search = vi
      .fn()
      .mockRejectedValueOnce(new PlacesError('invalid-input', 'Search inside a root group, not the hidden root.'))
      .mockRejectedValueOnce(new TypeError('boom'));
    const { caller } = setUp({ backend: { search, save: vi.fn(), historySearch: vi.fn() } });
    const input = { queries: [{ group: 'root________' }], options: {} };
    await expect(caller.call('places.search', input)).rejects.toMatchObject({ code: 'invalid-input', message: 'Search inside a root group, not the hidden root.' });
    await expect(caller.call('places.search', input)).rejects.toMatchObject({ code: 'internal', message: 'boom' });
  });

  it('a page whose background does not serve the channel says so', async () => {
    const caller = channelCaller({ sendMessage: async () => undefined, connect: () => ({}) as PortLike });
    await expect(caller.call('places.history.search', { queries: [{}], options: {} })).rejects.toThrow(/servePlaces/);
  });
});
