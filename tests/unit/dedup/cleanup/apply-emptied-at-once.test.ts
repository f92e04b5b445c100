/**
 * An emptied folder that holds only loose copies (src/dedup/cleanup/remove-emptied-at-once.ts) goes with its copies
 * in one removeTree. The rule holds as for every other step: a change someone else makes to the folder, a copy in
 * it or a kept copy, before the call or in its moment, always wins; undo restores the exact tree and tags; a crash
 * at any call is rolled back to the exact tree.
 */
import { describe, expect, it } from 'vitest';
import { applyPlan } from '../../../../src/dedup/cleanup/apply';
import { restoreSession } from '../../../../src/operation-history/undo';
import type { BookmarkCall } from '../../../fakes/bookmarks';
import type { BookmarkNode } from '../../../../src/platform/browser';
import type { PlannedRemoval } from '../../../../src/dedup/plan-types';
import { cleanupPlan, removeCopy } from '../../../kit/plan';
import {
  allNodes,
  allTags,
  bookmarkList,
  expectCrashRolledBack,
  expectUndoCrashFinished,
  replacedIn,
  find,
  onCall,
  setup,
  snapshot,
  testCtx,
  TOOLBAR,
  UNFILED,
} from '../cleanup-fixtures';

const url = (n: number) => `https://site${n}.example/p`;
/** More than MIN_COPIES_AT_ONCE (remove-emptied-at-once.ts): the one call is worth it. */
const COPIES = 6;
type Setup = ReturnType<typeof setup>;

function emptied(node: BookmarkNode): PlannedRemoval {
  return { id: node.id, kind: 'folder', expectedUrl: null, expectedParentId: node.parentId!, reason: 'emptied-folder', keptId: null };
}

/**
 * The toolbar keeps pages 0-5 and holds the folder "Elsewhere"; Other Bookmarks holds "Before", the folder "From laptop"
 * with only the folder "Synced" in it (a copy of each page, a separator after the third), and "After". The plan removes
 * the copies and the two folders they empty, deepest first, as the Duplicates page plans them.
 */
async function syncedCopies(t: Setup) {
  const b = t.browser.bookmarks;
  const keepers: BookmarkNode[] = [];
  for (let i = 0; i < COPIES; i++) keepers.push(await b.create({ parentId: TOOLBAR, title: `Keep ${i}`, url: url(i) }));
  await b.create({ parentId: TOOLBAR, title: 'Elsewhere' });
  await b.create({ parentId: UNFILED, title: 'Before', url: url(90) });
  const laptop = await b.create({ parentId: UNFILED, title: 'From laptop' });
  const synced = await b.create({ parentId: laptop.id, title: 'Synced' });
  await b.create({ parentId: UNFILED, title: 'After', url: url(91) });
  const copies: BookmarkNode[] = [];
  for (let i = 0; i < COPIES; i++) {
    copies.push(await b.create({ parentId: synced.id, title: `Copy ${i}`, url: url(i) }));
    if (i === 2) await b.create({ parentId: synced.id, type: 'separator' });
  }
  await t.tags.addTags([url(0)], ['news', 'daily']);
  const plan = cleanupPlan({
    removals: [...copies.map((c, i) => removeCopy(c, keepers[i])), emptied(synced), emptied(laptop)],
    createdAt: t.now(),
  });
  return { synced, laptop, copies, keepers, plan };
}

describe('an emptied folder of copies goes with its copies in one removeTree', () => {
  it('one removeTree for the folder and its copies, no empty folder left, and undo puts back the exact tree and tags', async () => {
    const t = setup();
    const { synced, plan } = await syncedCopies(t);
    const before = await snapshot(t.browser);
    const tagsBefore = await allTags(t.tags);
    const calls: BookmarkCall[] = [];
    const stop = t.control.observeBookmarkCalls((call) => {
      if (call.method === 'remove' || call.method === 'removeTree') calls.push(call);
    });
    const result = await applyPlan(t.deps, plan, testCtx());
    stop();
    expect(result.problems).toEqual([]);
    expect(result.counts).toMatchObject({ copies: COPIES, loose: COPIES, emptyFolders: 2, skipped: 0 });
    // The copies went with the folder; only the folder holding it went by its own call once empty.
    expect(calls.map((c) => `${c.method} ${c.args[0] === synced.id ? 'Synced' : 'other'}`)).toEqual(['removeTree Synced', 'remove other']);
    expect((await t.browser.bookmarks.getChildren(UNFILED)).map((n) => n.title)).toEqual(['Before', 'After']);

    await restoreSession(t.deps, result.sessionId, testCtx(), 'undo');
    expect(await snapshot(t.browser)).toEqual(before);
    expect(await allTags(t.tags)).toEqual(tagsBefore);
  });
});

