// SPDX-License-Identifier: MPL-2.0
/**
 * The background side of `events` (see events.ts): turns browser.bookmarks / browser.history events and tag-store
 * changes into the SDK's Places events, and fans them out to the background's own listeners and to every
 * subscribed page (one port per page).
 *
 * - Listeners on browser.history are registered, and the background's bookmark events (support/bookmark-events.ts)
 *   subscribed, while the hub is built (the event page's top level), but do nothing while nobody is subscribed: no
 *   lookups, no messages.
 * - Order: each Firefox event starts its lookups at once (the item's type and parent, a visit's id, the bookmarks of
 *   a visited URL) and its Places events are delivered through one queue, so they come out in Firefox's order.
 * - `lastModified` is the item's `updated` clock as a read right after the change gives it: it is read as a task of
 *   the engine's save queue, so for a save's own events it is read after the save recorded its writes and matches
 *   the snapshot that save returned.
 * - Pages: a page connects EVENTS_PORT_NAME and is subscribed until it disconnects; it pings to keep the event page
 *   from going idle while it listens (Firefox resets the idle timer on port messages), so no event is lost while a
 *   page is subscribed.
 * - Batches: `batch(work)` emits history-start-batch before and history-end-batch after our own bulk work (nested
 *   batches give one pair), and holds the background's batched bookmark-event subscribers until the work ends.
 * - Dates: when the extension keeps dates of its own (the engine's `bookmarkDates`; Tidymarks: an imported file's), each dated bookmark or folder gets a
 *   bookmark-item-changed with property 'dateAdded' (as Places' onItemChanged reported setItemDateAdded), the value
 *   the date in ms as text: the date the extension shows from then on.
 */
import * as v from 'valibot';
import type { BookmarkEvents } from './support/bookmark-events';
import { getExisting } from './support/get-existing';
import { isOwnSender, type Browser, type BookmarkNode, type PortLike } from './support/browser';
import { createSerialQueue, type SerialQueue } from './support/serial-queue';
import type { TagStore } from './tag-store';
import type { Clock } from './clock';
import { EVENTS_PORT_NAME, PlacesEventListeners, type EventsPortMessage, type ItemType, type PlacesEvent, type PlacesEventMap } from './caller';
import { itemType } from './nodes';

export interface EventHubDeps {
  browser: Browser;
  /** The background's bookmark events: the hub takes every event as it arrives, and holds the batches of our jobs. */
  bookmarkEvents: BookmarkEvents;
  tagStore: TagStore;
  clock: Clock;
  /** The engine's queue of save requests: lastModified is read when it has nothing running. */
  saves: SerialQueue;
  extensionId: string;
  extensionOrigin: string;
  /** The imported files' dates: a date kept is a change of the item's date added. */
  bookmarkDates?: DateChanges;
}

/** An item's date added as an extension keeps it (Tidymarks: an imported file's dates). */
export interface BookmarkDate {
  id: string;
  /** ms since the epoch */
  dateAdded?: number;
}

/** Dates an extension keeps for items, reported as they change. */
export interface DateChanges {
  onChange(listener: (records: readonly BookmarkDate[]) => void): unknown;
}

const pageMessage = v.strictObject({ op: v.literal('ping') });

type Work = PlacesEvent[] | Promise<PlacesEvent[]>;

function event<K extends keyof PlacesEventMap>(type: K, data: PlacesEventMap[K]): PlacesEvent {
  return { type, data } as PlacesEvent;
}

const typeOf = (node: BookmarkNode | undefined): ItemType | null => (node ? itemType(node) : null);

export class PlacesEventHub extends PlacesEventListeners {
  private readonly ports = new Set<PortLike>();
  private readonly ordered = createSerialQueue();
  private batchDepth = 0;

  constructor(private readonly deps: EventHubDeps) {
    super();
    const { browser, tagStore } = deps;
    const h = browser.history;
    // Every event as it arrives (not batched): pages see changes in Firefox's order and time. Nothing is made while
    // nobody listens (the event page's usual state: every change anyone makes passes through here).
    deps.bookmarkEvents.each((e) => {
      if (!this.subscribed) return;
      if (e.kind === 'created') this.when(() => [this.added(e.id, e.node)]);
      else if (e.kind === 'changed') this.when(() => this.changed(e.id, e));
      else if (e.kind === 'moved') this.when(() => this.moved(e.id, e));
      else this.when(() => [this.removed(e.id, e)]);
    });
    h.onVisited.addListener((item) => this.when(() => this.visited(item)));
    h.onTitleChanged?.addListener((changed) => this.when(() => [event('history-title-changed', { url: changed.url, title: changed.title })]));
    h.onVisitRemoved.addListener((removed) =>
      this.when(() => (removed.allHistory ? [event('history-start-clear', {})] : (removed.urls ?? []).map((url) => event('history-delete-url', { url })))),
    );
    tagStore.onChange((changes) => this.when(() => this.tagsChanged(changes)));
    deps.bookmarkDates?.onChange((records) => this.when(() => this.datesChanged(records)));
    browser.runtime.onConnect.addListener((port) => this.accept(port as unknown as PortLike));
  }

