/**
 * Issue 29: the folders a cleanup empties go in the same run (src/dedup/scan/emptied.ts plans them,
 * src/dedup/cleanup/emptied-folders.ts removes them), journaled, undoable and crash-safe, and a change someone else
 * makes to such a folder while the cleanup runs keeps it.
 */
import { describe, expect, it, vi } from 'vitest';
import { boot } from '../../../kit/boot';
import { killable } from '../../../kit/killable';
import { seed, snapshot, MENU, TOOLBAR, type Snap } from '../cleanup-fixtures';
import type { Browser } from '../../../../src/platform/browser';
import { describeUndone } from '../../../../src/operation-words';

const url = (n: number) => `https://site${n}.example/page`;

/**
 * Keepers in the toolbar (first in tree order); in the menu, folders that hold only copies, nested, with separators,
 * and an empty folder: one cleanup leaves none of them.
 */
async function seedEmptying(browser: Browser) {
  await seed(browser, TOOLBAR, [
    { title: 'keep 1', url: url(1) },
    { title: 'keep 2', url: url(2) },
    { title: 'keep 3', url: url(3) },
  ]);
  await seed(browser, MENU, [
    { title: 'stays', url: url(9) },
    {
      title: 'From old laptop',
      children: [
        { title: 'copy 1', url: url(1) },
        { separator: true },
        { title: 'From old laptop (2)', children: [{ title: 'copy 2', url: url(2) }, { separator: true }, { title: 'Nested empty', children: [] }] },
      ],
    },
    { title: 'Old stuff', children: [{ title: 'copy 3', url: url(3) }] },
    { title: 'Empty', children: [] },
    {
      title: 'Mixed',
      children: [
        { title: 'copy 1 again', url: url(1) },
        { title: 'unique', url: url(8) },
      ],
    },
  ]);
}

function folderTitles(snaps: Snap[]): string[] {
  const out: string[] = [];
  const walk = (s: Snap) => {
    if (s.type === 'folder') out.push(s.title);
    for (const c of s.children ?? []) walk(c);
  };
  snaps.forEach(walk);
  return out;
}

function urls(snaps: Snap[]): string[] {
  const out: string[] = [];
  const walk = (s: Snap) => {
    if (s.type === 'bookmark' && s.url) out.push(s.url);
    for (const c of s.children ?? []) walk(c);
  };
  snaps.forEach(walk);
  return [...new Set(out)].sort();
}

async function cleanUp(client: Awaited<ReturnType<typeof boot>>['client']) {
  const scan = await client.startJob('dedup.scan', {}).result;
  const plan = await client.call('dedup.plan', { scanId: scan.scanId });
  return { scan, plan, job: client.startJob('dedup.cleanup', plan) };
}

