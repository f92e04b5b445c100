/**
 * The one history through the real background on the fake browser: every kind of edit is undone and redone through
 * 'history.undo' and 'history.redo', someone else's changes made in between are left alone (and reported), a new
 * operation ends what can be redone, and an undo cut short (cancel, failure, crash) leaves nothing half done.
 */
import { describe, expect, it, vi } from 'vitest';
import { KEPT_SESSIONS } from '../../../src/operation-history/journal';
import { MENU_ID, TOOLBAR_ID, UNFILED_ID } from '../../../src/platform/browser';
import { boot } from '../../kit/boot';
import { gate } from '../../kit/gate';
import { planFromTree } from '../dedup/cleanup-fixtures';
import { bootKillableWithFolder } from '../../kit/killable';
import { childTitles, treeShape } from '../../kit/tree';

async function setup() {
  const env = await boot();
  const { browser, control, client } = env;
  const b = browser.bookmarks;
  const background = { browser, control, client, b, app: env.app, titles: (id: string) => childTitles(browser, id), shape: () => treeShape(browser) };
  const tagsOf = async (...urls: string[]) => Object.fromEntries((await client.call('tags.forUrls', { urls })).map((e) => [e.url, e.tags]));
  const list = () => client.call('history.list', {});
  const undo = (sessionId?: string) => client.startJob('history.undo', sessionId ? { sessionId } : {}).result;
  const redo = (sessionId?: string) => client.startJob('history.redo', sessionId ? { sessionId } : {}).result;
  const title = async (id: string) => (await b.get(id))[0]!.title;
  return { ...background, tagsOf, list, undo, redo, title };
}

