import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyPlan } from '../../../src/dedup/cleanup/apply';
import { openJournal } from '../../../src/operation-history/journal';
import { restoreSession } from '../../../src/operation-history/undo';
import type { BookmarkNode, Browser } from '../../../src/platform/browser';
import type { TagStore } from '../../../src/tags/tag-store';
import { cleanupPlan, removeCopy } from '../../kit/plan';
import { allTags, find, flatten, MENU, MOBILE, planFromTree, seed, setup, snapshot, testCtx, TOOLBAR, UNFILED, type Spec } from '../dedup/cleanup-fixtures';
import { say } from '../../../src/i18n';

const url = (n: number) => `https://site${n}.example/p`;

/** What the tags feature does when a URL's last bookmark goes (it runs in the background, not in these tests). */
async function forgetOrphanTags(browser: Browser, tags: TagStore) {
  const [root] = await browser.bookmarks.getTree();
  const live = new Set(flatten([root]).map((n) => n.url));
  for (const { url } of await tags.all()) if (!live.has(url)) await tags.forgetUrl(url);
}

async function urlsOf(browser: Browser) {
  const [root] = await browser.bookmarks.getTree();
  return new Set(
    flatten([root])
      .filter((n) => n.type === 'bookmark')
      .map((n) => n.url),
  );
}

