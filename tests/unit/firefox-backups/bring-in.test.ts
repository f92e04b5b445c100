/**
 * Bringing Firefox's tags and keywords from a backup onto the bookmarks now (src/firefox-backups bring-in.ts), on the
 * fake through the real background: matched by GUID, then by address; tags merged, never taken away; a keyword set only
 * where the address has none and the keyword leads nowhere else; no bookmark created; one operation of the history,
 * undone and redone; what shows it (search, the organizer's tree, the Places API).
 */
import { describe, expect, it } from 'vitest';
import { Bookmark } from '@tidymarks/places';
import { decodeSnapshot } from '../../../src/organizer/snapshot';
import { matchAnnotations } from '../../../src/firefox-backups/bring-in';
import { describeOperation } from '../../../src/operation-words';
import { boot, type Booted } from '../../kit/boot';
import { gate } from '../../kit/gate';

const A = 'https://a.example/';
const B = 'https://b.example/';
const C = 'https://c.example/';
const D = 'https://d.example/';

async function seed(booted: Booted) {
  const b = booted.browser.bookmarks;
  const a = await b.create({ parentId: 'toolbar_____', title: 'Alpha', url: A });
  await b.create({ parentId: 'toolbar_____', title: 'Beta', url: B });
  await b.create({ parentId: 'menu________', title: 'Beta again', url: B });
  await b.create({ parentId: 'toolbar_____', title: 'Gamma', url: C });
  await b.create({ parentId: 'toolbar_____', title: 'Delta', url: D });
  await booted.client.call('tags.add', { urls: [A], tags: ['mine'] });
  // A keyword the person has in Tidymarks already.
  await booted.app.keywordStore.replaceKeywords([{ url: C, keyword: 'cc' }]);
  return { a };
}

const keywordsNow = async (booted: Booted) => Object.fromEntries((await booted.app.keywordStore.all()).map((e) => [e.url, e.keyword]));
const tagsNow = async (booted: Booted) => Object.fromEntries(await booted.app.tagStore.getTagsForUrls([A, B, C, D]));
const found = async (booted: Booted, text: string) => (await booted.client.call('search.query', { text })).items.map((i) => i.title).sort();
const count = async (booted: Booted) => (await booted.client.call('organizer.tree', {})).encoded.match(/"b"/g)!.length;

describe('matchAnnotations', () => {
  it('matches by GUID first (wherever the bookmark went), then by the exact address, else not at all', () => {
    const bookmarks = new Map([
      ['guidAAAAAAAA', 'https://moved.example/'],
      ['guidBBBBBBBB', 'https://b.example/'],
    ]);
    const addresses = new Set(bookmarks.values());
    const { matched, byGuid, byAddress } = matchAnnotations(
      [
        { guid: 'guidAAAAAAAA', url: 'https://old.example/', tags: ['t'], keyword: null },
        { guid: 'goneGUID0000', url: 'https://b.example/', tags: [], keyword: 'k' },
        { guid: null, url: 'https://B.example/', tags: ['case'], keyword: null },
        { guid: null, url: 'https://b.example', tags: ['slash'], keyword: null },
      ],
      bookmarks,
      addresses,
    );
    expect(matched.map((m) => m?.url ?? null)).toEqual(['https://moved.example/', 'https://b.example/', null, null]);
    expect([byGuid, byAddress]).toEqual([1, 1]);
  });
});

