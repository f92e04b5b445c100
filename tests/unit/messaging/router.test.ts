import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { createClient } from '../../../src/messaging/client';
import { job, request } from '../../../src/messaging/define';
import { AppError, RemoteError } from '../../../src/messaging/errors';
import { createJobServer, createRouter, type PortLike } from '../../../src/messaging/router';

const ID = 'tidymarks@tidymarks.dev';
const ORIGIN = 'moz-extension://uuid/';
const own = { id: ID, url: `${ORIGIN}popup/index.html` };

const testProtocol = {
  't.add': request<number>()(v.strictObject({ a: v.number(), b: v.number() })),
  't.fail': request<never>()(v.strictObject({ code: v.picklist(['not-found', 'plain']) })),
};

function makeRouter() {
  const add = vi.fn(({ a, b }: { a: number; b: number }) => a + b);
  const router = createRouter({
    protocol: testProtocol,
    extensionId: ID,
    extensionOrigin: ORIGIN,
    handlers: {
      't.add': add,
      't.fail': ({ code }) => {
        if (code === 'not-found') throw new AppError('not-found', 'That bookmark no longer exists.');
        throw new Error('boom');
      },
    },
  });
  return { router, add };
}

describe('router', () => {
  it('runs a valid request and replies ok with the value', async () => {
    const { router } = makeRouter();
    expect(await router.handle({ channel: 'tidymarks', type: 't.add', input: { a: 2, b: 3 } }, own)).toEqual({ ok: true, value: 5 });
  });

  it('refuses messages from other extensions and from web pages, before any handler runs', async () => {
    const { router, add } = makeRouter();
    const msg = { channel: 'tidymarks', type: 't.add', input: { a: 1, b: 1 } };
    expect(await router.handle(msg, { id: 'evil@example', url: `${ORIGIN}x.html` })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await router.handle(msg, { id: ID, url: 'https://example.org/' })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await router.handle(msg, undefined)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(add).not.toHaveBeenCalled();
  });

  it('refuses unknown types, including names inherited from Object.prototype', async () => {
    const { router } = makeRouter();
    for (const type of ['nope', 'toString', '__proto__', 'constructor', 'hasOwnProperty']) {
      expect(await router.handle({ channel: 'tidymarks', type, input: {} }, own)).toMatchObject({ ok: false, error: { code: 'unknown-type' } });
    }
  });

  it('validates input against the schema and names the offending field', async () => {
    const { router, add } = makeRouter();
    const reply = await router.handle({ channel: 'tidymarks', type: 't.add', input: { a: 1, b: 'x' } }, own);
    expect(reply).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
    expect(!reply.ok && reply.error.message).toContain('b');
    expect(await router.handle({ channel: 'tidymarks', type: 't.add', input: { a: 1, b: 2, extra: true } }, own)).toMatchObject({ ok: false });
    expect(add).not.toHaveBeenCalled();
  });

  it('turns thrown errors into {ok:false} with code and message, never a stack', async () => {
    const { router } = makeRouter();
    expect(await router.handle({ channel: 'tidymarks', type: 't.fail', input: { code: 'not-found' } }, own)).toEqual({
      ok: false,
      error: { code: 'not-found', message: 'That bookmark no longer exists.' },
    });
    const internal = await router.handle({ channel: 'tidymarks', type: 't.fail', input: { code: 'plain' } }, own);
    expect(internal).toEqual({ ok: false, error: { code: 'internal', message: 'boom' } });
  });
});

describe('client', () => {
  it('unwraps values and re-throws errors as RemoteError with the same code', async () => {
    const { router } = makeRouter();
    const client = createClient({
      sendMessage: (m) => router.handle(m, own),
      connect: () => {
        throw new Error('unused');
      },
    });
    // The client is typed against the real protocol; this test drives it with the test protocol's names.
    const call = client.call as unknown as (type: string, input: unknown) => Promise<unknown>;
    expect(await call('t.add', { a: 20, b: 22 })).toBe(42);
    const error = await call('t.fail', { code: 'not-found' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RemoteError);
    expect(error).toMatchObject({ code: 'not-found', message: 'That bookmark no longer exists.' });
  });

  it('reports an unreachable background as an error', async () => {
    const client = createClient({
      sendMessage: () => Promise.reject(new Error('Could not establish connection. Receiving end does not exist.')),
      connect: () => {
        throw new Error('unused');
      },
    });
    await expect(client.call('core.ping', {})).rejects.toThrow(/Could not reach the Tidymarks background/);
  });
});

/** Two connected in-memory ports, delivering asynchronously like Firefox's. */
function portPair(sender: { id: string; url: string }) {
  type L = (m: unknown) => void;
  const make = () => ({ msg: [] as L[], disc: [] as (() => void)[] });
  const a = make();
  const b = make();
  let open = true;
  const side = (self: typeof a, other: typeof a, withSender: boolean): PortLike => ({
    name: 'tidymarks-job',
    sender: withSender ? sender : undefined,
    postMessage: (m) => {
      if (!open) throw new Error('port closed');
      const copy = structuredClone(m);
      queueMicrotask(() => other.msg.forEach((l) => l(copy)));
    },
    disconnect: () => {
      if (!open) return;
      open = false;
      queueMicrotask(() => other.disc.forEach((l) => l()));
    },
    onMessage: { addListener: (l) => self.msg.push(l) },
    onDisconnect: { addListener: (l) => self.disc.push(l) },
  });
  return { page: side(a, b, false), background: side(b, a, true) };
}

describe('job server', () => {
  const jobs = { 't.count': job<{ done: number }, { total: number }>()(v.strictObject({ n: v.number() })) };
  function makeServer(sender = own) {
    const server = createJobServer({
      jobs,
      extensionId: ID,
      extensionOrigin: ORIGIN,
      handlers: {
        't.count': async ({ n }, ctx) => {
          for (let i = 1; i <= n; i++) {
            await ctx.checkpoint();
            await new Promise((r) => setTimeout(r, 1));
            ctx.progress({ done: i });
          }
          return { total: n };
        },
      },
    });
    const ports = portPair(sender);
    server.accept(ports.background);
    const client = createClient({ sendMessage: async () => null, connect: () => ports.page });
    const start = client.startJob as unknown as (k: string, i: unknown, p?: (x: { done: number }) => void) => ReturnType<typeof client.startJob>;
    return { start };
  }

  it('reports progress, then the result', async () => {
    const { start } = makeServer();
    const seen: number[] = [];
    const handle = start('t.count', { n: 4 }, (p) => seen.push(p.done));
    expect(await handle.result).toEqual({ total: 4 });
    expect(seen).toEqual([1, 2, 3, 4]);
  });

  it('can be cancelled and says so', async () => {
    const { start } = makeServer();
    const handle = start('t.count', { n: 1000 }, (p) => {
      if (p.done === 3) handle.cancel();
    });
    await expect(handle.result).rejects.toMatchObject({ code: 'cancelled' });
  });

  it('pauses until resumed', async () => {
    const { start } = makeServer();
    const seen: number[] = [];
    const handle = start('t.count', { n: 6 }, (p) => {
      seen.push(p.done);
      if (p.done === 2) handle.pause();
    });
    await new Promise((r) => setTimeout(r, 50));
    const whilePaused = seen.length;
    expect(whilePaused).toBeLessThanOrEqual(3);
    await new Promise((r) => setTimeout(r, 50));
    expect(seen.length).toBe(whilePaused);
    handle.resume();
    expect(await handle.result).toEqual({ total: 6 });
  });

  it('refuses jobs from foreign senders and invalid job input', async () => {
    await expect(makeServer({ id: 'other@x', url: 'https://x/' }).start('t.count', { n: 1 }).result).rejects.toMatchObject({ code: 'forbidden' });
    await expect(makeServer().start('t.count', { n: 'many' }).result).rejects.toMatchObject({ code: 'invalid-request' });
    await expect(makeServer().start('t.nope', {}).result).rejects.toMatchObject({ code: 'unknown-type' });
  });
});
