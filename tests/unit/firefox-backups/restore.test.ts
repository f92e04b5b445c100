/**
 * Restoring chosen removed items of a backup (src/firefox-backups restore-plan.ts, restore.ts) on the fake, through the
 * real background: a backup written from the fake's tree in Firefox's JSON, items removed since, compared as the
 * worker compares, the plan made as the page makes it, and the 'backups.restoreRemoved' job. Checked: titles,
 * addresses, folders, order, tags and the backup's dates; the undo takes back exactly what the restore made; a
 * bookmark made meanwhile stays (during the restore, before the undo, and across a kill); a plan that does not hold
 * together is refused with nothing done.
 */
import { describe, expect, it } from 'vitest';
import type { BookmarkNode, Browser } from '../../../src/platform/browser';
import { compareWithNow, readLiveTree, type BackupDiff } from '../../../src/firefox-backups/compare';
import { parseFirefoxBackup } from '../../../src/firefox-backups/parse';
import { restorePlan } from '../../../src/firefox-backups/restore-plan';
import { describeOperation } from '../../../src/operation-words';
import { boot, type Booted } from '../../kit/boot';
import { gate } from '../../kit/gate';

const ROOT_NAMES: Record<string, string> = {
  root________: 'placesRoot',
  menu________: 'bookmarksMenuFolder',
  toolbar_____: 'toolbarFolder',
  unfiled_____: 'unfiledBookmarksFolder',
  mobile______: 'mobileFolder',
};

/** The tree now as Firefox writes it into a backup (BookmarkJSONUtils): GUIDs, positions, dates in µs, tags. */
async function firefoxBackup(booted: Pick<Booted, 'browser' | 'app'>): Promise<string> {
  const [root] = await booted.browser.bookmarks.getTree();
  const tagged = new Map((await booted.app.tagStore.all()).map((e) => [e.url, e.tags]));
  const json = (n: BookmarkNode): object => ({
    guid: n.id,
    title: n.title,
    index: n.index ?? 0,
    dateAdded: (n.dateAdded ?? 0) * 1000,
    lastModified: ((n.dateAdded ?? 0) + 7) * 1000,
    ...(n.type === 'separator'
      ? { typeCode: 3, type: 'text/x-moz-place-separator' }
      : n.url !== undefined
        ? { typeCode: 1, type: 'text/x-moz-place', uri: n.url, ...(tagged.get(n.url)?.length && { tags: tagged.get(n.url)!.join(',') }) }
        : { typeCode: 2, type: 'text/x-moz-place-container', ...(ROOT_NAMES[n.id] && { root: ROOT_NAMES[n.id] }), children: (n.children ?? []).map(json) }),
  });
  return JSON.stringify(json(root!));
}

/** Compares the backup with now as the worker does, on the tree the page gets from the background. */
async function compare(booted: Pick<Booted, 'client'>, backup: string): Promise<BackupDiff> {
  const { encoded } = await booted.client.call('organizer.tree', {});
  return compareWithNow(parseFirefoxBackup(backup).items, readLiveTree(encoded));
}

/** "Title <url>" of each child, "[Title]" for a folder with its children after it, indented. */
async function outline(b: Browser['bookmarks'], id: string, depth = 0): Promise<string[]> {
  const out: string[] = [];
  for (const c of await b.getChildren(id)) {
    const pad = '  '.repeat(depth);
    if (c.type === 'folder') out.push(`${pad}[${c.title}]`, ...(await outline(b, c.id, depth + 1)));
    else if (c.type === 'separator') out.push(`${pad}---`);
    else out.push(`${pad}${c.title} <${c.url}>`);
  }
  return out;
}

const removedIndex = (diff: BackupDiff, title: string) => {
  const at = diff.removed.findIndex((r) => r.title === title);
  expect(at, title).toBeGreaterThanOrEqual(0);
  return at;
};

