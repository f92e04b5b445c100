/** The organizer's writes in the background (fake browser): moves, copies, folder sort, edits, removals and refusals. */
import { describe, expect, it } from 'vitest';
import { MENU_ID, ROOT_ID, TOOLBAR_ID, UNFILED_ID } from '../../../src/platform/browser';
import { boot } from '../../kit/boot';
import { childTitles } from '../../kit/tree';

async function setup() {
  const env = await boot();
  return { client: env.client, b: env.browser.bookmarks, titles: (id: string) => childTitles(env.browser, id) };
}

describe('organizer writes', () => {
  it('moves a multi-selection before an item of another folder, in selection order', async () => {
    const { client, b, titles } = await setup();
    const x = await b.create({ parentId: UNFILED_ID, title: 'x', url: 'https://x.example/' });
    const y = await b.create({ parentId: UNFILED_ID, title: 'y', url: 'https://y.example/' });
    const target = await b.create({ parentId: MENU_ID, title: 'T' });
    const t1 = await b.create({ parentId: target.id, title: 't1', url: 'https://t1.example/' });
    await b.create({ parentId: target.id, title: 't2', url: 'https://t2.example/' });
    expect(await client.call('organizer.move', { ids: [y.id, x.id], parentId: target.id, beforeId: t1.id })).toEqual({ done: 2, skipped: 0 });
    expect(await titles(target.id)).toEqual(['y', 'x', 't1', 't2']);
    expect(await titles(UNFILED_ID)).toEqual([]);
  });

  it('reorders inside a folder, and an item that went meanwhile is skipped, not an error', async () => {
    const { client, b, titles } = await setup();
    const ids = [];
    for (const t of ['a', 'b', 'c', 'd']) ids.push((await b.create({ parentId: UNFILED_ID, title: t, url: `https://${t}.example/` })).id);
    expect(await client.call('organizer.move', { ids: [ids[0]!, 'gone_id_0001'], parentId: UNFILED_ID, beforeId: null })).toEqual({ done: 1, skipped: 1 });
    expect(await titles(UNFILED_ID)).toEqual(['b', 'c', 'd', 'a']);
  });

  it('refuses a folder into itself, a root folder moved and the invisible root as target, changing nothing', async () => {
    const { client, b, titles } = await setup();
    const outer = await b.create({ parentId: MENU_ID, title: 'outer' });
    const inner = await b.create({ parentId: outer.id, title: 'inner' });
    await expect(client.call('organizer.move', { ids: [outer.id], parentId: inner.id, beforeId: null })).rejects.toThrow('A folder cannot go into itself');
    await expect(client.call('organizer.move', { ids: [TOOLBAR_ID], parentId: outer.id, beforeId: null })).rejects.toThrow('root folders cannot be moved');
    await expect(client.call('organizer.move', { ids: [inner.id], parentId: ROOT_ID, beforeId: null })).rejects.toThrow('invisible root');
    expect(await titles(outer.id)).toEqual(['inner']);
  });

  it('sorts a folder by name with folders first, separators staying, in one call per misplaced item', async () => {
    const { client, b, titles } = await setup();
    for (const t of ['pear', 'Apple']) await b.create({ parentId: UNFILED_ID, title: t, url: `https://${t}.example/` });
    await b.create({ parentId: UNFILED_ID, title: 'zoo' });
    await b.create({ parentId: UNFILED_ID, type: 'separator' });
    for (const t of ['b 10', 'b 9']) await b.create({ parentId: UNFILED_ID, title: t, url: 'https://b.example/' });
    const reply = await client.call('organizer.sortFolder', { folderId: UNFILED_ID, by: 'name', foldersFirst: true });
    expect(await titles(UNFILED_ID)).toEqual(['zoo', 'Apple', 'pear', '', 'b 9', 'b 10']);
    expect(reply).toEqual({ done: 3, skipped: 0 });
    expect(await client.call('organizer.sortFolder', { folderId: UNFILED_ID, by: 'name', foldersFirst: true })).toEqual({ done: 0, skipped: 0 });
  });

  it('copies a folder with its content, renames, changes an address, creates at a place and removes', async () => {
    const { client, b, titles } = await setup();
    const f = await b.create({ parentId: MENU_ID, title: 'F' });
    const inF = await b.create({ parentId: f.id, title: 'in', url: 'https://in.example/' });
    expect(await client.call('organizer.copy', { ids: [f.id], parentId: UNFILED_ID, beforeId: null })).toEqual({ done: 2, skipped: 0 });
    const [copy] = await b.getChildren(UNFILED_ID);
    expect(copy!.id).not.toBe(f.id);
    expect(await titles(copy!.id)).toEqual(['in']);
    await client.call('organizer.update', { id: inF.id, title: 'renamed', url: 'https://new.example/' });
    expect((await b.get(inF.id))[0]).toMatchObject({ title: 'renamed', url: 'https://new.example/' });
    await expect(client.call('organizer.update', { id: inF.id, url: 'not a url' })).rejects.toThrow('is not an address');
    await expect(client.call('organizer.update', { id: f.id, url: 'https://x.example/' })).rejects.toThrow('Only bookmarks have an address');
    await client.call('organizer.create', { parentId: f.id, beforeId: inF.id, kind: 'separator' });
    await client.call('organizer.create', { parentId: f.id, beforeId: null, kind: 'folder', title: 'New' });
    expect((await b.getChildren(f.id)).map((c) => c.type)).toEqual(['separator', 'bookmark', 'folder']);
    expect(await client.call('organizer.remove', { ids: [f.id, inF.id] })).toEqual({ done: 1, skipped: 1 });
    expect(await titles(MENU_ID)).toEqual([]);
    await expect(client.call('organizer.remove', { ids: [MENU_ID] })).rejects.toThrow('root folders');
  });
});

