import { describe, expect, it, vi } from 'vitest';
import { applyPlan, REMOVAL_BATCH } from '../../../../src/dedup/cleanup/apply';
import { createDedupCleanupFeature } from '../../../../src/dedup/cleanup/feature';
import { openJournal } from '../../../../src/operation-history/journal';
import type { UndoProgress } from '../../../../src/operation-history/undo';
import { getExisting } from '../../../../src/platform/bookmark-reads';
import { createChangeWatch } from '../../../../src/operation-history/change-watch';
import { createBookmarkEvents } from '../../../../src/platform/bookmark-events';
import { checkPlan } from '../../../../src/dedup/cleanup/plan-check';
import { buildPlan } from '../../../../src/dedup/scan/plan';
import { scanBookmarks } from '../../../../src/dedup/scan/scan';
import { DEFAULT_SETTINGS } from '../../../../src/settings/settings';
import { boot } from '../../../kit/boot';
import { cleanupPlan, moveInto, removeCopiedFolder, removeCopy, removeEmptyFolder } from '../../../kit/plan';
import { copiedFolder, find, flatten, MENU, planFromTree, seed, setup, snapshot, testCtx, TOOLBAR, UNFILED } from '../cleanup-fixtures';
import { say } from '../../../../src/i18n';
import { gate } from '../../../kit/gate';

const url = (n: number) => `https://site${n}.example/page`;
const ROOT = 'root________';

async function looseDuplicates() {
  const t = setup();
  await seed(t.browser, MENU, [
    { title: 'Keep', url: url(1) },
    {
      title: 'Dev',
      children: [
        { title: 'Copy A', url: url(1) },
        { title: 'Other', url: url(2) },
        { title: 'Copy B', url: url(1) },
      ],
    },
  ]);
  await seed(t.browser, UNFILED, [{ title: 'Copy C', url: url(1) }]);
  return t;
}