  /** Someone listens: the background's own listeners or a page. */
  get subscribed(): boolean {
    return this.active || this.ports.size > 0;
  }

  /** Pages subscribed now (tests). */
  get pageCount(): number {
    return this.ports.size;
  }

  /**
   * Runs our own bulk work between history-start-batch and history-end-batch. The events the work causes fire before
   * its browser calls resolve, so they are queued before the end of the batch.
   */
  async batch<T>(work: () => Promise<T>): Promise<T> {
    if (this.batchDepth++ === 0) this.when(() => [event('history-start-batch', {})]);
    try {
      // The background's batched subscribers (search index, clock, toolbar button, tags, file dates) hear the
      // work's bookmark changes as one batch at its end (support/bookmark-events.ts).
      return await this.deps.bookmarkEvents.hold(work);
    } finally {
      if (--this.batchDepth === 0) this.when(() => [event('history-end-batch', {})]);
    }
  }

  /** Wraps every handler of a record (the bulk jobs) in `batch`. */
  inBatch<H extends Record<string, (...args: never[]) => Promise<unknown>>>(handlers: H): H {
    const wrapped: Record<string, (...args: never[]) => Promise<unknown>> = {};
    for (const [name, handler] of Object.entries(handlers)) wrapped[name] = (...args) => this.batch(() => handler(...args));
    return wrapped as H;
  }

  // ---- subscribers ----

  private accept(port: PortLike): void {
    if (port.name !== EVENTS_PORT_NAME) return;
    const post = (message: EventsPortMessage) => this.post(port, message);
    if (!isOwnSender(port.sender, this.deps.extensionId, this.deps.extensionOrigin)) {
      port.disconnect();
      return;
    }
    this.ports.add(port);
    port.onDisconnect.addListener(() => this.ports.delete(port));
    // A ping only keeps the event page awake; anything else is refused without effect.
    port.onMessage.addListener((message) => {
      if (!v.safeParse(pageMessage, message).success) console.warn('Places: ignored a malformed message on the Places events port');
    });
    post({ op: 'subscribed' });
  }

  private post(port: PortLike, message: EventsPortMessage): void {
    try {
      port.postMessage(message);
    } catch {
      // The page went away; its onDisconnect removes it.
      this.ports.delete(port);
    }
  }

  // ---- the ordered pipeline ----

  /** Queues one Firefox event's Places events (`make` starts its lookups now), unless nobody listens. */
  private when(make: () => Work): void {
    if (!this.subscribed) return;
    let work: Work;
    try {
      work = make();
    } catch (error) {
      console.error('Places: a Places event could not be built', error);
      return;
    }
    void this.ordered.run(async () => {
      let events: PlacesEvent[];
      try {
        events = await work;
      } catch (error) {
        console.error('Places: a Places event could not be built', error);
        return;
      }
      for (const e of events) {
        this.deliver(e);
        for (const port of [...this.ports]) this.post(port, { op: 'event', event: e });
      }
    });
  }

  private node(id: string): Promise<BookmarkNode | undefined> {
    return this.deps.browser.bookmarks.get(id).then(
      (nodes) => nodes[0],
      () => undefined,
    );
  }

  /**
   * The item's clock, read as a task of the engine's save queue: after the save that caused the event has recorded
   * its writes, and never in the middle of another save (a read there could see an item between two writes).
   */
  private lastModified(id: string): Promise<number | null> {
    const { saves, clock, tagStore } = this.deps;
    return saves.run(async () => {
      const node = await this.node(id);
      if (!node) return null;
      const tags = node.url && itemType(node) === 'bookmark' ? await tagStore.getTags(node.url) : [];
      return (await clock.observe([{ node, tags }])).get(id) ?? null;
    });
  }

  private added(id: string, node: BookmarkNode): PlacesEvent {
    const type = itemType(node);
    return event('bookmark-item-added', {
      id,
      parentId: node.parentId ?? '',
      index: node.index ?? 0,
      type,
      url: type === 'bookmark' ? (node.url ?? null) : null,
      title: node.title ?? '',
      dateAdded: node.dateAdded ?? 0,
    });
  }

