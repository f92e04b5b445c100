/**
 * A folder replaced by a fresh copy (src/dedup/replace-choice.ts): sync's damage, a few pages copied many
 * times in their own folder, goes with one removeTree after what stays moved into a new folder at the old one's place.
 * The rule holds as for every other step: a change the cleanup did not make (a bookmark created in, moved into or
 * edited in the folder, at any call of the replacement) always wins; undo restores the exact tree (titles, URLs,
 * positions, tags; the folder's id and date added are new); a crash at any call is rolled back to the exact tree.
 */
import { describe, expect, it } from 'vitest';
import { applyPlan } from '../../../../src/dedup/cleanup/apply';
import { restoreSession } from '../../../../src/operation-history/undo';
import type { BookmarkCall } from '../../../fakes/bookmarks';
import type { BookmarkNode } from '../../../../src/platform/browser';
import type { CleanupPlan } from '../../../../src/dedup/plan-types';
import { AppError } from '../../../../src/messaging/errors';
import { createDedupCleanupFeature } from '../../../../src/dedup/cleanup/feature';
import { DEFAULT_SETTINGS } from '../../../../src/settings/settings';
import {
  allNodes,
  allTags,
  bookmarkList,
  expectCrashRolledBack,
  expectUndoCrashFinished,
  replacedIn,
  find,
  MENU,
  onCall,
  planFromTree,
  setup,
  snapshot,
  testCtx,
  UNFILED,
} from '../cleanup-fixtures';

const url = (n: number) => `https://site${n}.example/p`;
type Setup = ReturnType<typeof setup>;

/**
 * Other Bookmarks: a bookmark, the folder "Synced", another bookmark. "Synced" holds `pages` pages, each `copies`
 * times (round after round, as Sync leaves them), and among them a subfolder, a separator and one other bookmark: what
 * stays is each page's first copy and those three. The plan replaces "Synced".
 */
async function syncFolder(t: Setup, pages = 2, copies = 40) {
  const b = t.browser.bookmarks;
  await b.create({ parentId: UNFILED, title: 'Before', url: url(90) });
  const synced = await b.create({ parentId: UNFILED, title: 'Synced' });
  await b.create({ parentId: UNFILED, title: 'After', url: url(91) });
  for (let c = 0; c < copies; c++) {
    for (let p = 0; p < pages; p++) await b.create({ parentId: synced.id, title: `Page ${p}`, url: url(p) });
    if (c === 2) {
      const notes = await b.create({ parentId: synced.id, title: 'Notes' });
      await b.create({ parentId: notes.id, title: 'Note', url: url(80) });
    }
    if (c === 4) await b.create({ parentId: synced.id, type: 'separator' });
    if (c === 6) await b.create({ parentId: synced.id, title: 'Other', url: url(81) });
  }
  await b.create({ parentId: MENU, title: 'Elsewhere' });
  await t.tags.addTags([url(0)], ['news', 'daily']);
  const plan = await planFromTree(t.browser, { createdAt: t.now() });
  withReplacement(plan, synced.id, await b.getChildren(synced.id));
  return { synced, plan };
}

/** Adds the replacement of a folder to a plan, with the numbers the scan would give. */
function withReplacement(plan: CleanupPlan, folderId: string, children: BookmarkNode[]) {
  const removals = plan.removals.filter((r) => r.kind === 'bookmark' && r.expectedParentId === folderId).length;
  plan.replacements = [
    ...(plan.replacements ?? []),
    { id: folderId, expectedParentId: UNFILED, path: 'Other Bookmarks › Synced', removals, survivors: children.length - removals },
  ];
}

/** Counts the bookmarks calls the code under test makes, by method. */
function countCalls(t: Setup) {
  const counts = new Map<string, number>();
  const stop = t.control.observeBookmarkCalls((call) => void counts.set(call.method, (counts.get(call.method) ?? 0) + 1));
  return { counts, stop };
}

