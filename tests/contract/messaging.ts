/**
 * Runtime messaging and ports between an extension page and the background, written once and run twice: in the
 * harness page against Tidymarks' real background in Firefox ESR (tests/e2e/contract.e2e.ts) and against the same
 * background on the fake (tests/contract/contract.test.ts, started with boot()). The background side is the real
 * router and job server plus the test build's `test.runtime.*` requests and its echo port
 * (src/app/core-handlers.ts): what a page sees is measured, not assumed.
 *
 * Waiting is for arrivals (an inbox that resolves when a message or event comes), with a timeout only as a guard
 * against a hang. Where a case says something does not happen, it waits for a later signal that would have come
 * after it: a round trip on another port, the reply to a later request.
 */
import type { Browser } from '../../src/platform/browser';
import type { Client } from '../../src/app-protocol/client';
import { TEST_ECHO_PORT } from '../../src/app-protocol/core-protocol';
import { UNFILED_ID } from '../../src/platform/browser';
import { assert, ContractFailure } from './assert';

/** The page's side: its runtime (Firefox: the harness page's own), its bookmarks events, and its client. */
export interface PageSide {
  runtime: PageRuntime;
  bookmarks: Pick<Browser['bookmarks'], 'onCreated'>;
  client: Client;
}

export interface PagePort {
  name: string;
  error?: { message: string } | null;
  postMessage(message: unknown): void;
  disconnect(): void;
  onMessage: { addListener(cb: (message: unknown) => void): void };
  onDisconnect: { addListener(cb: (port: PagePort) => void): void };
}

type MessageListener = (message: unknown, sender: unknown, sendResponse: (reply: unknown) => void) => unknown;

export interface PageRuntime {
  connect(info: { name: string }): PagePort;
  onMessage: { addListener(cb: MessageListener): void; removeListener(cb: MessageListener): void };
}

export interface MessagingCase {
  name: string;
  run(page: PageSide): Promise<void>;
}

export const NO_RECEIVER = 'Could not establish connection. Receiving end does not exist.';
const DISCONNECTED = 'Attempt to postMessage on disconnected port';

/** What arrives, in order; `next(n)` resolves once n items came (rejects after the guard timeout). */
function inbox<T = unknown>(what: string) {
  const items: T[] = [];
  let waiter: { count: number; resolve: () => void } | null = null;
  return {
    items,
    push(item: T) {
      items.push(item);
      if (waiter && items.length >= waiter.count) waiter.resolve();
    },
    next(count: number, guardMs = 5000): Promise<T[]> {
      if (items.length >= count) return Promise.resolve(items.slice());
      return new Promise<T[]>((resolve, reject) => {
        const guard = setTimeout(() => reject(new ContractFailure(`${what}: expected ${count}, got ${JSON.stringify(items)}`)), guardMs);
        waiter = {
          count,
          resolve: () => {
            clearTimeout(guard);
            waiter = null;
            resolve(items.slice());
          },
        };
      });
    },
  };
}

/** A port to the background's echo, with everything that arrives on it (messages, then 'disconnect'). */
function echoPort(runtime: PageRuntime) {
  const port = runtime.connect({ name: TEST_ECHO_PORT });
  const arrived = inbox<unknown>('echo port');
  port.onMessage.addListener((message) => arrived.push(message));
  port.onDisconnect.addListener((p) => arrived.push({ disconnect: p.error ? p.error.message : null }));
  return { port, arrived };
}

/** One round trip on a fresh echo port: whatever was on its way to this page before has arrived by its end. */
async function roundTrip(runtime: PageRuntime): Promise<void> {
  const { port, arrived } = echoPort(runtime);
  port.postMessage('ping');
  await arrived.next(1);
  port.disconnect();
}

function withPageListener(runtime: PageRuntime, listener: MessageListener): { stop(): void } {
  runtime.onMessage.addListener(listener);
  return { stop: () => runtime.onMessage.removeListener(listener) };
}

