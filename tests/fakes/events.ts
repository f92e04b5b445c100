/**
 * Events of the fake browser: the same addListener/removeListener/hasListener surface as WebExtension events.
 * Every event belongs to a hub, so `unload()` can drop all listeners at once (the event page going away), and
 * listener errors are collected instead of breaking the caller (Firefox logs them and carries on).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the bound every listener type meets; a listener is called with Parameters<L>
export type AnyListener = (...args: any[]) => unknown;

export class EventHub {
  private readonly events: FakeEvent<AnyListener>[] = [];
  /** Errors thrown (or rejected) by listeners, oldest first. */
  readonly listenerErrors: unknown[] = [];

  event<L extends AnyListener>(): FakeEvent<L> {
    const event = new FakeEvent<L>(this);
    this.events.push(event as unknown as FakeEvent<AnyListener>);
    return event;
  }

  /** Drops every listener of every event of this hub. */
  clearAll(): void {
    for (const event of this.events) event.clear();
  }

  report(error: unknown): void {
    this.listenerErrors.push(error);
  }
}

export class FakeEvent<L extends AnyListener> {
  private listeners: L[] = [];

  constructor(private readonly hub: EventHub) {}

  addListener = (listener: L): void => {
    if (!this.listeners.includes(listener)) this.listeners.push(listener);
  };

  removeListener = (listener: L): void => {
    this.listeners = this.listeners.filter((l) => l !== listener);
  };

  hasListener = (listener: L): boolean => this.listeners.includes(listener);

  hasListeners = (): boolean => this.listeners.length > 0;

  get listenerCount(): number {
    return this.listeners.length;
  }

  /** The current listeners, for APIs whose dispatch has its own rules (runtime.onMessage replies). */
  snapshot(): L[] {
    return this.listeners.slice();
  }

  /**
   * Calls every listener (a snapshot of the list, as Firefox does) with the arguments, structured-cloned once as
   * when an event crosses into an extension context. Returns each listener's return value.
   */
  emit(...args: Parameters<L>): unknown[] {
    const cloned = structuredClone(args) as Parameters<L>;
    return this.listeners.slice().map((listener) => this.call(listener, cloned));
  }

  /** Like emit, but without cloning (for arguments that are live objects such as ports). */
  emitLive(...args: Parameters<L>): unknown[] {
    return this.listeners.slice().map((listener) => this.call(listener, args));
  }

  clear(): void {
    this.listeners = [];
  }

  private call(listener: L, args: Parameters<L>): unknown {
    try {
      const result = listener(...args);
      if (result instanceof Promise) result.catch((error: unknown) => this.hub.report(error));
      return result;
    } catch (error) {
      this.hub.report(error);
      return undefined;
    }
  }
}
