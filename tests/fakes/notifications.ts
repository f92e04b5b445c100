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
  let nextId = 1;
  const events = {
    onClicked: hub.event<(id: string) => void>(),
    onButtonClicked: hub.event<(id: string, buttonIndex: number) => void>(),
    onClosed: hub.event<(id: string, byUser: boolean) => void>(),
    onShown: hub.event<(id: string) => void>(),
  };

  function create(idOrOptions: string | NotificationOptions, maybeOptions?: NotificationOptions): string {
    const [id, options] = typeof idOrOptions === 'string' ? [idOrOptions, maybeOptions] : [`fake-notification-${nextId++}`, idOrOptions];
    if (!options || typeof options.title !== 'string' || typeof options.message !== 'string') {
      throw new Error('Type error for parameter options (Property "title" and "message" are required) for notifications.create.');
    }
    shown.set(id, structuredClone(options));
    events.onShown.emit(id);
    return id;
  }

  const api = {
    ...events,
    async create(idOrOptions: string | NotificationOptions, maybeOptions?: NotificationOptions): Promise<string> {
      return create(idOrOptions, maybeOptions);
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