export const messagingCases: MessagingCase[] = [
  {
    name: "a page's requests are answered in the order the background answers them, not the order they were sent",
    async run({ client }) {
      const order: string[] = [];
      const held = client.call('test.runtime.held', { key: 'order' }).then((reply) => order.push(`held ${reply.key}`));
      await client.call('core.ping', {});
      order.push('ping');
      assert.equal(order, ['ping'], 'after the later request was answered');
      assert.equal(await client.call('test.runtime.release', { key: 'order' }), { released: true }, 'release');
      await held;
      assert.equal(order, ['ping', 'held order'], 'after the release');
    },
  },
  {
    name: 'the bookmark events a request causes reach the page before its reply',
    async run({ client, bookmarks }) {
      const seen: string[] = [];
      const listener = (_id: string, node: { title: string }) => void seen.push(`onCreated ${node.title}`);
      bookmarks.onCreated.addListener(listener);
      try {
        await client.call('organizer.create', { parentId: UNFILED_ID, beforeId: null, kind: 'bookmark', title: 'made by a request', url: 'https://request.example/' });
        seen.push('reply');
      } finally {
        (bookmarks.onCreated as unknown as { removeListener(l: typeof listener): void }).removeListener(listener);
      }
      assert.equal(seen, ['onCreated made by a request', 'reply'], 'order');
    },
  },
  {
    name: "the background's runtime.sendMessage with no page listening rejects: the receiving end does not exist",
    async run({ client }) {
      assert.equal(await client.call('test.runtime.sendToPages', { message: { hello: 1 } }), { error: NO_RECEIVER }, 'outcome');
    },
  },
  {
    name: "the background's runtime.sendMessage gets what a page's listener answers, as a copy; a listener that answers nothing gives undefined",
    async run({ client, runtime }) {
      const received: unknown[] = [];
      const answering = withPageListener(runtime, (message) => {
        received.push(message);
        return Promise.resolve({ echoed: message });
      });
      try {
        assert.equal(await client.call('test.runtime.sendToPages', { message: { n: 1 } }), { reply: { echoed: { n: 1 } } }, 'answered');
        assert.equal(received, [{ n: 1 }], 'the page got the message');
      } finally {
        answering.stop();
      }
      const silent = withPageListener(runtime, (message) => void received.push(message));
      try {
        assert.equal(await client.call('test.runtime.sendToPages', { message: 'quiet' }), { reply: undefined }, 'not answered');
        assert.equal(received, [{ n: 1 }, 'quiet'], 'the page got the second message');
      } finally {
        silent.stop();
      }
    },
  },
  {
    name: "a page listener's rejection reaches the background's runtime.sendMessage as an error with its message",
    async run({ client, runtime }) {
      const failing = withPageListener(runtime, () => Promise.reject(new Error('page said no')));
      try {
        assert.equal(await client.call('test.runtime.sendToPages', { message: 'x' }), { error: 'page said no' }, 'outcome');
      } finally {
        failing.stop();
      }
    },
  },
  {
    name: 'a port: messages posted right after connect arrive, in order, as copies; the echoes come back in order',
    async run({ runtime }) {
      const { port, arrived } = echoPort(runtime);
      const first = { n: 1 };
      port.postMessage(first);
      first.n = 99;
      port.postMessage({ n: 2 });
      port.postMessage('three');
      assert.equal(await arrived.next(3), [{ n: 1 }, { n: 2 }, 'three'], 'echoes');
      port.disconnect();
    },
  },
  {
    name: 'a port the page disconnects: its own onDisconnect never fires, and posting on it throws',
    async run({ runtime }) {
      const { port, arrived } = echoPort(runtime);
      port.postMessage('before');
      assert.equal(await arrived.next(1), ['before'], 'echo');
      port.disconnect();
      assert.throwsSync(() => port.postMessage('after'), DISCONNECTED, 'post after disconnect');
      // A round trip on another port: an onDisconnect of the first one would have come before its end.
      await roundTrip(runtime);
      assert.equal(arrived.items, ['before'], 'nothing more on the closed port');
    },
  },
  {
    name: 'a port the background disconnects: what it posted before arrives first, then onDisconnect without an error; posting then throws',
    async run({ runtime }) {
      const { port, arrived } = echoPort(runtime);
      port.postMessage('a');
      port.postMessage('close');
      assert.equal(await arrived.next(3), ['a', 'close', { disconnect: null }], 'arrivals');
      assert.throwsSync(() => port.postMessage('late'), DISCONNECTED, 'post after the other side closed');
      assert.equal(port.error ?? null, null, 'port.error');
    },
  },
  {
    name: 'a port whose name no listener takes stays open: no onDisconnect comes',
    async run({ runtime }) {
      const port = runtime.connect({ name: 'tidymarks-nobody-listens' });
      const arrived = inbox('unclaimed port');
      port.onMessage.addListener((message) => arrived.push(message));
      port.onDisconnect.addListener((p) => arrived.push({ disconnect: p.error ? p.error.message : null }));
      port.postMessage('anyone?');
      await roundTrip(runtime);
      assert.equal(arrived.items, [], 'arrivals');
      port.disconnect();
    },
  },
];

export async function runMessagingCase(page: PageSide, name: string): Promise<{ ok: boolean; error?: string }> {
  const found = messagingCases.find((c) => c.name === name);
  if (!found) return { ok: false, error: `no messaging case named "${name}"` };
  try {
    await found.run(page);
    return { ok: true };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}