describe('the history: undo and redo of every edit', () => {
  it('a rename is undone and redone; the history says what it is now', async () => {
    const { client, b, undo, redo, list, title } = await setup();
    const x = await b.create({ parentId: MENU_ID, title: 'old name', url: 'https://x.example/' });
    await client.call('organizer.update', { id: x.id, title: 'new name' });
    expect(await list()).toEqual([
      expect.objectContaining({
        kind: 'edit',
        state: 'done',
        canUndo: true,
        canRedo: false,
        next: 'undo',
        edit: expect.objectContaining({ action: 'update', title: 'old name' }),
      }),
    ]);
    const undone = await undo();
    expect(undone.operation).toMatchObject({ state: 'undone', undone: true, canUndo: false, canRedo: true, next: 'redo' });
    expect(await title(x.id)).toBe('old name');
    const redone = await redo();
    expect(redone.operation).toMatchObject({ state: 'redone', status: 'applied', canUndo: true, canRedo: false, next: 'undo' });
    expect(await title(x.id)).toBe('new name');
    await undo();
    expect(await title(x.id)).toBe('old name');
    // One operation, however often it was undone and redone.
    expect(await list()).toHaveLength(1);
  });

  it('a rename someone changed again since is kept, and the undo says so; one someone deleted is reported gone', async () => {
    const { client, b, undo, title } = await setup();
    const x = await b.create({ parentId: MENU_ID, title: 'a', url: 'https://x.example/' });
    const y = await b.create({ parentId: MENU_ID, title: 'b', url: 'https://y.example/' });
    await client.call('organizer.update', { id: x.id, title: 'a2' });
    await b.update(x.id, { title: 'theirs' });
    expect((await undo()).leftAlone).toEqual([expect.objectContaining({ reason: 'changed-since', count: 1, titles: ['theirs'] })]);
    expect(await title(x.id)).toBe('theirs');

    await client.call('organizer.update', { id: y.id, title: 'b2' });
    await b.remove(y.id);
    expect((await undo()).leftAlone).toEqual([expect.objectContaining({ reason: 'deleted-since', count: 1 })]);
  });

  it('an undo touches only what the edit changed: a new title goes back although someone changed the address since', async () => {
    const { client, b, undo } = await setup();
    const x = await b.create({ parentId: MENU_ID, title: 'a', url: 'https://x.example/' });
    await client.call('organizer.update', { id: x.id, title: 'a2' });
    await b.update(x.id, { url: 'https://theirs.example/' });
    expect((await undo()).leftAlone).toEqual([]);
    expect((await b.get(x.id))[0]).toMatchObject({ title: 'a', url: 'https://theirs.example/' });
  });

  it('regression: a new address takes the bookmark’s tags with it (the details pane changed only the address); undo and redo move them back and forth', async () => {
    const { client, b, undo, redo, tagsOf } = await setup();
    const x = await b.create({ parentId: MENU_ID, title: 'x', url: 'https://old.example/' });
    await client.call('tags.add', { urls: ['https://old.example/'], tags: ['work', 'docs'] });
    await client.call('tags.add', { urls: ['https://new.example/'], tags: ['theirs'] });
    await client.call('organizer.update', { id: x.id, url: 'https://new.example/' });
    expect(await tagsOf('https://old.example/', 'https://new.example/')).toEqual({ 'https://old.example/': [], 'https://new.example/': ['theirs', 'work', 'docs'] });
    await undo();
    expect((await b.get(x.id))[0]!.url).toBe('https://old.example/');
    expect(await tagsOf('https://old.example/', 'https://new.example/')).toEqual({ 'https://old.example/': ['work', 'docs'], 'https://new.example/': ['theirs'] });
    await redo();
    expect(await tagsOf('https://old.example/', 'https://new.example/')).toEqual({ 'https://old.example/': [], 'https://new.example/': ['theirs', 'work', 'docs'] });
  });

  it('name, address and tags saved together are one edit, undone in one step', async () => {
    const { client, b, undo, tagsOf, list } = await setup();
    const x = await b.create({ parentId: MENU_ID, title: 'x', url: 'https://x.example/' });
    await client.call('tags.add', { urls: ['https://x.example/'], tags: ['a', 'b'] });
    const before = (await list()).length;
    await client.call('organizer.update', { id: x.id, title: 'y', url: 'https://y.example/', tags: ['b', 'c'] });
    expect(await list()).toHaveLength(before + 1);
    expect(await tagsOf('https://y.example/')).toEqual({ 'https://y.example/': ['b', 'c'] });
    await undo();
    expect((await b.get(x.id))[0]).toMatchObject({ title: 'x', url: 'https://x.example/' });
    expect(await tagsOf('https://x.example/', 'https://y.example/')).toEqual({ 'https://x.example/': ['a', 'b'], 'https://y.example/': [] });
  });

  it('a bulk tag edit comes undone exactly (order and spelling); a tag someone added or removed since stays as they left it', async () => {
    const { client, b, undo, redo, tagsOf } = await setup();
    const urls = ['https://a.example/', 'https://b.example/', 'https://c.example/'];
    for (const url of urls) await b.create({ parentId: MENU_ID, title: url, url });
    await client.call('tags.add', { urls: [urls[0]!], tags: ['Zeta', 'alpha'] });
    const before = await tagsOf(...urls);
    await client.call('tags.add', { urls, tags: ['fruit'] });
    await client.call('tags.remove', { urls, tags: ['alpha'] });
    await undo();
    await undo();
    expect(await tagsOf(...urls)).toEqual(before);
    await redo();
    await redo();
    expect(await tagsOf(...urls)).toEqual({ [urls[0]!]: ['Zeta', 'fruit'], [urls[1]!]: ['fruit'], [urls[2]!]: ['fruit'] });

    // A later edit changes the tags of one address again: the undo of the earlier one takes back only what it did.
    await client.call('tags.add', { urls, tags: ['late'] });
    const [edit] = await client.call('history.list', {});
    await client.call('tags.remove', { urls: [urls[1]!], tags: ['late'] });
    await client.call('tags.add', { urls: [urls[1]!], tags: ['mine'] });
    const result = await undo(edit!.id);
    expect(result.leftAlone).toEqual([]);
    expect(await tagsOf(...urls)).toEqual({ [urls[0]!]: ['Zeta', 'fruit'], [urls[1]!]: ['fruit', 'mine'], [urls[2]!]: ['fruit'] });
  });

  it('Tags view: a rename, a merge and a delete are undone and redone', async () => {
    const { client, b, undo, redo, tagsOf } = await setup();
    const urls = ['https://a.example/', 'https://b.example/'];
    for (const url of urls) await b.create({ parentId: MENU_ID, title: url, url });
    await client.call('tags.add', { urls, tags: ['Work'] });
    await client.call('tags.add', { urls: [urls[1]!], tags: ['job', 'misc'] });
    const before = await tagsOf(...urls);
    await client.call('tags.rename', { from: 'Work', to: 'work' });
    expect(await tagsOf(...urls)).toEqual({ [urls[0]!]: ['work'], [urls[1]!]: ['work', 'job', 'misc'] });
    await client.call('tags.merge', { from: ['job'], into: 'work' });
    await client.call('tags.delete', { tag: 'misc' });
    expect(await tagsOf(...urls)).toEqual({ [urls[0]!]: ['work'], [urls[1]!]: ['work'] });
    expect((await client.call('history.list', {})).slice(0, 3).map((s) => s.edit?.action)).toEqual(['tag-delete', 'tag-merge', 'tag-rename']);
    await undo();
    await undo();
    await undo();
    expect(await tagsOf(...urls)).toEqual(before);
    await redo();
    expect(await tagsOf(...urls)).toEqual({ [urls[0]!]: ['work'], [urls[1]!]: ['work', 'job', 'misc'] });
  });

  it('a new bookmark, folder or separator is taken back by undo and made again by redo; one someone renamed since stays', async () => {
    const { client, b, undo, redo, titles } = await setup();
    await b.create({ parentId: TOOLBAR_ID, title: 'first', url: 'https://first.example/' });
    await client.call('organizer.create', { parentId: TOOLBAR_ID, beforeId: null, kind: 'folder', title: 'New folder' });
    await client.call('organizer.create', { parentId: TOOLBAR_ID, beforeId: null, kind: 'bookmark', title: 'pasted', url: 'https://pasted.example/' });
    expect(await titles(TOOLBAR_ID)).toEqual(['first', 'New folder', 'pasted']);
    await undo();
    await undo();
    expect(await titles(TOOLBAR_ID)).toEqual(['first']);
    await redo();
    await redo();
    expect(await titles(TOOLBAR_ID)).toEqual(['first', 'New folder', 'pasted']);
    const [pasted] = await b.search({ url: 'https://pasted.example/' });
    await b.update(pasted!.id, { title: 'kept by them' });
    expect((await undo()).leftAlone).toEqual([expect.objectContaining({ reason: 'changed-since', titles: ['kept by them'] })]);
    expect(await titles(TOOLBAR_ID)).toEqual(['first', 'New folder', 'kept by them']);
  });

  it('a copy is taken back by undo; a copied folder someone put something into stays with it', async () => {
    const { client, b, undo, redo, shape, titles } = await setup();
    const src = await b.create({ parentId: MENU_ID, title: 'Src' });
    await b.create({ parentId: src.id, title: 'inside', url: 'https://inside.example/' });
    const target = await b.create({ parentId: TOOLBAR_ID, title: 'T' });
    const before = await shape();
    expect(await client.call('organizer.copy', { ids: [src.id], parentId: target.id, beforeId: null })).toEqual({ done: 2, skipped: 0 });
    const after = await shape();
    await undo();
    expect(await shape()).toEqual(before);
    await redo();
    expect(await shape()).toEqual(after);
    const [copy] = await b.getChildren(target.id);
    await b.create({ parentId: copy!.id, title: 'theirs', url: 'https://theirs.example/' });
    const result = await undo();
    expect(result.leftAlone).toEqual([expect.objectContaining({ reason: 'not-empty', titles: ['Src'] })]);
    expect(await titles(copy!.id)).toEqual(['theirs']);
  });

  it('a delete, its undo, redo and undo again: the folder comes back with everything in it each time', async () => {
    const { client, b, undo, redo, shape, tagsOf } = await setup();
    const dev = await b.create({ parentId: MENU_ID, title: 'Dev' });
    await b.create({ parentId: dev.id, title: 'MDN', url: 'https://developer.mozilla.org/' });
    await b.create({ parentId: MENU_ID, title: 'after', url: 'https://after.example/' });
    await client.call('tags.add', { urls: ['https://developer.mozilla.org/'], tags: ['docs'] });
    const before = await shape();
    await client.call('organizer.remove', { ids: [dev.id] });
    const removed = await shape();
    await undo();
    expect(await shape()).toEqual(before);
    await redo();
    expect(await shape()).toEqual(removed);
    await undo();
    expect(await shape()).toEqual(before);
    expect(await tagsOf('https://developer.mozilla.org/')).toEqual({ 'https://developer.mozilla.org/': ['docs'] });
  });

  it('a move and a sort are redone', async () => {
    const { client, b, undo, redo, titles } = await setup();
    const folder = await b.create({ parentId: TOOLBAR_ID, title: 'F' });
    const ids: string[] = [];
    for (const t of ['pear', 'apple', 'melon']) ids.push((await b.create({ parentId: folder.id, title: t, url: `https://${t}.example/` })).id);
    await client.call('organizer.sortFolder', { folderId: folder.id, by: 'name', foldersFirst: true });
    await client.call('organizer.move', { ids: [ids[0]!], parentId: UNFILED_ID, beforeId: null });
    expect([await titles(folder.id), await titles(UNFILED_ID)]).toEqual([['apple', 'melon'], ['pear']]);
    await undo();
    await undo();
    expect([await titles(folder.id), await titles(UNFILED_ID)]).toEqual([['pear', 'apple', 'melon'], []]);
    await redo();
    expect(await titles(folder.id)).toEqual(['apple', 'melon', 'pear']);
    await redo();
    expect([await titles(folder.id), await titles(UNFILED_ID)]).toEqual([['apple', 'melon'], ['pear']]);
  });

  it('an undo reads the tree from the search index while it is current, and what someone moved just before it stays', async () => {
    const { client, b, control, app, undo, titles } = await setup();
    const folder = await b.create({ parentId: TOOLBAR_ID, title: 'F' });
    const ids: string[] = [];
    for (const t of ['pear', 'apple', 'melon']) ids.push((await b.create({ parentId: folder.id, title: t, url: `https://${t}.example/` })).id);
    await client.call('organizer.move', { ids: [ids[0]!, ids[1]!], parentId: UNFILED_ID, beforeId: null });
    await app.live.whenFresh();
    // Someone moves one of them again, right before the undo: the index hears it as an event only.
    await b.move(ids[1]!, { parentId: MENU_ID });
    let treeReads = 0;
    const stop = control.observeBookmarkCalls((call) => void (call.method === 'getTree' && treeReads++));
    const undone = await undo();
    stop();
    expect(treeReads).toBe(0);
    expect([await titles(folder.id), await titles(UNFILED_ID), await titles(MENU_ID)]).toEqual([['pear', 'melon'], [], ['apple']]);
    expect(undone).toMatchObject({ movedBack: 1, leftAlone: [{ reason: 'moved-since', count: 1, titles: ['apple'] }] });
  });

  it('a cleanup and an import are redone: the same copies go again, the same bookmarks and tags come again', async () => {
    const { client, b, browser, undo, redo, shape, tagsOf } = await setup();
    await b.create({ parentId: MENU_ID, title: 'keep', url: 'https://dup.example/' });
    for (let i = 0; i < 3; i++) await b.create({ parentId: TOOLBAR_ID, title: `copy ${i}`, url: 'https://dup.example/' });
    await client.startJob('dedup.cleanup', await planFromTree(browser, { createdAt: Date.now() })).result;
    const cleaned = await shape();
    await undo();
    expect(await b.search({ url: 'https://dup.example/' })).toHaveLength(4);
    await redo();
    expect(await shape()).toEqual(cleaned);

    const html =
      '<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n<DT><H3>Imported</H3>\n<DL><p>\n<DT><A HREF="https://imported.example/" TAGS="from-file">Imported one</A>\n</DL><p>\n</DL>\n';
    await client.startJob('bookmarksHtml.import', { html, target: { into: 'roots' } }).result;
    const imported = await shape();
    await undo();
    expect(await b.search({ url: 'https://imported.example/' })).toEqual([]);
    await redo();
    expect(await shape()).toEqual(imported);
    expect(await tagsOf('https://imported.example/')).toEqual({ 'https://imported.example/': ['from-file'] });
  });

  it('tags brought in from a file, and from a backup, are one operation each, taken off again by undo', async () => {
    const { client, b, undo, redo, tagsOf, list } = await setup();
    await b.create({ parentId: MENU_ID, title: 'a', url: 'https://a.example/' });
    await b.create({ parentId: MENU_ID, title: 'b', url: 'https://b.example/' });
    await client.call('tags.add', { urls: ['https://a.example/'], tags: ['mine'] });
    const html =
      '<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n<DT><A HREF="https://a.example/" TAGS="x,y">a</A>\n<DT><A HREF="https://b.example/" TAGS="y">b</A>\n</DL>\n';
    await client.startJob('bookmarksHtml.importTags', { html }).result;
    expect((await list())[0]).toMatchObject({ kind: 'edit', edit: { action: 'tags-import', items: 2 } });
    expect(await tagsOf('https://a.example/', 'https://b.example/')).toEqual({ 'https://a.example/': ['mine', 'x', 'y'], 'https://b.example/': ['y'] });
    await undo();
    expect(await tagsOf('https://a.example/', 'https://b.example/')).toEqual({ 'https://a.example/': ['mine'], 'https://b.example/': [] });
    await redo();
    expect(await tagsOf('https://b.example/')).toEqual({ 'https://b.example/': ['y'] });

    const backup = await client.call('backup.export', {});
    await client.call('tags.remove', { urls: ['https://a.example/', 'https://b.example/'], tags: ['y'] });
    await client.call('backup.restore', { text: JSON.stringify(backup) });
    expect((await list())[0]).toMatchObject({ edit: { action: 'tags-restore', items: 2 } });
    await undo();
    expect(await tagsOf('https://a.example/', 'https://b.example/')).toEqual({ 'https://a.example/': ['mine', 'x'], 'https://b.example/': [] });
  });

  it('a new operation ends what could be redone; redo says there is nothing, and an older undone one cannot be redone by name', async () => {
    const { client, b, undo, redo, list } = await setup();
    const x = await b.create({ parentId: MENU_ID, title: 'x', url: 'https://x.example/' });
    await client.call('organizer.update', { id: x.id, title: 'x2' });
    const undone = await undo();
    expect((await list())[0]).toMatchObject({ canRedo: true });
    await client.call('organizer.update', { id: x.id, title: 'x3' });
    expect((await list()).find((s) => s.id === undone.operation.id)).toMatchObject({ state: 'undone', canRedo: false });
    await expect(redo()).rejects.toMatchObject({ code: 'not-found', message: 'Nothing to redo.' });
    await expect(redo(undone.operation.id)).rejects.toMatchObject({ code: 'conflict' });
    await expect(undo(undone.operation.id)).rejects.toMatchObject({ code: 'conflict', message: expect.stringContaining('already undone') });
  });

  it('redo without a name takes the operation undone last; undo without one the operation done or redone last', async () => {
    const { client, b, undo, redo, title } = await setup();
    const x = await b.create({ parentId: MENU_ID, title: 'x', url: 'https://x.example/' });
    const y = await b.create({ parentId: MENU_ID, title: 'y', url: 'https://y.example/' });
    await client.call('organizer.update', { id: x.id, title: 'x2' });
    await client.call('organizer.update', { id: y.id, title: 'y2' });
    await undo(); // y
    await undo(); // x
    expect((await redo()).operation.edit?.title).toBe('x');
    expect([await title(x.id), await title(y.id)]).toEqual(['x2', 'y']);
    expect((await undo()).operation.edit?.title).toBe('x');
  });

  it('a popup edit and a quick bookmark are undone from the popup’s sources, newest first; an organizer edit made after them is not', async () => {
    const { client, b, control } = await setup();
    const x = await b.create({ parentId: MENU_ID, title: 'x', url: 'https://x.example/' });
    // The fake's pages are the popup by default.
    await client.call('places.save', {
      ops: [{ ref: 0, type: 'bookmark', action: 'update', id: x.id, index: -1, title: 'from the popup', url: 'https://x.example/', tags: [], check: false }],
    });
    control.setActiveTab({ url: 'https://quick.example/', title: 'Quick' });
    control.triggerCommand('quick-bookmark');
    await vi.waitFor(async () => expect(await b.search({ url: 'https://quick.example/' })).toHaveLength(1));
    await client.call('organizer.update', { id: x.id, url: 'https://x2.example/' });
    const sources = ['popup', 'quick-bookmark'] as ('popup' | 'quick-bookmark')[];
    const first = await client.startJob('history.undo', { sources }).result;
    expect(first.operation.edit).toMatchObject({ action: 'create', title: 'Quick', source: 'quick-bookmark' });
    expect(await b.search({ url: 'https://quick.example/' })).toEqual([]);
    const second = await client.startJob('history.undo', { sources }).result;
    expect(second.operation.edit).toMatchObject({ action: 'update', title: 'x', source: 'popup' });
    expect((await b.get(x.id))[0]).toMatchObject({ title: 'x', url: 'https://x2.example/' });
  });

  it(`keeps the last ${KEPT_SESSIONS} operations, each with its undos and redos`, async () => {
    const { client, b, undo, redo, list } = await setup();
    const x = await b.create({ parentId: MENU_ID, title: 'x0', url: 'https://x.example/' });
    await client.call('organizer.update', { id: x.id, title: 'first' });
    await undo();
    await redo();
    for (let i = 1; i <= KEPT_SESSIONS; i++) await client.call('organizer.update', { id: x.id, title: `x${i}` });
    const all = await list();
    expect(all).toHaveLength(KEPT_SESSIONS);
    expect(all.at(-1)!.edit?.title).toBe('first');
    // The oldest kept one is still undoable as itself: its chain was kept with it.
    await client.call('organizer.update', { id: x.id, title: 'one more' });
    expect((await list()).some((s) => s.edit?.title === 'first')).toBe(false);
  });
});

