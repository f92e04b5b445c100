/**
 * The one history through the real background on the fake browser: every kind of edit is undone and redone through
 * 'history.undo' and 'history.redo', someone else's changes made in between are left alone (and reported), a new
 * operation ends what can be redone, and an undo cut short (cancel, failure, crash) leaves nothing half done.
 */
import { describe, expect, it } from 'vitest';
import { MENU_ID, TOOLBAR_ID, UNFILED_ID, type BookmarkNode } from '../../../src/platform/browser';
import { organizerBackground } from '../organizer/organizer-background';

async function setup() {
  const background = await organizerBackground();
  const { b, client } = background;
  /** The whole tree as titles, urls and children (ids change when undo re-creates). */
  const shape = async () => {
    const strip = (n: BookmarkNode): unknown => [n.title, n.url ?? null, (n.children ?? []).map(strip)];
    return strip((await b.getTree())[0]!);
  };
  const tagsOf = async (...urls: string[]) => Object.fromEntries((await client.call('tags.forUrls', { urls })).map((e) => [e.url, e.tags]));
  const list = () => client.call('history.list', {});
  const undo = (sessionId?: string) => client.startJob('history.undo', sessionId ? { sessionId } : {}).result;
  const redo = (sessionId?: string) => client.startJob('history.redo', sessionId ? { sessionId } : {}).result;
  return { ...background, shape, tagsOf, list, undo, redo };
}

describe('the history: undo and redo of every edit', () => {
  it('a rename is undone and redone; the history says what it is now', async () => {
    const { client, b, undo, redo, list } = await setup();
    const x = await b.create({ parentId: MENU_ID, title: 'old name', url: 'https://x.example/' });
    await client.call('organizer.update', { id: x.id, title: 'new name' });
    expect(await list()).toEqual([expect.objectContaining({ kind: 'edit', state: 'done', canUndo: true, canRedo: false, next: 'undo', edit: expect.objectContaining({ action: 'update', title: 'old name' }) })]);
    const undone = await undo();
    expect(undone.operation).toMatchObject({ state: 'undone', canUndo: false, canRedo: true, next: 'redo' });
    expect((await b.get(x.id))[0]!.title).toBe('old name');
    const redone = await redo();
    expect(redone.operation).toMatchObject({ state: 'redone', status: 'applied', canUndo: true, canRedo: false });
    expect((await b.get(x.id))[0]!.title).toBe('new name');
    await undo();
    expect((await b.get(x.id))[0]!.title).toBe('old name');
    expect(await list()).toHaveLength(1);
  });
});