describe('a cleanup removes the folders it empties in the same run', () => {
  it('plans them (nested too), leaves no empty folder, and undo puts every folder back in its place with its children', async () => {
    const { browser, client } = await boot();
    await seedEmptying(browser);
    const before = await snapshot(browser);
    const { scan, plan, job } = await cleanUp(client);
    expect(scan.emptyFolders.map((f) => f.title)).toEqual(['Nested empty', 'Empty']);
    const emptied = plan.removals.filter((r) => r.reason === 'emptied-folder');
    expect(emptied).toHaveLength(3);
    expect(plan.numbers).toMatchObject({ copies: 4, loose: 4, emptyFolders: 5 });

    const result = await job.result;
    expect(result.problems).toEqual([]);
    expect(result.counts).toMatchObject({ copies: 4, loose: 4, emptyFolders: 5, skipped: 0 });
    const after = await snapshot(browser);
    expect(folderTitles(after)).toEqual(
      ['Bookmarks Menu', 'Mixed', 'Bookmarks Toolbar', 'Other Bookmarks', 'Mobile Bookmarks'].filter((t) => folderTitles(before).includes(t)),
    );
    expect(urls(after)).toEqual(urls(before));
    // The scan right after offers no empty folder.
    const again = await client.startJob('dedup.scan', {}).result;
    expect(again.emptyFolders).toEqual([]);
    expect(again.totals.emptyFolders).toBe(0);

    const undone = await client.startJob('history.undo', { sessionId: result.sessionId }).result;
    expect(undone.problems).toEqual([]);
    expect(await snapshot(browser)).toEqual(before);
    // The report speaks in the cleanup's units, not in items (4 copies, 5 folders and 2 separators).
    expect(undone.restored).toBe(11);
    expect(undone.units).toEqual({ copies: 4, copiedFolders: 0, emptyFolders: 5 });
    expect(describeUndone(undone)).toBe('4 copies and 5 empty folders restored');
  });

  it('keeps a folder whose copy the cleanup leaves, and the folders holding it', async () => {
    const { browser, client } = await boot();
    await seedEmptying(browser);
    const scan = await client.startJob('dedup.scan', {}).result;
    const group = scan.groups.find((g) => g.copies.some((c) => c.title === 'copy 2'))!;
    const plan = await client.call('dedup.plan', { scanId: scan.scanId, leaveGroups: [group.key] });
    expect(plan.removals.filter((r) => r.reason === 'emptied-folder')).toHaveLength(1); // Old stuff only
    await client.startJob('dedup.cleanup', plan).result;
    expect(folderTitles(await snapshot(browser))).toEqual(expect.arrayContaining(['From old laptop', 'From old laptop (2)']));
    expect(folderTitles(await snapshot(browser))).not.toContain('Old stuff');
  });

  type Change = 'child' | 'rename' | 'move';
  type Point = 'first' | 'separator' | 'itself';
  /**
   * Someone else changes an emptied folder while the cleanup runs: at its first call (long before the folder's turn),
   * right before the call that removes the separator in it, or right before the call that removes the folder itself
   * (the change lands between the apply's decision and Firefox's transaction).
   */
  const cases: [Change, Point, 'From old laptop (2)' | 'Old stuff'][] = [];
  for (const change of ['child', 'rename', 'move'] as Change[]) {
    cases.push([change, 'first', 'Old stuff'], [change, 'separator', 'From old laptop (2)'], [change, 'itself', 'From old laptop (2)'], [change, 'itself', 'Old stuff']);
  }
  for (const [change, point, title] of cases) {
    it(`"${title}" ${change === 'child' ? 'given a bookmark' : change === 'rename' ? 'renamed' : 'moved'} by someone else at ${point === 'first' ? 'the first call' : point === 'separator' ? 'its separator' : 'its own removal'}: kept with the change, nothing lost`, async () => {
      let target: { id: string; separator?: string } | null = null;
      let changed = false;
      const env = await boot({
        browser: (b) => {
          const remove = b.bookmarks.remove.bind(b.bookmarks);
          const bookmarks = Object.create(b.bookmarks) as Browser['bookmarks'];
          bookmarks.remove = async (id: string) => {
            const now = target && !changed && (point === 'first' || id === (point === 'separator' ? target.separator : target.id));
            if (now && target) {
              changed = true;
              const real = env.browser.bookmarks;
              if (change === 'child') await real.create({ parentId: target.id, title: 'theirs', url: 'https://theirs.example/' });
              else if (change === 'rename') await real.update(target.id, { title: 'renamed by them' });
              else await real.move(target.id, { parentId: TOOLBAR });
            }
            return remove(id);
          };
          return { ...b, bookmarks };
        },
      });
      const { browser, client } = env;
      await seedEmptying(browser);
      const folder = (await browser.bookmarks.search({ title })).find((n) => !n.url)!;
      const separator = (await browser.bookmarks.getChildren(folder.id)).find((c) => c.type === 'separator')?.id;
      target = { id: folder.id, separator };
      const before = await snapshot(browser);
      const result = await (await cleanUp(client)).job.result;
      expect(changed).toBe(true);
      const after = await snapshot(browser);
      const theirTitle = change === 'rename' ? 'renamed by them' : title;
      const live = (await browser.bookmarks.get(folder.id).catch(() => []))[0];
      if (live) {
        // Kept: the cleanup did not remove it.
        expect(live.title).toBe(theirTitle);
        if (change === 'move') expect(live.parentId).toBe(TOOLBAR);
        if (change === 'child') expect((await browser.bookmarks.getChildren(folder.id)).map((c) => c.title)).toContain('theirs');
        expect(result.problems.map((p) => p.id)).toContain(folder.id);
      } else {
        // Its change landed in the moment of its removal: put back at once with the change (a new id).
        expect(point).toBe('itself');
        expect(change).not.toBe('child'); // Firefox refuses to remove a folder that is not empty
        const back = (await browser.bookmarks.search({ title: theirTitle })).filter((n) => !n.url);
        expect(back).toHaveLength(1);
        if (change === 'move') expect(back[0]!.parentId).toBe(TOOLBAR);
      }
      expect(urls(after)).toEqual([...urls(before), ...(change === 'child' ? ['https://theirs.example/'] : [])].sort());
      // Undo: everything the cleanup removed is back, their change stays.
      await client.startJob('history.undo', { sessionId: result.sessionId }).result;
      const undone = JSON.stringify(await snapshot(browser));
      expect(urls(await snapshot(browser))).toEqual(urls(after));
      for (const t of ['From old laptop', 'From old laptop (2)', 'Old stuff', 'copy 1', 'copy 2', 'copy 3', 'copy 1 again'].filter(
        (x) => x !== title || change !== 'rename',
      )) {
        expect(undone).toContain(`"${t}"`);
      }
      if (change === 'rename') expect(undone).toContain('"renamed by them"');
    });
  }

  // 11 writes: 4 copies, 2 empty folders, then 2 separators and 3 emptied folders.
  for (const left of [0, 2, 4, 6, 7, 8, 9, 10]) {
    it(`Firefox killed after ${left} removals of the cleanup: recovery leaves the tree as before`, async () => {
      const kill = killable(['remove', 'removeTree', 'create', 'move']);
      const env = await boot({ seed: 7, browser: kill.wrap, killed: kill.died });
      await seedEmptying(env.browser);
      const before = await snapshot(env.browser);
      const scan = await env.client.startJob('dedup.scan', {}).result;
      const plan = await env.client.call('dedup.plan', { scanId: scan.scanId });
      kill.state.left = left;
      void env.client.startJob('dedup.cleanup', plan).result.catch(() => undefined);
      await vi.waitFor(() => expect(kill.state.dead).toBe(true));
      const again = await boot({ fake: env.fake });
      await again.app.history.recovered;
      expect(await snapshot(env.browser)).toEqual(before);
    });
  }

  it('Firefox killed after the last call: the cleanup stands, or is rolled back whole', async () => {
    const kill = killable(['remove', 'removeTree', 'create', 'move']);
    const env = await boot({ seed: 7, browser: kill.wrap, killed: kill.died });
    await seedEmptying(env.browser);
    const before = await snapshot(env.browser);
    const scan = await env.client.startJob('dedup.scan', {}).result;
    const plan = await env.client.call('dedup.plan', { scanId: scan.scanId });
    // Its 11 writes, then the next write would kill it.
    kill.state.left = 11;
    const applied = await env.client.startJob('dedup.cleanup', plan).result;
    expect(kill.state.dead).toBe(false);
    expect(applied.counts.emptyFolders).toBe(5);
    const again = await boot({ fake: env.fake });
    await again.app.history.recovered;
    const after = await snapshot(env.browser);
    expect(after).not.toEqual(before);
    expect(folderTitles(after)).not.toContain('Old stuff');
  });
});