/** A "Work" folder in the toolbar with bookmarks, a separator and a subfolder, tagged; returns the backup's JSON. */
async function seed(booted: Booted) {
  const b = booted.browser.bookmarks;
  const work = await b.create({ parentId: 'toolbar_____', title: 'Work' });
  await b.create({ parentId: work.id, title: 'A', url: 'https://a.example/' });
  await b.create({ parentId: work.id, title: 'B', url: 'https://b.example/' });
  await b.create({ parentId: work.id, type: 'separator' });
  const deep = await b.create({ parentId: work.id, title: 'Deep' });
  await b.create({ parentId: deep.id, title: 'D1', url: 'https://d1.example/' });
  const deeper = await b.create({ parentId: deep.id, title: 'Deeper' });
  await b.create({ parentId: deeper.id, title: 'D2', url: 'https://d2.example/' });
  await b.create({ parentId: work.id, title: 'C', url: 'https://c.example/' });
  await b.create({ parentId: 'toolbar_____', title: 'Loose', url: 'https://loose.example/' });
  await booted.client.call('tags.add', { urls: ['https://b.example/', 'https://d2.example/'], tags: ['keep', 'Ünï'] });
  const backup = await firefoxBackup(booted);
  const before = await outline(b, 'toolbar_____');
  return { work, deep, backup, before };
}

async function tagsOf(booted: Pick<Booted, 'app'>, urls: string[]) {
  return Object.fromEntries(await booted.app.tagStore.getTagsForUrls(urls));
}