  private async changed(id: string, change: { title?: string; url?: string }): Promise<PlacesEvent[]> {
    const at = this.node(id);
    const properties: ['title' | 'uri', string][] = [];
    if (change.title !== undefined) properties.push(['title', change.title]);
    if (change.url !== undefined) properties.push(['uri', change.url]);
    const node = await at;
    const lastModified = await this.lastModified(id);
    return properties.map(([property, value]) =>
      event('bookmark-item-changed', { id, property, value, lastModified, type: typeOf(node), parentId: node?.parentId ?? null }),
    );
  }

  private async moved(id: string, move: { parentId: string; index: number; oldParentId: string; oldIndex: number }): Promise<PlacesEvent[]> {
    const node = await this.node(id);
    return [
      event('bookmark-item-moved', {
        id,
        previousParentId: move.oldParentId,
        previousIndex: move.oldIndex,
        currentParentId: move.parentId,
        currentIndex: move.index,
        type: typeOf(node),
      }),
    ];
  }

  private removed(id: string, info: { parentId: string; index: number; node: BookmarkNode }): PlacesEvent {
    const type = itemType(info.node);
    return event('bookmark-item-removed', {
      id,
      parentId: info.parentId,
      index: info.index,
      type,
      url: type === 'bookmark' ? (info.node.url ?? null) : null,
    });
  }

  private async bookmarksOf(url: string): Promise<BookmarkNode[]> {
    try {
      return (await this.deps.browser.bookmarks.search({ url })).filter((n) => itemType(n) === 'bookmark');
    } catch {
      return []; // A URL bookmarks.search refuses has no bookmarks.
    }
  }

  private async visitsOf(url: string) {
    try {
      return await this.deps.browser.history.getVisits({ url });
    } catch {
      return [];
    }
  }

  /** history-visit, then bookmark-item-visited for each bookmark of the URL. */
  private async visited(item: { url?: string; lastVisitTime?: number }): Promise<PlacesEvent[]> {
    const url = item.url;
    if (!url) return [];
    const time = item.lastVisitTime ?? 0;
    const [visits, bookmarks] = await Promise.all([this.visitsOf(url), this.bookmarksOf(url)]);
    const visit = visits.find((v) => v.visitTime === time);
    const visitId = visit?.visitId ?? null;
    const transitionType = visit?.transition ?? null;
    return [
      event('history-visit', { url, visitId, time, sessionId: null, referringId: visit?.referringVisitId ?? null, transitionType }),
      ...bookmarks.map((b) => event('bookmark-item-visited', { id: b.id, visitId, time, transitionType, url, parentId: b.parentId ?? '' })),
    ];
  }

  /** One bookmark-item-changed 'dateAdded' per dated item still there; items read and clocked in one batch. */
  private async datesChanged(records: readonly BookmarkDate[]): Promise<PlacesEvent[]> {
    const dated = records.filter((r) => r.dateAdded !== undefined);
    if (!dated.length) return [];
    const { saves, clock, tagStore, browser } = this.deps;
    // As lastModified(): read as a task of the save queue.
    const { nodes, updated } = await saves.run(async () => {
      const nodes = await getExisting(
        browser,
        dated.map((r) => r.id),
      );
      const urls = [...nodes.values()].filter((n) => itemType(n) === 'bookmark' && n.url).map((n) => n.url!);
      const tagsByUrl = urls.length ? await tagStore.getTagsForUrls(urls) : new Map<string, string[]>();
      const observed = [...nodes.values()].map((node) => ({ node, tags: (node.url && tagsByUrl.get(node.url)) || [] }));
      return { nodes, updated: await clock.observe(observed) };
    });
    const out: PlacesEvent[] = [];
    for (const r of dated) {
      const node = nodes.get(r.id);
      if (!node) continue; // Gone meanwhile: its removal was reported.
      out.push(
        event('bookmark-item-changed', {
          id: r.id,
          property: 'dateAdded',
          value: String(r.dateAdded),
          lastModified: updated.get(r.id) ?? null,
          type: itemType(node),
          parentId: node.parentId ?? null,
        }),
      );
    }
    return out;
  }

  /** Tags belong to the URL: a tag change is a change of every bookmark of that URL (as Places reported it). */
  private async tagsChanged(changes: readonly { url: string; tags: readonly string[] }[]): Promise<PlacesEvent[]> {
    const found = await Promise.all(changes.map((c) => this.bookmarksOf(c.url)));
    const out: PlacesEvent[] = [];
    for (let i = 0; i < changes.length; i++) {
      for (const b of found[i]!) {
        const lastModified = await this.lastModified(b.id);
        out.push(
          event('bookmark-item-changed', { id: b.id, property: 'tags', value: changes[i]!.tags.join(','), lastModified, type: 'bookmark', parentId: b.parentId ?? null }),
        );
      }
    }
    return out;
  }
}
