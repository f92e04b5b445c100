// SPDX-License-Identifier: MPL-2.0
/**
 * `events` in an extension page: the first listener opens one port to the background (EVENTS_PORT_NAME), which fans
 * every Places event out to it; removing the last listener closes the port, and nothing more travels.
 *
 * While subscribed, the page pings over the port every `keepAliveMs` (Firefox resets an event page's idle timer on
 * port messages; its default idle timeout is 30 s), so the background keeps running and no event is lost. If the
 * background goes away anyway (the extension reloads, Firefox kills it), the page subscribes again at once; changes
 * made in between are not reported (README.md).
 */
import type { PortLike } from './support/browser';
import { EVENTS_PORT_NAME, PlacesEventListeners, type EventsPortMessage } from './events';

export interface PageEventsOptions {
  /** How often a subscribed page pings the background (ms); keep it well below Firefox's idle timeout. */
  keepAliveMs?: number;
}

export const DEFAULT_KEEP_ALIVE_MS = 10_000;

export class PagePlacesEvents extends PlacesEventListeners {
  private port: PortLike | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private subscribed: Promise<void> = Promise.resolve();
  /** Resolves `subscribed`; null once it is resolved. */
  private acknowledge: (() => void) | null = null;
  private retry: ReturnType<typeof setTimeout> | null = null;
  /** Ports closed before the background acknowledged them, in a row: each waits twice as long before retrying. */
  private failures = 0;
  private readonly keepAliveMs: number;

  constructor(
    private readonly connect: (name: string) => PortLike,
    options: PageEventsOptions = {},
  ) {
    super((active) => (active ? this.open() : this.close()));
    this.keepAliveMs = options.keepAliveMs ?? DEFAULT_KEEP_ALIVE_MS;
  }

  override ready(): Promise<void> {
    return this.subscribed;
  }

  /** From now until the background acknowledges a port, ready() waits. */
  private waitForAcknowledgement(): void {
    if (this.acknowledge) return;
    this.subscribed = new Promise<void>((resolve) => (this.acknowledge = resolve));
  }

  private open(): void {
    this.waitForAcknowledgement();
    let port: PortLike;
    try {
      port = this.connect(EVENTS_PORT_NAME);
    } catch {
      this.retryLater(false);
      return;
    }
    this.port = port;
    let acknowledged = false;
    port.onMessage.addListener((message) => {
      if (this.port !== port) return;
      const m = message as EventsPortMessage;
      if (m?.op === 'subscribed') {
        acknowledged = true;
        this.failures = 0;
        this.acknowledge?.();
        this.acknowledge = null;
      } else if (m?.op === 'event') this.deliver(m.event);
    });
    port.onDisconnect.addListener(() => {
      if (this.port !== port) return;
      this.stopPinging();
      this.port = null;
      if (this.active) this.retryLater(acknowledged);
    });
    this.timer = setInterval(() => {
      try {
        port.postMessage({ op: 'ping' });
      } catch {
        // Disconnected: onDisconnect subscribes again.
      }
    }, this.keepAliveMs);
  }

  /**
   * The background went away while we listen: subscribe again (connecting wakes it). A port that was never
   * acknowledged (no background to answer) is retried later, 100 ms, 200 ms, ... up to 5 s apart.
   */
  private retryLater(wasAcknowledged: boolean): void {
    this.waitForAcknowledgement();
    if (!wasAcknowledged) this.failures++;
    const delay = this.failures ? Math.min(5000, 50 * 2 ** this.failures) : 0;
    this.retry = setTimeout(() => {
      this.retry = null;
      if (this.active && !this.port) this.open();
    }, delay);
  }

  private close(): void {
    this.stopPinging();
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    const port = this.port;
    this.port = null;
    this.acknowledge?.();
    this.acknowledge = null;
    this.subscribed = Promise.resolve();
    port?.disconnect();
  }

  private stopPinging(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
