/**
 * browser.runtime for the background under test, plus the page side that talks to it (`control.pageRuntime`). As
 * measured in Firefox (tests/contract/messaging.ts, run against both):
 * - messages cross contexts: listeners run later, never inside the sender's call; they get (message, sender,
 *   sendResponse); the first listener that returns a promise (or returns true and calls sendResponse) answers, a
 *   rejection answers with its message, and when listeners answer nothing the sender gets undefined; with no
 *   listener at all the call rejects (NO_RECEIVER). Messages and replies are structured-cloned.
 * - ports: onConnect runs later too; messages posted right after connect arrive, in order, as copies;
 *   disconnect() fires onDisconnect on the other side only (after what it posted before), and posting on a closed
 *   port throws. A port nobody takes is refused (onDisconnect with NO_RECEIVER) only when no onConnect listener
 *   exists; a listener that ignores it leaves it open.
 * - onInstalled / onStartup, id, getURL, getManifest (the repo's manifest.json, localized).
 */
import type { EventHub, FakeEvent } from './events';
import { EventHub as Hub } from './events';
import { localizedManifest } from './manifest';

export interface FakeSender {
  id?: string;
  url?: string;
  tab?: { id: number; url?: string; title?: string };
  frameId?: number;
}

export interface FakePort {
  name: string;
  sender?: FakeSender;
  error: { message: string } | null;
  postMessage(message: unknown): void;
  disconnect(): void;
  onMessage: {
    addListener(cb: (message: unknown, port: FakePort) => void): void;
    removeListener(cb: (message: unknown, port: FakePort) => void): void;
    hasListener(cb: (message: unknown, port: FakePort) => void): boolean;
  };
  onDisconnect: {
    addListener(cb: (port: FakePort) => void): void;
    removeListener(cb: (port: FakePort) => void): void;
    hasListener(cb: (port: FakePort) => void): boolean;
  };
}

export const NO_RECEIVER = 'Could not establish connection. Receiving end does not exist.';

/** Delivers later, in order: port messages and disconnects travel as microtasks, as they cross contexts in Firefox. */
const later = (fn: () => void) => void Promise.resolve().then(fn);

export interface FakeRuntimeOptions {
  hub: EventHub;
  extensionId: string;
  extensionOrigin: string;
}

type MessageListener = (message: unknown, sender: FakeSender, sendResponse: (reply: unknown) => void) => unknown;

