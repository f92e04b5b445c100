/**
 * `events` (the SDK's sdk/places/events) with the fake browser: every event type, for changes made through the
 * Places API, by another page and by browser.bookmarks / browser.history directly, in Firefox's order and with the
 * SDK's payload shape; the same in the background and in a page (one port, fanned out); unsubscribing stops
 * traffic; batches around our own bulk jobs.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createClient } from '../../../src/app-protocol/client';
import { Bookmark, Group, MENU, UNSORTED, remove, type PlacesEvent } from '@tidymarks/places';
import { EVENTS_PORT_NAME } from '@tidymarks/places';
import { createPagePlaces } from '../../../src/places';
import { boot, type Booted } from '../../kit/boot';
import { planFromTree } from '../dedup/cleanup-fixtures';

let env: Booted;
beforeEach(async () => {
  env = await boot({ seed: 7 });
});

const url = (n: number | string) => `https://example.org/${n}`;

/** Subscribes a Places API's events and collects them. */
async function listen(events: Booted['places']['events']) {
  const got: PlacesEvent[] = [];
  const listener = (e: PlacesEvent) => got.push(e);
  events.on('data', listener);
  await events.ready();
  return { got, types: () => got.map((e) => e.type), stop: () => events.off('data', listener) };
}

const KEYS: Record<PlacesEvent['type'], string[]> = {
  'bookmark-item-added': ['dateAdded', 'id', 'index', 'parentId', 'title', 'type', 'url'],
  'bookmark-item-changed': ['id', 'lastModified', 'parentId', 'property', 'type', 'value'],
  'bookmark-item-moved': ['currentIndex', 'currentParentId', 'id', 'previousIndex', 'previousParentId', 'type'],
  'bookmark-item-removed': ['id', 'index', 'parentId', 'type', 'url'],
  'bookmark-item-visited': ['id', 'parentId', 'time', 'transitionType', 'url', 'visitId'],
  'history-visit': ['referringId', 'sessionId', 'time', 'transitionType', 'url', 'visitId'],
  'history-title-changed': ['title', 'url'],
  'history-delete-url': ['url'],
  'history-start-clear': [],
  'history-start-batch': [],
  'history-end-batch': [],
};

function expectShapes(events: PlacesEvent[]) {
  for (const e of events) expect(Object.keys(e.data).sort(), e.type).toEqual(KEYS[e.type]);
}