describe('restoreSession (undo)', () => {
  it('brings back every removed item with title, URL, folder, position and tags, and moves unique children back', async () => {
    const t = setup();
    const work = [{ title: 'a', url: url(1) }, { separator: true as const }, { title: 'sub', children: [{ title: 'c', url: url(3) }] }, { title: 'b', url: url(2) }];
    await seed(t.browser, MENU, [
      { title: 'x0', url: url(10) },
      { title: 'Work', children: work },
      { title: 'x1', url: url(1) },
      { title: 'x2', url: url(11) },
    ]);
    await seed(t.browser, TOOLBAR, [
      { title: 'Work (1)', children: [{ title: 'only', url: url(9) }, ...work] },
      { title: 'dup', url: url(10) },
    ]);
    await t.tags.addTags([url(9)], ['unique']);
    await t.tags.addTags([url(10)], ['ten']);
    await t.tags.addTags([url(1)], ['one']);
    const before = await snapshot(t.browser);
    const tagsBefore = await allTags(t.tags);
    const kept = await find(t.browser, 'Work');
    const copy = await find(t.browser, 'Work (1)');
    const plan = await planFromTree(t.browser, { createdAt: t.now(), folderMerges: [[kept.id, copy.id]], tagMerges: [{ url: url(10), tags: ['merged'] }] });

    const applied = await applyPlan(t.deps, plan, testCtx());
    expect(applied.problems).toEqual([]);
    await forgetOrphanTags(t.browser, t.tags);
    expect(await snapshot(t.browser)).not.toEqual(before);

    const ctx = testCtx<import('../../../src/operation-history/undo').UndoProgress>();
    const undone = await restoreSession(t.deps, applied.sessionId, ctx, 'undo');

    expect(undone.problems).toEqual([]);
    expect(await snapshot(t.browser)).toEqual(before);
    expect(await allTags(t.tags)).toEqual(tagsBefore);
    expect(ctx.seen.at(-1)).toMatchObject({ phase: 'done' });
    expect(await t.journal.getSession(applied.sessionId)).toMatchObject({ status: 'undone', undoneAt: expect.any(Number) });
  });

  it('refuses a second undo and an unknown session with clear errors, changing nothing', async () => {
    const t = setup();
    await seed(t.browser, MENU, [
      { title: 'a', url: url(1) },
      { title: 'b', url: url(1) },
    ]);
    const applied = await applyPlan(t.deps, await planFromTree(t.browser, { createdAt: t.now() }), testCtx());
    await restoreSession(t.deps, applied.sessionId, testCtx(), 'undo');
    const after = await snapshot(t.browser);
    await expect(restoreSession(t.deps, applied.sessionId, testCtx(), 'undo')).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringContaining('already undone'),
    });
    await expect(restoreSession(t.deps, 'no-such-session', testCtx(), 'undo')).rejects.toMatchObject({ code: 'not-found' });
    expect(await snapshot(t.browser)).toEqual(after);
  });

  it('works after a restart: a new journal connection over the same database finds the session', async () => {
    const t = setup();
    await seed(t.browser, MENU, [
      { title: 'a', url: url(1) },
      { title: 'F', children: [{ title: 'b', url: url(1) }] },
    ]);
    const before = await snapshot(t.browser);
    const applied = await applyPlan(t.deps, await planFromTree(t.browser, { createdAt: t.now(), emptyFolders: true }), testCtx());
    t.journal.close();
    const reopened = openJournal(t.journalName);
    expect((await reopened.listSessions()).map((s) => s.id)).toEqual([applied.sessionId]);
    await restoreSession({ ...t.deps, journal: reopened }, applied.sessionId, testCtx(), 'undo');
    expect(await snapshot(t.browser)).toEqual(before);
  });

  it('undoes an older session after a newer one removed the folder it restores into (ids are remapped)', async () => {
    const t = setup();
    await seed(t.browser, MENU, [
      {
        title: 'A',
        children: [
          { title: 'k', url: url(1) },
          { title: 'dup', url: url(2) },
        ],
      },
      { title: 'B', children: [{ title: 'k', url: url(1) }] },
      { title: 'keeper', url: url(2) },
    ]);
    const before = await snapshot(t.browser);
    const dup = await find(t.browser, 'dup');
    const keeper = await find(t.browser, 'keeper');
    const first = await applyPlan(t.deps, cleanupPlan({ createdAt: t.now(), removals: [removeCopy(dup, keeper)] }), testCtx());
    const a = await find(t.browser, 'A');
    const b = await find(t.browser, 'B');
    const second = await applyPlan(t.deps, await planFromTree(t.browser, { createdAt: t.now(), folderMerges: [[b.id, a.id]] }), testCtx());
    expect(second.problems).toEqual([]);
    // Undo the newer first (A comes back with a new id), then the older one: 'dup' must land in the new A.
    await restoreSession(t.deps, second.sessionId, testCtx(), 'undo');
    await restoreSession(t.deps, first.sessionId, testCtx(), 'undo');
    expect(await snapshot(t.browser)).toEqual(before);
  });

  it('an undo cancelled part way can simply run again and finishes without duplicates', async () => {
    const t = setup();
    await seed(
      t.browser,
      MENU,
      Array.from({ length: 120 }, (_, i) => ({ title: `c${i}`, url: url(i % 4) })),
    );
    const before = await snapshot(t.browser);
    const applied = await applyPlan(t.deps, await planFromTree(t.browser, { createdAt: t.now() }), testCtx());
    const partial = await restoreSession(t.deps, applied.sessionId, testCtx({ cancelAt: 3 }), 'undo');
    expect(partial.cancelled).toBe(true);
    expect(partial.restored).toBeGreaterThan(0);
    expect(await t.journal.getSession(applied.sessionId)).toMatchObject({ status: 'applied' });
    const rest = await restoreSession(t.deps, applied.sessionId, testCtx(), 'undo');
    expect(partial.restored + rest.restored).toBe(116);
    expect(await snapshot(t.browser)).toEqual(before);
  });

  it('restores into the nearest surviving folder when the original folder is gone, and says so', async () => {
    const t = setup();
    await seed(t.browser, MENU, [
      { title: 'Outer', children: [{ title: 'Inner', children: [{ title: 'a', url: url(1) }] }] },
      { title: 'b', url: url(1) },
    ]);
    const a = await find(t.browser, 'a');
    const b = await find(t.browser, 'b');
    const applied = await applyPlan(t.deps, cleanupPlan({ createdAt: t.now(), removals: [removeCopy(a, b)] }), testCtx());
    await t.browser.bookmarks.removeTree((await find(t.browser, 'Inner')).id);
    const undone = await restoreSession(t.deps, applied.sessionId, testCtx(), 'undo');
    expect(undone.problems).toEqual([expect.objectContaining({ id: a.id, message: { id: 'undoProblemNearestFolder', args: [] } })]);
    expect(say(undone.problems[0]!.message)).toContain('nearest folder');
    expect((await find(t.browser, 'a')).parentId).toBe((await find(t.browser, 'Outer')).id);
  });
});

// --- Property: apply then undo restores the tree exactly. ---

interface GenTree {
  roots: Spec[][];
  copies: { rootIndex: number; folderIndex: number; toRoot: number }[];
  tagged: { url: number; tags: string[] }[];
  merges: { url: number; tags: string[] }[];
  emptyFolders: boolean;
}

