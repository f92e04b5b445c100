/**
 * The organizer's deletes, moves and sorts are operations of the journal (src/organizer/edit-journal.ts): undone by
 * the same undo as a cleanup (the 'history.undo' job), which puts back exactly what the edit did and leaves alone what
 * someone changed since; listed in the history with what they did.
 */
import { describe, expect, it, vi } from 'vitest';
import { MENU_ID, TOOLBAR_ID, UNFILED_ID } from '../../../src/platform/browser';
import { boot } from '../../kit/boot';
import { bootKillableWithFolder } from '../../kit/killable';
import { childTitles, treeShape } from '../../kit/tree';

async function setup() {
  const { browser, client } = await boot();
  const lastOperation = async () => (await client.call('history.list', {}))[0]!;
  const undoLast = async () => client.startJob('history.undo', { sessionId: (await lastOperation()).id }).result;
  return { client, b: browser.bookmarks, titles: (id: string) => childTitles(browser, id), shape: () => treeShape(browser), lastOperation, undoLast };
}

describe('organizer edits undone', () => {
  it('a deleted folder with everything in it comes back where it was, with its tags; the history says what it was', async () => {
    const { client, b, shape, lastOperation, undoLast } = await setup();
    await b.create({ parentId: MENU_ID, title: 'before', url: 'https://before.example/' });
    const dev = await b.create({ parentId: MENU_ID, title: 'Dev' });
    const js = await b.create({ parentId: dev.id, title: 'JS' });
    await b.create({ parentId: js.id, title: 'MDN', url: 'https://developer.mozilla.org/' });
    await b.create({ parentId: dev.id, title: 'Rust', url: 'https://rust-lang.org/' });
    await b.create({ parentId: MENU_ID, title: 'after', url: 'https://after.example/' });
    const loose = await b.create({ parentId: UNFILED_ID, title: 'Loose', url: 'https://loose.example/' });
    await client.call('tags.add', { urls: ['https://developer.mozilla.org/'], tags: ['docs'] });
    const before = await shape();

    // The folder and, separately, a bookmark inside it: the folder's removal covers it.
    const inner = (await b.getChildren(js.id))[0]!;
    expect(await client.call('organizer.remove', { ids: [dev.id, inner.id, loose.id] })).toEqual({ done: 2, skipped: 1 });
    expect((await b.search({ url: 'https://rust-lang.org/' })).length).toBe(0);
    const operation = await lastOperation();
    expect(operation).toMatchObject({ kind: 'edit', canUndo: true, edit: { action: 'delete', items: 2, folderTitle: null } });

    const result = await undoLast();
    expect(result).toMatchObject({ restored: 5, problems: [], cancelled: false });
    expect(await shape()).toEqual(before);
    expect(await client.call('tags.forUrls', { urls: ['https://developer.mozilla.org/'] })).toEqual([{ url: 'https://developer.mozilla.org/', tags: ['docs'] }]);
    expect(await lastOperation()).toMatchObject({ canUndo: false, undone: true });
  });

  it('a folder sort comes undone in the old order; an item someone added since keeps its place', async () => {
    const { client, b, titles, undoLast } = await setup();
    const folder = await b.create({ parentId: TOOLBAR_ID, title: 'F' });
    for (const t of ['pear', 'apple', 'melon', 'fig']) await b.create({ parentId: folder.id, title: t, url: `https://${t}.example/` });
    await client.call('organizer.sortFolder', { folderId: folder.id, by: 'name', foldersFirst: true });
    expect(await titles(folder.id)).toEqual(['apple', 'fig', 'melon', 'pear']);
    // Someone else adds one in the middle afterwards.
    await b.create({ parentId: folder.id, title: 'kiwi', url: 'https://kiwi.example/', index: 2 });
    await undoLast();
    expect(await titles(folder.id)).toEqual(['pear', 'apple', 'kiwi', 'melon', 'fig']);
  });

  it('items moved in from two folders go back to their places; one someone moved on since stays where they put it', async () => {
    const { client, b, titles, undoLast } = await setup();
    const a = await b.create({ parentId: MENU_ID, title: 'A' });
    const c = await b.create({ parentId: MENU_ID, title: 'C' });
    const target = await b.create({ parentId: TOOLBAR_ID, title: 'T' });
    const ids: Record<string, string> = {};
    for (const t of ['a1', 'a2', 'a3']) ids[t] = (await b.create({ parentId: a.id, title: t, url: `https://${t}.example/` })).id;
    for (const t of ['c1', 'c2']) ids[t] = (await b.create({ parentId: c.id, title: t, url: `https://${t}.example/` })).id;
    for (const t of ['t1', 't2']) ids[t] = (await b.create({ parentId: target.id, title: t, url: `https://${t}.example/` })).id;
    // A drop before t1 that also brings t2 (already there) to the front: a move and a reorder in one edit.
    await client.call('organizer.move', { ids: [ids.a3!, ids.c1!, ids.a1!, ids.t2!], parentId: target.id, beforeId: ids.t1! });
    expect(await titles(target.id)).toEqual(['a3', 'c1', 'a1', 't2', 't1']);
    await b.move(ids.c1!, { parentId: UNFILED_ID });
    const result = await undoLast();
    expect(await titles(a.id)).toEqual(['a1', 'a2', 'a3']);
    expect(await titles(c.id)).toEqual(['c2']);
    expect(await titles(UNFILED_ID)).toEqual(['c1']);
    expect(await titles(target.id)).toEqual(['t1', 't2']);
    expect(result.leftAlone).toEqual([expect.objectContaining({ reason: 'moved-since', count: 1, titles: ['c1'] })]);
  });

  it('a move inside one folder only reorders, and undo gives the order back', async () => {
    const { client, b, titles, undoLast, lastOperation } = await setup();
    const ids: string[] = [];
    for (const t of ['a', 'b', 'c', 'd']) ids.push((await b.create({ parentId: UNFILED_ID, title: t, url: `https://${t}.example/` })).id);
    await client.call('organizer.move', { ids: [ids[3]!], parentId: UNFILED_ID, beforeId: ids[0]! });
    expect(await titles(UNFILED_ID)).toEqual(['d', 'a', 'b', 'c']);
    expect(await lastOperation()).toMatchObject({ kind: 'edit', edit: { action: 'move', items: 1, folderTitle: 'Other Bookmarks' } });
    await undoLast();
    expect(await titles(UNFILED_ID)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('a move that changes nothing writes no operation', async () => {
    const { client, b } = await setup();
    const x = await b.create({ parentId: UNFILED_ID, title: 'x', url: 'https://x.example/' });
    await client.call('organizer.move', { ids: [x.id], parentId: UNFILED_ID, beforeId: null });
    expect(await client.call('history.list', {})).toEqual([]);
  });

  for (const [what, dieAt] of [
    ['a delete of 30 items', 'remove'],
    ['a sort of 30 items', 'move'],
  ] as const) {
    it(`regression: Firefox killed in the middle of ${what}: the next start rolls the whole edit back`, async () => {
      // The event page dies after the 12th call: from then on its calls never answer.
      const { fake, state, client, folder, ids, children: order } = await bootKillableWithFolder([dieAt], (i) => `item ${String(29 - i).padStart(2, '0')}`, 7);
      state.left = 12;
      const before = await order();
      void (
        dieAt === 'remove' ? client.call('organizer.remove', { ids }) : client.call('organizer.sortFolder', { folderId: folder.id, by: 'name', foldersFirst: false })
      ).catch(() => undefined);
      await vi.waitFor(() => expect(state.dead).toBe(true));
      expect(await order()).not.toEqual(before);

      const again = (await boot({ fake })).client;
      expect(await order()).toEqual(before);
      expect((await again.call('history.list', {}))[0]).toMatchObject({ kind: 'edit', status: 'rolled-back' });
    });
  }
});