describe('restoring removed items of a backup', () => {
  it('a chosen folder with what was in it, a bookmark, and one whose folder is gone: back where they were, with tags and dates', async () => {
    const booted = await boot({ seed: 5 });
    const b = booted.browser.bookmarks;
    const { work, deep, backup, before } = await seed(booted);
    // Removed since: B, the Deep folder (with D1, Deeper, D2), Loose; and the tags with them.
    const [bItem] = await b.search({ url: 'https://b.example/' });
    await b.remove(bItem!.id);
    await b.removeTree(deep.id);
    const [loose] = await b.search({ url: 'https://loose.example/' });
    await b.remove(loose!.id);
    await booted.client.call('tags.remove', { urls: ['https://b.example/', 'https://d2.example/'], tags: ['keep', 'Ünï'] });

    const diff = await compare(booted, backup);
    expect(diff.removed.map((r) => r.title)).toEqual(['B', 'Deep', 'D1', 'Deeper', 'D2', 'Loose']);
    // Choose B, the Deep folder (which brings its contents) and Loose.
    const plan = restorePlan(diff, [removedIndex(diff, 'B'), removedIndex(diff, 'Deep'), removedIndex(diff, 'Loose')]);
    expect(plan).toMatchObject({ chosen: 6, containers: 0 });
    const report = await booted.client.startJob('backups.restoreRemoved', { steps: plan.steps }).result;
    expect(report).toMatchObject({ restored: { bookmarks: 4, folders: 2 }, problems: [], datesKept: 6, taggedUrls: 2 });
    expect(await outline(b, 'toolbar_____')).toEqual(before);
    expect(await tagsOf(booted, ['https://b.example/', 'https://d2.example/'])).toEqual({
      'https://b.example/': ['keep', 'Ünï'],
      'https://d2.example/': ['keep', 'Ünï'],
    });

    // Compared again: nothing removed (the restored items match by address and folder), and each shows its backup date.
    const again = await compare(booted, backup);
    expect(again.removed).toEqual([]);
    expect(again.added).toEqual([]);
    expect(again.matchedByPath).toBe(6);
    const thenDates = new Map(diff.removed.map((r) => [r.title, r.date]));
    const { encoded } = await booted.client.call('organizer.tree', {});
    const rows = readLiveTree(encoded).rows.filter((r) => thenDates.has(r[4]));
    expect(rows.map((r) => [r[4], r[6]])).toEqual([...thenDates]);
    // One operation of the history, worded as a restore.
    const [operation] = await booted.client.call('history.list', {});
    expect(operation).toMatchObject({ kind: 'import', status: 'applied', canUndo: true });
    expect(describeOperation(operation!)).toBe('Restored 4 bookmarks and 2 folders from a Firefox backup; new tags given to 2 addresses');
    expect((await b.getChildren(work.id)).map((c) => c.title)).toEqual(['A', 'B', '', 'Deep', 'C']);
  });

  it('an item whose folder is gone too gets that folder re-created (not its other contents); positions clamp to the folder now', async () => {
    const booted = await boot({ seed: 6 });
    const b = booted.browser.bookmarks;
    const { work, deep, backup } = await seed(booted);
    await b.removeTree(deep.id);
    // C was last (position 5); A and the separator go too, so Work holds one item when C comes back.
    for (const c of await b.getChildren(work.id)) if (c.title !== 'B') await b.remove(c.id);
    const diff = await compare(booted, backup);
    const plan = restorePlan(diff, [removedIndex(diff, 'D2'), removedIndex(diff, 'C')]);
    expect(plan).toMatchObject({ chosen: 2, containers: 2 });
    expect(plan.steps.map((s) => s.title)).toEqual(['Deep', 'Deeper', 'D2', 'C']);
    await booted.client.startJob('backups.restoreRemoved', { steps: plan.steps }).result;
    expect(await outline(b, work.id)).toEqual(['B <https://b.example/>', '[Deep]', '  [Deeper]', '    D2 <https://d2.example/>', 'C <https://c.example/>']);
  });

  it('a folder taken whole brings back its separators at their places; a folder re-created only to hold an item does not', async () => {
    const booted = await boot({ seed: 9 });
    const b = booted.browser.bookmarks;
    const { work, backup, before } = await seed(booted);
    await b.removeTree(work.id);
    const diff = await compare(booted, backup);
    // Separators are not listed (nothing to show them by); Work carries where its one separator was.
    expect(diff.removed.map((r) => r.title)).toEqual(['Work', 'A', 'B', 'Deep', 'D1', 'Deeper', 'D2', 'C']);
    expect(diff.removed[0]!.removed!.separators).toEqual([2]);

    const onlyA = restorePlan(diff, [removedIndex(diff, 'A')]);
    expect(onlyA).toMatchObject({ chosen: 1, containers: 1, separators: 0 });
    expect(onlyA.steps.map((s) => s.kind)).toEqual(['folder', 'bookmark']);

    const whole = restorePlan(diff, [removedIndex(diff, 'Work')]);
    expect(whole).toMatchObject({ chosen: 8, containers: 0, separators: 1 });
    expect(whole.steps.at(-1)).toMatchObject({ kind: 'separator', parent: { step: 0 }, index: 2 });
    const report = await booted.client.startJob('backups.restoreRemoved', { steps: whole.steps }).result;
    expect(report).toMatchObject({ restored: { bookmarks: 5, folders: 3, separators: 1 }, problems: [] });
    expect(await outline(b, 'toolbar_____')).toEqual(before);
    // The undo takes the separator back with the rest.
    await booted.client.startJob('history.undo', { sessionId: report.sessionId! }).result;
    expect(await outline(b, 'toolbar_____')).toEqual(['Loose <https://loose.example/>']);
  });

  it('refuses a separator step with an address, with nothing done', async () => {
    const booted = await boot({ seed: 10 });
    const step = {
      kind: 'separator' as const,
      title: '',
      url: 'https://x.example/',
      parent: { id: 'toolbar_____' },
      index: 0,
      tags: [],
      dateAdded: null,
      lastModified: null,
    };
    await expect(booted.client.startJob('backups.restoreRemoved', { steps: [step] }).result).rejects.toMatchObject({ code: 'invalid-input' });
    expect(await booted.browser.bookmarks.getChildren('toolbar_____')).toEqual([]);
  });

  it('undo removes exactly what the restore made: a bookmark made meanwhile in a restored folder stays, and so does its folder', async () => {
    const booted = await boot({ seed: 7 });
    const b = booted.browser.bookmarks;
    const { work, deep, backup } = await seed(booted);
    await b.removeTree(deep.id);
    const [loose] = await b.search({ url: 'https://loose.example/' });
    await b.remove(loose!.id);
    await booted.client.call('tags.remove', { urls: ['https://d2.example/'], tags: ['keep', 'Ünï'] });
    const afterRemoval = await outline(b, 'toolbar_____');
    const diff = await compare(booted, backup);
    const report = await booted.client.startJob('backups.restoreRemoved', { steps: restorePlan(diff, diff.removed.keys()).steps }).result;
    expect(report.restored).toEqual({ bookmarks: 3, folders: 2, separators: 0 });
    // The person adds a bookmark into the restored Deeper folder, and one beside the restored items in Work.
    const [deeper] = await b.search({ title: 'Deeper' });
    const mine = await b.create({ parentId: deeper!.id, title: 'Mine', url: 'https://mine.example/' });
    const mine2 = await b.create({ parentId: work.id, index: 0, title: 'Mine too', url: 'https://mine2.example/' });

    const undone = await booted.client.startJob('history.undo', { sessionId: report.sessionId! }).result;
    expect(undone.leftAlone).toEqual([expect.objectContaining({ reason: 'not-empty' })]);
    // Everything restored is gone but the chain of folders that holds the person's bookmark.
    expect(afterRemoval).toEqual(['[Work]', '  A <https://a.example/>', '  B <https://b.example/>', '  ---', '  C <https://c.example/>']);
    expect(await outline(b, 'toolbar_____')).toEqual([
      '[Work]',
      '  Mine too <https://mine2.example/>',
      '  A <https://a.example/>',
      '  B <https://b.example/>',
      '  ---',
      '  [Deep]',
      '    [Deeper]',
      '      Mine <https://mine.example/>',
      '  C <https://c.example/>',
    ]);
    expect((await b.get(mine.id))[0]!.title).toBe('Mine');
    expect((await b.get(mine2.id))[0]!.title).toBe('Mine too');
    expect((await tagsOf(booted, ['https://d2.example/']))['https://d2.example/'] ?? []).toEqual([]);
  });

  for (const when of ['after D1 is made', 'as Deeper, placed after D1, is being made'] as const) {
    it(`a bookmark the person makes during the restore (${when}) stays in its place; the run keeps its order; the undo leaves it`, async () => {
      const held = gate();
      let calls = 0;
      let armed = false;
      const booted = await boot({
        seed: 8,
        browser: (browser) =>
          ({
            ...browser,
            bookmarks: {
              ...browser.bookmarks,
              create: async (details: Parameters<Browser['bookmarks']['create']>[0]) => {
                const n = armed ? ++calls : 0;
                // Held after D1 (the 2nd create) is made, or as Deeper (the 3rd) is asked for, its index already chosen.
                if (when !== 'after D1 is made' && n === 3) await held.promise;
                const node = await browser.bookmarks.create(details);
                if (when === 'after D1 is made' && n === 2) await held.promise;
                return node;
              },
            },
          }) as unknown as Browser,
      });
      const b = booted.browser.bookmarks;
      const { work, deep, backup } = await seed(booted);
      await b.removeTree(deep.id);
      const diff = await compare(booted, backup);
      armed = true;
      const job = booted.client.startJob('backups.restoreRemoved', { steps: restorePlan(diff, [removedIndex(diff, 'Deep')]).steps });
      await expect.poll(() => calls).toBe(when === 'after D1 is made' ? 2 : 3);
      // Meanwhile the person bookmarks a page at the top of the restored Deep folder.
      const [deepNow] = await b.search({ title: 'Deep' });
      const mine = await b.create({ parentId: deepNow!.id, index: 0, title: 'Mine', url: 'https://mine.example/' });
      held.open();
      const report = await job.result;
      expect(report.restored).toEqual({ bookmarks: 2, folders: 2, separators: 0 });
      // Deeper follows D1 (its neighbour in the backup) wherever D1 is now.
      expect(await outline(b, deepNow!.id)).toEqual(['Mine <https://mine.example/>', 'D1 <https://d1.example/>', '[Deeper]', '  D2 <https://d2.example/>']);
      await booted.client.startJob('history.undo', { sessionId: report.sessionId! }).result;
      expect(await outline(b, work.id)).toEqual([
        'A <https://a.example/>',
        'B <https://b.example/>',
        '---',
        '[Deep]',
        '  Mine <https://mine.example/>',
        'C <https://c.example/>',
      ]);
      expect((await b.get(mine.id))[0]).toMatchObject({ parentId: deepNow!.id, title: 'Mine' });
    });
  }

  it('a plan that does not hold together is refused: nothing created, nothing in the history', async () => {
    const booted = await boot({ seed: 9 });
    const before = await outline(booted.browser.bookmarks, 'toolbar_____');
    const step = { kind: 'bookmark' as const, title: 'X', url: 'https://x.example/', index: 0, tags: [], dateAdded: null, lastModified: null };
    await expect(booted.client.startJob('backups.restoreRemoved', { steps: [{ ...step, parent: { step: 0 } }] }).result).rejects.toMatchObject({ code: 'invalid-input' });
    await expect(booted.client.startJob('backups.restoreRemoved', { steps: [{ ...step, url: undefined, parent: { id: 'toolbar_____' } }] }).result).rejects.toMatchObject(
      {
        code: 'invalid-input',
      },
    );
    expect(await outline(booted.browser.bookmarks, 'toolbar_____')).toEqual(before);
    expect(await booted.client.call('history.list', {})).toEqual([]);
  });
});

