/**
 * The journaled cleanup in real Firefox: a sync-like collection is cleaned through the 'dedup.cleanup' job and undone
 * through 'history.undo' back to the identical tree; a folder of one page x154 is replaced by a fresh copy (with a
 * bookmark created in it as it goes kept) and undone; a 2,000-item cleanup interrupted by an extension reload is
 * rolled back on the next start without losing anything.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CleanupPlan } from '../../src/dedup/plan-types';
import { launchFirefox, type Firefox } from './firefox';
import { reloadExtension } from './page-waits';
import { seedTree, type SeedFolder, type SeedNode } from './places-seed';

interface Snap {
  title: string;
  url?: string;
  type?: string;
  children?: Snap[];
}

/** The whole tree as a user sees it (no ids, no dates). */
async function tree(page: Page): Promise<Snap[]> {
  return page.evaluate(async () => {
    const strip = (n: { title: string; url?: string; type?: string; children?: unknown[] }): Snap => ({
      title: n.title,
      url: n.url,
      type: n.type,
      children: n.children?.map((c) => strip(c as never)),
    });
    const [root] = await window.tm.browser.bookmarks.getTree();
    return root.children!.map((c) => strip(c as never));
  });
}

/**
 * A plan for the tree as it is now, built in the page like the scan would: `merges` lists [kept title, copy title]
 * folder pairs (unique children of the copy move into the kept one), then one keeper per exact URL among what
 * stays, and the given tag merges.
 */
async function planInPage(page: Page, merges: [string, string][], tagMerges: { url: string; tags: string[] }[]): Promise<CleanupPlan> {
  return page.evaluate(
    async (merges, tagMerges) => {
      type Node = { id: string; parentId?: string; title: string; url?: string; type?: string; children?: Node[] };
      const [root] = (await window.tm.browser.bookmarks.getTree()) as Node[];
      const all: Node[] = [];
      const walk = (n: Node) => {
        all.push(n);
        n.children?.forEach(walk);
      };
      walk(root);
      const byTitle = (t: string) => all.find((n) => n.title === t && n.type === 'folder')!;
      const removals: CleanupPlan['removals'] = [];
      const moves: CleanupPlan['moves'] = [];
      const gone = new Set<string>();
      const moved = new Set<string>();
      const mark = (n: Node) => {
        gone.add(n.id);
        n.children?.forEach(mark);
      };
      for (const [keptTitle, copyTitle] of merges) {
        const kept = byTitle(keptTitle);
        const copy = byTitle(copyTitle);
        const have = new Set(kept.children!.map((c) => c.url));
        mark(copy);
        for (const child of copy.children!) {
          // Separators are not content: they go with the copy.
          if (child.type === 'separator' || (child.type === 'bookmark' && have.has(child.url))) continue;
          moves.push({ id: child.id, expectedParentId: copy.id, toParentId: kept.id });
          moved.add(child.id);
          const unmark = (n: Node) => {
            gone.delete(n.id);
            n.children?.forEach(unmark);
          };
          unmark(child);
        }
        removals.push({ id: copy.id, kind: 'folder', expectedUrl: null, expectedParentId: copy.parentId!, reason: 'duplicate-folder', keptId: kept.id });
      }
      const groups = new Map<string, Node[]>();
      for (const n of all) {
        if (n.type !== 'bookmark' || gone.has(n.id)) continue;
        groups.set(n.url!, [...(groups.get(n.url!) ?? []), n]);
      }
      for (const list of groups.values()) {
        const keeper = list.find((n) => moved.has(n.id)) ?? list[0];
        for (const n of list) {
          if (n === keeper || moved.has(n.id)) continue;
          removals.push({ id: n.id, kind: 'bookmark', expectedUrl: n.url!, expectedParentId: n.parentId!, reason: 'duplicate-bookmark', keptId: keeper.id });
        }
      }
      return {
        id: `plan-${Date.now()}`,
        createdAt: Date.now(),
        removals,
        moves,
        tagMerges,
        numbers: {
          copies: removals.filter((r) => r.kind === 'bookmark').length,
          loose: removals.filter((r) => r.kind === 'bookmark').length,
          insideFolders: 0,
          copiedFolders: removals.filter((r) => r.kind === 'folder').length,
          emptyFolders: 0,
          moved: moves.length,
          tagMerges: 0,
        },
      } satisfies CleanupPlan;
    },
    merges,
    tagMerges,
  );
}

