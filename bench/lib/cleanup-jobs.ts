/**
 * What the cleanup benches share: reading the bookmarks of seeded folders from the harness page, the anchor (a plain
 * remove loop from the page) and running a job (`dedup.cleanup`, `history.undo`) to its end.
 */
import type { Page } from 'puppeteer-core';
import { buildPlan } from '../../src/dedup/scan/plan';
import { scanBookmarks } from '../../src/dedup/scan/scan';
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

export async function runJob(page: Page, kind: 'dedup.cleanup' | 'history.undo' | 'backups.restoreRemoved', input: unknown) {
  // Started in one call and awaited in others: a long job must not hit the protocol timeout of one evaluate.
  await page.evaluate(
    (kind: string, input: unknown) => {
      const w = window as unknown as { benchJob: unknown; benchJobEnded?: () => void };
      const t = performance.now();
      const phases: string[] = [];
      let last = '';
      w.benchJob = null;
      window.tm.client
        .startJob(kind as 'dedup.cleanup', input as never, (p: { phase: string }) => {
          if (p.phase !== last) phases.push(`${p.phase}@${Math.round(performance.now() - t)}`);
          last = p.phase;
        })
        .result.then(
          (result) => {
            const r = result as unknown as { sessionId: string; problems: unknown[]; elapsedMs?: number };
            w.benchJob = { ms: performance.now() - t, elapsedMs: r.elapsedMs ?? NaN, sessionId: r.sessionId, problems: r.problems.length, phases: phases.join(' ') };
            w.benchJobEnded?.();
          },
          (error: Error) => {
            w.benchJob = { error: error.message };
            w.benchJobEnded?.();
          },
        );
    },
    kind,
    input,
  );
  // Awaited in calls of at most 10 s each: one call that lasts as long as the job would outlast the protocol timeout
  // at 100,000 bookmarks. Not polled every 250 ms: each call runs through Firefox's remote agent on the parent's
  // main thread, the thread the job's bookmark calls need (about 0.1 ms of it per copy of a 5,000-copy apply, a
  // cost the remove loop it is compared with did not pay). The job times itself in the page.
  // ms: timed in the page, startJob to the result there; elapsedMs: the job's own time, when its result has one.
  type Outcome = { ms: number; elapsedMs: number; sessionId: string; problems: number; phases: string; error?: string };
  const waitAWhile = () =>
    page.evaluate(
      () =>
        new Promise<Outcome | null>((resolve) => {
          const w = window as unknown as { benchJob: Outcome | null; benchJobEnded?: () => void };
          if (w.benchJob) return resolve(w.benchJob);
          const timer = setTimeout(() => resolve(null), 10_000);
          w.benchJobEnded = () => {
            clearTimeout(timer);
            resolve(w.benchJob);
          };
        }),
    );
  let out = await waitAWhile();
  while (!out) out = await waitAWhile();
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

/**
 * A fresh profile's Firefox (and Tidymarks' background, building its index) works for a while after start: waits
 * until Firefox uses less than a fifth of a core over half a second (at most a minute). How long it waited (ms).
 */
export async function untilIdle(cpuMs: () => number): Promise<number> {
  let waited = 0;
  for (let cpu = cpuMs(); waited < 60_000;) {
    await new Promise((r) => setTimeout(r, 500));
    waited += 500;
    const now = cpuMs();
    if (now - cpu < 100) break;
    cpu = now;
  }
  return waited;
}

/** A folder whose loose copies a shape probe removes (or whose survivors it moves out), items in tree order. */
export interface ProbeFolder {
  id: string;
  parentId: string;
  copies: string[];
  survivors: string[];
}

/**
 * One way to get a folder's loose copies out with plain calls: `remove` in tree order or last child first ('desc')
 * per folder, `lanes` calls in flight sharing one queue (as the apply's lanes do); or `move` of what stays into a fresh
 * folder (the replacement: 'append' in tree order to the end, 'front' last first to index 0), one folder per lane,
 * then one removeTree of the old folder, timed apart.
 */
export type ProbeShape = { name: string; remove: 'tree' | 'desc'; lanes: number } | { name: string; move: 'append' | 'front'; lanes: number };

export interface ShapeTally {
  shape: ProbeShape;
  calls: number;
  ms: number;
  /** CPU of every Firefox process during the calls (ms). */
  cpuMs: number;
  /** removeTree of the emptied-of-survivors folders after a move shape (ms), and how many. */
  treeMs: number;
  trees: number;
}

/** Runs one block of `folders` in `shape` from the page: the calls' time (ms), and removeTree's after moves. */
async function shapeBlock(page: Page, folders: ProbeFolder[], shape: ProbeShape): Promise<{ ms: number; calls: number; treeMs: number }> {
  return page.evaluate(
    async (folders: ProbeFolder[], shape: ProbeShape) => {
      const b = window.tm.browser.bookmarks;
      if ('remove' in shape) {
        const calls = folders.flatMap((f) => (shape.remove === 'tree' ? f.copies : [...f.copies].reverse()));
        let next = 0;
        const t = performance.now();
        await Promise.all(
          Array.from({ length: shape.lanes }, async () => {
            while (next < calls.length) await b.remove(calls[next++]!);
          }),
        );
        return { ms: performance.now() - t, calls: calls.length, treeMs: 0 };
      }
      // The fresh folders are made before the clock starts: their cost is the replacement's fixed part.
      const fresh: string[] = [];
      for (const f of folders) fresh.push((await b.create({ parentId: f.parentId, title: 'fresh' })).id);
      let next = 0;
      const t = performance.now();
      await Promise.all(
        Array.from({ length: shape.lanes }, async () => {
          while (next < folders.length) {
            const at = next++;
            const f = folders[at]!;
            if (shape.move === 'append') for (const id of f.survivors) await b.move(id, { parentId: fresh[at]! });
            else for (const id of [...f.survivors].reverse()) await b.move(id, { parentId: fresh[at]!, index: 0 });
          }
        }),
      );
      const ms = performance.now() - t;
      const t2 = performance.now();
      for (const f of folders) await b.removeTree(f.id);
      return { ms, calls: folders.reduce((n, f) => n + f.survivors.length, 0), treeMs: performance.now() - t2 };
    },
    folders,
    shape,
  );
}

/**
 * Every shape over fresh folders, in alternating blocks (`perBlock` folders for a remove shape, `perMoveBlock` for a
 * move shape, the first shape of each round rotating), after Firefox is idle and a round that is not counted: so that neither warming nor the
 * machine's swings favour one. `cpuMs` reads the CPU every Firefox process used.
 */
export async function probeShapes(
  page: Page,
  folders: ProbeFolder[],
  shapes: ProbeShape[],
  o: { perBlock: number; perMoveBlock: number; rounds: number; cpuMs: () => number },
): Promise<ShapeTally[]> {
  const tallies = shapes.map((shape) => ({ shape, calls: 0, ms: 0, cpuMs: 0, treeMs: 0, trees: 0 }));
  let at = 0;
  const take = (n: number) => {
    if (at + n > folders.length) throw new Error(`the probe needs more than ${folders.length} folders`);
    return folders.slice(at, (at += n));
  };
  await untilIdle(o.cpuMs);
  // Then one round of every shape that is not counted: at 100,000 bookmarks the first calls after start paid twice
  // the CPU of later ones.
  for (let round = -1; round < o.rounds; round++) {
    for (let k = 0; k < tallies.length; k++) {
      const tally = tallies[(k + Math.max(round, 0)) % tallies.length]!;
      const block = take('remove' in tally.shape ? o.perBlock : o.perMoveBlock);
      const cpu = o.cpuMs();
      const r = await shapeBlock(page, block, tally.shape);
      if (round < 0) continue;
      tally.cpuMs += o.cpuMs() - cpu;
      tally.calls += r.calls;
      tally.ms += r.ms;
      tally.treeMs += r.treeMs;
      if ('move' in tally.shape) tally.trees += block.length;
    }
  }
  return tallies;
}

/** The shapes both layouts are probed in. */
export const PROBE_SHAPES: ProbeShape[] = [
  { name: 'tree1', remove: 'tree', lanes: 1 },
  { name: 'tree2', remove: 'tree', lanes: 2 },
  { name: 'desc1', remove: 'desc', lanes: 1 },
  { name: 'desc2', remove: 'desc', lanes: 2 },
  { name: 'desc3', remove: 'desc', lanes: 3 },
  { name: 'desc4', remove: 'desc', lanes: 4 },
  { name: 'moveAppend1', move: 'append', lanes: 1 },
  { name: 'moveAppend2', move: 'append', lanes: 2 },
  { name: 'moveFront2', move: 'front', lanes: 2 },
];

/** One line per shape: ms per call, CPU per call, and for moves the removeTree after them. */
export function describeTallies(tallies: ShapeTally[]): string {
  return tallies
    .map((t) => {
      const per = (t.ms / t.calls).toFixed(2);
      const cpu = (t.cpuMs / t.calls).toFixed(2);
      const tree = t.trees ? `, removeTree ${(t.treeMs / t.trees).toFixed(1)} ms/folder` : '';
      return `${t.shape.name} ${per} ms/call (cpu ${cpu}, ${t.calls} calls${tree})`;
    })
    .join('; ');
}

/** The probe folders of a plan: each folder with loose copies, its copies and what stays, in tree order. */
export async function probeFolders(page: Page, copyIds: ReadonlySet<string>): Promise<ProbeFolder[]> {
  const [root] = (await page.evaluate(() => window.tm.browser.bookmarks.getTree())) as BookmarkNode[];
  const out: ProbeFolder[] = [];
  const stack: BookmarkNode[] = [root!];
  while (stack.length) {
    const n = stack.pop()!;
    const kids = n.children ?? [];
    if (kids.some((c) => copyIds.has(c.id)))
      out.push({
        id: n.id,
        parentId: n.parentId!,
        copies: kids.filter((c) => copyIds.has(c.id)).map((c) => c.id),
        survivors: kids.filter((c) => !copyIds.has(c.id)).map((c) => c.id),
      });
    for (let i = kids.length - 1; i >= 0; i--) if (kids[i]!.children) stack.push(kids[i]!);
  }
  return out;
}