describe('events', () => {
  it('changes made through the page API: added, changed (title, uri, tags), moved, removed, in order, SDK payloads', async () => {
    const page = await listen(env.places.events);
    const background = await listen(env.app.places.events);
    const [group] = (await env.places.save(new Group({ title: 'G', group: MENU }))) as Group[];
    const [b] = (await env.places.save(new Bookmark({ title: 'one', url: url(1), group, tags: ['t'] }))) as Bookmark[];
    b.title = 'two';
    const [retitled] = (await env.places.save(b)) as Bookmark[];
    retitled.url = url(2);
    await env.places.save(retitled);
    retitled.tags = new Set(['t', 'u']);
    const [retagged] = (await env.places.save(retitled)) as Bookmark[];
    retagged.group = UNSORTED;
    await env.places.save(retagged);
    await env.places.save(remove(retagged));

    // Tags belong to the URL: the new bookmark's URL gets tags, then the tags follow the bookmark to its new URL.
    const expected = [
      'bookmark-item-added G',
      'bookmark-item-added one',
      'bookmark-item-changed tags',
      'bookmark-item-changed title',
      'bookmark-item-changed uri',
      'bookmark-item-changed tags',
      'bookmark-item-changed tags',
      'bookmark-item-moved',
      'bookmark-item-removed',
    ];
    const described = (got: PlacesEvent[]) =>
      got.map((e) => [e.type, (e.data as { title?: string }).title ?? (e.data as { property?: string }).property].filter(Boolean).join(' '));
    await vi.waitFor(() => expect(described(page.got)).toEqual(expected));
    await vi.waitFor(() => expect(described(background.got)).toEqual(expected));
    expect(background.got).toEqual(page.got);
    expectShapes(page.got);
    const [addedGroup, addedBookmark, firstTags, title, uri, movedTags, tags, moved, removed] = page.got.map((e) => e.data) as never[];
    expect(firstTags).toMatchObject({ id: b.id, property: 'tags', value: 't', lastModified: b.updated });
    expect(movedTags).toMatchObject({ id: b.id, property: 'tags', value: 't' });
    expect(addedGroup).toMatchObject({ id: group.id, parentId: MENU.id, index: 0, type: 'group', url: null, title: 'G' });
    expect(addedBookmark).toMatchObject({ id: b.id, parentId: group.id, index: 0, type: 'bookmark', url: url(1), title: 'one' });
    expect(typeof (addedBookmark as { dateAdded: number }).dateAdded).toBe('number');
    expect(title).toEqual({ id: b.id, property: 'title', value: 'two', lastModified: retitled.updated, type: 'bookmark', parentId: group.id });
    expect(uri).toMatchObject({ id: b.id, property: 'uri', value: url(2), type: 'bookmark', parentId: group.id });
    expect(tags).toMatchObject({ id: b.id, property: 'tags', value: 't,u', lastModified: retagged.updated, type: 'bookmark' });
    expect(moved).toEqual({ id: b.id, previousParentId: group.id, previousIndex: 0, currentParentId: UNSORTED.id, currentIndex: 0, type: 'bookmark' });
    expect(removed).toEqual({ id: b.id, parentId: UNSORTED.id, index: 0, type: 'bookmark', url: url(2) });
  });

  it('changes made by another page and by browser.bookmarks directly reach the listening page, in order', async () => {
    const page = await listen(env.places.events);
    const other = createPagePlaces(createClient(env.fake.control.transport));
    const [fromOther] = (await other.save(new Bookmark({ title: 'other', url: url('o') }))) as Bookmark[];
    fromOther.title = 'other 2';
    const [retitled] = (await other.save(fromOther)) as Bookmark[];
    retitled.group = MENU;
    const [moved] = (await other.save(retitled)) as Bookmark[];
    await other.save(remove(moved));
    const direct = await env.browser.bookmarks.create({ parentId: MENU.id!, title: 'direct', url: url('d') });
    const sep = await env.browser.bookmarks.create({ parentId: MENU.id!, type: 'separator' });
    await env.browser.bookmarks.update(direct.id, { title: 'direct 2', url: url('d2') });
    await env.browser.bookmarks.move(direct.id, { parentId: MENU.id!, index: 2 });
    await env.browser.bookmarks.removeTree(sep.id);
    await vi.waitFor(() =>
      expect(page.got.map((e) => `${e.type} ${(e.data as { id?: string }).id}`)).toEqual([
        `bookmark-item-added ${fromOther.id}`,
        `bookmark-item-changed ${fromOther.id}`,
        `bookmark-item-moved ${fromOther.id}`,
        `bookmark-item-removed ${fromOther.id}`,
        `bookmark-item-added ${direct.id}`,
        `bookmark-item-added ${sep.id}`,
        `bookmark-item-changed ${direct.id}`,
        `bookmark-item-changed ${direct.id}`,
        `bookmark-item-moved ${direct.id}`,
        `bookmark-item-removed ${sep.id}`,
      ]),
    );
    expectShapes(page.got);
    const [, otherChanged, otherMoved, otherRemoved, , sepAdded, title, uri, directMoved, sepRemoved] = page.got.map((e) => e.data);
    expect(otherChanged).toEqual({ id: fromOther.id, property: 'title', value: 'other 2', lastModified: retitled.updated, type: 'bookmark', parentId: UNSORTED.id });
    expect(otherMoved).toEqual({ id: fromOther.id, previousParentId: UNSORTED.id, previousIndex: 0, currentParentId: MENU.id, currentIndex: 0, type: 'bookmark' });
    expect(otherRemoved).toEqual({ id: fromOther.id, parentId: MENU.id, index: 0, type: 'bookmark', url: url('o') });
    expect(sepAdded).toMatchObject({ type: 'separator', url: null, title: '', index: 1 });
    expect(title).toMatchObject({ property: 'title', value: 'direct 2', type: 'bookmark', parentId: MENU.id });
    expect(uri).toMatchObject({ property: 'uri', value: url('d2') });
    // A change nobody made through save: lastModified is the clock a later read gives.
    const [read] = (await env.places.search({ query: 'direct' })) as Bookmark[];
    expect((uri as { lastModified: number }).lastModified).toBe(read.updated);
    expect(directMoved).toEqual({ id: direct.id, previousParentId: MENU.id, previousIndex: 0, currentParentId: MENU.id, currentIndex: 1, type: 'bookmark' });
    expect(sepRemoved).toEqual({ id: sep.id, parentId: MENU.id, index: 0, type: 'separator', url: null });
  });

  it('history: history-visit (and bookmark-item-visited for a bookmarked URL), history-title-changed, history-delete-url, history-start-clear', async () => {
    const [b] = (await env.places.save(new Bookmark({ title: 'visited', url: url('v') }))) as Bookmark[];
    const page = await listen(env.places.events);
    const t0 = Date.now() - 10_000;
    await env.browser.history.addUrl({ url: url('v'), visitTime: t0, transition: 'typed' });
    await env.browser.history.addUrl({ url: url('v'), title: 'V2', visitTime: t0 + 1000 });
    await env.browser.history.addUrl({ url: url('plain'), visitTime: t0 + 2000 });
    await env.browser.history.deleteUrl({ url: url('plain') });
    await env.browser.history.deleteAll();
    await vi.waitFor(() =>
      expect(page.types()).toEqual([
        'history-visit',
        'bookmark-item-visited',
        'history-visit',
        'bookmark-item-visited',
        'history-title-changed',
        'history-visit',
        'history-delete-url',
        'history-start-clear',
      ]),
    );
    expectShapes(page.got);
    const visits = await env.browser.history.getVisits({ url: url('v') });
    expect(visits).toEqual([]); // deleteAll: the ids below were read while the visits existed
    expect(page.got[0].data).toMatchObject({ url: url('v'), time: t0, sessionId: null, transitionType: 'typed', referringId: '0' });
    expect(typeof (page.got[0].data as { visitId: unknown }).visitId).toBe('string');
    expect(page.got[1].data).toEqual({
      id: b.id,
      visitId: (page.got[0].data as { visitId: string }).visitId,
      time: t0,
      transitionType: 'typed',
      url: url('v'),
      parentId: UNSORTED.id,
    });
    expect(page.got[2].data).toMatchObject({ time: t0 + 1000, transitionType: 'link' });
    expect((page.got[2].data as { visitId: string }).visitId).not.toBe((page.got[0].data as { visitId: string }).visitId);
    expect(page.got[4].data).toEqual({ url: url('v'), title: 'V2' });
    expect(page.got[6].data).toEqual({ url: url('plain') });
    expect(page.got[7].data).toEqual({});
  });

  it('listeners by type get (data, event); once() fires one time; a throwing listener does not stop the others', async () => {
    const added: unknown[] = [];
    const once = vi.fn();
    const after = vi.fn();
    const thrown: unknown[] = [];
    const onError = (error: unknown) => thrown.push(error);
    process.on('uncaughtException', onError);
    try {
      env.places.events.on('data', () => {
        throw new Error('listener bug');
      });
      env.places.events.on('bookmark-item-added', (data, event) => added.push([data.title, event.type]));
      env.places.events.once('bookmark-item-added', once);
      env.places.events.on('bookmark-item-removed', after);
      await env.places.events.ready();
      const [a] = (await env.places.save(new Bookmark({ title: 'a', url: url('a') }))) as Bookmark[];
      await env.places.save(new Bookmark({ title: 'b', url: url('b') }));
      await env.places.save(remove(a));
      await vi.waitFor(() => expect(after).toHaveBeenCalledTimes(1));
      expect(added).toEqual([
        ['a', 'bookmark-item-added'],
        ['b', 'bookmark-item-added'],
      ]);
      expect(once).toHaveBeenCalledTimes(1);
      await vi.waitFor(() => expect(thrown).toHaveLength(3));
    } finally {
      process.off('uncaughtException', onError);
      env.places.events.off('data');
    }
    expect(() => env.places.events.on('bookmark-item-exploded' as never, () => undefined)).toThrow('Unknown Places event');
  });

  it('one port per page whatever the number of listeners; removing the last listener closes it and stops the traffic', async () => {
    const connect = vi.spyOn(env.fake.control.transport, 'connect');
    const hub = env.app.placesFeature.events;
    const first = () => undefined;
    const second = () => undefined;
    env.places.events.on('data', first).on('bookmark-item-added', second);
    await env.places.events.ready();
    expect(connect.mock.calls.map((c) => c[0])).toEqual([EVENTS_PORT_NAME]);
    expect(hub.pageCount).toBe(1);
    env.places.events.off('data', first);
    expect(hub.pageCount).toBe(1);
    // What reaches this page's port from now on (the port the one connect() above opened).
    const pagePort = connect.mock.results[0]!.value as { onMessage: { addListener(l: (m: unknown) => void): void } };
    const reached: unknown[] = [];
    pagePort.onMessage.addListener((m) => reached.push(m));
    env.places.events.off('bookmark-item-added', second);
    await vi.waitFor(() => expect(hub.pageCount).toBe(0));
    expect(hub.subscribed).toBe(false);
    // Another page still listens and hears a change; nothing of it travels to the page that unsubscribed.
    const other = createPagePlaces(createClient(env.fake.control.transport));
    const heard = await listen(other.events);
    await env.browser.bookmarks.create({ parentId: UNSORTED.id!, title: 'heard elsewhere', url: url('e') });
    await vi.waitFor(() => expect(heard.types()).toEqual(['bookmark-item-added']));
    expect(reached).toEqual([]);
    heard.stop();
    await vi.waitFor(() => expect(hub.pageCount).toBe(0));
    // Nobody listens: a change costs the hub no lookup at all.
    const get = vi.spyOn(env.browser.bookmarks, 'get');
    const b = await env.browser.bookmarks.create({ parentId: UNSORTED.id!, title: 'quiet', url: url('q') });
    await env.browser.bookmarks.update(b.id, { title: 'still quiet' });
    // The hub would have asked for the item while the event was dispatched (the clock's own batch comes later).
    expect(get).not.toHaveBeenCalled();
  });

  it('history-start-batch and history-end-batch surround our own bulk jobs (an import), with its changes inside', async () => {
    const page = await listen(env.places.events);
    const html = `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<DL><p>
<DT><H3>Imported</H3>
<DL><p>
<DT><A HREF="https://imported.example/1">one</A>
<DT><A HREF="https://imported.example/2">two</A>
</DL><p>
</DL>`;
    await env.client.startJob('bookmarksHtml.import', { html, target: { into: 'folder', folderId: UNSORTED.id! } }).result;
    await env.places.save(new Bookmark({ title: 'after', url: url('after') }));
    await vi.waitFor(() => expect(page.types().at(-1)).toBe('bookmark-item-added'));
    const types = page.types();
    expect(types[0]).toBe('history-start-batch');
    expect(types.indexOf('history-end-batch')).toBe(types.length - 2);
    expect(types.slice(1, -2).every((t) => t.startsWith('bookmark-item-'))).toBe(true);
    expect(page.got.filter((e) => e.type === 'bookmark-item-added').map((e) => (e.data as { title: string }).title)).toEqual(['Imported', 'one', 'two', 'after']);
  });

  it('history-start-batch and history-end-batch surround a duplicate cleanup and its undo, one pair each', async () => {
    for (const title of ['keep', 'copy 1', 'copy 2']) await env.browser.bookmarks.create({ parentId: MENU.id!, title, url: url('dup') });
    const plan = await planFromTree(env.browser, { createdAt: Date.now() });
    expect(plan.removals).toHaveLength(2);
    const page = await listen(env.places.events);
    const applied = await env.client.startJob('dedup.cleanup', plan).result;
    await vi.waitFor(() => expect(page.types().at(-1)).toBe('history-end-batch'));
    expect(page.types()).toEqual(['history-start-batch', 'bookmark-item-removed', 'bookmark-item-removed', 'history-end-batch']);
    page.got.length = 0;
    await env.client.startJob('history.undo', { sessionId: applied.sessionId }).result;
    await vi.waitFor(() => expect(page.types().at(-1)).toBe('history-end-batch'));
    const types = page.types();
    expect(types[0]).toBe('history-start-batch');
    expect(types.filter((t) => t.endsWith('-batch'))).toEqual(['history-start-batch', 'history-end-batch']);
    expect(
      page.got
        .filter((e) => e.type === 'bookmark-item-added')
        .map((e) => (e.data as { title: string }).title)
        .sort(),
    ).toEqual(['copy 1', 'copy 2']);
  });

  it('nested batches give one pair; a bulk job that fails still ends its batch', async () => {
    const page = await listen(env.places.events);
    const hub = env.app.placesFeature.events;
    const failing = hub.batch(async () => {
      await hub.batch(() => env.browser.bookmarks.create({ parentId: UNSORTED.id!, title: 'inner', url: url('inner') }));
      await env.browser.bookmarks.create({ parentId: UNSORTED.id!, title: 'outer', url: url('outer') });
      throw new Error('the job failed');
    });
    await expect(failing).rejects.toThrow('the job failed');
    await vi.waitFor(() => expect(page.types().at(-1)).toBe('history-end-batch'));
    expect(page.got.map((e) => [e.type, (e.data as { title?: string }).title].filter(Boolean).join(' '))).toEqual([
      'history-start-batch',
      'bookmark-item-added inner',
      'bookmark-item-added outer',
      'history-end-batch',
    ]);
  });

  it('a page subscribes again by itself after the event page went away; ready() says when', async () => {
    const page = await listen(env.places.events);
    const app = env.restart();
    await vi.waitFor(() => expect(app.placesFeature.events.pageCount).toBe(1));
    await env.places.events.ready();
    await env.browser.bookmarks.create({ parentId: UNSORTED.id!, title: 'after restart', url: url('r') });
    await vi.waitFor(() => expect(page.types()).toEqual(['bookmark-item-added']));
  });

  it('a malformed message on the events port changes nothing; a port from outside the extension is refused', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const port = env.fake.control.connect(EVENTS_PORT_NAME);
    const received: unknown[] = [];
    port.onMessage.addListener((m) => received.push(m));
    await vi.waitFor(() => expect(received).toEqual([{ op: 'subscribed' }]));
    port.postMessage({ op: 'unsubscribe-everyone', all: true });
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
    expect(env.app.placesFeature.events.pageCount).toBe(1);
    const stranger = env.fake.control.connect(EVENTS_PORT_NAME, { id: 'someone-else@example.org', url: 'https://evil.example/' });
    const closed = vi.fn();
    stranger.onDisconnect.addListener(closed);
    await vi.waitFor(() => expect(closed).toHaveBeenCalled());
    expect(env.app.placesFeature.events.pageCount).toBe(1);
    warn.mockRestore();
  });
});