const POPULAR = 'https://popular.example/article';

const SYNCED = 'https://synced.example/page';

/**
 * Other Bookmarks: "Before", the folder "Synced" (one page 154 times as Sync left it, with a subfolder, a separator
 * and another bookmark among the copies), "After". Returns the plan (one keeper per URL) with "Synced" replaced by a
 * fresh copy, as the Duplicates page plans it (src/dedup/replace-choice.ts), and the folder's id.
 */
async function syncedFolder(page: Page): Promise<{ plan: CleanupPlan; folderId: string }> {
  const folderId = await page.evaluate(async (synced) => {
    const b = window.tm.browser.bookmarks;
    await b.create({ parentId: 'unfiled_____', title: 'Before', url: 'https://before.example/' });
    const folder = await b.create({ parentId: 'unfiled_____', title: 'Synced' });
    await b.create({ parentId: 'unfiled_____', title: 'After', url: 'https://after.example/' });
    for (let i = 0; i < 154; i++) {
      await b.create({ parentId: folder.id, title: i % 4 ? 'Synced page' : `Synced page (${i})`, url: synced });
      if (i === 3) {
        const notes = await b.create({ parentId: folder.id, title: 'Notes' });
        await b.create({ parentId: notes.id, title: 'Note', url: 'https://notes.example/' });
      }
      if (i === 9) await b.create({ parentId: folder.id, type: 'separator' });
      if (i === 20) await b.create({ parentId: folder.id, title: 'Other', url: 'https://other.example/' });
    }
    await window.tm.client.call('tags.add', { urls: [synced], tags: ['synced'] });
    return folder.id;
  }, SYNCED);
  const plan = await planInPage(page, [], []);
  const removals = plan.removals.filter((r) => r.expectedParentId === folderId).length;
  plan.replacements = [{ id: folderId, expectedParentId: 'unfiled_____', path: 'Other Bookmarks › Synced', removals, survivors: 154 + 3 - removals }];
  return { plan, folderId };
}