describe('organizer.tree from the search index', () => {
  it('gives the rows getTree gives after random creates, moves, renames and removals, once the index is fresh', async () => {
    const { rowsFromIndex } = await import('../../../src/organizer/feature');
    const { snapshotRows } = await import('../../../src/organizer/snapshot');
    const { withBookmarkDates } = await import('../../../src/bookmark-dates/date-store');
    const { browser, app, client } = await boot({ seed: 7 });
    const b = browser.bookmarks;
    const folders = [MENU_ID, TOOLBAR_ID, UNFILED_ID];
    const items: string[] = [];
    for (let step = 0; step < 80; step++) {
      const pick = <T>(xs: T[]) => xs[(step * 7919) % xs.length]!;
      try {
        if (step % 5 < 2 || items.length < 3) {
          const node = await b.create(
            step % 3 === 0
              ? { parentId: pick(folders), title: `F${step}` }
              : { parentId: pick(folders), title: `B${step}`, url: `https://e.example/${step}`, index: step % 2 },
          );
          items.push(node.id);
          if (step % 3 === 0) folders.push(node.id);
        } else if (step % 5 === 2) await b.move(pick(items), { parentId: pick(folders), index: step % 3 });
        else if (step % 5 === 3) await b.update(pick(items), { title: `T${step}` });
        else await b.removeTree(items.splice(step % items.length, 1)[0]!);
      } catch {
        // Refused by Firefox (a folder into itself, a vanished item): nothing changed.
      }
    }
    await app.live.ready();
    // Dates an import kept for some items: both paths give them instead of Firefox's.
    await app.bookmarkDates.store.putMany(items.slice(0, 5).map((id, i) => ({ id, dateAdded: 1_000_000_000_000 + i })));
    await client.call('test.places.settle', {});
    const dates = await app.bookmarkDates.store.all();
    const fromIndex = rowsFromIndex(app.live, dates);
    expect(fromIndex).not.toBeNull();
    expect(fromIndex).toEqual(snapshotRows(withBookmarkDates(await b.getTree(), dates)));
    expect(fromIndex!.filter((row) => row[6] < 1_000_000_000_100).length).toBeGreaterThan(0);
  });
});

describe('organizer.move when items vanish', () => {
  it('regression: a selected item removed meanwhile is skipped and the others still land in order before the target', async () => {
    const { client, b, titles } = await setup();
    const target = await b.create({ parentId: MENU_ID, title: 'T' });
    const anchor = await b.create({ parentId: target.id, title: 'anchor', url: 'https://anchor.example/' });
    const ids: string[] = [];
    for (const t of ['a', 'b', 'c']) ids.push((await b.create({ parentId: UNFILED_ID, title: t, url: `https://${t}.example/` })).id);
    await b.remove(ids[1]!);
    expect(await client.call('organizer.move', { ids, parentId: target.id, beforeId: anchor.id })).toEqual({ done: 2, skipped: 1 });
    expect(await titles(target.id)).toEqual(['a', 'c', 'anchor']);
  });
});