describe('a restore killed part way', () => {
  it('is rolled back at the next start, whatever call it died at; a bookmark made meanwhile stays', async () => {
    for (const killAt of [1, 3, 5]) {
      const death = gate();
      let calls = 0;
      let armed = false;
      const first = await boot({
        seed: 20 + killAt,
        killed: death.promise,
        browser: (browser) =>
          ({
            ...browser,
            bookmarks: {
              ...browser.bookmarks,
              create: async (details: Parameters<Browser['bookmarks']['create']>[0]) => {
                if (!armed) return browser.bookmarks.create(details);
                const n = ++calls;
                if (n > killAt) return new Promise<never>(() => undefined);
                if (n < killAt) return browser.bookmarks.create(details);
                // Dies with this create done but its id never stored.
                await browser.bookmarks.create(details);
                death.open();
                return new Promise<never>(() => undefined);
              },
            },
          }) as unknown as Browser,
      });
      const b = first.browser.bookmarks;
      const { work, deep, backup } = await seed(first);
      await b.removeTree(deep.id);
      const [loose] = await b.search({ url: 'https://loose.example/' });
      await b.remove(loose!.id);
      const mine = await b.create({ parentId: work.id, title: 'Mine', url: 'https://mine.example/' });
      const removedState = await outline(b, 'toolbar_____');
      const diff = await compare(first, backup);
      armed = true;
      void first.client.startJob('backups.restoreRemoved', { steps: restorePlan(diff, diff.removed.keys()).steps }).result.catch(() => undefined);
      await death.promise;
      first.unload();
      expect((await outline(b, 'toolbar_____')).length, `killed at ${killAt}`).toBeGreaterThan(removedState.length);

      const second = await boot({ fake: first.fake });
      await expect.poll(async () => (await second.client.call('history.list', {}))[0]?.status).toBe('rolled-back');
      expect(await outline(b, 'toolbar_____'), `killed at ${killAt}`).toEqual(removedState);
      expect((await b.get(mine.id))[0]!.title).toBe('Mine');
    }
  });
});
