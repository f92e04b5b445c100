/**
 * links.wayback.snapshots over the fake browser (issue 31): which bookmarks have an archived copy, read from what the
 * lookups stored (each bookmark's own address and original date added), nothing sent anywhere, with the words the
 * pages show; a bookmark whose address is a snapshot address is that copy (no link). Through the real app's router: bad input is refused.
 */
import { describe, expect, it } from 'vitest';
import { TOOLBAR_ID } from '../../../src/platform/browser';
import { boot } from '../../kit/boot';
import { jobContext, linkHealthSetup } from './setup';

const ctx = { senderUrl: undefined };
const CAPTURE = '20190503120000';
const snapshotOf = (url: string) => `https://web.archive.org/web/${CAPTURE}/${url}`;

/** A web where /gone/ is 404, and an archive with a capture of every address but /none/ ones. */
async function setup() {
  const env = await linkHealthSetup((url) => (/^\/(gone|none)\//.test(new URL(url).pathname) ? 404 : 200), {
    archive: (url) => {
      const asked = url.searchParams.get('url')!;
      const closest = { status: '200', available: true, url: `http://web.archive.org/web/${CAPTURE}/${asked}`, timestamp: CAPTURE };
      const body = new URL(asked).pathname.startsWith('/none/') ? { url: asked, archived_snapshots: {} } : { url: asked, archived_snapshots: { closest } };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    },
  });
  await env.feature.testHandlers!['test.links.wayback']({ gapMs: 0 }, ctx);
  const work = await env.fake.browser.bookmarks.create({ parentId: TOOLBAR_ID, title: 'Work' });
  const add = (url: string, title = url) => env.add(url, title, work.id);
  const checkAndLookUp = async () => {
    await env.feature.jobs['links.check']({ mode: 'all' }, jobContext());
    return env.feature.jobs['links.wayback.lookup']({}, jobContext());
  };
  const snapshots = (ids: string[]) => env.feature.handlers['links.wayback.snapshots']({ ids }, ctx);
  return { ...env, work, add, checkAndLookUp, snapshots };
}

describe('links.wayback.snapshots', () => {
  it('names the copy a lookup found for each bookmark, and nothing for the others', async () => {
    const t = await setup();
    const dead = await t.add('https://old.example.org/gone/a', 'A');
    const none = await t.add('https://old.example.org/none/b', 'B');
    const fine = await t.add('https://old.example.org/fine', 'Fine');
    expect(await t.snapshots([dead, none, fine])).toEqual({});
    expect(await t.checkAndLookUp()).toMatchObject({ found: 1, none: 1 });

    expect(await t.snapshots([dead, none, fine, t.work.id, 'no-such-id'])).toEqual({
      [dead]: { href: snapshotOf('https://old.example.org/gone/a'), at: Date.UTC(2019, 4, 3, 12, 0, 0), label: 'Archived copy (May 3, 2019)' },
    });
    expect(await t.snapshots([])).toEqual({});
  });

  it('reads only what is stored: asking sends nothing anywhere', async () => {
    const t = await setup();
    const dead = await t.add('https://old.example.org/gone/a', 'A');
    await t.checkAndLookUp();
    const fetched = t.fetched.length;
    expect(Object.keys(await t.snapshots([dead]))).toEqual([dead]);
    expect(t.fetched).toHaveLength(fetched);
  });

  it('is the copy of the moment asked about: another bookmark of the address, added at another time, has none yet', async () => {
    const t = await setup();
    const first = await t.add('https://old.example.org/gone/a', 'A');
    await t.dates.putMany([{ id: first, dateAdded: Date.UTC(2015, 1, 2, 3, 4, 5) }]);
    await t.checkAndLookUp();
    const later = await t.add('https://old.example.org/gone/a', 'A again');
    expect(Object.keys(await t.snapshots([first, later]))).toEqual([first]);
  });

  it('labels a bookmark whose address is a snapshot address as that copy, with its capture date', async () => {
    const t = await setup();
    const replaced = await t.add(snapshotOf('https://old.example.org/gone/a'), 'A');
    const shortStamp = await t.add('https://web.archive.org/web/2012/https://old.example.org/c', 'C');
    const notASnapshot = await t.add('https://web.archive.org/about/', 'About');
    // No href: the pages label it, they do not link it a second time.
    expect(await t.snapshots([replaced, shortStamp, notASnapshot])).toEqual({
      [replaced]: { at: Date.UTC(2019, 4, 3, 12, 0, 0), label: 'Archived copy (May 3, 2019)' },
      [shortStamp]: { at: Date.UTC(2012, 0, 1), label: 'Archived copy (Jan 1, 2012)' },
    });
  });
});

describe('links.wayback.snapshots through the app', () => {
  it('answers a page, and refuses bad input with invalid-request', async () => {
    const { fake, client } = await boot();
    const snap = await fake.browser.bookmarks.create({ parentId: TOOLBAR_ID, title: 'Copy', url: snapshotOf('https://old.example.org/a') });
    expect(await client.call('links.wayback.snapshots', { ids: [snap.id] })).toEqual({
      [snap.id]: { at: Date.UTC(2019, 4, 3, 12, 0, 0), label: 'Archived copy (May 3, 2019)' },
    });
    for (const input of [{}, { ids: snap.id }, { ids: [snap.id], urls: [] }, { ids: [''] }, { ids: Array.from({ length: 1001 }, (_, i) => `id${i}`) }]) {
      const reply = await fake.control.sendMessage({ channel: 'tidymarks', type: 'links.wayback.snapshots', input });
      expect(reply, JSON.stringify(input).slice(0, 60)).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
    }
  });
});
