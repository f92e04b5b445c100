/**
 * Records browser events inside a contract case. As measured in Firefox (case "a call's own events reach the listeners
 * before the call resolves"), a call's own events have reached this page's listeners when the call resolves; with two
 * calls racing, an event may come after the *other* call resolved, never after its own. So a case awaits its calls and
 * takes what came: `waitFor(count)` resolves as soon as `count` events are in (a timeout only guards against a hang),
 * and `settle()` is one more round trip through Places, which answers after every call made before it, so an extra
 * event cannot go unseen. Listeners are always removed (use `withEvents`).
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
  /** Resolves once at least `count` events were recorded (rejects after the guard timeout), after a round trip; takes them all. */
  waitFor(count: number, timeoutMs?: number): Promise<RecordedEvent[]>;
  /** One round trip through Places: the events of every call made before it have arrived by its end. */
  settle(): Promise<void>;
  stop(): void;
}

const BOOKMARK_EVENTS = ['onCreated', 'onRemoved', 'onChanged', 'onMoved'] as const;
const HISTORY_EVENTS = ['onVisited', 'onVisitRemoved', 'onTitleChanged'] as const;

type AnyEvent = { addListener(cb: (...args: unknown[]) => void): void; removeListener(cb: (...args: unknown[]) => void): void };

export function recordEvents(b: Browser): EventRecorder {
  const log: RecordedEvent[] = [];
  const registered: [AnyEvent, (...args: unknown[]) => void][] = [];
  let arrived: (() => void) | null = null;
  const listen = (event: AnyEvent, name: string) => {
    const listener = (...args: unknown[]) => {
      log.push({ name, args: structuredClone(args) });
      arrived?.();
    };
    event.addListener(listener);
    registered.push([event, listener]);
  };
  for (const name of BOOKMARK_EVENTS) listen(b.bookmarks[name] as unknown as AnyEvent, name);
  for (const name of HISTORY_EVENTS) listen(b.history[name] as unknown as AnyEvent, `history.${name}`);

  const settle = async () => {
    await b.bookmarks.get('root________');
  };

  return {
    log,
    take: () => log.splice(0),
    async waitFor(count, timeoutMs = 3000) {
      if (log.length < count) {
        await new Promise<void>((resolve, reject) => {
          const guard = setTimeout(() => {
            arrived = null;
            reject(new ContractFailure(`expected ${count} events within ${timeoutMs} ms, got ${log.length}: ${JSON.stringify(log)}`));
          }, timeoutMs);
          arrived = () => {
            if (log.length < count) return;
            clearTimeout(guard);
            arrived = null;
            resolve();
          };
        });
      }
      // Anything else the calls so far caused has arrived after one more round trip, and shows up in the log.
      await settle();
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

/**
 * Resolves once the clock shows a later millisecond than `ms` (a node's dateAdded or dateGroupModified): whatever Places
 * dates next is dated later. Polls the clock, yielding a task between readings.
 */
export async function clockPast(ms: number): Promise<void> {
  while (Date.now() <= ms) await new Promise((resolve) => setTimeout(resolve, 0));
}
