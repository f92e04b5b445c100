/**
 * The pages' typed client (src/app-protocol/client.ts), driven from Node through one of Tidymarks' own extension pages:
 * every request and every job message is sent by `browser.runtime` inside that page, as the options page sends
 * them, and the client reads the replies exactly as a page does. A change of the wire form therefore breaks
 * `npm start` only where it breaks the pages, and a change of a request's input or reply is a type error here.
 *
 * A job's port lives in the page; its messages come back to Node by a long poll (one `page.evaluate` that waits
 * for the next messages), since a port cannot cross into Node.
 */
import type { Page } from 'puppeteer-core';
import type { Transport } from '../../src/app-protocol/client';
import type { RequestMessage } from '../../src/messaging/channel';
import type { PortLike } from '../../src/messaging/router';

/** An extension page's `browser` global, as far as this file uses it. */
interface PageBrowser {
  runtime: {
    sendMessage(message: unknown): Promise<unknown>;
    connect(info: { name: string }): {
      postMessage(message: unknown): void;
      disconnect(): void;
      onMessage: { addListener(cb: (message: unknown) => void): void };
      onDisconnect: { addListener(cb: () => void): void };
    };
  };
}
declare const browser: PageBrowser;

/** What the page keeps for each port opened from Node. */
interface PortBox {
  port: ReturnType<PageBrowser['runtime']['connect']>;
  inbox: unknown[];
  /** The background closed the port (or Node did). */
  closed: boolean;
  wake: (() => void) | null;
}
interface DemoWindow {
  demoPorts?: Map<number, PortBox>;
  demoPortCount?: number;
}

export function pageTransport(page: Page): Transport {
  return {
    sendMessage: (message: RequestMessage) => page.evaluate((m) => browser.runtime.sendMessage(m), message),
    connect: (name) => connectThroughPage(page, name),
  };
}

function connectThroughPage(page: Page, name: string): PortLike {
  const messageListeners: ((message: unknown) => void)[] = [];
  const disconnectListeners: (() => void)[] = [];
  let closedHere = false;
  let disconnected = false;
  const disconnectedThere = () => {
    if (disconnected) return;
    disconnected = true;
    if (!closedHere) for (const listener of disconnectListeners) listener();
  };

  const opened = page.evaluate((portName) => {
    const w = window as unknown as DemoWindow;
    w.demoPorts ??= new Map();
    const id = (w.demoPortCount = (w.demoPortCount ?? 0) + 1);
    const box: PortBox = { port: browser.runtime.connect({ name: portName }), inbox: [], closed: false, wake: null };
    box.port.onMessage.addListener((message) => {
      box.inbox.push(message);
      box.wake?.();
    });
    box.port.onDisconnect.addListener(() => {
      box.closed = true;
      box.wake?.();
    });
    w.demoPorts.set(id, box);
    return id;
  }, name);

  // Posts keep their order: each waits for the one before it.
  let queue: Promise<unknown> = opened;
  const post = (message: unknown) =>
    (queue = queue.then(async () => page.evaluate((id, m) => (window as unknown as DemoWindow).demoPorts?.get(id)?.port.postMessage(m), await opened, message)));
  const close = () =>
    (queue = queue.then(async () =>
      page.evaluate(
        (id) => {
          const box = (window as unknown as DemoWindow).demoPorts?.get(id);
          if (!box) return;
          box.port.disconnect();
          box.closed = true;
          box.wake?.();
        },
        await opened,
      ),
    ));

  void (async () => {
    const id = await opened;
    while (!disconnected) {
      const batch = await page.evaluate(async (portId) => {
        const box = (window as unknown as DemoWindow).demoPorts?.get(portId);
        if (!box) return { messages: [], closed: true };
        if (!box.inbox.length && !box.closed) await new Promise<void>((wake) => (box.wake = wake));
        box.wake = null;
        return { messages: box.inbox.splice(0), closed: box.closed && box.inbox.length === 0 };
      }, id);
      for (const message of batch.messages) for (const listener of messageListeners) listener(message);
      if (batch.closed) disconnectedThere();
    }
  })().catch(disconnectedThere);

  return {
    name,
    postMessage(message) {
      if (disconnected) throw new Error('The port is closed.');
      post(message).catch(disconnectedThere);
    },
    disconnect() {
      closedHere = true;
      close().catch(() => undefined);
    },
    onMessage: { addListener: (cb) => void messageListeners.push(cb) },
    onDisconnect: { addListener: (cb) => void disconnectListeners.push(cb) },
  };
}