export function createFakeRuntime({ hub, extensionId, extensionOrigin }: FakeRuntimeOptions) {
  const events = {
    onMessage: hub.event<MessageListener>(),
    onConnect: hub.event<(port: FakePort) => void>(),
    onInstalled: hub.event<(details: { reason: string; previousVersion?: string; temporary: boolean }) => void>(),
    onStartup: hub.event<() => void>(),
    onSuspend: hub.event<() => void>(),
    onUpdateAvailable: hub.event<(details: { version: string }) => void>(),
  };
  /** Page-side listeners live in other contexts: they survive the background's unload. */
  const pageHub = new Hub();
  const pageOnMessage = pageHub.event<MessageListener>();
  const openBackgroundPorts = new Set<{ port: FakePort; close: () => void; refuse: () => void }>();
  const defaultSender = (): FakeSender => ({ id: extensionId, url: `${extensionOrigin}popup/index.html` });

  /**
   * Delivers a message to one side's onMessage listeners (the background's, or the pages'), as it arrives from another
   * context: cloned now, the listeners called later.
   */
  function deliverMessage(to: FakeEvent<MessageListener>, message: unknown, sender: FakeSender): Promise<unknown> {
    const cloned = structuredClone(message);
    return new Promise<void>((arrive) => later(arrive)).then(() => answerMessage(to, cloned, sender));
  }

  function answerMessage(to: FakeEvent<MessageListener>, cloned: unknown, sender: FakeSender): Promise<unknown> {
    const listeners = to.snapshot();
    if (listeners.length === 0) return Promise.reject(new Error(NO_RECEIVER));
    return new Promise((resolve, reject) => {
      let answered = false;
      const answer = (value: unknown) => {
        if (answered) return;
        answered = true;
        resolve(structuredClone(value));
      };
      let waiting = false;
      for (const listener of listeners) {
        let result: unknown;
        try {
          result = listener(cloned, structuredClone(sender), answer);
        } catch (error) {
          hub.report(error);
          continue;
        }
        if (result && typeof (result as PromiseLike<unknown>).then === 'function') {
          if (!answered && !waiting) {
            waiting = true;
            (result as Promise<unknown>).then(answer, (error: unknown) => {
              if (answered) return;
              answered = true;
              reject(new Error(error instanceof Error ? error.message : 'An unexpected error occurred'));
            });
          }
        } else if (result === true) {
          waiting = true;
        }
      }
      if (!answered && !waiting) resolve(undefined);
    });
  }

  /** A connected pair: what one side posts reaches the other side's listeners, asynchronously and cloned. */
  function makePortPair(name: string, sender: FakeSender) {
    let connected = true;
    const pageEvents = { message: pageHub.event<(m: unknown, p: FakePort) => void>(), disconnect: pageHub.event<(p: FakePort) => void>() };
    const backgroundEvents = { message: hub.event<(m: unknown, p: FakePort) => void>(), disconnect: hub.event<(p: FakePort) => void>() };
    const pagePort: FakePort = {
      name,
      error: null,
      postMessage: () => undefined,
      disconnect: () => undefined,
      onMessage: pageEvents.message,
      onDisconnect: pageEvents.disconnect,
    };
    const backgroundPort: FakePort = {
      name,
      sender: structuredClone(sender),
      error: null,
      postMessage: () => undefined,
      disconnect: () => undefined,
      onMessage: backgroundEvents.message,
      onDisconnect: backgroundEvents.disconnect,
    };
    /** A side that disconnected gets nothing more; what it posted before still reaches the other side, first. */
    const receiving = new Set<FakePort>([pagePort, backgroundPort]);
    const post = (to: { message: typeof pageEvents.message }, toPort: FakePort) => (message: unknown) => {
      if (!connected) throw new Error('Attempt to postMessage on disconnected port');
      const copy = structuredClone(message);
      later(() => {
        if (receiving.has(toPort)) to.message.emitLive(copy, toPort);
      });
    };
    const close = (to: { disconnect: typeof pageEvents.disconnect }, toPort: FakePort, fromPort: FakePort, error: { message: string } | null) => () => {
      if (!connected) return;
      connected = false;
      receiving.delete(fromPort);
      openBackgroundPorts.delete(entry);
      toPort.error = error;
      later(() => to.disconnect.emitLive(toPort));
    };
    pagePort.postMessage = post(backgroundEvents, backgroundPort);
    backgroundPort.postMessage = post(pageEvents, pagePort);
    pagePort.disconnect = close(backgroundEvents, backgroundPort, pagePort, null);
    backgroundPort.disconnect = close(pageEvents, pagePort, backgroundPort, null);
    const entry = { port: backgroundPort, close: backgroundPort.disconnect, refuse: close(pageEvents, pagePort, backgroundPort, { message: NO_RECEIVER }) };
    openBackgroundPorts.add(entry);
    return { pagePort, backgroundPort, refuse: entry.refuse };
  }

  let lastError: { message: string } | undefined;
  const api = {
    ...events,
    id: extensionId,
    /** Set only while a callback that failed runs (menus.create). */
    get lastError() {
      return lastError;
    },
    getURL(path: string): string {
      return extensionOrigin + path.replace(/^\//, '');
    },
    getManifest() {
      return localizedManifest();
    },
    async getPlatformInfo() {
      return { os: 'linux', arch: 'x86-64' };
    },
    async getBrowserInfo() {
      return { name: 'Firefox', vendor: 'Mozilla', version: '140.0esr', buildID: '20250101000000' };
    },
    /** From the background to the extension's pages: the listeners of control.pageRuntime.onMessage answer. */
    sendMessage(message: unknown): Promise<unknown> {
      return deliverMessage(pageOnMessage, message, { id: extensionId, url: `${extensionOrigin}_generated_background_page.html` });
    },
    async openOptionsPage(): Promise<void> {
      openedPages.push(`${extensionOrigin}options/index.html`);
    },
  };

  const openedPages: string[] = [];

  const control = {
    defaultSender,
    withLastError(message: string, callback: () => void): void {
      lastError = { message };
      try {
        callback();
      } catch (error) {
        hub.report(error);
      } finally {
        lastError = undefined;
      }
    },
    /** A page sends a message to the background (runtime.sendMessage from popup/options). */
    sendMessage(message: unknown, sender: FakeSender = defaultSender()): Promise<unknown> {
      return deliverMessage(events.onMessage, message, sender);
    },
    /** A page connects to the background; returns the page-side port. The background's onConnect runs later. */
    connect(name: string, sender: FakeSender = defaultSender()): FakePort {
      const { pagePort, backgroundPort, refuse } = makePortPair(name, sender);
      later(() => {
        // Firefox disconnects a port nobody listens for, with an error on the page side.
        if (!events.onConnect.hasListeners()) refuse();
        else events.onConnect.emitLive(backgroundPort);
      });
      return pagePort;
    },
    /** Messages the background sent with runtime.sendMessage reach these listeners (pages that listen); they may answer. */
    pageOnMessage,
    install(reason: 'install' | 'update' | 'browser_update' = 'install', previousVersion?: string): void {
      const details: { reason: string; temporary: boolean; previousVersion?: string } = { reason, temporary: false };
      if (previousVersion !== undefined) details.previousVersion = previousVersion;
      events.onInstalled.emit(details);
    },
    startup(): void {
      events.onStartup.emit();
    },
    /** The event page unloads: every background-side port is closed (pages see onDisconnect). */
    closeBackgroundPorts(): void {
      for (const entry of [...openBackgroundPorts]) entry.close();
    },
    openedPages,
  };

  return { api, control };
}