describe('a folder replaced by a fresh copy', () => {
  it('goes in one removeTree: a fresh folder with its title at its place holds what stays, in order; undo restores the exact tree and tags', async () => {
    const t = setup();
    const { synced, plan } = await syncFolder(t);
    const before = await snapshot(t.browser);
    const tagsBefore = await allTags(t.tags);
    const calls = countCalls(t);
    const result = await applyPlan(t.deps, plan, testCtx());
    calls.stop();
    expect(result.problems).toEqual([]);
    expect(result.counts).toMatchObject({ copies: 78, skipped: 0 });
    // One removeTree for 78 copies; the folder itself, its four survivors moved: no remove per copy.
    expect(calls.counts.get('removeTree')).toBe(1);
    expect(calls.counts.get('remove') ?? 0).toBe(0);
    expect(calls.counts.get('move')).toBe(5);
    await expect(t.browser.bookmarks.get(synced.id)).rejects.toThrow();
    const other = await t.browser.bookmarks.getChildren(UNFILED);
    expect(other.map((n) => n.title)).toEqual(['Before', 'Synced', 'After']);
    const fresh = other[1];
    expect(fresh.id).not.toBe(synced.id);
    const inside = await t.browser.bookmarks.getSubTree(fresh.id);
    expect(inside[0].children!.map((n) => [n.type, n.title, n.url ?? null])).toEqual([
      ['bookmark', 'Page 0', url(0)],
      ['bookmark', 'Page 1', url(1)],
      ['folder', 'Notes', null],
      ['separator', '', 'data:'],
      ['bookmark', 'Other', url(81)],
    ]);
    expect(inside[0].children![2].children!.map((n) => n.title)).toEqual(['Note']);
    // The journal's id map leads from the old folder to the new one (undo of this and of earlier operations).
    expect((await t.journal.resolveIds([synced.id])).get(synced.id)).toBe(fresh.id);

    const undone = await restoreSession(t.deps, result.sessionId, testCtx(), 'undo');
    expect(undone.problems).toEqual([]);
    expect(await snapshot(t.browser)).toEqual(before);
    expect(await allTags(t.tags)).toEqual(tagsBefore);
  });

  it('never replaces a folder the settings hold by id, nor "Read later": its copies go one by one', async () => {
    for (const held of ['settings', 'read later'] as const) {
      const t = setup();
      const { synced, plan } = await syncFolder(t);
      if (held === 'read later') await t.browser.bookmarks.update(synced.id, { title: 'Read later' });
      const calls = countCalls(t);
      const deps = held === 'settings' ? { ...t.deps, heldFolderIds: () => Promise.resolve(new Set([synced.id])) } : t.deps;
      const result = await applyPlan(deps, plan, testCtx());
      calls.stop();
      expect(result.counts).toMatchObject({ copies: 78, skipped: 0 });
      expect(calls.counts.get('removeTree') ?? 0).toBe(0);
      expect(calls.counts.get('remove')).toBe(78);
      expect((await t.browser.bookmarks.getChildren(synced.id)).map((n) => n.title)).toEqual(['Page 0', 'Page 1', 'Notes', '', 'Other']);
    }
  });

  it('the background reads the settings when a cleanup starts: an excluded, preferred or quick-bookmark folder is never replaced', async () => {
    for (const held of ['exclusions', 'keep', 'quickBookmark'] as const) {
      const t = setup();
      const { synced, plan } = await syncFolder(t);
      const settings = structuredClone(DEFAULT_SETTINGS);
      if (held === 'exclusions') settings.exclusions.folderIds = [synced.id];
      if (held === 'keep') settings.keep.preferredFolderIds = [synced.id];
      if (held === 'quickBookmark') settings.quickBookmark.folderId = synced.id;
      const feature = createDedupCleanupFeature({
        browser: t.browser,
        now: t.now,
        testBuild: true,
        tags: t.tags,
        journal: t.journal,
        getSettings: () => Promise.resolve(settings),
      });
      await feature.recovery;
      const calls = countCalls(t);
      const result = await feature.jobs['dedup.cleanup'](plan, { ...testCtx(), signal: new AbortController().signal });
      calls.stop();
      expect(result.problems).toEqual([]);
      expect(calls.counts.get('removeTree') ?? 0, held).toBe(0);
      await expect(t.browser.bookmarks.getChildren(synced.id)).resolves.toHaveLength(5);
    }
  });

  it('falls back to one remove per copy when what stays no longer pays for it (the folder filled up since the plan)', async () => {
    const t = setup();
    const { synced, plan } = await syncFolder(t);
    for (let i = 0; i < 20; i++) await t.browser.bookmarks.create({ parentId: synced.id, title: `later ${i}`, url: url(200 + i) });
    const calls = countCalls(t);
    const result = await applyPlan(t.deps, plan, testCtx());
    calls.stop();
    expect(result.counts).toMatchObject({ copies: 78, skipped: 0 });
    expect(calls.counts.get('removeTree') ?? 0).toBe(0);
    expect((await t.browser.bookmarks.getChildren(synced.id)).length).toBe(25);
  });

  it("a cleanup cancelled before the folder's turn leaves it as it is, and its copies are not removed", async () => {
    const t = setup();
    const { synced, plan } = await syncFolder(t);
    const before = await snapshot(t.browser);
    // Cancelled at the first checkpoint once the journal is written: the one right before the replacement.
    const ctx = testCtx({
      onCheckpoint: async () => {
        if ((await t.journal.listSessions()).length) throw new AppError('cancelled', 'The job was cancelled.');
      },
    });
    const result = await applyPlan(t.deps, plan, ctx);
    expect(result.cancelled).toBe(true);
    expect(result.counts.skipped).toBe(78);
    await expect(t.browser.bookmarks.getChildren(synced.id)).resolves.toHaveLength(83);
    await restoreSession(t.deps, result.sessionId, testCtx(), 'undo');
    expect(await snapshot(t.browser)).toEqual(before);
  });

  it('undo after the person changed the fresh folder keeps their changes and puts every copy back at its place', async () => {
    const t = setup();
    const { plan } = await syncFolder(t);
    const result = await applyPlan(t.deps, plan, testCtx());
    const fresh = (await t.browser.bookmarks.getChildren(UNFILED))[1];
    await t.browser.bookmarks.update(fresh.id, { title: 'Synced, tidied' });
    const mine = await t.browser.bookmarks.create({ parentId: fresh.id, title: 'mine', url: url(300) });
    await restoreSession(t.deps, result.sessionId, testCtx(), 'undo');
    const children = await t.browser.bookmarks.getChildren(fresh.id);
    expect(children).toHaveLength(84);
    expect(children.filter((n) => n.title.startsWith('Page'))).toHaveLength(80);
    expect(children.find((n) => n.id === mine.id)?.url).toBe(url(300));
    expect((await t.browser.bookmarks.get(fresh.id))[0].title).toBe('Synced, tidied');
  });
});

