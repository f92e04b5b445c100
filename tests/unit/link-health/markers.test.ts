/**
 * The markers' data path: the store's marked verdicts (moved for good, dead) read through their index and kept current
 * by every write; the popup's results and current page carry the marker of a bookmark's URL, looked up in what the
 * background holds (through the real background on the fake browser); the Duplicates page's one request.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { markerOf } from '../../../src/link-health/marker';
import { markerLabel, markerText } from '../../../src/link-health/marker-text';
import { openLinkHealthStore, type StoredVerdict } from '../../../src/link-health/store';
import type { LinkClass } from '../../../src/link-health/types';
import { boot, type Booted } from '../../kit/boot';

const CHECKED = Date.UTC(2027, 0, 3, 12);

function verdict(url: string, cls: LinkClass, over: Partial<StoredVerdict> = {}): StoredVerdict {
  const bad = cls === 'gone' || cls === 'server-error' || cls === 'unreachable';
  return { url, class: cls, status: cls === 'gone' ? 404 : 200, finalUrl: null, hops: [], failure: null, checks: bad ? 2 : 1, checkedAt: CHECKED, runId: 'r', ...over };
}

let dbSeq = 0;

describe('the store’s marked verdicts', () => {
  it('holds only moved-for-good and dead addresses, read through their index, and follows every write', async () => {
    const name = `markers-${dbSeq++}`;
    const writer = openLinkHealthStore(name);
    await writer.putVerdicts([
      verdict('https://a.example/ok', 'ok'),
      verdict('https://a.example/moved', 'moved', { finalUrl: 'https://b.example/' }),
      verdict('https://a.example/temp', 'redirected', { finalUrl: 'https://b.example/t' }),
      verdict('https://a.example/gone', 'gone'),
      verdict('https://a.example/down', 'server-error', { status: 503 }),
      verdict('https://a.example/away', 'unreachable', { status: null, failure: 'dns' }),
    ]);
    // Another connection, as after the event page unloaded: nothing in memory, the index is read.
    const store = openLinkHealthStore(name);
    expect([...(await store.marked()).keys()].sort()).toEqual(['https://a.example/away', 'https://a.example/down', 'https://a.example/gone', 'https://a.example/moved']);
    // A re-check that finds the page working drops its marker; a new dead one gets one.
    await store.putVerdicts([verdict('https://a.example/gone', 'ok'), verdict('https://a.example/ok', 'gone')]);
    expect([...(await store.marked()).keys()].sort()).toEqual(['https://a.example/away', 'https://a.example/down', 'https://a.example/moved', 'https://a.example/ok']);
    await store.clear();
    expect((await store.marked()).size).toBe(0);
  });

  it('says what the check found and when, in words', () => {
    expect(markerText(markerOf(verdict('https://a.example/gone', 'gone'))!)).toBe('Gone (404), checked twice on Jan 3, 2027');
    expect(markerText(markerOf(verdict('https://a.example/m', 'moved', { finalUrl: 'https://b.example/m' }))!)).toBe(
      'Moved for good to https://b.example/m, checked on Jan 3, 2027',
    );
    const overHttps = markerOf(verdict('http://a.example/s', 'moved', { finalUrl: 'https://a.example/s', overHttps: true }))!;
    expect([markerLabel(overHttps), markerText(overHttps)]).toEqual(['Works over https only', 'Works over https only, at https://a.example/s; checked on Jan 3, 2027']);
    expect(markerLabel(markerOf(verdict('https://a.example/m', 'moved', { finalUrl: 'https://b.example/m' }))!)).toBe('Moved for good');
    expect(markerText(markerOf(verdict('https://a.example/t', 'unreachable', { status: null, failure: 'timeout' }))!)).toBe(
      'Unreachable (no answer in time), checked twice on Jan 3, 2027',
    );
    expect(markerOf(verdict('https://a.example/ok', 'ok'))).toBeNull();
    expect(markerOf(verdict('https://a.example/t', 'redirected'))).toBeNull();
  });
});

describe('markers in the background’s replies', () => {
  let fake: Booted['fake'];
  let app: Booted['app'];
  let client: Booted['client'];

  beforeEach(async () => {
    ({ fake, app, client } = await boot());
  });

  it('the popup’s results and current page carry the marker of a dead or moved bookmark, and no other', async () => {
    const b = fake.browser.bookmarks;
    const gone = await b.create({ parentId: 'unfiled_____', title: 'Old recipe', url: 'https://recipes.example/old' });
    const moved = await b.create({ parentId: 'unfiled_____', title: 'Moved recipe', url: 'http://recipes.example/moved' });
    const fine = await b.create({ parentId: 'unfiled_____', title: 'Fine recipe', url: 'https://recipes.example/fine' });
    await fake.browser.history.addUrl({ url: 'https://recipes.example/lost', title: 'Lost recipe' });
    await app.linkHealth.store.putVerdicts([
      verdict('https://recipes.example/old', 'gone'),
      verdict('http://recipes.example/moved', 'moved', { finalUrl: 'https://recipes.example/moved' }),
      verdict('https://recipes.example/fine', 'ok'),
      // An address whose bookmark went since the check: its history entry is no bookmark, and gets no marker.
      verdict('https://recipes.example/lost', 'gone'),
    ]);
    const markerOfId = (items: { id: string; kind?: string; marker?: unknown }[]) =>
      Object.fromEntries(items.map((i) => [`${i.kind ?? 'copy'}:${i.id}`, i.marker ?? null]));
    // Before the index loads (the newest bookmarks from Firefox) and after (a search).
    const recent = await client.call('search.query', { text: '' });
    expect(markerOfId(recent.items)).toMatchObject({ [`bookmark:${gone.id}`]: { class: 'gone', status: 404, checks: 2 }, [`bookmark:${fine.id}`]: null });
    const found = await client.call('search.query', { text: 'recipe' });
    expect(markerOfId(found.items)).toEqual({
      [`bookmark:${gone.id}`]: { class: 'gone', status: 404, failure: null, finalUrl: null, checks: 2, checkedAt: CHECKED },
      [`bookmark:${moved.id}`]: { class: 'moved', status: 200, failure: null, finalUrl: 'https://recipes.example/moved', checks: 1, checkedAt: CHECKED },
      [`bookmark:${fine.id}`]: null,
      'history:https://recipes.example/lost': null,
    });
    fake.control.setActiveTab({ url: 'https://recipes.example/old', title: 'Old recipe' });
    const page = await client.call('search.currentPage', {});
    expect(page.copies.map((c) => [c.id, c.marker?.class])).toEqual([[gone.id, 'gone']]);
    // The Duplicates page's one request.
    const { markers } = await client.call('links.markers', {});
    expect(new Map(markers).get('https://recipes.example/old')).toMatchObject({ class: 'gone' });
    expect(markers.map(([url]) => url).sort()).toEqual(['http://recipes.example/moved', 'https://recipes.example/lost', 'https://recipes.example/old']);
  });

  it('a fixed address loses its marker at once: a re-check finding it working writes a verdict the lookup sees', async () => {
    const b = fake.browser.bookmarks;
    const gone = await b.create({ parentId: 'unfiled_____', title: 'Old recipe', url: 'https://recipes.example/old' });
    await app.linkHealth.store.putVerdicts([verdict('https://recipes.example/old', 'gone')]);
    expect((await client.call('search.query', { text: 'recipe' })).items[0]?.marker?.class).toBe('gone');
    await app.linkHealth.store.putVerdicts([verdict('https://recipes.example/old', 'ok')]);
    const [item] = (await client.call('search.query', { text: 'recipe' })).items;
    expect(item?.id).toBe(gone.id);
    expect(item?.marker).toBeUndefined();
  });
});