describe('the history: an undo cut short leaves nothing half done', () => {
  it('a cancelled undo is taken back: the tree is as before it started, and the operation can still be undone', async () => {
    const { client, b, shape, list } = await setup();
    const f = await b.create({ parentId: MENU_ID, title: 'F' });
    const ids: string[] = [];
    for (let i = 0; i < 80; i++) ids.push((await b.create({ parentId: f.id, title: `i${i}`, url: `https://${i}.example/` })).id);
    await client.call('organizer.remove', { ids });
    const removed = await shape();
    const job = client.startJob('history.undo', {}, (p) => {
      if (p.phase === 'restoring' && p.done >= 30) job.cancel();
    });
    expect(await job.result).toMatchObject({ cancelled: true, restored: 0 });
    await vi.waitFor(async () => expect((await list())[0]).toMatchObject({ canUndo: true, state: 'done' }));
    expect(await shape()).toEqual(removed);
    await client.startJob('history.undo', {}).result;
    expect(await b.getChildren(f.id)).toHaveLength(80);
  });

  for (const step of ['undo', 'redo'] as const) {
    it(`Firefox killed in the middle of an ${step}: the next start rolls it back, and the operation stands as it was`, async () => {
      const { fake, state, client, ids, children } = await bootKillableWithFolder(['create', 'remove'], (i) => `item ${i}`, 3);
      await client.call('organizer.remove', { ids });
      if (step === 'redo') await client.startJob('history.undo', {}).result;
      const before = await children();
      // Firefox dies after 15 more calls.
      state.left = 15;
      void client.startJob(step === 'undo' ? 'history.undo' : 'history.redo', {}).result.catch(() => undefined);
      await vi.waitFor(() => expect(state.dead).toBe(true));
      expect(await children()).not.toEqual(before);

      const again = (await boot({ fake })).client;
      expect(await children()).toEqual(before);
      const [operation] = await again.call('history.list', {});
      expect(operation).toMatchObject(step === 'undo' ? { state: 'done', canUndo: true } : { state: 'undone', canRedo: true });
      // And it can be done now, whole.
      await again.startJob(step === 'undo' ? 'history.undo' : 'history.redo', {}).result;
      expect(await children()).toEqual(step === 'undo' ? ids.map((_, i) => `item ${i}`) : []);
    });
  }

  /** A cleanup plan of 20 copies of one page in Bookmarks Menu, a bookmark "x" elsewhere, and the order of what happens. */
  async function cleanupOfTwentyCopies() {
    const { client, b, browser, app } = await setup();
    await b.create({ parentId: MENU_ID, title: 'keep', url: 'https://dup.example/' });
    for (let i = 0; i < 20; i++) await b.create({ parentId: MENU_ID, title: `copy ${i}`, url: 'https://dup.example/' });
    const x = await b.create({ parentId: TOOLBAR_ID, title: 'x', url: 'https://x.example/' });
    const plan = await planFromTree(browser, { createdAt: Date.now() });
    const seen: string[] = [];
    b.onRemoved.addListener(() => void seen.push('removed'));
    b.onChanged.addListener(() => void seen.push('renamed'));
    return { client, b, app, x, plan, seen };
  }

  it('an organizer edit waits for a running cleanup instead of running beside it', async () => {
    const { client, b, app, x, plan, seen } = await cleanupOfTwentyCopies();
    // The cleanup's first removal hangs in Firefox until released: the cleanup is running, not paused.
    const remove = b.remove.bind(b);
    const held = gate();
    const removing = gate();
    let first = true;
    b.remove = async (id: string) => {
      if (first) {
        first = false;
        removing.open();
        await held.promise;
      }
      return remove(id);
    };
    const job = client.startJob('dedup.cleanup', plan);
    await removing.promise;
    const edit = client.call('organizer.update', { id: x.id, title: 'renamed' });
    await vi.waitFor(() => expect(app.history.pending()).toBe(2));
    expect(seen).not.toContain('renamed');
    held.open();
    await job.result;
    await edit;
    expect(seen).toEqual([...Array.from({ length: 20 }, () => 'removed'), 'renamed']);
  });

  it('regression: a paused cleanup does not hold back other writes (a rename runs while it is paused, the cleanup goes on after)', async () => {
    const { client, b, app, x, plan, seen } = await cleanupOfTwentyCopies();
    // The cleanup has its turn (it reports its first phase from there) and pauses at its first checkpoint.
    const running = gate();
    const job = client.startJob('dedup.cleanup', plan, (p) => p.phase === 'checking' && running.open());
    job.pause();
    await running.promise;
    // Asked for while the cleanup is paused: it is done without waiting for the resume (or the 10-minute bound).
    await client.call('organizer.update', { id: x.id, title: 'renamed' });
    expect(seen).toEqual(['renamed']);
    expect(app.history.pending()).toBe(1);
    // Resumed, the cleanup goes on with its removals.
    job.resume();
    await job.result;
    expect(seen).toEqual(['renamed', ...Array.from({ length: 20 }, () => 'removed')]);
    expect((await b.get(x.id))[0]!.title).toBe('renamed');
  });
});