describe('dedup apply and undo in real Firefox', () => {
  let ff: Firefox;
  beforeAll(async () => {
    ff = await launchFirefox();
  }, 60_000);
  afterAll(async () => {
    await ff?.close();
  });
  beforeEach(async () => {
    await ff.reset();
  }, 60_000);

  it('cleans a sync-like collection (one URL x154, a 400-item folder copied twice, tags) and undo restores the identical tree', async () => {
    const page = await ff.harness();
    // Synced 0..9 across the four roots, the popular URL 154 times among them with a few unique pages; Reading in the
    // menu and its two copies in Other Bookmarks (400 bookmarks, a separator every 50; one page only in the first copy).
    const synced: SeedFolder[] = Array.from({ length: 10 }, (_, i) => ({ title: `Synced ${i}`, children: [] }));
    for (let i = 0; i < 154; i++) {
      synced[i % 10]!.children.push({ title: i % 3 ? `Popular ${i}` : '', url: POPULAR });
      if (i % 15 === 0) synced[i % 10]!.children.push({ title: `unique ${i}`, url: `https://unique.example/${i}` });
    }
    const reading = (title: string): SeedFolder => ({
      title,
      children: [
        ...Array.from({ length: 400 }, (_, i): SeedNode[] => [
          ...(i % 50 === 0 ? [{ separator: true as const }] : []),
          { title: `Read ${i}`, url: `https://read.example/${i}` },
        ]).flat(),
        ...(title === 'Reading (1)' ? [{ title: 'Only in the copy', url: 'https://only.example/' }] : []),
      ],
    });
    const inRoot = (r: number) => synced.filter((_, i) => i % 4 === r);
    await seedTree(ff, {
      menu________: [...inRoot(0), reading('Reading')],
      toolbar_____: inRoot(1),
      unfiled_____: [...inRoot(2), reading('Reading (1)'), reading('Reading (2)')],
      mobile______: inRoot(3),
    });
    await page.evaluate(async (popular) => {
      await window.tm.client.call('tags.add', { urls: [popular], tags: ['news'] });
      await window.tm.client.call('tags.add', { urls: ['https://only.example/'], tags: ['rare'] });
      await window.tm.client.call('tags.add', { urls: ['https://read.example/7'], tags: ['seven'] });
    }, POPULAR);
    const before = await tree(page);
    const tagsBefore = await page.evaluate(() => window.tm.client.call('tags.list', {}));
    const plan = await planInPage(
      page,
      [
        ['Reading', 'Reading (1)'],
        ['Reading', 'Reading (2)'],
      ],
      [{ url: POPULAR, tags: ['news', 'synced'] }],
    );
    expect(plan.removals.filter((r) => r.kind === 'bookmark')).toHaveLength(153);
    expect(plan.moves).toHaveLength(1);

    const { result, phases, last } = await page.evaluate(async (plan) => {
      const phases: string[] = [];
      let last: unknown = null;
      const job = window.tm.client.startJob('dedup.cleanup', plan, (p) => {
        // Every change of phase, in the order received: a phase that came back would appear twice.
        if (phases[phases.length - 1] !== p.phase) phases.push(p.phase);
        last = p;
      });
      return { result: await job.result, phases, last };
    }, plan);

    expect(result.problems).toEqual([]);
    // Each copied folder holds 400 bookmarks and 8 separators: the copies counted are its bookmarks.
    expect(result.counts).toMatchObject({ copies: 153 + 2 * 400, loose: 153, insideFolders: 2 * 400, copiedFolders: 2, moved: 1 });
    // The phases of this plan, each once, in the fixed order (cleanup-numbers.ts CLEANUP_PHASES).
    expect(phases).toEqual(['checking', 'journaling', 'merging-tags', 'moving', 'collapsing', 'removing', 'done']);
    // Units are the copies removed (cleanup-numbers.ts): a loose copy 1, a copied folder its bookmarks, a move none;
    // the total is the plan's copies and never changes once journaled.
    expect(last).toMatchObject({ phase: 'done', done: 153 + 2 * 400, total: 153 + 2 * 400 });
    const after = await page.evaluate(async (popular) => {
      const [root] = await window.tm.browser.bookmarks.getTree();
      const urls: string[] = [];
      const titles: string[] = [];
      const walk = (n: { title: string; url?: string; type?: string; children?: unknown[] }) => {
        titles.push(n.title);
        if (n.type === 'bookmark') urls.push(n.url!);
        n.children?.forEach((c) => walk(c as never));
      };
      walk(root);
      const tags = await window.tm.client.call('tags.forUrls', { urls: [popular, 'https://only.example/'] });
      return { urls, titles, tags, sessions: await window.tm.client.call('history.list', {}) };
    }, POPULAR);
    expect(after.urls.filter((u) => u === POPULAR)).toHaveLength(1);
    expect(new Set(after.urls).size).toBe(after.urls.length); // every URL exactly once
    expect(after.urls).toContain('https://only.example/');
    expect(after.titles.some((t) => t.startsWith('Tidymarks cleanup'))).toBe(false);
    expect(after.titles).not.toContain('Reading (1)');
    expect(after.tags.find((t) => t.url === POPULAR)?.tags).toEqual(['news', 'synced']);
    // The history holds the tag edits of the set-up too: the cleanup is the newest operation.
    expect(after.sessions.filter((s) => s.kind === 'cleanup')).toEqual([
      expect.objectContaining({ id: result.sessionId, status: 'applied', canUndo: true, next: 'undo' }),
    ]);

    const cleaned = await tree(page);
    const undone = await page.evaluate((sessionId) => window.tm.client.startJob('history.undo', { sessionId }).result, result.sessionId);
    expect(undone.problems).toEqual([]);
    expect(await tree(page)).toEqual(before);
    // The tags feature's sweep after a removed folder runs a moment later: wait for it, then compare tags.
    await page.evaluate(() => window.tm.client.call('test.idle', {}));
    expect(await page.evaluate(() => window.tm.client.call('tags.list', {}))).toEqual(tagsBefore);
    const sessions = await page.evaluate(() => window.tm.client.call('history.list', {}));
    expect(sessions.find((s) => s.id === result.sessionId)).toMatchObject({ status: 'undone', undone: true, canUndo: false, canRedo: true });

    // Redo: the undo's own journal taken back, so the same copies go again and the tree is the cleaned one.
    const redone = await page.evaluate((sessionId) => window.tm.client.startJob('history.redo', { sessionId }).result, result.sessionId);
    expect(redone.problems).toEqual([]);
    expect(redone.leftAlone).toEqual([]);
    expect(await tree(page)).toEqual(cleaned);
    expect((await page.evaluate(() => window.tm.client.call('history.list', {}))).find((s) => s.id === result.sessionId)).toMatchObject({
      state: 'redone',
      canUndo: true,
    });
  }, 240_000);

  it('a folder of one page x154 is replaced by a fresh copy in its place; undo and redo restore the identical trees', async () => {
    const page = await ff.harness();
    const { plan, folderId } = await syncedFolder(page);
    expect(plan.removals).toHaveLength(153);
    const before = await tree(page);
    const result = await page.evaluate((plan) => window.tm.client.startJob('dedup.cleanup', plan).result, plan);
    expect(result.problems).toEqual([]);
    expect(result.counts).toMatchObject({ copies: 153, loose: 153 });
    const other = await page.evaluate(() => window.tm.browser.bookmarks.getChildren('unfiled_____'));
    expect(other.map((n) => n.title)).toEqual(['Before', 'Synced', 'After']);
    // A new folder (new id) in the old one's place, holding what stayed in its order; the old one is gone.
    expect(other[1].id).not.toBe(folderId);
    expect(
      await page.evaluate(
        (id) =>
          window.tm.browser.bookmarks.get(id).then(
            () => true,
            () => false,
          ),
        folderId,
      ),
    ).toBe(false);
    const inside = await page.evaluate((id) => window.tm.browser.bookmarks.getChildren(id), other[1].id);
    expect(inside.map((n) => [n.type, n.title])).toEqual([
      ['bookmark', 'Synced page (0)'],
      ['folder', 'Notes'],
      ['separator', ''],
      ['bookmark', 'Other'],
    ]);
    const cleaned = await tree(page);

    const undone = await page.evaluate((sessionId) => window.tm.client.startJob('history.undo', { sessionId }).result, result.sessionId);
    expect(undone.problems).toEqual([]);
    expect(await tree(page)).toEqual(before);
    expect(await page.evaluate((url) => window.tm.client.call('tags.forUrls', { urls: [url] }), SYNCED)).toEqual([{ url: SYNCED, tags: ['synced'] }]);
    const redone = await page.evaluate((sessionId) => window.tm.client.startJob('history.redo', { sessionId }).result, result.sessionId);
    expect(redone.problems).toEqual([]);
    expect(await tree(page)).toEqual(cleaned);
  }, 240_000);

  it('a bookmark created in the folder while it is being replaced is kept, and kept by undo', async () => {
    const page = await ff.harness();
    const { plan, folderId } = await syncedFolder(page);
    const before = await tree(page);
    // Created from the page as soon as the job reports its removing phase: the replacement is under way.
    const result = await page.evaluate(
      async (plan, folderId) => {
        const made: Promise<unknown>[] = [];
        const job = window.tm.client.startJob('dedup.cleanup', plan, (p) => {
          if (p.phase === 'removing' && !made.length) made.push(window.tm.browser.bookmarks.create({ parentId: folderId, title: 'Mine', url: 'https://mine.example/' }));
        });
        const result = await job.result;
        await Promise.all(made);
        return result;
      },
      plan,
      folderId,
    );
    const find = () => page.evaluate(() => window.tm.browser.bookmarks.search({ url: 'https://mine.example/' }));
    const mine = await find();
    expect(mine).toHaveLength(1);
    const [parent] = await page.evaluate((id) => window.tm.browser.bookmarks.get(id), mine[0].parentId!);
    expect(parent).toMatchObject({ title: 'Synced', parentId: 'unfiled_____' });
    // Every copy went (one by one, or with the old folder) but the first.
    expect(await page.evaluate((url) => window.tm.browser.bookmarks.search({ url }), SYNCED)).toHaveLength(1);

    await page.evaluate((sessionId) => window.tm.client.startJob('history.undo', { sessionId }).result, result.sessionId);
    expect(await find()).toHaveLength(1);
    // The tree as before, with the person's bookmark in "Synced" (where they put it, among the copies).
    const after = await tree(page);
    const synced = (t: Snap[]) => t.find((r) => r.title === 'Other Bookmarks')!.children!.find((c) => c.title === 'Synced')!;
    const withMine = synced(after).children!.filter((c) => c.title !== 'Mine');
    expect(synced(after).children!.filter((c) => c.title === 'Mine')).toHaveLength(1);
    expect({ ...synced(after), children: withMine }).toEqual(synced(before));
  }, 240_000);

  it('a 2,000-item cleanup interrupted by an extension reload is rolled back on restart: nothing is lost', async () => {
    let page = await ff.harness();
    // Sync 0..7 (even ones in Other Bookmarks, odd ones in the menu); 500 URLs, 5 copies each: 2,000 duplicates to remove.
    const sync: SeedFolder[] = Array.from({ length: 8 }, (_, i) => ({ title: `Sync ${i}`, children: [] }));
    for (let copy = 0; copy < 5; copy++) {
      for (let i = 0; i < 500; i++) sync[(i + copy) % 8]!.children.push({ title: `Page ${i}`, url: `https://many.example/${i}` });
    }
    await seedTree(ff, { menu________: sync.filter((_, i) => i % 2 === 1), unfiled_____: sync.filter((_, i) => i % 2 === 0) });
    const before = await tree(page);
    const plan = await planInPage(page, [], []);
    expect(plan.removals).toHaveLength(2000);

    // Start the cleanup and reload the extension once a good part of the duplicates is removed.
    await page.evaluate((plan) => {
      const w = window as unknown as { progress: { phase: string; done: number } | null };
      w.progress = null;
      window.tm.client.startJob('dedup.cleanup', plan, (p) => (w.progress = p)).result.catch(() => undefined);
    }, plan);
    await page.waitForFunction(
      () => {
        const p = (window as unknown as { progress: { phase: string; done: number } | null }).progress;
        return p !== null && p.phase === 'removing' && p.done >= 700;
      },
      { timeout: 60_000, polling: 20 },
    );
    const midway = await page.evaluate(async () => (await window.tm.browser.bookmarks.search({ query: 'many.example' })).length);
    await reloadExtension(ff, page);
    // 2,500 bookmarks before, 500 to keep: part of the 2,000 duplicates is gone, part still there.
    expect(midway).toBeLessThan(2500 - 500);
    expect(midway).toBeGreaterThan(500);

    // The extension comes back (same UUID); its background rolls the session back from the journal. The reload
    // closed the harness tab; open a new one.
    page = await ff.open('tests/harness/index.html');
    await page.waitForFunction(() => document.getElementById('status')?.textContent === 'ready', { timeout: 30_000 });
    await page.waitForFunction(
      async () => {
        try {
          const sessions = await window.tm.client.call('history.list', {});
          return sessions.length === 1 && sessions[0].status === 'rolled-back';
        } catch {
          return false;
        }
      },
      { timeout: 90_000, polling: 250 },
    );
    expect(await tree(page)).toEqual(before);
    const sessions = await page.evaluate(() => window.tm.client.call('history.list', {}));
    expect(sessions[0]).toMatchObject({ status: 'rolled-back', canUndo: false, note: expect.stringContaining('rolled back') });
  }, 240_000);
});