/** Someone else's change at the calls around the one removeTree. */
describe('an emptied folder removed in one call never loses a change someone else makes', () => {
  type Point = { name: string; when: 'before' | 'during'; match: (synced: string) => (call: BookmarkCall) => boolean; decided: boolean };
  const points: Point[] = [
    // Before the apply decides on the folder: the folder stays, with the change in it.
    { name: 'as the check reads the whole tree', when: 'during', match: () => (call) => call.method === 'getTree', decided: false },
    // As it decides or in the moment of the call: the change is put back, in the folder or in the one holding it.
    { name: 'as the folder is read again', when: 'during', match: (id) => (call) => call.method === 'getSubTree' && call.args[0] === id, decided: true },
    { name: 'just before the removeTree', when: 'before', match: (id) => (call) => call.method === 'removeTree' && call.args[0] === id, decided: true },
    { name: 'in the moment of the removeTree', when: 'during', match: (id) => (call) => call.method === 'removeTree' && call.args[0] === id, decided: true },
  ];
  interface Change {
    name: string;
    act: (t: Setup, s: Awaited<ReturnType<typeof syncedCopies>>) => Promise<unknown>;
    /** The person's result, checked after the cleanup and again after its undo; `places`: the folders it may be in. */
    check: (t: Setup, places: string[]) => Promise<void>;
    /** The bookmark list after undo: the one before with the change made. */
    expected: (before: string[]) => string[];
  }
  const titled = async (t: Setup, title: string) => (await allNodes(t.browser)).filter((n) => n.title === title);
  /** The one item titled so, in one of these folders. */
  const oneIn = async (t: Setup, title: string, places: string[]) => {
    const hits = await titled(t, title);
    expect(hits, `one "${title}"`).toHaveLength(1);
    const [parent] = await t.browser.bookmarks.get(hits[0].parentId!);
    expect(places).toContain(parent.title);
    return hits[0];
  };
  const changes: Change[] = [
    {
      name: 'a bookmark created in the folder',
      act: (t, s) => t.browser.bookmarks.create({ parentId: s.synced.id, title: 'new one', url: url(400) }),
      check: async (t, places) => void (await oneIn(t, 'new one', places)),
      expected: (before) => [...before, `new one|${url(400)}`].sort(),
    },
    {
      name: 'a bookmark moved into the folder',
      act: async (t, s) => t.browser.bookmarks.move((await find(t.browser, 'After')).id, { parentId: s.synced.id }),
      check: async (t, places) => void (await oneIn(t, 'After', places)),
      expected: (before) => before,
    },
    {
      name: 'a copy renamed',
      act: (t, s) => t.browser.bookmarks.update(s.copies[1].id, { title: 'my title' }),
      check: async (t, places) => expect((await oneIn(t, 'my title', places)).url).toBe(url(1)),
      expected: (before) => replacedIn(before, `Copy 1|${url(1)}`, `my title|${url(1)}`),
    },
    {
      name: 'a copy re-addressed',
      act: (t, s) => t.browser.bookmarks.update(s.copies[3].id, { url: url(500) }),
      check: async (t, places) => expect((await oneIn(t, 'Copy 3', places)).url).toBe(url(500)),
      expected: (before) => replacedIn(before, `Copy 3|${url(3)}`, `Copy 3|${url(500)}`),
    },
    {
      name: 'a copy moved out',
      act: async (t, s) => t.browser.bookmarks.move(s.copies[4].id, { parentId: (await find(t.browser, 'Elsewhere')).id }),
      check: async (t) => expect((await t.browser.bookmarks.getChildren((await find(t.browser, 'Elsewhere')).id)).map((n) => n.title)).toEqual(['Copy 4']),
      expected: (before) => before,
    },
    {
      name: 'the folder renamed',
      act: (t, s) => t.browser.bookmarks.update(s.synced.id, { title: 'Synced, mine' }),
      check: async (t) => void (await oneIn(t, 'Synced, mine', ['From laptop'])),
      expected: (before) => before,
    },
    {
      name: 'the folder moved',
      act: (t, s) => t.browser.bookmarks.move(s.synced.id, { parentId: TOOLBAR }),
      check: async (t) => expect((await t.browser.bookmarks.getChildren(TOOLBAR)).filter((n) => n.title === 'Synced')).toHaveLength(1),
      expected: (before) => before,
    },
    {
      name: 'a kept copy removed',
      act: (t, s) => t.browser.bookmarks.remove(s.keepers[2].id),
      // Its address keeps a bookmark: the copy stays, or comes back.
      check: async (t, places) => expect((await oneIn(t, 'Copy 2', places)).url).toBe(url(2)),
      expected: (before) => before.filter((k) => k !== `Keep 2|${url(2)}`),
    },
  ];

  for (const point of points) {
    for (const change of changes) {
      it(`${change.name} ${point.name}`, async () => {
        const t = setup();
        const s = await syncedCopies(t);
        const listBefore = await bookmarkList(t.browser);
        const urlsBefore = new Set(listBefore.map((k) => k.split('|')[1]));
        const race = onCall(t, point.match(s.synced.id), point.when, () => change.act(t, s));
        const result = await applyPlan(t.deps, s.plan, testCtx());
        const made = await race.settled();
        expect(race.fired, 'the change was tried').toBe(true);
        const places = point.decided ? ['Synced', 'From laptop'] : ['Synced'];
        if (made) await change.check(t, places);
        // Every address that had a bookmark still has one (a re-addressed copy took its old address along).
        const urlsAfter = new Set((await allNodes(t.browser)).map((n) => n.url));
        for (const u of urlsBefore) expect(urlsAfter.has(u), u).toBe(true);

        await restoreSession(t.deps, result.sessionId, testCtx(), 'undo');
        if (made) await change.check(t, ['Synced', 'From laptop']);
        expect(await bookmarkList(t.browser)).toEqual(made ? change.expected(listBefore) : listBefore);
      });
    }
  }
});

describe('an emptied folder removed in one call, interrupted', () => {
  // The cleanup's calls: the removeTree of "Synced" (1), the remove of "From laptop" (2).
  for (const at of [1, 2]) {
    for (const landed of [false, true]) {
      it(`a crash at call ${at} (${landed ? 'made' : 'not made'}) is rolled back to the exact tree and tags`, async () => {
        const t = setup();
        await expectCrashRolledBack(t, (await syncedCopies(t)).plan, at, landed);
      });
    }
  }

  // The undo's calls: the two folders, then the copies and the separator.
  for (const at of [1, 2, 4, 8]) {
    it(`a crash while undoing it (call ${at}) is finished on the next start: the exact tree as before the cleanup`, async () => {
      const t = setup();
      await expectUndoCrashFinished(t, (await syncedCopies(t)).plan, at);
    });
  }
});
