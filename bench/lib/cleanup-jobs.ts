/**
 * What the cleanup benches share: reading the bookmarks of seeded folders from the harness page, the anchor (a plain
 * remove loop from the page) and running a job (`dedup.apply`, `history.undo`) to its end.
 */
import type { Page } from 'puppeteer-core';
import { buildPlan } from '../../src/dedup/find/plan';
import { scanBookmarks } from '../../src/dedup/find/scan';
import type { CleanupPlan } from '../../src/dedup/plan-types';
import type { BookmarkNode } from '../../src/platform/browser';
import { DEFAULT_SETTINGS } from '../../src/settings/settings';

/**
 * The bookmarks (id, parent, URL, in tree order) under each top-level Bookmarks Menu folder with these titles,
 * subfolders included.
 */
export async function folderItems(page: Page, titles: string[]) {
  return page.evaluate(async (titles: string[]) => {
    const children = await window.tm.browser.bookmarks.getChildren('menu________');
    const out: Record<string, { folderId: string; items: { id: string; parentId: string; url: string }[] }> = {};
    for (const title of titles) {
      const folder = children.find((c) => c.title === title)!;
      const [tree] = await window.tm.browser.bookmarks.getSubTree(folder.id);
      const items: { id: string; parentId: string; url: string }[] = [];
      // No named inner functions: tsx would wrap them in a helper the page does not have.
      const stack = [...(tree.children ?? [])].reverse();
      while (stack.length) {
        const c = stack.pop()!;
        if (c.url) items.push({ id: c.id, parentId: c.parentId!, url: c.url });
        else stack.push(...[...(c.children ?? [])].reverse());
      }
      out[title] = { folderId: folder.id, items };
    }
    return out;
  }, titles);
}

/**
 * The plan the Duplicates page builds (scan, buildPlan, default settings) for the whole tree, or for the bookmarks
 * under the Bookmarks Menu folders with these titles as if they were all there is: a bench seeds one copy of a layout
 * for the anchor and one for the apply, and each must be planned without the other.
 */
export async function pagePlan(page: Page, titles?: string[]): Promise<CleanupPlan> {
  const [root] = (await page.evaluate(() => window.tm.browser.bookmarks.getTree())) as BookmarkNode[];
  const only = (n: BookmarkNode): BookmarkNode => (n.id === 'menu________' && titles ? { ...n, children: n.children!.filter((c) => titles.includes(c.title)) } : n);
  const tree = [{ ...root, children: root.children!.map(only) }];
  const scan = scanBookmarks({ tree, settings: structuredClone(DEFAULT_SETTINGS), tagsByUrl: new Map(), now: Date.now() });
  return buildPlan(scan);
}

export type Folder = Awaited<ReturnType<typeof folderItems>>[string];

/** The anchor: a plain sequential bookmarks.remove loop over `ids` from the page; its time in ms. */
export async function removeLoop(page: Page, ids: string[]): Promise<number> {
  // In slices: one evaluate call must stay under the protocol timeout on a loaded machine.
  let ms = 0;
  for (let i = 0; i < ids.length; i += 500) {
    ms += await page.evaluate(
      async (slice: string[]) => {
        const t = performance.now();
        for (const id of slice) await window.tm.browser.bookmarks.remove(id);
        return performance.now() - t;
      },
      ids.slice(i, i + 500),
    );
  }
  return ms;
}

export async function runJob(page: Page, kind: 'dedup.apply' | 'history.undo', input: unknown) {
  // Started in one call and awaited by polling: a long job must not hit the protocol timeout of one evaluate.
  await page.evaluate(
    (kind: string, input: unknown) => {
      const w = window as unknown as { benchJob: unknown };
      const t = performance.now();
      const phases: string[] = [];
      let last = '';
      w.benchJob = null;
      window.tm.client
        .startJob(kind as 'dedup.apply', input as never, (p: { phase: string }) => {
          if (p.phase !== last) phases.push(`${p.phase}@${Math.round(performance.now() - t)}`);
          last = p.phase;
        })
        .result.then(
          (result) => {
            const r = result as unknown as { sessionId: string; problems: unknown[] };
            w.benchJob = { ms: performance.now() - t, sessionId: r.sessionId, problems: r.problems.length, phases: phases.join(' ') };
          },
          (error: Error) => (w.benchJob = { error: error.message }),
        );
    },
    kind,
    input,
  );
  // Polled from here, one short call at a time: waitForFunction is one call that lasts as long as the job, and a job
  // at 100,000 bookmarks outlasts the protocol timeout. The job times itself in the page, so polling costs no accuracy.
  type Outcome = { ms: number; sessionId: string; problems: number; phases: string; error?: string };
  let out: Outcome | null;
  while (!(out = await page.evaluate(() => (window as unknown as { benchJob: Outcome | null }).benchJob))) await new Promise((r) => setTimeout(r, 250));
  if (out.error) throw new Error(`${kind} failed: ${out.error}`);
  return out;
}

/** The anchor of an undo: a plain sequential bookmarks.create loop of `n` in a folder of its own (removed after); its time in ms. */
export function createLoop(page: Page, n: number): Promise<number> {
  return page.evaluate(async (n: number) => {
    const b = window.tm.browser.bookmarks;
    const folder = await b.create({ parentId: 'unfiled_____', title: 'Create loop' });
    const t = performance.now();
    for (let i = 0; i < n; i++) await b.create({ parentId: folder.id, title: `created ${i}`, url: `https://created.example/${i}` });
    const ms = performance.now() - t;
    await b.removeTree(folder.id);
    return ms;
  }, n);
}
