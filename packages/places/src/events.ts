// SPDX-License-Identifier: MPL-2.0
/**
 * `events`: the SDK's sdk/places/events, re-created. One emitter whose 'data' listeners receive `{type, data}` for
 * every change of bookmarks and history, in the order Firefox reported them, whoever made the change (this
 * extension's saves, another page, the user, sync, another extension). Listeners may also subscribe to one type:
 * `events.on('bookmark-item-added', (data, event) => ...)`.
 *
 * The events and their payloads follow the SDK (mozilla/addon-sdk lib/sdk/places/events.js), built on
 * browser.bookmarks.on* and browser.history.onVisited/onTitleChanged/onVisitRemoved. What the platform cannot give
 * (README.md, "Events"):
 *  - ids are Firefox's string GUIDs; `type` is 'bookmark' | 'group' | 'separator'; times are ms, not µs;
 *  - `sessionId` of history-visit is always null (Places dropped visit sessions), `transitionType` is the
 *    WebExtension transition name ('link', 'typed', ...) instead of the SDK's number;
 *  - a removed folder gives one bookmark-item-removed (Firefox reports one onRemoved for removeTree);
 *  - history-start-batch / history-end-batch are not reported by Firefox: they are emitted around the extension's own
 *    bulk jobs (cleanup, undo, import); history-delete-visits (some visits of a page removed) and
 *    history-page-changed (favicons) have no WebExtension event and are never emitted.
 */
import type { ItemType } from './items';

export interface BookmarkAddedData {
  id: string;
  parentId: string;
  index: number;
  type: ItemType;
  /** Null for groups and separators. */
  url: string | null;
  title: string;
  dateAdded: number;
}

export interface BookmarkChangedData {
  id: string;
  /**
   * 'title', 'uri' (the URL, as Places named it), 'tags' (the tag store's tags of the bookmark's URL) or 'dateAdded' (the
   * date the extension keeps for the item, e.g. from an imported file: Firefox lets no extension set it).
   */
  property: 'title' | 'uri' | 'tags' | 'dateAdded';
  /** The new title, the new URL, the URL's tags joined with ',' (tag names cannot contain commas), or the date in ms. */
  value: string;
  /** The item's `updated` clock right after the change (what a snapshot read now carries); null once it is gone. */
  lastModified: number | null;
  /** Null when the item was removed before it could be read. */
  type: ItemType | null;
  parentId: string | null;
}

export interface BookmarkMovedData {
  id: string;
  previousParentId: string;
  previousIndex: number;
  currentParentId: string;
  currentIndex: number;
  type: ItemType | null;
}

export interface BookmarkRemovedData {
  id: string;
  parentId: string;
  index: number;
  type: ItemType;
  url: string | null;
}

export interface BookmarkVisitedData {
  id: string;
  visitId: string | null;
  time: number;
  transitionType: string | null;
  url: string;
  parentId: string;
}

export interface HistoryVisitData {
  url: string;
  visitId: string | null;
  time: number;
  /** Always null: Places no longer keeps visit sessions. */
  sessionId: null;
  referringId: string | null;
  transitionType: string | null;
}

/** Every event, by its SDK name, with its payload. */
export interface PlacesEventMap {
  'bookmark-item-added': BookmarkAddedData;
  'bookmark-item-changed': BookmarkChangedData;
  'bookmark-item-moved': BookmarkMovedData;
  'bookmark-item-removed': BookmarkRemovedData;
  'bookmark-item-visited': BookmarkVisitedData;
  'history-visit': HistoryVisitData;
  'history-title-changed': { url: string; title: string };
  'history-delete-url': { url: string };
  /** All history was cleared. */
  'history-start-clear': Record<string, never>;
  'history-start-batch': Record<string, never>;
  'history-end-batch': Record<string, never>;
}

export type PlacesEventType = keyof PlacesEventMap;
export type PlacesEvent = { [K in PlacesEventType]: { type: K; data: PlacesEventMap[K] } }[PlacesEventType];

