import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyPlan } from '../../../src/dedup/cleanup/apply';
import { createDedupCleanupFeature } from '../../../src/dedup/cleanup/feature';
import { openJournal } from '../../../src/operation-history/journal';
import { recoverInterruptedSessions } from '../../../src/operation-history/recovery';
import { restoreSession } from '../../../src/operation-history/undo';
import { allTags, crashingBrowser, find, MENU, planFromTree, restart, seed, setup, snapshot, testCtx, TOOLBAR, UNFILED, type Spec } from '../dedup/cleanup-fixtures';

const url = (n: number) => `https://site${n}.example/p`;
async function mixedTree(t: ReturnType<typeof setup>) {
  const work: Spec[] = [{ title: 'a', url: url(1) }, { title: 'sub', children: [{ title: 'c', url: url(3) }] }, { separator: true }];
  await seed(t.browser, MENU, [{ title: 'Work', children: work }, ...Array.from({ length: 150 }, (_, i) => ({ title: `m${i}`, url: url(10 + (i % 5)) }))]);
  await seed(t.browser, TOOLBAR, [{ title: 'Work (1)', children: [...work, { title: 'only', url: url(9) }] }]);
  await t.tags.addTags([url(10)], ['ten']);
  await t.tags.addTags([url(9)], ['nine']);
  const plan = await planFromTree(t.browser, {
    createdAt: t.now(),
    folderMerges: [[(await find(t.browser, 'Work')).id, (await find(t.browser, 'Work (1)')).id]],
    tagMerges: [{ url: url(1), tags: ['merged'] }],
  });
  return plan;
}