describe('applyPlan', () => {
  it('removes loose duplicates one by one after journaling every one of them, keeps the chosen copy, makes no holding folder', async () => {
    const t = await looseDuplicates();
    const removeTree: string[] = [];
    const remove: string[] = [];
    let journaledAtFirstRemove = -1;
    const realRemoveTree = t.browser.bookmarks.removeTree;
    t.browser.bookmarks.removeTree = (id: string) => (removeTree.push(id), realRemoveTree(id));
    const realRemove = t.browser.bookmarks.remove;
    t.browser.bookmarks.remove = async (id: string) => {
      if (!remove.length) {
        const [session] = await t.journal.listSessions();
        journaledAtFirstRemove = session ? (await t.journal.entries(session.id)).length : 0;
      }
      remove.push(id);
      return realRemove(id);
    };
    const plan = await planFromTree(t.browser, { createdAt: t.now() });
    expect(plan.removals).toHaveLength(3);

    const result = await applyPlan(t.deps, plan, testCtx());

    expect(result.problems).toEqual([]);
    expect(result.counts).toEqual({ copies: 3, loose: 3, insideFolders: 0, copiedFolders: 0, emptyFolders: 0, moved: 0, tagMerges: 0, skipped: 0 });
    expect(journaledAtFirstRemove).toBe(3);
    expect(remove).toHaveLength(3);
    expect(removeTree).toHaveLength(0);
    const [root] = await t.browser.bookmarks.getTree();
    const urls = flatten([root]).filter((n) => n.url === url(1));
    expect(urls.map((n) => n.title)).toEqual(['Keep']);
    expect(await t.browser.bookmarks.getChildren(UNFILED)).toEqual([]);

    const session = await t.journal.getSession(result.sessionId);
    expect(session).toMatchObject({ status: 'applied', cancelled: false, holdingFolderId: null });
    const entries = await t.journal.entries(result.sessionId);
    const removed = entries.filter((e) => e.role === 'removed');
    expect(removed.map((e) => e.role === 'removed' && e.title).sort()).toEqual(['Copy A', 'Copy B', 'Copy C']);
    const copyB = removed.find((e) => e.role === 'removed' && e.title === 'Copy B');
    expect(copyB).toMatchObject({
      index: 2,
      url: url(1),
      type: 'bookmark',
      path: ['Bookmarks Menu', 'Dev'],
      topLevel: true,
      parentId: (await find(t.browser, 'Dev')).id,
    });
  });

  it('removes last child first in each folder, with at most two removals in flight', async () => {
    const t = setup();
    await seed(t.browser, MENU, [{ title: 'Keep', url: url(0) }, ...Array.from({ length: 12 }, (_, i) => ({ title: `copy ${i}`, url: url(0) }))]);
    await seed(
      t.browser,
      TOOLBAR,
      Array.from({ length: 6 }, (_, i) => ({ title: `tool copy ${i}`, url: url(0) })),
    );
    const plan = await planFromTree(t.browser, { createdAt: t.now() });
    const order: number[] = [];
    let inFlight = 0;
    let most = 0;
    const realRemove = t.browser.bookmarks.remove;
    t.browser.bookmarks.remove = async (id: string) => {
      const [node] = await t.browser.bookmarks.get(id);
      order.push(node!.index!);
      most = Math.max(most, ++inFlight);
      try {
        return await realRemove(id);
      } finally {
        inFlight--;
      }
    };

    const result = await applyPlan(t.deps, plan, testCtx());

    expect(result.counts.copies).toBe(18);
    expect(most).toBe(2);
    // Each folder's copies go from its end: the indexes Firefox reports never grow within a folder's run.
    const menuRun = order.slice(0, 12);
    expect(menuRun).toEqual([...menuRun].sort((a, b) => b - a));
    expect((await t.browser.bookmarks.getChildren(MENU)).map((c) => c.title)).toEqual(['Keep']);
  });

  it('collapses a copied folder with one removeTree after moving its unique children into the kept folder', async () => {
    const t = setup();
    const items = [
      { title: 'a', url: url(1) },
      { title: 'b', url: url(2) },
      { title: 'sub', children: [{ title: 'c', url: url(3) }] },
    ];
    await seed(t.browser, MENU, [{ title: 'Work', children: items }]);
    await seed(t.browser, TOOLBAR, [{ title: 'Work (1)', children: [...items, { title: 'only here', url: url(9) }] }]);
    const kept = await find(t.browser, 'Work');
    const gone = await find(t.browser, 'Work (1)');
    const plan = await planFromTree(t.browser, { createdAt: t.now(), folderMerges: [[kept.id, gone.id]] });
    // planFromTree moves the subfolder too (it is not a bookmark the kept folder has): keep it simple, drop that move.
    const sub = gone.children!.find((c) => c.title === 'sub')!;
    plan.moves = plan.moves.filter((m) => m.id !== sub.id);
    plan.removals = plan.removals.filter((r) => r.reason !== 'duplicate-bookmark');

    const result = await applyPlan(t.deps, plan, testCtx());

    expect(result.problems).toEqual([]);
    // The folder held a, b and sub › c: three bookmarks, counted as copies inside one copied folder.
    expect(result.counts).toMatchObject({ copies: 3, loose: 0, insideFolders: 3, copiedFolders: 1, moved: 1 });
    const snap = await snapshot(t.browser);
    expect(snap[1].children).toEqual([]); // toolbar
    expect(snap[0].children![0].children!.map((c) => c.title)).toEqual(['a', 'b', 'sub', 'only here']);
    const entries = await t.journal.entries(result.sessionId);
    expect(entries.filter((e) => e.role === 'moved')).toEqual([expect.objectContaining({ title: 'only here', parentId: gone.id, index: 3, toParentId: kept.id })]);
    expect(entries.filter((e) => e.role === 'removed').map((e) => e.role === 'removed' && e.title)).toEqual(['Work (1)', 'a', 'b', 'sub', 'c']);
  });

  it('hands the held bookmark events to the batched features as its wait for late events begins, not after it', async () => {
    const t = setup();
    const { plan } = await copiedFolder(t, [url(1), url(2)]);
    const wait = gate();
    const waiting = gate();
    const handedOver: boolean[] = [];
    let settles = 0;
    const applied = applyPlan(
      {
        ...t.deps,
        settle: () => {
          settles++;
          waiting.open();
          return wait.promise;
        },
        deliverEvents: () => void handedOver.push(settles === 1),
      },
      plan,
      testCtx(),
    );
    await waiting.promise;
    // The wait has begun and the events are with the features already: their work runs while it lasts.
    expect(handedOver).toEqual([true]);
    wait.open();
    const result = await applied;
    expect(result.counts).toMatchObject({ copiedFolders: 1, insideFolders: 2 });
    expect(handedOver).toEqual([true]);
  });

  it('re-reads a copied folder while its journal is written, changes nothing before it is, and reads again if it took longer', async () => {
    const t = setup();
    const { plan } = await copiedFolder(t, [url(1), url(2)]);
    const written = gate();
    const calls: string[] = [];
    const stop = t.control.observeBookmarkCalls((call) => void calls.push(call.method));
    let journaled = false;
    const journal = new Proxy(t.journal, {
      get: (target, key, receiver) =>
        key === 'beginSession'
          ? async (...args: Parameters<typeof t.journal.beginSession>) => {
              await written.promise;
              const stored = await target.beginSession(...args);
              journaled = true;
              return stored;
            }
          : Reflect.get(target, key, receiver),
    });
    const applied = applyPlan({ ...t.deps, journal }, plan, testCtx());
    await vi.waitFor(() => expect(calls).toContain('getSubTree'));
    // The folder was read while the journal was still being written; nothing was changed.
    expect(journaled).toBe(false);
    expect(calls.filter((c) => c !== 'getTree' && c !== 'getSubTree' && c !== 'get' && c !== 'getChildren')).toEqual([]);
    written.open();
    const result = await applied;
    stop();
    expect(result.counts).toMatchObject({ copiedFolders: 1, insideFolders: 2 });
    // The journal outlasted the first read: the folder was read again, right before its removeTree.
    const removal = calls.indexOf('removeTree');
    expect(calls.slice(removal - 2, removal + 1)).toEqual(['getSubTree', 'getSubTree', 'removeTree']);
  });

  it('a journal that cannot be written fails the apply having changed nothing', async () => {
    const t = setup();
    const items = [{ title: 'a', url: url(1) }];
    await seed(t.browser, MENU, [
      { title: 'Work', children: items },
      { title: 'Keep', url: url(2) },
    ]);
    await seed(t.browser, TOOLBAR, [
      { title: 'Work (1)', children: items },
      { title: 'Copy', url: url(2) },
    ]);
    const plan = await planFromTree(t.browser, { createdAt: t.now(), folderMerges: [[(await find(t.browser, 'Work')).id, (await find(t.browser, 'Work (1)')).id]] });
    const before = await snapshot(t.browser);
    const journal = new Proxy(t.journal, {
      get: (target, key, receiver) => (key === 'beginSession' ? () => Promise.reject(new Error('disk full')) : Reflect.get(target, key, receiver)),
    });
    await expect(applyPlan({ ...t.deps, journal }, plan, testCtx())).rejects.toThrow('disk full');
    expect(await snapshot(t.browser)).toEqual(before);
  });

  it('checks each item is still what the plan saw: changed, moved and missing items are skipped and reported', async () => {
    const t = await looseDuplicates();
    const plan = await planFromTree(t.browser, { createdAt: t.now() });
    const [a, b, c] = await Promise.all(['Copy A', 'Copy B', 'Copy C'].map((title) => find(t.browser, title)));
    await t.browser.bookmarks.update(a.id, { url: 'https://changed.example/' });
    await t.browser.bookmarks.move(b.id, { parentId: TOOLBAR });
    expect(a.url).toBe(url(1));
    await t.browser.bookmarks.remove(c.id);

    const result = await applyPlan(t.deps, plan, testCtx());

    expect(result.problems.map((p) => [p.id, p.reason])).toEqual([
      [a.id, 'changed'],
      [b.id, 'changed'],
      [c.id, 'missing'],
    ]);
    expect(result.counts.copies).toBe(0);
    expect((await find(t.browser, 'Copy A')).url).toBe('https://changed.example/');
    expect((await find(t.browser, 'Copy B')).parentId).toBe(TOOLBAR);
  });

  it('never removes the last copy: a removal whose kept copy is gone or itself removed is skipped', async () => {
    const t = await looseDuplicates();
    const keep = await find(t.browser, 'Keep');
    const a = await find(t.browser, 'Copy A');
    const b = await find(t.browser, 'Copy B');
    const c = await find(t.browser, 'Copy C');
    const plan = cleanupPlan({
      createdAt: t.now(),
      // A and B name each other as the copy to keep: neither may go.
      removals: [removeCopy(a, b), removeCopy(b, a), removeCopy(c, keep)],
    });
    await t.browser.bookmarks.remove(keep.id);

    const result = await applyPlan(t.deps, plan, testCtx());

    expect(result.problems.map((p) => p.reason)).toEqual(['kept-copy-missing', 'kept-copy-missing', 'kept-copy-missing']);
    const [root] = await t.browser.bookmarks.getTree();
    expect(flatten([root]).filter((n) => n.url === url(1))).toHaveLength(3);
  });

  it('never removes or moves a root, and refuses a kept copy inside a folder being removed', async () => {
    const t = setup();
    await seed(t.browser, MENU, [
      { title: 'F', children: [{ title: 'inner', url: url(1) }] },
      { title: 'outer', url: url(1) },
    ]);
    const f = await find(t.browser, 'F');
    const inner = await find(t.browser, 'inner');
    const outer = await find(t.browser, 'outer');
    const plan = cleanupPlan({
      createdAt: t.now(),
      removals: [removeEmptyFolder({ id: MENU, parentId: ROOT }), removeCopiedFolder(f, TOOLBAR), removeCopy(outer, inner)],
      moves: [moveInto({ id: TOOLBAR, parentId: ROOT }, MENU)],
    });
    const before = await snapshot(t.browser);
    const treeBefore = flatten([(await t.browser.bookmarks.getTree())[0]]).map((n) => [n.id, n.parentId, n.index]);

    const result = await applyPlan(t.deps, plan, testCtx());

    // Every item of the plan is refused: the roots as roots; F because a root is never taken as the copy that stays;
    // `outer` because its keeper `inner` is inside F, which was going when the check began.
    const byId = (a: string[], b: string[]) => a[0]!.localeCompare(b[0]!);
    expect(result.problems.map((p) => [p.id, p.reason]).sort(byId)).toEqual(
      [
        [MENU, 'root'],
        [TOOLBAR, 'root'],
        [f.id, 'kept-copy-missing'],
        [outer.id, 'kept-copy-missing'],
      ].sort(byId),
    );
    expect(result.counts).toMatchObject({ copies: 0, copiedFolders: 0, emptyFolders: 0, moved: 0, skipped: 4 });
    // Nothing changed: both copies of the URL and F are where they were.
    const [root] = await t.browser.bookmarks.getTree();
    expect(flatten([root]).map((n) => [n.id, n.parentId, n.index])).toEqual(treeBefore);
    expect(before[0].title).toBe('Bookmarks Menu');
    expect((await snapshot(t.browser)).map((r) => r.title)).toEqual(before.map((r) => r.title));
  });

  it('keeps a redundant folder whose contents changed after the scan', async () => {
    const t = setup();
    await seed(t.browser, MENU, [{ title: 'A', children: [{ title: 'x', url: url(1) }] }]);
    await seed(t.browser, TOOLBAR, [{ title: 'A (1)', children: [{ title: 'x', url: url(1) }] }]);
    const a = await find(t.browser, 'A');
    const copy = await find(t.browser, 'A (1)');
    const plan = await planFromTree(t.browser, { createdAt: t.now(), folderMerges: [[a.id, copy.id]] });
    t.tick();
    await t.browser.bookmarks.create({ parentId: copy.id, title: 'added later', url: url(7) });

    const result = await applyPlan(t.deps, plan, testCtx());

    expect(result.problems).toEqual([expect.objectContaining({ id: copy.id, reason: 'contents-changed' })]);
    expect((await find(t.browser, 'added later')).parentId).toBe(copy.id);
  });

  it('merges tags onto the kept URL and journals the tags each removed URL had', async () => {
    const t = setup();
    await seed(t.browser, MENU, [
      { title: 'keep', url: url(1) },
      { title: 'gone', url: url(1) },
    ]);
    await t.tags.addTags([url(1)], ['news']);
    const plan = await planFromTree(t.browser, { createdAt: t.now(), tagMerges: [{ url: url(1), tags: ['news', 'Later'] }] });

    const result = await applyPlan(t.deps, plan, testCtx());

    expect(await t.tags.getTags(url(1))).toEqual(['news', 'Later']);
    const entries = await t.journal.entries(result.sessionId);
    expect(entries.find((e) => e.role === 'removed')).toMatchObject({ tags: ['news'] });
    expect(entries.find((e) => e.role === 'tag-merge')).toMatchObject({ tagsBefore: ['news'], tagsAdded: ['Later'] });
  });

  it('reports progress with phases in order and one constant total: the plan’s copies (the summary’s figure), ending with done = total', async () => {
    const t = setup();
    // Loose copies, two copied folders (one kept through its smaller copy, so two items move out), an empty folder.
    await seed(t.browser, MENU, [
      ...Array.from({ length: 250 }, (_, i) => ({ title: `c${i}`, url: url(i % 10) })),
      {
        title: 'Dev',
        children: [
          { title: 'a', url: url(100) },
          { title: 'b', url: url(101) },
          { title: 'Tools', children: [{ title: 't', url: url(102) }] },
        ],
      },
      { title: 'Docs', children: [1, 2, 3].map((n) => ({ title: `d${n}`, url: url(200 + n) })) },
      { title: 'Nothing here', children: [] },
    ]);
    await seed(t.browser, TOOLBAR, [
      { title: 'Dev', children: [{ title: 'a', url: url(100) }] },
      { title: 'Docs', children: [1, 2, 3].map((n) => ({ title: `d${n}`, url: url(200 + n) })) },
    ]);
    const scan = scanBookmarks({ tree: await t.browser.bookmarks.getTree(), settings: structuredClone(DEFAULT_SETTINGS), now: t.now() });
    const dev = scan.folderSets.find((set) => set.title === 'Dev')!;
    const smallDev = dev.members.find((m) => m.parentId === TOOLBAR)!;
    const plan = buildPlan(scan, { folderSets: [{ setId: dev.id, keepId: smallDev.id, merge: true }] }, { now: t.now() });
    // 240 loose, 1 left in the big Dev after its 2 unique items move out (b, and Tools with t), 3 in a Docs copy.
    expect(plan.numbers).toEqual({ copies: 244, loose: 240, insideFolders: 4, copiedFolders: 2, emptyFolders: 1, moved: 2, tagMerges: 0 });
    const ctx = testCtx();

    const result = await applyPlan(t.deps, plan, ctx);

    expect(result.problems).toEqual([]);
    expect(result.counts).toMatchObject({ copies: 244, copiedFolders: 2, emptyFolders: 1, moved: 2 });
    const phases = [...new Set(ctx.seen.map((p) => p.phase))];
    expect(phases).toEqual(['checking', 'journaling', 'merging-tags', 'moving', 'collapsing', 'removing', 'done']);
    // Folders and moves have no units of their own: the total is the copies, the same number the page shows.
    const totals = new Set(ctx.seen.filter((p) => p.total > 0).map((p) => p.total));
    expect([...totals]).toEqual([plan.numbers.copies]);
    // Moves advance by nothing, the folders by the bookmarks in them (the empty one by nothing).
    expect(Math.max(...ctx.seen.filter((p) => p.phase === 'moving').map((p) => p.done))).toBe(0);
    expect(Math.max(...ctx.seen.filter((p) => p.phase === 'collapsing').map((p) => p.done))).toBe(4);
    const last = ctx.seen.at(-1)!;
    expect(last).toMatchObject({ phase: 'done', done: 244, total: 244 });
    expect(ctx.checkpoints).toBeGreaterThanOrEqual(3);
  });

  it('waits at a checkpoint while paused: nothing is removed while it waits, then it carries on', async () => {
    const t = setup();
    await seed(
      t.browser,
      MENU,
      Array.from({ length: 300 }, (_, i) => ({ title: `c${i}`, url: url(i % 3) })),
    );
    const plan = await planFromTree(t.browser, { createdAt: t.now() });
    let release!: () => void;
    const paused = new Promise<void>((r) => (release = r));
    const counts: number[] = [];
    const ctx = testCtx({
      onCheckpoint: async (n) => {
        if (n === 4) {
          // Paused after the first batch of removals: the count must not move until the pause ends. A removal
          // still on its way would land within two round trips through the fake's statement queue (settle).
          counts.push((await t.browser.bookmarks.getChildren(MENU)).length);
          void t.deps.settle!()
            .then(() => t.browser.bookmarks.getChildren(MENU))
            .then((children) => counts.push(children.length))
            .finally(release);
          await paused;
        }
      },
    });
    const result = await applyPlan(t.deps, plan, ctx);
    expect(counts).toHaveLength(2);
    expect(counts[0]).toBe(300 - REMOVAL_BATCH);
    expect(counts[1]).toBe(counts[0]);
    expect(result.counts.copies).toBe(297);
    expect(await t.browser.bookmarks.getChildren(MENU)).toHaveLength(3);
  });

  for (const mode of ['the watch the background starts', 'a watch of its own'] as const) {
    it(`an item changed while the apply runs (e.g. during a pause) is skipped and reported, seen through ${mode}`, async () => {
      const t = setup();
      await seed(
        t.browser,
        MENU,
        Array.from({ length: 300 }, (_, i) => ({ title: `c${i}`, url: url(i % 3) })),
      );
      const plan = await planFromTree(t.browser, { createdAt: t.now() });
      const children = await t.browser.bookmarks.getChildren(MENU);
      const late = children[50]; // loose items go last child first: this one is in the third batch
      const deps = mode === 'the watch the background starts' ? { ...t.deps, watch: createChangeWatch(createBookmarkEvents(t.browser.bookmarks)) } : t.deps;
      const ctx = testCtx({
        onCheckpoint: async (n) => {
          // 4th checkpoint: the first batch of removals is done; the user edits an item of a later batch.
          if (n === 4) await t.browser.bookmarks.update(late.id, mode === 'the watch the background starts' ? { title: 'renamed' } : { url: 'https://edited.example/' });
        },
      });
      const result = await applyPlan(deps, plan, ctx);
      expect(result.problems).toEqual([expect.objectContaining({ id: late.id, reason: 'changed' })]);
      expect((await t.browser.bookmarks.get(late.id))[0].parentId).toBe(MENU);
      expect(result.counts.copies).toBe(296);
      const skipped = (await t.journal.entries(result.sessionId)).filter((e) => e.skipped);
      expect(skipped.map((e) => (e.role === 'removed' || e.role === 'moved') && e.id)).toEqual([late.id]);
    });
  }

  it('regression: a duplicate whose kept copy is removed while the apply runs stays (never the last copy of a URL)', async () => {
    const t = setup();
    await seed(
      t.browser,
      MENU,
      Array.from({ length: 300 }, (_, i) => ({ title: `c${i}`, url: url(i % 3) })),
    );
    const plan = await planFromTree(t.browser, { createdAt: t.now() });
    const keeperOf0 = plan.removals.find((r) => r.expectedUrl === url(0))!.keptId!;
    const ctx = testCtx({
      onCheckpoint: async (n) => {
        // After the first batch, someone removes the copy the plan keeps for url(0).
        if (n === 4) await t.browser.bookmarks.remove(keeperOf0);
      },
    });
    const result = await applyPlan(t.deps, plan, ctx);
    const [root] = await t.browser.bookmarks.getTree();
    const left = flatten([root]).filter((n) => n.url === url(0));
    expect(left.length).toBeGreaterThan(0);
    expect(result.problems.length).toBe(left.length);
    expect(result.problems.every((p) => p.reason === 'kept-copy-missing')).toBe(true);
  });

  it('with bookmark events, a bookmark added inside a folder about to be collapsed keeps the folder', async () => {
    const t = setup();
    await seed(t.browser, MENU, [{ title: 'A', children: [{ title: 'x', url: url(1) }] }]);
    await seed(t.browser, TOOLBAR, [
      {
        title: 'A (1)',
        children: [
          { title: 'x', url: url(1) },
          { title: 'sub', children: [] },
        ],
      },
    ]);
    const copy = await find(t.browser, 'A (1)');
    const sub = await find(t.browser, 'sub');
    const plan = await planFromTree(t.browser, { createdAt: t.now(), folderMerges: [[(await find(t.browser, 'A')).id, copy.id]] });
    plan.moves = [];
    const ctx = testCtx({
      onCheckpoint: async (n) => {
        if (n === 3) await t.browser.bookmarks.create({ parentId: sub.id, title: 'new', url: url(5) });
      },
    });
    const result = await applyPlan({ ...t.deps, watch: createChangeWatch(createBookmarkEvents(t.browser.bookmarks)) }, plan, ctx);
    expect(result.problems).toEqual([expect.objectContaining({ id: copy.id, reason: 'contents-changed' })]);
    expect((await find(t.browser, 'new')).parentId).toBe(sub.id);
  });

  it('a cancel stops at the next batch: what was done stays done and journaled, the rest is reported', async () => {
    const t = setup();
    await seed(
      t.browser,
      MENU,
      Array.from({ length: 400 }, (_, i) => ({ title: `c${i}`, url: url(i % 2) })),
    );
    const plan = await planFromTree(t.browser, { createdAt: t.now() });
    // checkpoints: 1 check, 2 journal, then one per batch of removals (3, 4, ...): cancel at the 2nd batch.
    const ctx = testCtx({ cancelAt: 4 });

    const result = await applyPlan(t.deps, plan, ctx);

    expect(result.cancelled).toBe(true);
    expect(result.counts.copies).toBe(REMOVAL_BATCH); // one batch of removals
    expect(result.problems.filter((p) => p.reason === 'cancelled')).toHaveLength(398 - REMOVAL_BATCH);
    expect(await t.browser.bookmarks.getChildren(MENU)).toHaveLength(400 - REMOVAL_BATCH);
    expect((await t.browser.bookmarks.getChildren(UNFILED)).length).toBe(0);
    const session = await t.journal.getSession(result.sessionId);
    expect(session).toMatchObject({ status: 'applied', cancelled: true });
    const live = (await t.journal.entries(result.sessionId)).filter((e) => !e.skipped);
    expect(live).toHaveLength(REMOVAL_BATCH);
  });

  it('a cancel before the journal is written changes nothing and writes no session', async () => {
    const t = await looseDuplicates();
    const before = await snapshot(t.browser);
    const plan = await planFromTree(t.browser, { createdAt: t.now() });
    await expect(applyPlan(t.deps, plan, testCtx({ cancelAt: 1 }))).rejects.toMatchObject({ code: 'cancelled' });
    expect(await snapshot(t.browser)).toEqual(before);
    expect(await t.journal.listSessions()).toEqual([]);
  });

  it('a move the browser refuses is reported per item and keeps its folder', async () => {
    const t = setup();
    await seed(t.browser, MENU, [{ title: 'A', children: [{ title: 'x', url: url(1) }] }]);
    await seed(t.browser, TOOLBAR, [
      {
        title: 'A (1)',
        children: [
          { title: 'x', url: url(1) },
          { title: 'unique', url: url(2) },
        ],
      },
    ]);
    const plan = await planFromTree(t.browser, { createdAt: t.now(), folderMerges: [[(await find(t.browser, 'A')).id, (await find(t.browser, 'A (1)')).id]] });
    t.browser.bookmarks.move = async () => {
      throw new Error('Places said no');
    };
    const result = await applyPlan(t.deps, plan, testCtx());
    expect(result.problems.map((p) => p.reason)).toEqual(['error', 'unique-child-not-moved']);
    // The reason travels as a message id and Firefox's words; the page words it in its own locale.
    expect(result.problems[0].message).toEqual({ id: 'cleanupProblemNotMoved', args: ['Places said no'] });
    expect(say(result.problems[0].message)).toBe('It could not be moved: Places said no');
    expect((await find(t.browser, 'unique')).parentId).toBe((await find(t.browser, 'A (1)')).id);
  });
});

