/**
 * The file's dates of imported bookmarks are the date added the organizer and the popup show: the organizer's
 * snapshot (read from Firefox or from the search index), its "sort by date added", the Places events that tell an
 * open organizer of dates kept after it loaded, and the popup's newest bookmarks (from Firefox before the index is
 * loaded, from the index after).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { BookmarkDate } from '../../../src/bookmark-dates/date-store';
import type { Client } from '../../../src/app-protocol/client';
import { decodeSnapshot } from '../../../src/organizer/snapshot';
import { OrganizerTree } from '../../../src/organizer/tree-model';
import type { PlacesEvent } from '@tidymarks/places';
import { MAX_KEPT_DATES_FROM_FIREFOX, newestBookmarks } from '../../../src/search/feature';
import { createFakeBrowser, type FakeBrowser } from '../../fakes/browser';
import { boot, type BackgroundApp } from '../../kit/boot';

const DAY = 86_400_000;
const START = 1_800_000_000_000;

// Netscape files give seconds.
const FILE = `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<DL><p>
    <DT><H3 ADD_DATE="1100000000">Old folder</H3>
    <DL><p>
        <DT><A HREF="https://newer.example/" ADD_DATE="1300000000">Newer</A>
        <DT><A HREF="https://older.example/" ADD_DATE="1200000000">Older</A>
        <DT><A HREF="https://middle.example/" ADD_DATE="1250000000">Middle</A>
        <DT><A HREF="https://no-date.example/">No date</A>
    </DL><p>
</DL>
`;

describe('file dates where Tidymarks shows date added', () => {
  let fake: FakeBrowser;
  let app: BackgroundApp;
  let client: Client;
  let clock: number;

  beforeEach(async () => {
    clock = START;
    // Every Firefox write a second later than the one before: the import's bookmarks are Firefox's newest.
    ({ fake, app, client } = await boot({ now: () => (clock += 1000), backgroundNow: () => clock }));
  });

  const importFile = () => client.startJob('bookmarksHtml.import', { html: FILE, target: { into: 'folder', folderId: 'unfiled_____' }, skipExisting: false }).result;
  const snapshotDates = async () => {
    const rows = decodeSnapshot((await client.call('organizer.tree', {})).encoded).rows;
    return Object.fromEntries(
      rows.filter((r) => r[4] !== '' && !['Bookmarks Menu', 'Bookmarks Toolbar', 'Other Bookmarks', 'Mobile Bookmarks'].includes(r[4])).map((r) => [r[4], r[6]]),
    );
  };
  const recentTitles = async () => (await client.call('search.query', { text: '' })).items.map((i) => i.title);

  it('the organizer’s snapshot carries them, read from Firefox and from the search index alike', async () => {
    const before = await fake.browser.bookmarks.create({ parentId: 'unfiled_____', title: 'Added before', url: 'https://before.example/' });
    await importFile();
    const expected = {
      'Added before': before.dateAdded,
      'Old folder': 1_100_000_000_000,
      Newer: 1_300_000_000_000,
      Older: 1_200_000_000_000,
      Middle: 1_250_000_000_000,
      'No date': expect.any(Number), // Firefox's own (the import time): the file gave none
    };
    // The index is not loaded after the reset: the rows come from getTree.
    expect(app.live.positionsExact).toBe(false);
    expect(await snapshotDates()).toEqual(expected);
    await app.live.whenFresh();
    await client.call('test.places.settle', {});
    expect(app.live.positionsExact).toBe(true);
    expect(await snapshotDates()).toEqual(expected);
    expect((await snapshotDates())['No date']).toBeGreaterThan(before.dateAdded!);
  });

  it('"sort by date added" orders by them, oldest first, the one without a file date last', async () => {
    await importFile();
    const [folder] = (await fake.browser.bookmarks.getChildren('unfiled_____')).filter((c) => c.title === 'Old folder');
    // Firefox's dates are the import's order: sorting by them would change nothing.
    expect(await client.call('organizer.sortFolder', { folderId: folder!.id, by: 'date', foldersFirst: false })).toMatchObject({ skipped: 0 });
    expect((await fake.browser.bookmarks.getChildren(folder!.id)).map((c) => c.title)).toEqual(['Older', 'Middle', 'Newer', 'No date']);
  });

  it('the popup’s newest bookmarks put the imported old ones by their file dates, before and after the index loads', async () => {
    await fake.browser.bookmarks.create({ parentId: 'unfiled_____', title: 'Added before', url: 'https://before.example/' });
    await importFile();
    await fake.browser.bookmarks.create({ parentId: 'unfiled_____', title: 'Added after', url: 'https://after.example/' });
    const expected = ['Added after', 'No date', 'Added before', 'Newer', 'Middle', 'Older'];
    expect(app.live.isLoaded).toBe(false);
    expect(await recentTitles()).toEqual(expected); // from Firefox's getRecent
    await app.live.ready();
    expect(await recentTitles()).toEqual(expected); // from the index
  });

  it('dates kept after the index loaded and after an organizer opened reach both: the index re-dates, the organizer follows the events', async () => {
    const a = await fake.browser.bookmarks.create({ parentId: 'unfiled_____', title: 'A', url: 'https://a.example/' });
    const b = await fake.browser.bookmarks.create({ parentId: 'unfiled_____', title: 'B', url: 'https://b.example/' });
    await app.live.whenFresh();
    await client.call('test.places.settle', {});
    expect(await recentTitles()).toEqual(['B', 'A']);
    // An organizer that is open: its tree from a snapshot, then every Places event.
    const tree = OrganizerTree.fromSnapshot(decodeSnapshot((await client.call('organizer.tree', {})).encoded));
    const events: PlacesEvent[] = [];
    app.placesFeature.events.on('data', (event: PlacesEvent) => {
      events.push(event);
      tree.apply(event);
    });
    const record: BookmarkDate = { id: b.id, dateAdded: 5 * DAY };
    await app.bookmarkDates.store.putMany([record]);
    await expect
      .poll(() => events.map((e) => e.type === 'bookmark-item-changed' && [e.data.id, e.data.property, e.data.value]))
      .toEqual([[b.id, 'dateAdded', String(5 * DAY)]]);
    expect(events[0]!.data).toMatchObject({ type: 'bookmark', parentId: 'unfiled_____', lastModified: expect.any(Number) });
    expect(tree.get(b.id)!.dateAdded).toBe(5 * DAY);
    expect(tree.get(a.id)!.dateAdded).toBe(a.dateAdded);
    expect(await recentTitles()).toEqual(['A', 'B']);
    // A date for an item that is gone tells nobody anything.
    await fake.browser.bookmarks.remove(a.id);
    await app.bookmarkDates.store.putMany([{ id: a.id, dateAdded: DAY }]);
    await client.call('test.places.settle', {});
    expect(events.filter((e) => e.type === 'bookmark-item-changed')).toHaveLength(1);
  });
});

describe('newestBookmarks: Firefox’s getRecent corrected by the kept dates', () => {
  it('gives exactly the newest by date added as shown, for random dates and limits', async () => {
    for (let round = 0; round < 20; round++) {
      let clock = START;
      const fake = createFakeBrowser({ now: () => (clock += 1000), seed: round });
      const nodes = [];
      for (let i = 0; i < 40; i++) nodes.push(await fake.browser.bookmarks.create({ parentId: 'unfiled_____', title: `b${i}`, url: `https://b${i}.example/` }));
      const folder = await fake.browser.bookmarks.create({ parentId: 'unfiled_____', title: 'dated folder' });
      // About a third dated, some newer than every Firefox date, the folder among the newest.
      const dates = new Map<string, BookmarkDate>([[folder.id, { id: folder.id, dateAdded: START + 10 * DAY }]]);
      for (const [i, n] of nodes.entries())
        if ((i * 7 + round) % 3 === 0) dates.set(n.id, { id: n.id, dateAdded: START + ((i * 7919 + round * 31) % 200) * 1000 - 50_000 });
      const effective = (n: { id: string; dateAdded?: number }) => dates.get(n.id)?.dateAdded ?? n.dateAdded!;
      const limit = 1 + (round % 12);
      const expected = [...nodes]
        .sort((x, y) => effective(y) - effective(x))
        .slice(0, limit)
        .map((n) => effective(n));
      const got = await newestBookmarks(fake.browser, dates, limit);
      expect(
        got!.map((n) => effective(n)),
        `round ${round}`,
      ).toEqual(expected);
    }
  });

  it('leaves it to the index (null) above the kept dates it reads from Firefox', async () => {
    const fake = createFakeBrowser();
    const many = new Map<string, BookmarkDate>();
    for (let i = 0; i <= MAX_KEPT_DATES_FROM_FIREFOX; i++) many.set(`id${i}`, { id: `id${i}`, dateAdded: i });
    expect(await newestBookmarks(fake.browser, many, 30)).toBeNull();
    expect(await newestBookmarks(fake.browser, new Map(), 30)).toEqual([]);
  });
});
