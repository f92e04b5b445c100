/**
 * Removing chosen items added since a backup (src/firefox-backups remove-added.ts, addedToRemove) on the fake, through
 * the real background: one edit of the history by its removal path; what changed after the comparison, and a folder
 * holding something that was not added, stay; the undo puts back what went, tags included.
 */
import { describe, expect, it } from 'vitest';
import type { BookmarkNode } from '../../../src/platform/browser';
import { compareWithNow, readLiveTree, type BackupDiff } from '../../../src/firefox-backups/compare';
import { parseFirefoxBackup } from '../../../src/firefox-backups/parse';
import { addedToRemove } from '../../../src/firefox-backups/restore-plan';
import { describeOperation } from '../../../src/operation-words';
import { boot, type Booted } from '../../kit/boot';

const ROOT_NAMES: Record<string, string> = {
  root________: 'placesRoot',
  menu________: 'bookmarksMenuFolder',
  toolbar_____: 'toolbarFolder',
  unfiled_____: 'unfiledBookmarksFolder',
  mobile______: 'mobileFolder',
};

/** The tree now as Firefox writes it into a backup: GUIDs, positions, dates in µs. */
async function firefoxBackup(booted: Pick<Booted, 'browser'>): Promise<string> {
  const [root] = await booted.browser.bookmarks.getTree();
  const json = (n: BookmarkNode): object => ({
    guid: n.id,
    title: n.title,
    index: n.index ?? 0,
    dateAdded: (n.dateAdded ?? 0) * 1000,
    ...(n.type === 'separator'
      ? { typeCode: 3 }
      : n.url !== undefined
        ? { typeCode: 1, uri: n.url }
        : { typeCode: 2, ...(ROOT_NAMES[n.id] && { root: ROOT_NAMES[n.id] }), children: (n.children ?? []).map(json) }),
  });
  return JSON.stringify(json(root!));
}

async function compare(booted: Pick<Booted, 'client'>, backup: string): Promise<BackupDiff> {
  const { encoded } = await booted.client.call('organizer.tree', {});
  return compareWithNow(parseFirefoxBackup(backup).items, readLiveTree(encoded));
}

async function outline(b: Booted['browser']['bookmarks'], id: string, depth = 0): Promise<string[]> {
  const out: string[] = [];
  for (const c of await b.getChildren(id)) {
    const pad = '  '.repeat(depth);
    if (c.type === 'folder') out.push(`${pad}[${c.title}]`, ...(await outline(b, c.id, depth + 1)));
    else if (c.type === 'separator') out.push(`${pad}---`);
    else out.push(`${pad}${c.title} <${c.url}>`);
  }
  return out;
}

const addedIndex = (diff: BackupDiff, title: string) => diff.added.findIndex((a) => a.title === title);

describe('removing items added since a backup', () => {
  it('chosen items go as one edit, a folder with what was added in it; what changed since, or holds an older item, stays; undo puts it back', async () => {
    const booted = await boot({ seed: 31 });
    const b = booted.browser.bookmarks;
    const old = await b.create({ parentId: 'toolbar_____', title: 'Old', url: 'https://old.example/' });
    const backup = await firefoxBackup(booted);
    const before = await outline(b, 'toolbar_____');
    // Added since: a folder with two bookmarks and a separator, two loose bookmarks, and a folder the old bookmark moved into.
    const fresh = await b.create({ parentId: 'toolbar_____', title: 'Fresh' });
    await b.create({ parentId: fresh.id, title: 'F1', url: 'https://f1.example/' });
    await b.create({ parentId: fresh.id, type: 'separator' });
    await b.create({ parentId: fresh.id, title: 'F2', url: 'https://f2.example/' });
    await b.create({ parentId: 'toolbar_____', title: 'N1', url: 'https://n1.example/' });
    const n2 = await b.create({ parentId: 'toolbar_____', title: 'N2', url: 'https://n2.example/' });
    const mixed = await b.create({ parentId: 'toolbar_____', title: 'Mixed' });
    await b.move(old.id, { parentId: mixed.id });
    await booted.client.call('tags.add', { urls: ['https://f1.example/'], tags: ['fresh'] });
    const added = await outline(b, 'toolbar_____');

    const diff = await compare(booted, backup);
    expect(diff.added.map((a) => a.title).sort()).toEqual(['F1', 'F2', 'Fresh', 'Mixed', 'N1', 'N2']);
    const items = addedToRemove(
      diff,
      ['Fresh', 'N1', 'N2', 'Mixed'].map((t) => addedIndex(diff, t)),
    );
    // The folder brings F1 and F2 along.
    expect(items.map((i) => i.title).sort()).toEqual(['F1', 'F2', 'Fresh', 'Mixed', 'N1', 'N2']);
    // After the comparison, the person renames N2.
    await b.update(n2.id, { title: 'N2 renamed' });
    const report = await booted.client.startJob('backups.removeAdded', { items }).result;
    expect(report).toMatchObject({ removed: 2, cancelled: false });
    expect(report.leftAlone).toEqual(
      expect.arrayContaining([
        { title: 'N2', url: 'https://n2.example/', reason: 'changed-since' },
        { title: 'Mixed', url: null, reason: 'changed-since' },
      ]),
    );
    expect(await outline(b, 'toolbar_____')).toEqual(['N2 renamed <https://n2.example/>', '[Mixed]', '  Old <https://old.example/>']);
    expect(before).toEqual(['Old <https://old.example/>']);
    const [operation] = await booted.client.call('history.list', {});
    expect(describeOperation(operation!)).toBe('Deleted 2 items');

    await booted.client.startJob('history.undo', { sessionId: report.operationId! }).result;
    expect(await outline(b, 'toolbar_____')).toEqual(added.map((l) => (l === 'N2 <https://n2.example/>' ? 'N2 renamed <https://n2.example/>' : l)));
    expect(Object.fromEntries(await booted.app.tagStore.getTagsForUrls(['https://f1.example/']))).toEqual({ 'https://f1.example/': ['fresh'] });
  });

  it('an item gone since the comparison is reported, nothing else happens, and no history entry is made', async () => {
    const booted = await boot({ seed: 32 });
    const b = booted.browser.bookmarks;
    const backup = await firefoxBackup(booted);
    const n = await b.create({ parentId: 'toolbar_____', title: 'N', url: 'https://n.example/' });
    const diff = await compare(booted, backup);
    await b.remove(n.id);
    const report = await booted.client.startJob('backups.removeAdded', { items: addedToRemove(diff, [0]) }).result;
    expect(report).toEqual({ removed: 0, leftAlone: [{ title: 'N', url: 'https://n.example/', reason: 'gone' }], operationId: null, cancelled: false });
    expect(await booted.client.call('history.list', {})).toEqual([]);
  });
});