describe('checkPlan and getExisting', () => {
  it('getExisting fetches in batches and leaves out missing ids', async () => {
    const t = setup();
    await seed(
      t.browser,
      MENU,
      Array.from({ length: 30 }, (_, i) => ({ title: `c${i}`, url: url(i) })),
    );
    const ids = (await t.browser.bookmarks.getChildren(MENU)).map((n) => n.id);
    let calls = 0;
    const realGet = t.browser.bookmarks.get;
    t.browser.bookmarks.get = ((idOrIds: string | string[]) => (calls++, realGet(idOrIds))) as typeof realGet;
    const found = await getExisting(t.browser, [...ids, 'missingAAAAA', 'missingBBBBB']);
    expect(found.size).toBe(30);
    expect(calls).toBeLessThan(20);
  });

  it('a loose removal inside a removed folder goes with the folder', async () => {
    const t = setup();
    await seed(t.browser, MENU, [{ title: 'A', children: [{ title: 'x', url: url(1) }] }]);
    await seed(t.browser, TOOLBAR, [{ title: 'A (1)', children: [{ title: 'x', url: url(1) }] }]);
    const a = await find(t.browser, 'A');
    const copy = await find(t.browser, 'A (1)');
    const plan = await planFromTree(t.browser, { createdAt: t.now(), folderMerges: [[a.id, copy.id]] });
    const inner = copy.children![0];
    plan.removals.push({ id: inner.id, kind: 'bookmark', expectedUrl: url(1), expectedParentId: copy.id, reason: 'duplicate-bookmark', keptId: a.children![0].id });
    const check = await checkPlan(t.browser, plan);
    expect([...check.removals.keys()]).toEqual([copy.id]);
    expect(check.insideRemoved.get(inner.id)).toBe(copy.id);
  });
});

