/**
 * Putting chosen changes since a backup back (src/firefox-backups put-back.ts, changesToPutBack) on the fake, through
 * the real background: moved items into their backup folder at their backup position, titles and addresses as in the
 * backup, one edit of the history; what changed after the comparison stays; the undo takes it all back.
 */
import { describe, expect, it } from 'vitest';
import type { BookmarkNode } from '../../../src/platform/browser';
import { compareWithNow, readLiveTree } from '../../../src/firefox-backups/compare';
import { parseFirefoxBackup } from '../../../src/firefox-backups/parse';
import { changesToPutBack } from '../../../src/firefox-backups/restore-plan';
import { describeOperation } from '../../../src/operation-words';
import { boot, type Booted } from '../../kit/boot';

const ROOT_NAMES: Record<string, string> = {
  root________: 'placesRoot',
  menu________: 'bookmarksMenuFolder',
  toolbar_____: 'toolbarFolder',
  unfiled_____: 'unfiledBookmarksFolder',
  mobile______: 'mobileFolder',
};

async function firefoxBackup(booted: Pick<Booted, 'browser'>): Promise<string> {
  const [root] = await booted.browser.bookmarks.getTree();
  const json = (n: BookmarkNode): object => ({
    guid: n.id,
    title: n.title,
    index: n.index ?? 0,
    ...(n.type === 'separator'
      ? { typeCode: 3 }
      : n.url !== undefined
        ? { typeCode: 1, uri: n.url }
        : { typeCode: 2, ...(ROOT_NAMES[n.id] && { root: ROOT_NAMES[n.id] }), children: (n.children ?? []).map(json) }),
  });
  return JSON.stringify(json(root!));
}

async function outline(b: Booted['browser']['bookmarks'], id: string, depth = 0): Promise<string[]> {
  const out: string[] = [];
  for (const c of await b.getChildren(id)) {
    const pad = '  '.repeat(depth);
    if (c.type === 'folder') out.push(`${pad}[${c.title}]`, ...(await outline(b, c.id, depth + 1)));
    else out.push(`${pad}${c.title} <${c.url}>`);
  }
  return out;
}

describe('putting changes since a backup back', () => {
  it('a moved and renamed item goes back into its folder at its place with its name; a title and an address back; a change made after the comparison stays; undo', async () => {
    const booted = await boot({ seed: 41 });
    const b = booted.browser.bookmarks;
    const work = await b.create({ parentId: 'toolbar_____', title: 'Work' });
    await b.create({ parentId: work.id, title: 'A', url: 'https://a.example/' });
    const mover = await b.create({ parentId: work.id, title: 'Mover', url: 'https://mover.example/' });
    await b.create({ parentId: work.id, title: 'C', url: 'https://c.example/' });
    const home = await b.create({ parentId: 'toolbar_____', title: 'Home' });
    const named = await b.create({ parentId: home.id, title: 'Named', url: 'https://named.example/' });
    const addressed = await b.create({ parentId: home.id, title: 'Addressed', url: 'https://old.example/' });
    const backup = await firefoxBackup(booted);
    const before = await outline(b, 'toolbar_____');

    await b.move(mover.id, { parentId: home.id });
    await b.update(mover.id, { title: 'Mover renamed' });
    await b.update(named.id, { title: 'Named new' });
    await b.update(addressed.id, { url: 'https://new.example/' });
    const changed = await outline(b, 'toolbar_____');
    const { encoded } = await booted.client.call('organizer.tree', {});
    const diff = compareWithNow(parseFirefoxBackup(backup).items, readLiveTree(encoded));
    expect([diff.moved.length, diff.renamed.length, diff.readdressed.length]).toEqual([1, 2, 1]);
    const all = (n: number) => Array.from({ length: n }, (_, i) => i);
    const changes = changesToPutBack(diff, { moved: all(1), renamed: all(2), readdressed: all(1) });
    // One change per item: the moved one also gets its name back.
    expect(changes.map((c) => [c.title, c.to])).toEqual([
      ['Mover renamed', { folder: { parentId: work.id, index: 1 }, title: 'Mover' }],
      ['Named new', { title: 'Named' }],
      ['Addressed', { url: 'https://old.example/' }],
    ]);
    // After the comparison, the person renames the re-addressed bookmark: it stays as they left it.
    await b.update(addressed.id, { title: 'Addressed by me' });
    const report = await booted.client.startJob('backups.putBack', { changes }).result;
    expect(report).toMatchObject({ done: 2, leftAlone: [{ title: 'Addressed', url: 'https://new.example/', reason: 'changed-since' }] });
    expect(await outline(b, 'toolbar_____')).toEqual(before.map((l) => (l.includes('Addressed') ? '  Addressed by me <https://new.example/>' : l)));
    const [operation] = await booted.client.call('history.list', {});
    expect(describeOperation(operation!)).toBe('Edited 2 items');

    await booted.client.startJob('history.undo', { sessionId: report.operationId! }).result;
    expect(await outline(b, 'toolbar_____')).toEqual(changed.map((l) => (l.includes('Addressed') ? '  Addressed by me <https://new.example/>' : l)));
  });
});