export const PLACES_EVENT_TYPES: readonly PlacesEventType[] = [
  'bookmark-item-added',
  'bookmark-item-changed',
  'bookmark-item-moved',
  'bookmark-item-removed',
  'bookmark-item-visited',
  'history-visit',
  'history-title-changed',
  'history-delete-url',
  'history-start-clear',
  'history-start-batch',
  'history-end-batch',
];

/** The name of the port a page subscribes over (one port per page, whatever its number of listeners). */
export const EVENTS_PORT_NAME = 'tidymarks-places-events';

/** What travels over the events port. Page -> background: only pings (keep-alive); background -> page: these. */
export type EventsPortMessage = { op: 'subscribed' } | { op: 'event'; event: PlacesEvent };

type DataListener = (event: PlacesEvent) => void;
type TypeListener<K extends PlacesEventType> = (data: PlacesEventMap[K], event: Extract<PlacesEvent, { type: K }>) => void;
type AnyListener = (...args: never[]) => void;

/** The emitter users hold: `on`/`once`/`off` for 'data' (every event) or one event type, and `ready()`. */
export interface PlacesEvents {
  on(event: 'data', listener: DataListener): this;
  on<K extends PlacesEventType>(event: K, listener: TypeListener<K>): this;
  once(event: 'data', listener: DataListener): this;
  once<K extends PlacesEventType>(event: K, listener: TypeListener<K>): this;
  /** Without a listener: removes every listener of that name. */
  off(event: 'data' | PlacesEventType, listener?: AnyListener): this;
  /**
   * Resolves when changes made from now on will be reported to the current listeners. In the background at once;
   * in a page, when the background has registered this page's subscription (it is made by the first `on`).
   */
  ready(): Promise<void>;
}

/**
 * The listener registry both sides share: the background hub and the page's port client extend it and call
 * `deliver` for each event; `onActiveChange` tells them when the first listener came or the last one went.
 */
export class PlacesEventListeners implements PlacesEvents {
  private readonly byName = new Map<string, Set<AnyListener>>();
  private count = 0;

  constructor(private readonly onActiveChange: (active: boolean) => void = () => undefined) {}

  get active(): boolean {
    return this.count > 0;
  }

  on(event: 'data' | PlacesEventType, listener: AnyListener): this {
    if (event !== 'data' && !PLACES_EVENT_TYPES.includes(event)) throw new TypeError(`Unknown Places event "${String(event)}".`);
    if (typeof listener !== 'function') throw new TypeError('A Places event listener must be a function.');
    let set = this.byName.get(event);
    if (!set) this.byName.set(event, (set = new Set()));
    if (set.has(listener)) return this;
    set.add(listener);
    if (++this.count === 1) this.onActiveChange(true);
    return this;
  }

  once(event: 'data' | PlacesEventType, listener: AnyListener): this {
    const wrapped = ((...args: never[]) => {
      this.off(event, wrapped);
      listener(...args);
    }) as AnyListener;
    return this.on(event, wrapped);
  }

  off(event: 'data' | PlacesEventType, listener?: AnyListener): this {
    const set = this.byName.get(event);
    if (!set) return this;
    const before = set.size;
    if (listener) set.delete(listener);
    else set.clear();
    const removed = before - set.size;
    if (removed && (this.count -= removed) === 0) this.onActiveChange(false);
    return this;
  }

  ready(): Promise<void> {
    return Promise.resolve();
  }

  /** Calls the 'data' listeners and the listeners of the event's type; a throwing listener never stops the others. */
  protected deliver(event: PlacesEvent): void {
    const call = (listener: AnyListener, ...args: unknown[]) => {
      try {
        (listener as (...a: unknown[]) => void)(...args);
      } catch (error) {
        queueMicrotask(() => {
          throw error;
        });
      }
    };
    for (const listener of [...(this.byName.get('data') ?? [])]) call(listener, event);
    for (const listener of [...(this.byName.get(event.type) ?? [])]) call(listener, event.data, event);
  }
}
