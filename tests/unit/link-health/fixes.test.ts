/**
 * Link health's fixes over the fake browser, with a real check first (the fake web answers), the one history and a
 * tag store: the preview says exactly what would change and changes nothing; the fix keeps title, folder, position
 * and tags (tags go to the new address); someone else's change made after the preview wins, also one made while the
 * fix runs; undo and redo (the history's) put URLs and tags back exactly; the fixed address is no longer listed.
 */
import { describe, expect, it, vi } from 'vitest';
import type { FixInput, FixPreview, FixProgress, FixResult } from '../../../src/link-health/protocol';
import type { UndoProgress } from '../../../src/operation-history';
import { TOOLBAR_ID, UNFILED_ID, type BookmarkNode } from '../../../src/platform/browser';
import { descendants, kindOf } from '../../../src/platform/tree';
import { jobContext, linkHealthSetup, type Answer } from './setup';

const ctx = { senderUrl: undefined };

/** The web of these tests: /gone/ answers 404, /moved/x moves for good to https://new.example.org/x, the rest 200. */
function web(url: string): Answer {
  const u = new URL(url);
  if (u.pathname.startsWith('/gone/')) return 404;
  if (u.pathname.startsWith('/moved/')) return { movedTo: `https://new.example.org/${u.pathname.slice('/moved/'.length)}` };
  return 200;
}

async function setup() {
  const env = await linkHealthSetup(web);
  const b = env.fake.browser.bookmarks;
  const work = await b.create({ parentId: TOOLBAR_ID, title: 'Work' });
  const check = () => env.feature.jobs['links.check']({ mode: 'all' }, jobContext());
  const preview = (action: FixInput['action'], ids: string[], folderId?: string) =>
    env.feature.handlers['links.fixPreview']({ action, items: ids.map((id) => ({ id, url: urlOf.get(id)! })), ...(folderId ? { folderId } : {}) }, ctx);
  const fix = (p: FixPreview, onProgress?: (p: FixProgress, abort: () => void) => void): Promise<FixResult> =>
    env.feature.writeJobs['links.fix'](
      {
        action: p.action,
        changes: p.changes.map((c) => ({ id: c.id, url: c.url, title: c.title, parentId: c.parentId, to: c.to })),
        ...(p.folder ? { folderId: p.folder.id } : {}),
      },
      jobContext(onProgress),
    );
  const undo = (sessionId: string) => env.history.undo({ sessionId }, jobContext<UndoProgress>());
  const redo = (sessionId: string) => env.history.redo({ sessionId }, jobContext<UndoProgress>());
  /** The URL each bookmark had when the view listed it. */
  const urlOf = new Map<string, string>();
  const add = async (url: string, title: string, parentId = work.id) => {
    const id = await env.add(url, title, parentId);
    urlOf.set(id, url);
    return id;
  };
  const tag = (url: string, tags: string[]) => env.tags.setTags(url, tags);
  /** Every bookmark as a person sees it (folder path, place, title, address) and every address's tags. */
  const state = async () => {
    const [root] = await b.getTree();
    const titles = new Map<string, string>();
    const rows: string[] = [];
    for (const node of descendants([root!])) {
      titles.set(node.id, node.parentId ? `${titles.get(node.parentId) ?? ''}/${node.title}` : '');
      if (kindOf(node) === 'bookmark') rows.push(`${titles.get(node.parentId!)}#${node.index} ${node.title} <${node.url}>`);
    }
    const tags = (await env.tags.all()).map((e) => `${e.url}: ${e.tags.join(',')}`).sort();
    return { rows, tags };
  };
  const node = async (id: string): Promise<BookmarkNode | undefined> => (await b.get(id).catch(() => []))[0];
  return { ...env, b, work, check, preview, fix, undo, redo, add, tag, state, node, urlOf };
}

