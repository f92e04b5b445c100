/**
 * Records browser events inside a contract case. In Firefox events reach the page asynchronously, so a case waits
 * for the count it expects (polling with a timeout) and then settles (one API round trip plus a short pause) so
 * that an unexpected extra event would be seen too. Listeners are always removed (use `withEvents`).
 */
import type { Browser } from '../../src/platform/browser';
import { ContractFailure } from './assert';

export interface RecordedEvent {
  /** e.g. "onCreated" or "history.onVisited" */
  name: string;
  args: unknown[];
}

export interface EventRecorder {
  readonly log: RecordedEvent[];
  /** The events so far, then clears the log. */
  take(): RecordedEvent[];
  /** Waits until at least `count` events were recorded (rejects after the timeout), then takes them all. */
  waitFor(count: number, timeoutMs?: number): Promise<RecordedEvent[]>;
  /** Lets in-flight events arrive: an API round trip and a short pause. */
  settle(): Promise<void>;
  stop(): void;
}

const BOOKMARK_EVENTS = ['onCreated', 'onRemoved', 'onChanged', 'onMoved'] as const;
const HISTORY_EVENTS = ['onVisited', 'onVisitRemoved', 'onTitleChanged'] as const;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type AnyEvent = { addListener(cb: (...args: unknown[]) => void): void; removeListener(cb: (...args: unknown[]) => void): void };

export function recordEvents(b: Browser): EventRecorder {
  const log: RecordedEvent[] = [];
  const registered: [AnyEvent, (...args: unknown[]) => void][] = [];
  const listen = (event: AnyEvent, name: string) => {
    const listener = (...args: unknown[]) => void log.push({ name, args: structuredClone(args) });
    event.addListener(listener);
    registered.push([event, listener]);
  };
  for (const name of BOOKMARK_EVENTS) listen(b.bookmarks[name] as unknown as AnyEvent, name);
  for (const name of HISTORY_EVENTS) listen(b.history[name] as unknown as AnyEvent, `history.${name}`);

  const settle = async () => {
    await b.bookmarks.get('root________');
    await sleep(30);
  };

  return {
    log,
    take: () => log.splice(0),
    async waitFor(count, timeoutMs = 3000) {
      const deadline = Date.now() + timeoutMs;
      while (log.length < count) {
        if (Date.now() > deadline) {
          throw new ContractFailure(`expected ${count} events within ${timeoutMs} ms, got ${log.length}: ${JSON.stringify(log)}`);
        }
        await sleep(10);
      }
      // One API round trip lets events already on their way arrive; anything later still shows up in the log
      // at the next waitFor/take, so an extra event cannot go unnoticed.
      await b.bookmarks.get('root________');
      await sleep(0);
      return log.splice(0);
    },
    settle,
    stop() {
      for (const [event, listener] of registered) event.removeListener(listener);
    },
  };
}

/** Runs `body` with a recorder and always removes its listeners. */
export async function withEvents<T>(b: Browser, body: (events: EventRecorder) => Promise<T>): Promise<T> {
  const recorder = recordEvents(b);
  try {
    return await body(recorder);
  } finally {
    recorder.stop();
  }
}

/** Pauses so consecutive creations get distinct dateAdded values. */
export const tick = () => sleep(5);