describe('dedup.cleanup / dedup.undo jobs and dedup.sessions through the real background', () => {
  it('applies a plan with progress, lists the session, undoes it, and refuses a malformed plan without changing anything', async () => {
    const { fake, client } = await boot();
    await seed(fake.browser, MENU, [
      { title: 'keep', url: url(1) },
      { title: 'F', children: [{ title: 'copy', url: url(1) }] },
    ]);
    await seed(fake.browser, TOOLBAR, [{ title: 'copy 2', url: url(1) }]);
    const before = await snapshot(fake.browser);
    const plan = await planFromTree(fake.browser, { createdAt: Date.now() });

    const progress: string[] = [];
    const result = await client.startJob('dedup.cleanup', plan, (p) => progress.push(p.phase)).result;
    expect(result.counts.copies).toBe(2);
    expect(progress).toContain('removing');
    const sessions = await client.call('history.list', {});
    expect(sessions).toEqual([expect.objectContaining({ id: result.sessionId, status: 'applied', canUndo: true, undone: false })]);

    const bad = { ...plan, removals: [{ ...plan.removals[0], extra: 1 }] };
    const stateBefore = await snapshot(fake.browser);
    await expect(client.startJob('dedup.cleanup', bad as never).result).rejects.toMatchObject({ code: 'invalid-request' });
    await expect(client.startJob('dedup.cleanup', { ...plan, removals: 'all' } as never).result).rejects.toMatchObject({ code: 'invalid-request' });
    expect(await snapshot(fake.browser)).toEqual(stateBefore);

    const undone = await client.startJob('history.undo', { sessionId: result.sessionId }).result;
    expect(undone.restored).toBe(2);
    expect(await snapshot(fake.browser)).toEqual(before);
    expect((await client.call('history.list', {}))[0]).toMatchObject({ status: 'undone', undone: true, canUndo: false });
    await expect(client.startJob('history.undo', { sessionId: result.sessionId }).result).rejects.toMatchObject({ code: 'conflict' });
    await client.call('test.reset', {});
    expect(await client.call('history.list', {})).toEqual([]);
  });

  it('regression: a second cleanup while one is paused is refused at once, and runs once the first one ends', async () => {
    const t = await looseDuplicates();
    const feature = createDedupCleanupFeature({ browser: t.browser, now: t.now, testBuild: true, tags: t.tags, journal: openJournal(t.journalName) });
    await feature.recovery;
    const plan = await planFromTree(t.browser, { createdAt: t.now() });
    let resume: (() => void) | undefined;
    let paused!: () => void;
    const isPaused = new Promise<void>((r) => (paused = r));
    const first = feature.jobs['dedup.cleanup'](plan, {
      ...testCtx(),
      signal: new AbortController().signal,
      // Paused at its first checkpoint until resumed.
      checkpoint: () => (resume ? Promise.resolve() : (paused(), new Promise<void>((r) => (resume = r)))),
    });
    await isPaused;
    const ctx = { ...testCtx(), signal: new AbortController().signal };
    await expect(feature.jobs['dedup.cleanup'](plan, ctx)).rejects.toMatchObject({ code: 'conflict', message: expect.stringContaining('under way') });
    await expect(feature.history.jobs['history.undo']({ sessionId: 'any' }, { ...testCtx<UndoProgress>(), signal: new AbortController().signal })).rejects.toMatchObject({
      code: 'conflict',
    });
    resume!();
    const done = await first;
    expect(done.counts.loose).toBe(3);
    // The first one ended: the next is accepted (and finds nothing left to do with this plan).
    const again = await feature.jobs['dedup.cleanup'](await planFromTree(t.browser, { createdAt: t.now() }), ctx);
    expect(again.counts.loose).toBe(0);
  });
});