/**
 * Someone else's change at calls of the replacement. Each point is a call the replacement makes; each change is
 * something a person (or Sync) does to the folder, a copy in it or what stays in it.
 */
describe('a folder replaced by a fresh copy never loses a change someone else makes', () => {
  type Point = { name: string; when: 'before' | 'during'; match: (synced: string, survivors: string[]) => (call: BookmarkCall) => boolean; nth?: number };
  const isCreateOfFresh = (call: BookmarkCall) => call.method === 'create' && (call.args[0] as { title?: string }).title === 'Synced';
  const points: Point[] = [
    // What stays is journaled from the check's read: a change landing as it reads must give the replacement up.
    { name: 'as the check reads the whole tree', when: 'during', match: () => (call) => call.method === 'getTree' },
    { name: 'just before the fresh folder is made', when: 'before', match: () => isCreateOfFresh },
    { name: 'as the fresh folder is made', when: 'during', match: () => isCreateOfFresh },
    { name: 'as the first survivor moves', when: 'during', match: (_, s) => (call) => call.method === 'move' && call.args[0] === s[0] },
    { name: 'just before the last survivor moves', when: 'before', match: (_, s) => (call) => call.method === 'move' && call.args[0] === s[s.length - 1] },
    // The apply reads the folder on its own only here, right before the removeTree (what stays is known from the
    // check's read of the whole tree).
    { name: 'as the old folder is read again', when: 'during', match: (id) => (call) => call.method === 'getSubTree' && call.args[0] === id },
    { name: 'just before the removeTree', when: 'before', match: (id) => (call) => call.method === 'removeTree' && call.args[0] === id },
    { name: 'in the moment of the removeTree', when: 'during', match: (id) => (call) => call.method === 'removeTree' && call.args[0] === id },
  ];
  interface Change {
    name: string;
    act: (t: Setup, synced: string, copies: BookmarkNode[], survivors: BookmarkNode[]) => Promise<unknown>;
    /** The person's result, checked after the cleanup and again after its undo. */
    check: (t: Setup) => Promise<void>;
    /** The bookmark list after undo: the one before with the change made. */
    expected: (before: string[]) => string[];
  }
  const inFolderTitled = async (t: Setup, itemTitle: string, folderTitle: string) => {
    const hits = (await allNodes(t.browser)).filter((n) => n.title === itemTitle);
    expect(hits, `one "${itemTitle}"`).toHaveLength(1);
    const [parent] = await t.browser.bookmarks.get(hits[0].parentId!);
    expect(parent.title).toBe(folderTitle);
    return hits[0];
  };
  const changes: Change[] = [
    {
      name: 'a bookmark created in the folder',
      act: (t, synced) => t.browser.bookmarks.create({ parentId: synced, title: 'new one', url: url(400) }),
      check: async (t) => void (await inFolderTitled(t, 'new one', 'Synced')),
      expected: (before) => [...before, `new one|${url(400)}`].sort(),
    },
    {
      name: 'a bookmark moved into the folder',
      act: async (t, synced) => t.browser.bookmarks.move((await find(t.browser, 'After')).id, { parentId: synced }),
      check: async (t) => void (await inFolderTitled(t, 'After', 'Synced')),
      expected: (before) => before,
    },
    {
      name: 'a copy renamed',
      act: (t, _s, copies) => t.browser.bookmarks.update(copies[7].id, { title: 'my title' }),
      check: async (t) => expect((await inFolderTitled(t, 'my title', 'Synced')).url).toBe(url(1)),
      expected: (before) => replacedIn(before, `Page 1|${url(1)}`, `my title|${url(1)}`),
    },
    {
      name: 'a copy re-addressed',
      act: (t, _s, copies) => t.browser.bookmarks.update(copies[12].id, { url: url(500) }),
      check: async (t) => expect((await allNodes(t.browser)).filter((n) => n.url === url(500))).toHaveLength(1),
      expected: (before) => replacedIn(before, `Page 0|${url(0)}`, `Page 0|${url(500)}`),
    },
    {
      name: 'a copy moved out',
      act: async (t, _s, copies) => t.browser.bookmarks.move(copies[20].id, { parentId: (await find(t.browser, 'Elsewhere')).id }),
      check: async (t) => void (await inFolderTitled(t, 'Page 0', 'Elsewhere').catch(() => undefined)),
      expected: (before) => before,
    },
    {
      name: 'a survivor renamed',
      act: (t, _s, _c, survivors) => t.browser.bookmarks.update(survivors[4].id, { title: 'Other, renamed' }),
      check: async (t) => void (await inFolderTitled(t, 'Other, renamed', 'Synced')),
      expected: (before) => replacedIn(before, `Other|${url(81)}`, `Other, renamed|${url(81)}`),
    },
    {
      name: 'a survivor moved out',
      act: async (t, _s, _c, survivors) => t.browser.bookmarks.move(survivors[4].id, { parentId: (await find(t.browser, 'Elsewhere')).id }),
      check: async (t) => void (await inFolderTitled(t, 'Other', 'Elsewhere').catch(async () => inFolderTitled(t, 'Other', 'Synced'))),
      expected: (before) => before,
    },
  ];

  for (const point of points) {
    for (const change of changes) {
      it(`${change.name} ${point.name}`, async () => {
        const t = setup();
        const { synced, plan } = await syncFolder(t);
        const children = await t.browser.bookmarks.getChildren(synced.id);
        const going = new Set(plan.removals.map((r) => r.id));
        const copies = children.filter((c) => going.has(c.id));
        const survivors = children.filter((c) => !going.has(c.id));
        const listBefore = await bookmarkList(t.browser);
        const urlsBefore = new Set(listBefore.map((k) => k.split('|')[1]));
        const race = onCall(
          t,
          point.match(
            synced.id,
            survivors.map((s) => s.id),
          ),
          point.when,
          () => change.act(t, synced.id, copies, survivors),
          point.nth,
        );
        const result = await applyPlan(t.deps, plan, testCtx());
        const made = await race.settled();
        expect(race.fired, 'the change was tried').toBe(true);
        // Refused by Firefox (moved into the folder as it went): nothing to keep, and the cleanup and undo as usual.
        if (made) await change.check(t);
        // Every address that had a bookmark still has one (a re-addressed copy took its old address along).
        const urlsAfter = new Set((await allNodes(t.browser)).map((n) => n.url));
        for (const u of urlsBefore) expect(urlsAfter.has(u), u).toBe(true);
        // One "Synced": the fresh one, or the old one kept.
        expect((await t.browser.bookmarks.getChildren(UNFILED)).filter((n) => n.title === 'Synced')).toHaveLength(1);

        await restoreSession(t.deps, result.sessionId, testCtx(), 'undo');
        if (made) await change.check(t);
        expect(await bookmarkList(t.browser)).toEqual(made ? change.expected(listBefore) : listBefore);
        const moved = made && change.name === 'a bookmark moved into the folder';
        expect((await t.browser.bookmarks.getChildren(UNFILED)).map((n) => n.title)).toEqual(moved ? ['Before', 'Synced'] : ['Before', 'Synced', 'After']);
      });
    }
  }

  for (const when of ['before', 'during'] as const) {
    it(`the old folder removed by someone else ${when === 'before' ? 'just before' : 'as'} a survivor moves: their removal stands, what had moved stays, nothing else comes back`, async () => {
      const t = setup();
      const { synced, plan } = await syncFolder(t);
      const children = await t.browser.bookmarks.getChildren(synced.id);
      const going = new Set(plan.removals.map((r) => r.id));
      const survivors = children.filter((c) => !going.has(c.id));
      const race = onCall(
        t,
        (call) => call.method === 'move' && call.args[0] === survivors[2].id,
        when,
        () => t.browser.bookmarks.removeTree(synced.id),
      );
      const result = await applyPlan(t.deps, plan, testCtx());
      expect(await race.settled()).toBe(true);
      expect(race.fired).toBe(true);
      await expect(t.browser.bookmarks.get(synced.id)).rejects.toThrow();
      await restoreSession(t.deps, result.sessionId, testCtx(), 'undo');
      // Nothing the person removed with the folder is brought back.
      expect(await t.browser.bookmarks.get(synced.id).catch(() => null)).toBeNull();
      const list = await bookmarkList(t.browser);
      expect(list.filter((k) => k.startsWith('Page')).length).toBeLessThanOrEqual(2);
      expect(list).toContain(`Before|${url(90)}`);
    });
  }
});

describe('a folder replaced by a fresh copy, interrupted', () => {
  // The replacement's calls: create the fresh folder (1), five moves (2-6), the removeTree (7); then nothing else.
  for (const at of [1, 2, 4, 6, 7]) {
    for (const landed of [false, true]) {
      it(`a crash at call ${at} (${landed ? 'made' : 'not made'}) is rolled back to the exact tree and tags`, async () => {
        const t = setup();
        await expectCrashRolledBack(t, (await syncFolder(t)).plan, at, landed);
      });
    }
  }

  for (const at of [1, 12, 30]) {
    it(`a crash while undoing a replacement (call ${at}) is finished on the next start: the exact tree as before the cleanup`, async () => {
      const t = setup();
      await expectUndoCrashFinished(t, (await syncFolder(t)).plan, at);
    });
  }
});