describe('recovery: an interrupted apply is rolled back from the journal', () => {
  it('crash in the middle of the loose duplicates: the removed ones are re-created in place, the others stay', async () => {
    const t = setup();
    const plan = await mixedTree(t);
    const before = await snapshot(t.browser);
    const tagsBefore = await allTags(t.tags);
    // 3 moves (unique bookmark, subfolder, separator) + 1 removeTree (folder), then loose removals; die at the 60th.
    const crash = crashingBrowser(t.browser, 3 + 1 + 60, false);
    void applyPlan({ ...t.deps, browser: crash.browser }, plan, testCtx());
    await crash.dead();
    const left = (await t.browser.bookmarks.getChildren(MENU)).length;
    expect(left).toBeGreaterThan(6);
    expect(left).toBeLessThan(151 - 50);

    const deps = restart(t);
    const outcomes = await recoverInterruptedSessions(deps);

    expect(outcomes).toEqual([expect.objectContaining({ action: 'rolled-back', error: null })]);
    expect(await snapshot(t.browser)).toEqual(before);
    expect(await allTags(t.tags)).toEqual(tagsBefore);
    const [session] = await deps.journal.listSessions();
    expect(session).toMatchObject({ status: 'rolled-back', note: expect.stringContaining('rolled back') });
    expect(await deps.journal.allRemoved()).toEqual([]);
  });

  it('crash right after the last loose duplicate was removed: every item is re-created in place', async () => {
    const t = setup();
    const plan = await mixedTree(t);
    const before = await snapshot(t.browser);
    const loose = plan.removals.filter((r) => r.kind !== 'folder').length;
    // 3 moves + 1 removeTree (folder) + one remove per loose duplicate, the last one lands, then death.
    const crash = crashingBrowser(t.browser, 3 + 1 + loose, true);
    void applyPlan({ ...t.deps, browser: crash.browser }, plan, testCtx());
    await crash.dead();
    const inMenu = plan.removals.filter((r) => r.kind !== 'folder' && r.expectedParentId === MENU).length;
    expect((await t.browser.bookmarks.getChildren(MENU)).length).toBe(151 - inMenu);

    await recoverInterruptedSessions(restart(t));

    expect(await snapshot(t.browser)).toEqual(before);
  });

  it('an older session whose loose duplicates were left in a holding folder is rolled back: they go back, the folder goes', async () => {
    const t = setup();
    await seed(t.browser, MENU, [
      { title: 'keep', url: url(1) },
      {
        title: 'Dev',
        children: [
          { title: 'copy', url: url(1) },
          { title: 'other', url: url(2) },
        ],
      },
    ]);
    const before = await snapshot(t.browser);
    const copy = await find(t.browser, 'copy');
    const dev = await find(t.browser, 'Dev');
    // What the previous version wrote and did before it died: the journal, a holding folder, the copy moved into it.
    const holdingTitle = 'Tidymarks cleanup 2026-12-01 10:00:00';
    const holding = await t.browser.bookmarks.create({ parentId: UNFILED, title: holdingTitle });
    await t.journal.beginSession(
      {
        id: 'old-session',
        planId: 'old-plan',
        createdAt: t.now() - 1000,
        status: 'applying',
        cancelled: false,
        holdingFolderId: holding.id,
        holdingTitle,
        counts: { removed: 0, removedTopLevel: 0, moved: 0, tagMerges: 0, skipped: 0 },
        finishedAt: null,
        undoneAt: null,
        undoStartedAt: null,
        note: null,
      },
      [
        {
          role: 'removed',
          id: copy.id,
          parentId: dev.id,
          index: 0,
          title: 'copy',
          url: url(1),
          dateAdded: copy.dateAdded ?? null,
          type: 'bookmark',
          path: ['Bookmarks Menu', 'Dev'],
          ancestorIds: [MENU, dev.id],
          topLevel: true,
          reason: 'duplicate-bookmark',
          tags: [],
        },
      ],
    );
    await t.browser.bookmarks.move(copy.id, { parentId: holding.id });

    expect(await recoverInterruptedSessions(restart(t))).toEqual([expect.objectContaining({ action: 'rolled-back', error: null })]);
    expect(await snapshot(t.browser)).toEqual(before);
    expect(await t.browser.bookmarks.getChildren(UNFILED)).toEqual([]);
  });

  for (const at of [3, 4, 5]) {
    it(`regression: a crash while re-creating what was inside a copied folder it put back (call ${at}) leaves no second copy`, async () => {
      const t = setup();
      const work: Spec[] = [0, 1, 2].map((i) => ({ title: `w${i}`, url: url(100 + i) }));
      await seed(t.browser, MENU, [{ title: 'W', children: work }]);
      await seed(t.browser, TOOLBAR, [{ title: 'W (copy)', children: work }]);
      const kept = await find(t.browser, 'W');
      const plan = await planFromTree(t.browser, { createdAt: t.now(), folderMerges: [[kept.id, (await find(t.browser, 'W (copy)')).id]] });
      // The kept folder's w2 gets a new address as the copy goes: the copy comes back (w2's address keeps a bookmark),
      // re-created item by item: the folder (call 2), w0 (3), w1 (4), w2 (5); Firefox dies at one of them, made.
      const keptW2 = (await t.browser.bookmarks.getChildren(kept.id))[2];
      let fired = false;
      const stop = t.control.observeBookmarkCalls((call) => {
        if (fired || call.method !== 'removeTree') return;
        fired = true;
        void t.browser.bookmarks.update(keptW2.id, { url: url(200) });
      });
      const before = await snapshot(t.browser);
      const crash = crashingBrowser(t.browser, at, true);
      void applyPlan({ ...t.deps, browser: crash.browser }, plan, testCtx());
      await crash.dead();
      stop();
      expect(fired).toBe(true);
      const outcomes = await recoverInterruptedSessions(restart(t));
      expect(outcomes).toEqual([expect.objectContaining({ action: 'rolled-back', error: null })]);
      // The tree as before, with the person's new address: the copy made just before the crash is adopted, not doubled.
      const expected = structuredClone(before);
      expected[0].children![0].children![2].url = url(200);
      expect(await snapshot(t.browser)).toEqual(expected);
    });
  }

  it('crash between moving a unique child out and removing the redundant folder: the child goes back', async () => {
    const t = setup();
    const plan = await mixedTree(t);
    const before = await snapshot(t.browser);
    const crash = crashingBrowser(t.browser, 4, false); // after the 3 moves, before removeTree
    void applyPlan({ ...t.deps, browser: crash.browser }, plan, testCtx());
    await crash.dead();
    expect((await find(t.browser, 'only')).parentId).toBe((await find(t.browser, 'Work')).id);

    await recoverInterruptedSessions(restart(t));

    expect(await snapshot(t.browser)).toEqual(before);
  });

  it('an interrupted undo is finished on the next start', async () => {
    const t = setup();
    const plan = await mixedTree(t);
    const before = await snapshot(t.browser);
    const applied = await applyPlan(t.deps, plan, testCtx());
    const crash = crashingBrowser(t.browser, 40, true);
    void restoreSession({ ...t.deps, browser: crash.browser }, applied.sessionId, testCtx(), 'undo');
    await crash.dead();

    const deps = restart(t);
    expect(await recoverInterruptedSessions(deps)).toEqual([expect.objectContaining({ action: 'undo-finished', error: null })]);
    // The item created just before the crash (its id never recorded) is adopted, not created twice.
    expect(await snapshot(t.browser)).toEqual(before);
    expect((await deps.journal.getSession(applied.sessionId))?.status).toBe('undone');
  });

  it('two interrupted sessions are rolled back newest first, back to the tree before the older one', async () => {
    const t = setup();
    const plan = await mixedTree(t);
    const before = await snapshot(t.browser);
    const first = crashingBrowser(t.browser, 3 + 1 + 20, false);
    void applyPlan({ ...t.deps, browser: first.browser }, plan, testCtx());
    await first.dead();
    // Its recovery never ran; a new scan and cleanup of what was left, interrupted too.
    t.tick();
    const secondPlan = await planFromTree(t.browser, { createdAt: t.now() });
    const second = crashingBrowser(t.browser, 30, false);
    void applyPlan({ ...restart(t), browser: second.browser }, secondPlan, testCtx());
    await second.dead();

    const deps = restart(t);
    const planOf = new Map((await deps.journal.listSessions()).map((s) => [s.id, s.planId]));
    const outcomes = await recoverInterruptedSessions(deps);

    expect(outcomes.map((o) => [planOf.get(o.sessionId), o.action, o.error])).toEqual([
      [secondPlan.id, 'rolled-back', null],
      [plan.id, 'rolled-back', null],
    ]);
    expect(await snapshot(t.browser)).toEqual(before);
  });

  it('the feature starts recovery when it is built, without blocking, and queues jobs behind it', async () => {
    const t = setup();
    const plan = await mixedTree(t);
    const before = await snapshot(t.browser);
    const crash = crashingBrowser(t.browser, 30, false);
    void applyPlan({ ...t.deps, browser: crash.browser }, plan, testCtx());
    await crash.dead();

    const feature = createDedupCleanupFeature({ browser: t.browser, now: t.now, testBuild: true, tags: t.tags, journal: openJournal(t.journalName) });
    const sessionsWhileRecovering = feature.history.handlers['history.list']({}, { senderUrl: undefined });
    expect(await feature.recovery).toHaveLength(1);
    expect(await snapshot(t.browser)).toEqual(before);
    expect((await sessionsWhileRecovering).length).toBe(1);
    const [listed] = await feature.history.handlers['history.list']({}, { senderUrl: undefined });
    expect(listed).toMatchObject({ status: 'rolled-back', canUndo: false, undone: false });
  });

  it('an unexpected failure after the journal was written is rolled back at once and reported', async () => {
    const t = setup();
    const plan = await mixedTree(t);
    const before = await snapshot(t.browser);
    const feature = createDedupCleanupFeature({ browser: t.browser, now: t.now, testBuild: true, tags: t.tags, journal: t.journal });
    await feature.recovery;
    // A failure nobody planned for (here: at the checkpoint before the loose duplicates), after the journal was
    // written, the unique children moved and the redundant folder removed.
    const ctx = testCtx({
      onCheckpoint: (n) => {
        if (n === 5) throw new Error('disk on fire');
      },
    });
    await expect(feature.jobs['dedup.cleanup'](plan, { ...ctx, signal: new AbortController().signal })).rejects.toMatchObject({
      code: 'internal',
      message: expect.stringContaining('put back'),
    });
    expect((await find(t.browser, 'only')).parentId).toBe((await find(t.browser, 'Work (1)')).id);
    expect(await snapshot(t.browser)).toEqual(before);
  });
});

