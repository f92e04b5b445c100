import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { createClient } from '../../../src/app-protocol/client';
import { job, request } from '../../../src/messaging/define';
import { AppError, RemoteError } from '../../../src/messaging/errors';
import { createJobServer, createRouter, type PortLike } from '../../../src/messaging/router';
import { createFakeBrowser } from '../../fakes/browser';

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
    expect(await router.handle({ channel: 'tidymarks', type: 't.add', input: { a: 2, b: 3 } }, own)).toEqual({ ok: true, json: '5' });
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
    // Not an AppError: Firefox's own words (or a bug's), after a sentence in the user's language saying so.
    expect(internal).toEqual({ ok: false, error: { code: 'internal', message: 'Firefox reported an error: boom' } });
  });
});

describe('a bookmark that vanished under a request', () => {
  const bookmarkProtocol = {
    't.read': request<string>()(v.strictObject({ id: v.string(), how: v.picklist(['get', 'remove', 'update', 'move', 'create-in']) })),
  };

  it('reaches the page as not-found, whichever way Firefox says it (a get said "Bookmark not found" and arrived as internal)', async () => {
    const { browser } = createFakeBrowser();
    const gone = await browser.bookmarks.create({ parentId: 'unfiled_____', title: 'gone' });
    await browser.bookmarks.remove(gone.id);
    const router = createRouter({
      protocol: bookmarkProtocol,
      extensionId: ID,
      extensionOrigin: ORIGIN,
      handlers: {
        't.read': async ({ id, how }) => {
          if (how === 'get') return (await browser.bookmarks.get(id))[0]!.title;
          if (how === 'remove') await browser.bookmarks.remove(id);
          if (how === 'update') await browser.bookmarks.update(id, { title: 'x' });
          if (how === 'move') await browser.bookmarks.move(id, { parentId: 'unfiled_____' });
          if (how === 'create-in') await browser.bookmarks.create({ parentId: id, title: 'x' });
          return 'done';
        },
      },
    });
    for (const how of ['get', 'remove', 'update', 'move', 'create-in'] as const) {
      const reply = await router.handle({ channel: 'tidymarks', type: 't.read', input: { id: gone.id, how } }, own);
      expect(reply, how).toMatchObject({ ok: false, error: { code: 'not-found', message: expect.stringMatching(/^This bookmark or folder no longer exists\./) } });
    }
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
  /** Jobs that count to n, one checkpoint per step; every run is recorded with how it ended. */
  function makeServer(sender = own, options: { maxPauseMs?: number; startTimer?: (cb: () => void, ms: number) => () => void } = {}) {
    /** Each started job: its steps so far, whether it waits in a checkpoint now, and how it ended. */
    const runs: { steps: number; inCheckpoint: boolean; ended: Promise<'done' | string> }[] = [];
    const server = createJobServer({
      jobs,
      extensionId: ID,
      extensionOrigin: ORIGIN,
      ...options,
      handlers: {
        't.count': async ({ n }, ctx) => {
          const run = { steps: 0, inCheckpoint: false, ended: null as unknown as Promise<'done' | string> };
          let end!: (how: 'done' | string) => void;
          run.ended = new Promise((r) => (end = r));
          runs.push(run);
          try {
            for (let i = 1; i <= n; i++) {
              run.inCheckpoint = true;
              await ctx.checkpoint();
              run.inCheckpoint = false;
              // A step of work that takes a macrotask (the event loop gets its turns while a job runs).
              await new Promise((r) => setTimeout(r, 0));
              run.steps = i;
              ctx.progress({ done: i });
            }
            end('done');
            return { total: n };
          } catch (error) {
            end(error instanceof AppError ? `${error.code}: ${error.message}` : String(error));
            throw error;
          }
        },
      },
    });
    const connect = () => {
      const ports = portPair(sender);
      server.accept(ports.background);
      return ports.page;
    };
    const start = (kind: string, input: unknown, onProgress?: (p: { done: number }) => void) => {
      const client = createClient({ sendMessage: async () => null, connect });
      return (client.startJob as unknown as (k: string, i: unknown, p?: (x: { done: number }) => void) => ReturnType<typeof client.startJob>)(kind, input, onProgress);
    };
    return { start, connect, runs };
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

  it('pauses until resumed, and pauses again after a resume', async () => {
    const { start, runs } = makeServer();
    const seen: number[] = [];
    let pausedAt = 0;
    const handle = start('t.count', { n: 6 }, (p) => {
      seen.push(p.done);
      if (p.done === 2 || p.done === 4) {
        handle.pause();
        pausedAt = p.done;
      }
    });
    await vi.waitFor(() => expect(pausedAt).toBe(2));
    // The job sits at its next checkpoint (a checkpoint that lets it through returns within the same turn, so one
    // seen waiting between turns is held): it has taken at most the step in flight, and takes no more.
    await vi.waitFor(() => expect(runs[0].inCheckpoint).toBe(true));
    expect(runs[0].steps).toBeLessThanOrEqual(3);
    const heldAt = runs[0].steps;
    handle.resume();
    await vi.waitFor(() => expect(pausedAt).toBe(4));
    await vi.waitFor(() => expect(runs[0].inCheckpoint).toBe(true));
    expect(runs[0].steps).toBeGreaterThan(heldAt);
    expect(runs[0].steps).toBeLessThanOrEqual(5);
    handle.resume();
    expect(await handle.result).toEqual({ total: 6 });
    expect(seen).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('regression: a paused job whose page closes is cancelled, and the background keeps answering', async () => {
    const { start, connect, runs } = makeServer();
    const page = connect();
    let progressed = 0;
    page.onMessage.addListener((m) => {
      if ((m as { op: string }).op === 'progress' && ++progressed === 2) {
        page.postMessage({ op: 'pause' });
        // The tab closes while the job is paused.
        queueMicrotask(() => page.disconnect());
      }
    });
    page.postMessage({ op: 'start', kind: 't.count', input: { n: 1000 } });
    // A timer fires: the event loop is not starved by a job spinning on a stale pause.
    await new Promise((r) => setTimeout(r, 0));
    expect(await runs[0].ended).toBe('cancelled: The job was cancelled.');
    expect(runs[0].steps).toBeLessThan(1000);
    // Another job on a new port runs to completion.
    expect(await start('t.count', { n: 3 }).result).toEqual({ total: 3 });
  });

  it('a page that disconnects cancels its job before it paused, while paused and after a resume', async () => {
    for (const script of [[], ['pause'], ['pause', 'resume'], ['pause', 'pause', 'resume', 'pause']]) {
      const { connect, runs } = makeServer();
      const page = connect();
      let progressed = false;
      page.onMessage.addListener((m) => {
        if ((m as { op: string }).op !== 'progress' || progressed) return;
        progressed = true;
        for (const op of script) page.postMessage({ op });
        queueMicrotask(() => page.disconnect());
      });
      page.postMessage({ op: 'start', kind: 't.count', input: { n: 1000 } });
      await vi.waitFor(() => expect(runs).toHaveLength(1));
      expect(await runs[0].ended).toBe('cancelled: The job was cancelled.');
    }
  });

  it('a pause longer than the bound cancels the job cleanly and says why', async () => {
    const timers: { cb: () => void; ms: number; cleared: boolean }[] = [];
    const startTimer = (cb: () => void, ms: number) => {
      const t = { cb, ms, cleared: false };
      timers.push(t);
      return () => void (t.cleared = true);
    };
    const { start, runs } = makeServer(own, { startTimer });
    const handle = start('t.count', { n: 1000 }, (p) => {
      if (p.done === 2) handle.pause();
    });
    await vi.waitFor(() => expect(timers).toHaveLength(1));
    expect(timers[0].ms).toBe(10 * 60 * 1000);
    timers[0].cb(); // ten minutes later
    await expect(handle.result).rejects.toMatchObject({ code: 'cancelled', message: 'The job was paused for more than 10 minutes and was cancelled.' });
    expect(await runs[0].ended).toMatch(/^cancelled/);
    // A pause that ends in time stops its timer.
    const second = start('t.count', { n: 4 }, (p) => {
      if (p.done === 1) {
        second.pause();
        queueMicrotask(() => second.resume());
      }
    });
    expect(await second.result).toEqual({ total: 4 });
    expect(timers[1].cleared).toBe(true);
  });

  it('refuses jobs from foreign senders and invalid job input', async () => {
    await expect(makeServer({ id: 'other@x', url: 'https://x/' }).start('t.count', { n: 1 }).result).rejects.toMatchObject({ code: 'forbidden' });
    await expect(makeServer().start('t.count', { n: 'many' }).result).rejects.toMatchObject({ code: 'invalid-request' });
    await expect(makeServer().start('t.nope', {}).result).rejects.toMatchObject({ code: 'unknown-type' });
  });

  it('fuzz: random sequences of start, pause, resume, cancel, disconnect and garbage never wedge the server', async () => {
    const op = fc.oneof(
      fc.constantFrom({ op: 'pause' }, { op: 'resume' }, { op: 'cancel' }, 'disconnect', 'tick'),
      fc.record({
        op: fc.constant('start'),
        kind: fc.constantFrom('t.count', 't.nope'),
        input: fc.oneof(fc.record({ n: fc.integer({ min: 0, max: 50 }) }), fc.anything()),
      }),
      fc.anything(),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(op, { maxLength: 12 }), { minLength: 1, maxLength: 4 }), async (pages) => {
        const { start, connect, runs } = makeServer();
        const ports = pages.map(() => connect());
        for (let step = 0; step < 12; step++) {
          for (const [i, script] of pages.entries()) {
            const message = script[step];
            if (message === undefined) continue;
            if (message === 'disconnect') ports[i].disconnect();
            else if (message === 'tick') await new Promise((r) => setTimeout(r, 0));
            else {
              try {
                ports[i].postMessage(message);
              } catch {
                // posting on a port this script already closed
              }
            }
          }
        }
        for (const port of ports) port.disconnect();
        // Every job started on those ports ends (done or cancelled), and a new job runs to completion.
        await Promise.all(runs.map((r) => r.ended));
        expect(await start('t.count', { n: 2 }).result).toEqual({ total: 2 });
      }),
      { numRuns: 200, seed: 11 },
    );
  });
});