describe('link health fixes', () => {
  it('the preview says what each bookmark would become and what is left out and why, and changes nothing', async () => {
    const t = await setup();
    const moved = await t.add('http://old.example.org/moved/a', 'Page A');
    const renamedAddress = await t.add('http://old.example.org/moved/b', 'Page B');
    const fine = await t.add('https://ok.example.org/fine', 'Fine');
    const vanishing = await t.add('http://old.example.org/moved/c', 'Page C');
    await t.tag('http://old.example.org/moved/a', ['work', 'docs']);
    await t.check();
    // Since the check: someone gives B another address, and removes C.
    await t.b.update(renamedAddress, { url: 'https://theirs.example.org/b' });
    await t.b.remove(vanishing);
    const before = await t.state();

    const p = await t.preview('update', [moved, renamedAddress, fine, vanishing]);
    expect(p.changes).toEqual([
      {
        id: moved,
        title: 'Page A',
        url: 'http://old.example.org/moved/a',
        to: 'https://new.example.org/a',
        parentId: t.work.id,
        path: ['Bookmarks Toolbar', 'Work'],
        tags: ['work', 'docs'],
        class: 'moved',
      },
    ]);
    expect(p.leftOut.map((l) => [l.id, l.reason])).toEqual([
      [renamedAddress, 'url-changed'],
      [fine, 'not-moved'],
      [vanishing, 'gone'],
    ]);
    expect(await t.state()).toEqual(before);
    expect(await t.history.list()).toEqual([]);
  });

  it('a removal takes the tags along only where no other bookmark keeps the address; a move leaves out what is in the folder', async () => {
    const t = await setup();
    const lone = await t.add('https://dead.example.org/gone/1', 'Lone');
    const twin = await t.add('https://dead.example.org/gone/2', 'Twin');
    await t.add('https://dead.example.org/gone/2', 'Twin kept', UNFILED_ID);
    await t.tag('https://dead.example.org/gone/1', ['x']);
    await t.tag('https://dead.example.org/gone/2', ['y']);
    await t.check();
    const removal = await t.preview('remove', [lone, twin]);
    expect(removal.changes.map((c) => [c.title, c.tags])).toEqual([
      ['Lone', ['x']],
      ['Twin', []],
    ]);
    const move = await t.preview('move', [lone, twin], t.work.id);
    expect(move.folder).toEqual({ id: t.work.id, path: ['Bookmarks Toolbar', 'Work'] });
    expect(move.changes).toEqual([]);
    expect(move.leftOut.map((l) => l.reason)).toEqual(['in-folder', 'in-folder']);
    await expect(t.preview('move', [lone])).rejects.toMatchObject({ code: 'invalid-input' });
    await expect(t.preview('move', [lone], 'no-such-folder')).rejects.toMatchObject({ code: 'not-found' });
    await expect(t.preview('move', [lone], lone)).rejects.toMatchObject({ code: 'invalid-input' });
    // A dead bookmark is not updated, a moved one not removed.
    expect((await t.preview('update', [lone])).leftOut.map((l) => l.reason)).toEqual(['not-moved']);
  });

  it('an update keeps title, folder and position; the tags go to the new address; the address is no longer listed as moved', async () => {
    const t = await setup();
    await t.add('https://ok.example.org/first', 'First');
    const moved = await t.add('http://old.example.org/moved/a', 'Page A');
    await t.add('https://ok.example.org/last', 'Last');
    // The new address is bookmarked already, with a tag of its own.
    await t.add('https://new.example.org/a', 'Already there', UNFILED_ID);
    await t.tag('http://old.example.org/moved/a', ['work', 'docs']);
    await t.tag('https://new.example.org/a', ['Docs', 'new']);
    await t.check();
    expect((await t.feature.markers())('http://old.example.org/moved/a')).toMatchObject({ class: 'moved', finalUrl: 'https://new.example.org/a' });

    const result = await t.fix(await t.preview('update', [moved]));
    expect(result).toMatchObject({ action: 'update', done: 1, leftAlone: [], cancelled: false });
    expect(result.operationId).toEqual(expect.any(String));
    expect(await t.node(moved)).toMatchObject({ title: 'Page A', parentId: t.work.id, index: 1, url: 'https://new.example.org/a' });
    // Merged with the new address's own tags (one tag per spelling: the store keeps the first it saw); the old
    // address has no bookmark left: no tags.
    expect(await t.tags.getTags('https://new.example.org/a')).toEqual(['docs', 'new', 'work']);
    expect(await t.tags.getTags('http://old.example.org/moved/a')).toEqual([]);
    const { items } = await t.feature.handlers['links.results'](undefined, ctx);
    expect(items.filter((i) => i.id === moved)).toEqual([]);
    expect((await t.feature.handlers['links.overview'](undefined, ctx)).counts.moved).toBe(0);
    expect((await t.feature.markers())('https://new.example.org/a')).toBeNull();
    expect(await t.history.list()).toEqual([
      expect.objectContaining({ kind: 'edit', canUndo: true, edit: expect.objectContaining({ action: 'links-update', items: 1 }) }),
    ]);
  });

  it('undo puts URLs and tags back exactly, redo does the fix again exactly, and again', async () => {
    const t = await setup();
    const a1 = await t.add('http://old.example.org/moved/a', 'A one');
    const a2 = await t.add('http://old.example.org/moved/a', 'A two', UNFILED_ID);
    const b = await t.add('http://old.example.org/moved/b', 'B');
    await t.add('https://ok.example.org/kept', 'Kept');
    await t.tag('http://old.example.org/moved/a', ['a', 'shared']);
    await t.tag('http://old.example.org/moved/b', ['b']);
    await t.tag('https://new.example.org/b', ['Shared', 'mine']); // tags of an address no bookmark has yet
    await t.check();
    const before = await t.state();
    const result = await t.fix(await t.preview('update', [a1, a2, b]));
    expect(result.done).toBe(3);
    const fixed = await t.state();
    expect(fixed.rows.filter((r) => r.includes('old.example.org'))).toEqual([]);

    const undone = await t.undo(result.operationId!);
    expect(undone.leftAlone).toEqual([]);
    expect(await t.state()).toEqual(before);
    await t.redo(result.operationId!);
    expect(await t.state()).toEqual(fixed);
    await t.undo(result.operationId!);
    expect(await t.state()).toEqual(before);
  });

  it('a removal is undone back in place with its tags, and redone', async () => {
    const t = await setup();
    await t.add('https://ok.example.org/1', 'One');
    const g1 = await t.add('https://dead.example.org/gone/1', 'Gone one');
    await t.add('https://ok.example.org/2', 'Two');
    const g2 = await t.add('https://dead.example.org/gone/2', 'Gone two', UNFILED_ID);
    await t.tag('https://dead.example.org/gone/1', ['old', 'paper']);
    await t.check();
    const before = await t.state();
    const result = await t.fix(await t.preview('remove', [g1, g2]));
    expect(result).toMatchObject({ action: 'remove', done: 2, leftAlone: [] });
    expect(await t.node(g1)).toBeUndefined();
    const removed = await t.state();
    expect(removed.rows.some((r) => r.includes('dead.example.org'))).toBe(false);
    // The tag store forgets an address's tags when its last bookmark goes (the tags feature's sweep, not wired
    // here); undo gives them back either way.
    await t.tags.forgetUrls(['https://dead.example.org/gone/1']);
    await t.undo(result.operationId!);
    expect(await t.state()).toEqual(before);
    await t.redo(result.operationId!);
    expect((await t.state()).rows).toEqual(removed.rows);
    await t.undo(result.operationId!);
    expect(await t.state()).toEqual(before);
  });

  it('a move to a folder puts the dead ones at its end; undo moves them back to their places', async () => {
    const t = await setup();
    const dead = await t.b.create({ parentId: UNFILED_ID, title: 'Dead links' });
    await t.add('https://ok.example.org/1', 'One');
    const g1 = await t.add('https://dead.example.org/gone/1', 'Gone one');
    const g2 = await t.add('https://dead.example.org/gone/2', 'Gone two');
    await t.add('https://ok.example.org/2', 'Two');
    await t.check();
    const before = await t.state();
    const result = await t.fix(await t.preview('move', [g2, g1], dead.id));
    expect(result).toMatchObject({ action: 'move', done: 2, folder: { id: dead.id, path: ['Other Bookmarks', 'Dead links'] } });
    expect((await t.b.getChildren(dead.id)).map((c) => c.title)).toEqual(['Gone two', 'Gone one']);
    await t.undo(result.operationId!);
    expect(await t.state()).toEqual(before);
  });

  it('regression: someone else’s change between the preview and the fix wins, and the result says why each was left alone', async () => {
    const t = await setup();
    const elsewhere = await t.b.create({ parentId: UNFILED_ID, title: 'Elsewhere' });
    const ids = [];
    for (let i = 1; i <= 5; i++) ids.push(await t.add(`https://dead.example.org/gone/${i}`, `Gone ${i}`));
    await t.check();
    const p = await t.preview('remove', ids);
    expect(p.changes).toHaveLength(5);
    const [renamed, readdressed, moved, removed, untouched] = ids as [string, string, string, string, string];
    await t.b.update(renamed, { title: 'Theirs' });
    await t.b.update(readdressed, { url: 'https://theirs.example.org/' });
    await t.b.move(moved, { parentId: elsewhere.id });
    await t.b.remove(removed);

    const result = await t.fix(p);
    expect(result.done).toBe(1);
    expect(result.leftAlone.map((l) => [l.id, l.reason])).toEqual([
      [renamed, 'changed'],
      [readdressed, 'url-changed'],
      [moved, 'changed'],
      [removed, 'gone'],
    ]);
    expect(await t.node(untouched)).toBeUndefined();
    expect(await t.node(renamed)).toMatchObject({ title: 'Theirs', url: 'https://dead.example.org/gone/1' });
    expect(await t.node(readdressed)).toMatchObject({ url: 'https://theirs.example.org/' });
    expect(await t.node(moved)).toMatchObject({ parentId: elsewhere.id });
    // Undo brings back only what the fix removed.
    await t.undo(result.operationId!);
    expect((await t.b.search({ url: 'https://dead.example.org/gone/5' })).map((n) => n.title)).toEqual(['Gone 5']);
    expect(await t.b.search({ url: 'https://dead.example.org/gone/4' })).toEqual([]);
  });

  it('regression: a change someone makes while the fix runs is left alone (each bookmark is read again right before its call)', async () => {
    const t = await setup();
    const first = await t.add('http://old.example.org/moved/a', 'A');
    const second = await t.add('http://old.example.org/moved/b', 'B');
    const third = await t.add('http://old.example.org/moved/c', 'C');
    await t.check();
    const p = await t.preview('update', [first, second, third]);
    const realUpdate = t.b.update.bind(t.b);
    let calls = 0;
    // Right after the fix's first call, someone gives the second bookmark an address of their own.
    vi.spyOn(t.b, 'update').mockImplementation(async (id, changes) => {
      const node = await realUpdate(id, changes);
      if (calls++ === 0) await realUpdate(second, { url: 'https://theirs.example.org/b' });
      return node;
    });
    const result = await t.fix(p);
    expect(result.done).toBe(2);
    expect(result.leftAlone.map((l) => [l.id, l.reason])).toEqual([[second, 'url-changed']]);
    expect(await t.node(second)).toMatchObject({ url: 'https://theirs.example.org/b' });
    vi.restoreAllMocks();
    // Undo takes back the two it made and leaves theirs.
    await t.undo(result.operationId!);
    expect((await t.node(first))?.url).toBe('http://old.example.org/moved/a');
    expect((await t.node(second))?.url).toBe('https://theirs.example.org/b');
    expect((await t.node(third))?.url).toBe('http://old.example.org/moved/c');
  });

  it('a fix the check no longer backs (checked again since the preview) leaves the bookmark alone', async () => {
    let moving = true;
    const env = await linkHealthSetup((url) => (moving ? web(url) : 200));
    const id = await env.add('http://old.example.org/moved/a', 'A');
    await env.feature.jobs['links.check']({ mode: 'all' }, jobContext());
    const p = await env.feature.handlers['links.fixPreview']({ action: 'update', items: [{ id, url: 'http://old.example.org/moved/a' }] }, ctx);
    moving = false;
    await env.feature.jobs['links.check']({ mode: 'all' }, jobContext());
    const result = await env.feature.writeJobs['links.fix'](
      { action: 'update', changes: p.changes.map((c) => ({ id: c.id, url: c.url, title: c.title, parentId: c.parentId, to: c.to })) },
      jobContext(),
    );
    expect(result).toMatchObject({ done: 0, operationId: null, leftAlone: [{ id, reason: 'not-moved' }] });
    expect((await env.fake.browser.bookmarks.get(id))[0]?.url).toBe('http://old.example.org/moved/a');
  });

  it('cancelled part way: what was done stays done and can be undone; the rest is untouched', async () => {
    const t = await setup();
    const ids = [];
    for (let i = 0; i < 20; i++) ids.push(await t.add(`http://old.example.org/moved/${i}`, `P${i}`));
    await t.check();
    const before = await t.state();
    const result = await t.fix(await t.preview('update', ids), (p, abort) => p.done === 7 && abort());
    expect(result).toMatchObject({ cancelled: true, done: 7 });
    const urls = await Promise.all(ids.map(async (id) => (await t.node(id))?.url));
    expect(urls.filter((u) => u?.startsWith('https://new.example.org/'))).toHaveLength(7);
    expect(await t.history.list()).toEqual([expect.objectContaining({ cancelled: true, canUndo: true, edit: expect.objectContaining({ items: 7 }) })]);
    await t.undo(result.operationId!);
    expect(await t.state()).toEqual(before);
  });

  it('regression: a paused fix gives up its queue turn: a write asked for meanwhile runs at once, and the fix leaves what it changed alone', async () => {
    const t = await setup();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push(await t.add(`http://old.example.org/moved/${i}`, `P${i}`));
    await t.check();
    const p = await t.preview('update', ids);
    // The page pauses the fix after its first bookmark; its checkpoint then waits for the resume.
    let paused = false;
    let resume!: () => void;
    const resumed = new Promise<void>((resolve) => (resume = resolve));
    let pausedAt!: () => void;
    const isPaused = new Promise<void>((resolve) => (pausedAt = resolve));
    const base = jobContext<FixProgress>((progress) => {
      if (progress.done === 1) {
        paused = true;
        pausedAt();
      }
    });
    const running = t.feature.writeJobs['links.fix'](
      { action: 'update', changes: p.changes.map((c) => ({ id: c.id, url: c.url, title: c.title, parentId: c.parentId, to: c.to })) },
      { ...base, paused: () => paused, checkpoint: () => (paused ? resumed.then(() => void (paused = false)) : base.checkpoint()) },
    );
    await isPaused;
    // Another journaled write (a popup save, an organizer edit) is not held back by the pause.
    await t.history.serial(() => t.b.update(ids[2]!, { url: 'https://theirs.example.org/2' }));
    resume();
    const result = await running;
    expect(result).toMatchObject({ done: 2, leftAlone: [{ id: ids[2], reason: 'url-changed' }] });
    expect((await t.node(ids[2]!))?.url).toBe('https://theirs.example.org/2');
    expect((await t.node(ids[1]!))?.url).toBe('https://new.example.org/1');
  });

  it('a second fix, cleanup or undo is refused while a fix runs', async () => {
    const t = await setup();
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(await t.add(`http://old.example.org/moved/${i}`, `P${i}`));
    await t.check();
    const p = await t.preview('update', ids);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = t.feature.writeJobs['links.fix'](
      { action: 'update', changes: p.changes.map((c) => ({ id: c.id, url: c.url, title: c.title, parentId: c.parentId, to: c.to })) },
      { ...jobContext<FixProgress>(), checkpoint: () => held },
    );
    await expect(t.fix(p)).rejects.toMatchObject({ code: 'conflict', message: expect.stringContaining('link fix') });
    release();
    expect((await first).done).toBe(3);
  });
});
