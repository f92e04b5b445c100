/**
 * browser.notifications in memory: create (basic notifications need title and message), clear, getAll, and the
 * click/close events a user would cause through control.clickNotification / closeNotification.
 */
import type { EventHub } from './events';

export interface NotificationOptions {
  type: 'basic' | 'image' | 'list' | 'progress';
  title: string;
  message: string;
  iconUrl?: string;
  contextMessage?: string;
  priority?: number;
  eventTime?: number;
}

export interface ShownNotification extends NotificationOptions {
  id: string;
}

export function createFakeNotifications(hub: EventHub) {
  const shown = new Map<string, NotificationOptions>();
  let nextId = 0;
  const events = {
    onClicked: hub.event<(id: string) => void>(),
    onButtonClicked: hub.event<(id: string, buttonIndex: number) => void>(),
    onClosed: hub.event<(id: string, byUser: boolean) => void>(),
    onShown: hub.event<(id: string) => void>(),
  };

  function check(options: NotificationOptions | undefined): void {
    for (const property of ['type', 'title', 'message'] as const) {
      if (typeof options?.[property] !== 'string') {
        throw new Error(`Type error for parameter options (Property "${property}" is required) for notifications.create.`);
      }
    }
  }

  function show(id: string, options: NotificationOptions): string {
    shown.set(id, structuredClone(options));
    events.onShown.emit(id);
    return id;
  }

  const api = {
    ...events,
    /** Checks the options synchronously (Firefox's schema check); ids are generated as "0", "1", ... */
    create(idOrOptions: string | NotificationOptions, maybeOptions?: NotificationOptions): Promise<string> {
      const [id, options] = typeof idOrOptions === 'string' ? [idOrOptions, maybeOptions] : [String(nextId++), idOrOptions];
      check(options);
      return Promise.resolve().then(() => show(id, options!));
    },
    async clear(id: string): Promise<boolean> {
      const existed = shown.delete(id);
      if (existed) events.onClosed.emit(id, false);
      return existed;
    },
    async getAll(): Promise<Record<string, NotificationOptions>> {
      return Object.fromEntries([...shown].map(([id, o]) => [id, structuredClone(o)]));
    },
  };

  const control = {
    /** The notifications on screen now, oldest first. */
    get notifications(): ShownNotification[] {
      return [...shown].map(([id, o]) => ({ id, ...structuredClone(o) }));
    },
    clickNotification(id: string): void {
      if (!shown.has(id)) throw new Error(`No notification "${id}" is shown`);
      events.onClicked.emit(id);
    },
    closeNotification(id: string): void {
      if (shown.delete(id)) events.onClosed.emit(id, true);
    },
  };

  return { api, control };
}
