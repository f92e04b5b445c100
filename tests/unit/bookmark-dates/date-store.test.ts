/**
 * The file's dates of imported bookmarks: kept in Tidymarks' store (Firefox gives the import time), used as "date
 * added" by the duplicate scan, written back by the export, and dropped when the bookmark goes.
 */
import { describe, expect, it } from 'vitest';
import { dateAddedOf, withBookmarkDates } from '../../../src/bookmark-dates/date-store';
import { parseBookmarksHtml } from '../../../src/bookmarks-html/parse';
import type { HtmlBookmark, HtmlFolder } from '../../../src/bookmarks-html/document';
import { boot } from '../../kit/boot';

const NOW = 1_800_000_000_000;

const setup = () => boot({ now: () => NOW, backgroundNow: () => NOW });

const FILE = `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<DL><p>
    <DT><H3 ADD_DATE="1100000000" LAST_MODIFIED="1100000500">Old folder</H3>
    <DL><p>
        <DT><A HREF="https://copy.example/" ADD_DATE="1300000000" LAST_MODIFIED="1300000100">Newer copy</A>
        <DT><A HREF="https://copy.example/" ADD_DATE="1200000000">Older copy</A>
        <DT><A HREF="https://only-modified.example/" LAST_MODIFIED="1250000000">Only modified</A>
        <DT><A HREF="https://no-date.example/">No date</A>
    </DL><p>
</DL>
`;

describe('file dates of imported bookmarks', () => {
  it('are kept for every created item, reported, and written back by the export instead of the import time', async () => {
    const { client, app } = await setup();
    const report = await client.startJob('bookmarksHtml.import', { html: FILE, target: { into: 'roots' }, skipExisting: false }).result;
    expect(report.imported).toMatchObject({ bookmarks: 4, folders: 1 });
    expect(report.datesKept).toBe(4); // the folder and three bookmarks; "No date" has none
    const dates = await app.bookmarkDates.store.all();
    expect([...dates.values()].map((d) => d.dateAdded).sort()).toEqual([1_100_000_000_000, 1_200_000_000_000, 1_250_000_000_000, 1_300_000_000_000]);

    const { html } = await client.call('bookmarksHtml.export', {});
    const folder = parseBookmarksHtml(html).document.children[0] as HtmlFolder;
    expect(folder).toMatchObject({ title: 'Old folder', addDate: 1_100_000_000_000, lastModified: 1_100_000_500_000 });
    expect(folder.children.map((b) => [(b as HtmlBookmark).title, (b as HtmlBookmark).addDate, (b as HtmlBookmark).lastModified])).toEqual([
      ['Newer copy', 1_300_000_000_000, 1_300_000_100_000],
      ['Older copy', 1_200_000_000_000, undefined],
      ['Only modified', 1_250_000_000_000, 1_250_000_000_000],
      ['No date', NOW, undefined], // Firefox's own date (the import time): the file gave none
    ]);
  });

  it('are the copies’ date added in the duplicate scan, so "keep the oldest" keeps the older file date', async () => {
    const { client } = await setup();
    await client.call('settings.set', { patch: { keep: { rules: ['oldest'], preferredFolderIds: [] } } });
    await client.startJob('bookmarksHtml.import', { html: FILE, target: { into: 'roots' }, skipExisting: false }).result;
    const scan = await client.startJob('dedup.scan', {}).result;
    const group = scan.groups.find((g) => g.copies.some((c) => c.url === 'https://copy.example/'))!;
    expect(group.copies.map((c) => [c.title, c.dateAdded])).toEqual(
      expect.arrayContaining([
        ['Newer copy', 1_300_000_000_000],
        ['Older copy', 1_200_000_000_000],
      ]),
    );
    expect(group.copies.find((c) => c.id === group.suggestedKeeperId)!.title).toBe('Older copy');
  });

  it('go when their bookmark goes, and with a removed folder everything under it', async () => {
    const { browser, client, app } = await setup();
    await client.startJob('bookmarksHtml.import', { html: FILE, target: { into: 'roots' }, skipExisting: false }).result;
    const [folder] = await browser.bookmarks.getChildren('menu________');
    const [first] = await browser.bookmarks.getChildren(folder!.id);
    await browser.bookmarks.remove(first!.id);
    await expect.poll(async () => (await app.bookmarkDates.store.all()).has(first!.id)).toBe(false);
    expect((await app.bookmarkDates.store.all()).size).toBe(3);
    await browser.bookmarks.removeTree(folder!.id);
    await app.bookmarkDates.settle();
    expect((await app.bookmarkDates.store.all()).size).toBe(0);
  });

  it('dateAddedOf prefers the file’s date, else Firefox’s; withBookmarkDates puts it into a tree', () => {
    const dates = new Map([['a', { id: 'a', dateAdded: 5 }]]);
    expect(dateAddedOf({ id: 'a', dateAdded: 9 }, dates)).toBe(5);
    expect(dateAddedOf({ id: 'b', dateAdded: 9 }, dates)).toBe(9);
    const tree = [{ id: 'r', title: '', children: [{ id: 'a', title: 'x', url: 'https://x.example/', dateAdded: 9 }] }];
    expect(withBookmarkDates(tree, dates)[0]!.children![0]!.dateAdded).toBe(5);
  });
});