describe('property: an apply interrupted at any point loses nothing after recovery', () => {
  it('rolls back to the exact tree and tags (150 random crash points, a fixed seed; half of the runs crash)', async () => {
    let crashedRuns = 0;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 40 }), fc.boolean(), fc.integer({ min: 0, max: 3 }), async (at, landed, shape) => {
        const t = setup({ seed: shape + 1 });
        const items: Spec[] = Array.from({ length: 12 + shape * 3 }, (_, i) => ({ title: `i${i}`, url: url(i % (3 + shape)) }));
        await seed(t.browser, MENU, [{ title: 'F', children: items.slice(0, 5) }, ...items]);
        await seed(t.browser, UNFILED, [{ title: 'F (1)', children: [...items.slice(0, 5), { title: 'u', url: url(50) }] }]);
        await t.tags.addTags([url(0)], ['zero']);
        const plan = await planFromTree(t.browser, {
          createdAt: t.now(),
          folderMerges: [[(await find(t.browser, 'F')).id, (await find(t.browser, 'F (1)')).id]],
          emptyFolders: true,
        });
        const before = await snapshot(t.browser);
        const tagsBefore = await allTags(t.tags);
        const crash = crashingBrowser(t.browser, at, landed);
        let finished = false;
        const applying = applyPlan({ ...t.deps, browser: crash.browser }, plan, testCtx()).then(() => void (finished = true));
        await Promise.race([applying, crash.crashed]);
        if (!finished) await crash.dead();
        const deps = restart(t);
        const outcomes = await recoverInterruptedSessions(deps);
        if (finished) {
          expect(outcomes).toEqual([]);
        } else {
          crashedRuns++;
          expect(outcomes).toEqual([expect.objectContaining({ action: 'rolled-back', error: null })]);
          expect(await snapshot(t.browser)).toEqual(before);
          expect(await allTags(t.tags)).toEqual(tagsBefore);
        }
        deps.journal.close();
        t.journal.close();
        t.tags.close();
      }),
      { numRuns: 150, seed: 20_261_207 },
    );
    console.info(`recovery property: ${crashedRuns} of 150 runs crashed before the apply finished`);
    // A property whose crashes all land after the end would prove nothing about recovery (77 of 150 crashed with
    // this seed on 2026-12-07; the rest finished before their crash point and must leave nothing to recover).
    expect(crashedRuns).toBeGreaterThanOrEqual(60);
  }, 120_000);
});
