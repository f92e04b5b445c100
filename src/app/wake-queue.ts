/**
 * The event page's first run, before the app is loaded (docs/ARCHITECTURE.md, "Waking"). Firefox only wakes an
 * event page for listeners registered during its first run, and the app (every feature) is most of the background's
 * code: fetching and running it would delay the answer to whatever woke the page. So the first chunk registers one
 * real listener per event the features listen to (WAKE_EVENTS), queues what arrives, and the app is built on a
 * browser whose events are these relays. open() then hands the queue to the app's listeners in arrival order, one
 * queue for every event and port message, so nothing is lost or reordered; after that every event goes straight
 * through.
 */
import type { Browser } from '../platform/browser';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Listener = (...args: any[]) => unknown;

/**
 * Every browser event a feature listens to from the moment it is built, with the extra arguments (filters) it
 * registers with. A feature that adds a listener at start-up to an event not named here makes the build throw
 * (tests/unit/app/wake.test.ts builds the app this way); listeners added later (webRequest, while a link check
 * runs) go to the browser directly.
 */
export const WAKE_EVENTS: readonly (readonly [namespace: string, event: string, ...extra: unknown[]])[] = [
  ['runtime', 'onMessage'],
  ['runtime', 'onConnect'],
  ['runtime', 'onStartup'],
  ['runtime', 'onInstalled'],
  ['bookmarks', 'onCreated'],
  ['bookmarks', 'onRemoved'],
  ['bookmarks', 'onChanged'],
  ['bookmarks', 'onMoved'],
  ['history', 'onVisited'],
  ['history', 'onVisitRemoved'],
  ['history', 'onTitleChanged'],
  ['tabs', 'onActivated'],
  ['tabs', 'onCreated'],
  ['tabs', 'onUpdated', { properties: ['url', 'status'] }],
  ['tabs', 'onRemoved'],
  ['commands', 'onCommand'],
  ['menus', 'onClicked'],
  ['notifications', 'onClicked'],
  ['storage', 'onChanged'],
  ['alarms', 'onAlarm'],
];

/** Answers a message in the first chunk (a light request), or undefined to hand it to the app. */
export type FirstAnswer = (message: unknown, sender: unknown) => Promise<unknown> | undefined;

export interface WakeQueue {
  /** The browser the app is built with: the same API, with WAKE_EVENTS (and ports' events) relayed through the queue. */
  browser: Browser;
  /** The app is built: delivers everything queued, in arrival order, then lets events through as they come. */
  open(): void;
  /** The app could not be loaded: queued messages are answered with this error (events are dropped, as with no listener). */
  fail(error: unknown): void;
}

interface Queued {
  deliver(): void;
  fail?(error: unknown): void;
}

/**
 * `firstAnswer` answers light requests itself; `onArrival` hears that something arrived while the app is not built
 * (an event, a request, an answered light request: the event page was woken for it).
 */