describe('bringing in a backup’s tags and keywords', () => {
  it('adds tags and sets keywords on the bookmarks now, creates none, says what it left alone, and undoes and redoes as one operation', async () => {
    const booted = await boot({ seed: 33 });
    const { a } = await seed(booted);
    const before = await count(booted);
    const report = await booted.client.startJob('backups.bringIn', {
      items: [
        // Its GUID: the bookmark now, whatever its address was in the backup.
        { guid: a.id, url: 'https://old-a.example/', tags: ['Work', 'MINE'], keyword: 'AA' },
        // A GUID gone: its address.
        { guid: 'gone00000000', url: B, tags: ['docs'], keyword: 'bb' },
        { guid: null, url: C, tags: [], keyword: 'other' },
        { guid: null, url: D, tags: [], keyword: 'aa' },
        { guid: null, url: 'https://gone.example/', tags: ['x'], keyword: 'g' },
        { guid: null, url: B, tags: ['x'.repeat(101)], keyword: 'has space' },
      ],
    }).result;
    expect(report).toEqual({
      items: 6,
      byGuid: 1,
      byAddress: 4,
      unmatched: 1,
      bookmarksTagged: 3,
      tagsAdded: 2,
      keywordsSet: 2,
      keywordsAlready: 0,
      keywordsDiffer: 1,
      keywordsTaken: 1,
      refused: 2,
      operationId: expect.any(String),
    });
    expect(await count(booted)).toBe(before);
    expect(await tagsNow(booted)).toEqual({ [A]: ['mine', 'Work'], [B]: ['docs'], [C]: [], [D]: [] });
    expect(await keywordsNow(booted)).toEqual({ [A]: 'aa', [B]: 'bb', [C]: 'cc' });

    // Found by its keyword in search, shown with it in the organizer's tree, tagged in the Places API's snapshots.
    expect(await found(booted, 'bb')).toEqual(['Beta', 'Beta again']);
    expect(await found(booted, 'aa')).toEqual(['Alpha']);
    expect(decodeSnapshot((await booted.client.call('organizer.tree', {})).encoded).keywords).toEqual(
      expect.arrayContaining([
        [A, 'aa'],
        [B, 'bb'],
        [C, 'cc'],
      ]),
    );
    const [alpha] = (await booted.places.search({ tags: ['work'] })) as Bookmark[];
    expect(alpha!.title).toBe('Alpha');
    expect(alpha!.tags).toEqual(new Set(['mine', 'Work']));

    const [operation] = await booted.client.call('history.list', {});
    expect(describeOperation(operation!)).toBe('Brought in tags and keywords from a Firefox backup for 2 addresses');

    await booted.client.startJob('history.undo', { sessionId: report.operationId! }).result;
    expect(await tagsNow(booted)).toEqual({ [A]: ['mine'], [B]: [], [C]: [], [D]: [] });
    expect(await keywordsNow(booted)).toEqual({ [C]: 'cc' });
    expect(await found(booted, 'bb')).toEqual([]);
    expect(await booted.places.search({ tags: ['work'] })).toEqual([]);

    await booted.client.startJob('history.redo', { sessionId: report.operationId! }).result;
    expect(await tagsNow(booted)).toEqual({ [A]: ['mine', 'Work'], [B]: ['docs'], [C]: [], [D]: [] });
    expect(await keywordsNow(booted)).toEqual({ [A]: 'aa', [B]: 'bb', [C]: 'cc' });
    expect(await count(booted)).toBe(before);
  });

  it('the undo leaves a keyword someone changed since, and says so', async () => {
    const booted = await boot({ seed: 34 });
    await seed(booted);
    const report = await booted.client.startJob('backups.bringIn', {
      items: [
        { guid: null, url: A, tags: [], keyword: 'aa' },
        { guid: null, url: B, tags: [], keyword: 'bb' },
      ],
    }).result;
    await booted.app.keywordStore.replaceKeywords([{ url: B, keyword: 'mine' }]);
    const undone = await booted.client.startJob('history.undo', { sessionId: report.operationId! }).result;
    expect(await keywordsNow(booted)).toEqual({ [B]: 'mine', [C]: 'cc' });
    expect(undone.leftAlone).toEqual([expect.objectContaining({ reason: 'changed-since', count: 1 })]);
  });

  it('a bookmark deleted and brought back by undo keeps its keyword', async () => {
    const booted = await boot({ seed: 35 });
    const { a } = await seed(booted);
    await booted.client.startJob('backups.bringIn', { items: [{ guid: a.id, url: A, tags: ['t'], keyword: 'aa' }] }).result;
    await booted.client.call('organizer.remove', { ids: [a.id] });
    expect(await found(booted, 'aa')).toEqual([]);
    await booted.client.startJob('history.undo', {}).result;
    expect(await found(booted, 'aa')).toEqual(['Alpha']);
    expect(await tagsNow(booted)).toMatchObject({ [A]: ['mine', 't'] });
    expect(await keywordsNow(booted)).toMatchObject({ [A]: 'aa' });
  });

  it('keywords stay found after the event page unloads and starts again (the index rebuilt from its snapshot)', async () => {
    const booted = await boot({ seed: 37 });
    await seed(booted);
    await booted.client.startJob('backups.bringIn', { items: [{ guid: null, url: D, tags: [], keyword: 'dd' }] }).result;
    expect(await found(booted, 'dd')).toEqual(['Delta']);
    booted.restart();
    expect(await found(booted, 'dd')).toEqual(['Delta']);
    expect(await found(booted, 'cc')).toEqual(['Gamma']);
  });

  for (const at of ['before the tags are written', 'after the tags, before the keywords'] as const) {
    it(`killed ${at}: the next start takes back what it wrote`, async () => {
      const death = gate();
      const first = await boot({ seed: 38, killed: death.promise });
      const { a } = await seed(first);
      const store = at === 'before the tags are written' ? first.app.tagStore : first.app.keywordStore;
      const dies = () => (death.open(), new Promise<never>(() => undefined));
      if (at === 'before the tags are written') Object.assign(store, { edit: dies });
      else Object.assign(store, { replaceKeywords: dies });
      void first.client
        .startJob('backups.bringIn', {
          items: [
            { guid: a.id, url: A, tags: ['Work'], keyword: 'aa' },
            { guid: null, url: B, tags: ['docs'], keyword: null },
          ],
        })
        .result.catch(() => undefined);
      await death.promise;
      first.unload();
      if (at === 'after the tags, before the keywords')
        expect(await first.app.tagStore.getTagsForUrls([A, B])).toEqual(
          new Map([
            [A, ['mine', 'Work']],
            [B, ['docs']],
          ]),
        );

      const second = await boot({ fake: first.fake });
      await second.app.history.recovered;
      expect(await tagsNow(second)).toEqual({ [A]: ['mine'], [B]: [], [C]: [], [D]: [] });
      expect(await keywordsNow(second)).toEqual({ [C]: 'cc' });
      const [operation] = await second.client.call('history.list', {});
      expect(describeOperation(operation!)).toContain('from a Firefox backup');
      expect(operation).toMatchObject({ canUndo: false });
    });
  }

  it('nothing to bring: no operation; bad input is refused and changes nothing', async () => {
    const booted = await boot({ seed: 36 });
    await seed(booted);
    const report = await booted.client.startJob('backups.bringIn', { items: [{ guid: null, url: C, tags: [], keyword: 'cc' }] }).result;
    expect(report).toMatchObject({ keywordsAlready: 1, keywordsSet: 0, tagsAdded: 0, operationId: null });
    await expect(booted.client.startJob('backups.bringIn', { items: [] }).result).rejects.toMatchObject({ code: 'invalid-request' });
    await expect(booted.client.startJob('backups.bringIn', { items: [{ guid: null, url: '', tags: [], keyword: null }] }).result).rejects.toMatchObject({
      code: 'invalid-request',
    });
    const [operation] = await booted.client.call('history.list', {});
    expect(describeOperation(operation!)).not.toContain('Firefox backup');
    expect(await keywordsNow(booted)).toEqual({ [C]: 'cc' });
  });
});