const leaf = fc.oneof(
  { weight: 6, arbitrary: fc.record({ title: fc.constantFrom('', 'a', 'B', 'c c'), url: fc.integer({ min: 0, max: 6 }).map(url) }) },
  { weight: 1, arbitrary: fc.constant({ separator: true as const }) },
);
const spec: fc.Arbitrary<Spec> = fc.letrec<{ node: Spec }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.record({ title: fc.constantFrom('F', 'G', 'Dev'), children: fc.array(tie('node'), { maxLength: 4 }) }),
  ),
})).node;
const tagName = fc.constantFrom('news', 'Later', 'work', 'read');
const genTree: fc.Arbitrary<GenTree> = fc.record({
  roots: fc.array(fc.array(spec, { maxLength: 5 }), { minLength: 4, maxLength: 4 }),
  copies: fc.array(fc.record({ rootIndex: fc.nat(3), folderIndex: fc.nat(4), toRoot: fc.nat(3) }), { maxLength: 2 }),
  tagged: fc.array(fc.record({ url: fc.integer({ min: 0, max: 6 }), tags: fc.array(tagName, { minLength: 1, maxLength: 2 }) }), { maxLength: 3 }),
  merges: fc.array(fc.record({ url: fc.integer({ min: 0, max: 6 }), tags: fc.array(tagName, { minLength: 1, maxLength: 2 }) }), { maxLength: 2 }),
  emptyFolders: fc.boolean(),
});

const ROOTS = [MENU, TOOLBAR, UNFILED, MOBILE];

async function build(t: ReturnType<typeof setup>, g: GenTree) {
  for (let i = 0; i < 4; i++) await seed(t.browser, ROOTS[i], g.roots[i]);
  // Sync-like copies of whole folders, with a copy suffix, plus one unique item in the copy.
  const merges: [string, string][] = [];
  for (const c of g.copies) {
    const folder = g.roots[c.rootIndex].filter((s) => s.children)[c.folderIndex];
    if (!folder) continue;
    const [created] = await (async () => {
      await seed(t.browser, ROOTS[c.toRoot], [{ title: `${folder.title} (1)`, children: [...(folder.children ?? []), { title: 'extra', url: url(99) }] }]);
      const children = await t.browser.bookmarks.getChildren(ROOTS[c.toRoot]);
      return [children.at(-1)!];
    })();
    const original = (await t.browser.bookmarks.getChildren(ROOTS[c.rootIndex])).filter((n) => n.type === 'folder')[c.folderIndex];
    if (original && !merges.some(([k, r]) => [k, r].includes(original.id))) merges.push([original.id, created.id]);
  }
  const present = await urlsOf(t.browser);
  for (const { url: u, tags } of g.tagged) if (present.has(url(u))) await t.tags.addTags([url(u)], tags);
  return merges;
}

describe('property: apply then undo', () => {
  it('restores titles, URLs, folders, order and tags exactly; apply never loses a URL (500 random trees)', async () => {
    await fc.assert(
      fc.asyncProperty(genTree, async (g) => {
        const t = setup();
        const folderMerges = await build(t, g);
        const before = await snapshot(t.browser);
        const tagsBefore = await allTags(t.tags);
        const urlsBefore = await urlsOf(t.browser);
        const nodesBefore = new Map(flatten(await t.browser.bookmarks.getTree()).map((n) => [n.id, n]));
        const plan = await planFromTree(t.browser, {
          createdAt: t.now(),
          folderMerges,
          emptyFolders: g.emptyFolders,
          tagMerges: g.merges.filter((m) => urlsBefore.has(url(m.url))).map((m) => ({ url: url(m.url), tags: m.tags })),
        });

        const applied = await applyPlan(t.deps, plan, testCtx());
        await forgetOrphanTags(t.browser, t.tags);
        expect(await urlsOf(t.browser)).toEqual(urlsBefore);
        // Every exact URL keeps exactly one copy when nothing was refused.
        if (!applied.problems.length) {
          const [root] = await t.browser.bookmarks.getTree();
          const counts = new Map<string, number>();
          for (const n of flatten([root]) as BookmarkNode[]) if (n.type === 'bookmark') counts.set(n.url!, (counts.get(n.url!) ?? 0) + 1);
          // (Two moved unique children with one URL both stay: the planner here never removes a moved item.)
          const movedUrls = new Set(plan.moves.map((m) => nodesBefore.get(m.id)?.url));
          expect([...counts].filter(([u, c]) => c !== 1 && !movedUrls.has(u))).toEqual([]);
        }
        for (const m of plan.tagMerges) {
          const now = (await t.tags.getTags(m.url)).map((x) => x.toLowerCase());
          for (const tag of m.tags) expect(now).toContain(tag.toLowerCase());
        }

        await restoreSession(t.deps, applied.sessionId, testCtx(), 'undo');
        expect(await snapshot(t.browser)).toEqual(before);
        expect(await allTags(t.tags)).toEqual(tagsBefore);
        t.journal.close();
        t.tags.close();
      }),
      { numRuns: 500 },
    );
  }, 120_000);
});