export function createWakeQueue(browser: Browser, firstAnswer?: FirstAnswer, onArrival?: () => void): WakeQueue {
  const queue: Queued[] = [];
  let state: 'waiting' | 'open' | 'failed' = 'waiting';

  /** Calls every listener; returns the first answer (runtime.onMessage: the first listener that answers replies). */
  const callAll = (listeners: readonly Listener[], args: unknown[]) => {
    let answer: unknown;
    for (const listener of listeners.slice()) {
      const result = listener(...args);
      if (answer === undefined) answer = result;
    }
    return answer;
  };

  class Relay {
    private readonly listeners: Listener[] = [];
    constructor(
      private readonly name: string,
      private readonly extra: readonly unknown[] = [],
    ) {}
    addListener = (listener: Listener, ...extra: unknown[]) => {
      if (JSON.stringify(extra) !== JSON.stringify(this.extra)) {
        throw new Error(`${this.name} is registered with ${JSON.stringify(extra)}, but WAKE_EVENTS has ${JSON.stringify(this.extra)}`);
      }
      if (!this.listeners.includes(listener)) this.listeners.push(listener);
    };
    removeListener = (listener: Listener) => {
      const at = this.listeners.indexOf(listener);
      if (at >= 0) this.listeners.splice(at, 1);
    };
    hasListener = (listener: Listener) => this.listeners.includes(listener);
    hasListeners = () => this.listeners.length > 0;

    /** An event arrived: to the listeners now, or queued behind what came before it. */
    fire(args: unknown[], answers = false): unknown {
      if (state === 'open') return callAll(this.listeners, args);
      if (state === 'failed') return undefined;
      onArrival?.();
      if (!answers) {
        queue.push({ deliver: () => void callAll(this.listeners, args) });
        return undefined;
      }
      return new Promise((resolve, reject) => {
        queue.push({
          deliver: () => {
            try {
              resolve(callAll(this.listeners, args));
            } catch (error) {
              reject(error);
            }
          },
          fail: reject,
        });
      });
    }
  }

  /** A port as the app sees it: its events relayed through the queue, from the moment it connected. */
  const relayPort = (port: Record<string, unknown> & { onMessage: RealEvent; onDisconnect: RealEvent }) => {
    const onMessage = new Relay('port.onMessage');
    const onDisconnect = new Relay('port.onDisconnect');
    const facade: object = withOverrides(port, { onMessage, onDisconnect });
    port.onMessage.addListener((message: unknown) => onMessage.fire([message, facade]));
    port.onDisconnect.addListener(() => onDisconnect.fire([facade]));
    return facade;
  };

  const overrides = new Map<string, Record<string, Relay>>();
  for (const [namespace, name, ...extra] of WAKE_EVENTS) {
    const real = (browser as unknown as Record<string, Record<string, RealEvent | undefined> | undefined>)[namespace]?.[name];
    if (!real) continue; // Not in this Firefox (history.onTitleChanged on Android): the features see it missing too.
    const relay = new Relay(`${namespace}.${name}`, extra);
    if (!overrides.has(namespace)) overrides.set(namespace, {});
    overrides.get(namespace)![name] = relay;
    if (namespace === 'runtime' && name === 'onMessage') {
      real.addListener((message: unknown, sender: unknown) => {
        const answer = firstAnswer?.(message, sender);
        if (answer === undefined) return relay.fire([message, sender], true);
        if (state === 'waiting') onArrival?.();
        return answer;
      });
    } else if (namespace === 'runtime' && name === 'onConnect') {
      real.addListener((port: never) => void relay.fire([relayPort(port)]));
    } else {
      real.addListener((...args: unknown[]) => void relay.fire(args), ...extra);
    }
  }

  const namespaces = new Map<string, object>();
  const relayed = new Proxy(
    {},
    {
      get(_, key) {
        const value: unknown = Reflect.get(browser, key);
        const events = typeof key === 'string' ? overrides.get(key) : undefined;
        if (!events || !value) return value;
        if (!namespaces.has(key as string)) namespaces.set(key as string, withOverrides(value as object, events));
        return namespaces.get(key as string);
      },
    },
  ) as Browser;

  return {
    browser: relayed,
    open() {
      if (state !== 'waiting') return;
      // Delivered one by one; what a listener makes arrive meanwhile (a listener's own write) queues behind.
      while (queue.length > 0) {
        const next = queue.shift()!;
        try {
          next.deliver();
        } catch (error) {
          console.error(error);
        }
      }
      state = 'open';
    },
    fail(error) {
      if (state !== 'waiting') return;
      state = 'failed';
      for (const queued of queue.splice(0)) queued.fail?.(error);
    },
  };
}

interface RealEvent {
  addListener(listener: Listener, ...extra: unknown[]): void;
}

/**
 * `target` with some properties replaced; its functions called on the target itself (native APIs need their `this`).
 * The proxy's own target is an empty object, so that no property of the real one (frozen or not) constrains it.
 */
function withOverrides(target: object, replaced: Record<string, unknown>): object {
  const bound = new Map<PropertyKey, unknown>();
  return new Proxy(
    {},
    {
      get(_, key) {
        if (typeof key === 'string' && Object.hasOwn(replaced, key)) return replaced[key];
        const value: unknown = Reflect.get(target, key);
        if (typeof value !== 'function') return value;
        if (!bound.has(key)) bound.set(key, (value as Listener).bind(target));
        return bound.get(key);
      },
    },
  );
}
