/**
 * The cleanup and its undo at scale in real Firefox, on the sync-like collection of the scan benchmark
 * (bench/dedup-scan.bench.ts syntheticCollection: folders of 40-60, 20% extra copies scattered over all folders, one
 * page x154 and one x484, two folders copied whole) at 10,000 and 100,000 bookmarks. Every profile is a fresh copy
 * of one seeded profile, so the ids are the same in each and one plan (the Duplicates page's: scan, buildPlan,
 * default settings) serves them all.
 *  - dedup.apply.firefox.<size>.speedup: a plain loop over the plan's removals in tree order (bookmarks.remove per
 *    copy, removeTree per copied folder), one profile / our 'dedup.apply' of the same plan, a fresh profile. Bar at
 *    100k: at least 2.0 (issue 17).
 *  - dedup.apply.firefox.100k.ratioTo10k: apply time at 100k / at 10k, per removal (nothing quadratic: ≤ 12 for ten
 *    times the work means per removal ≤ 1.2; the row gives the whole-time ratio, the note the per-removal one).
 *  - dedup.removeLanes.firefox.100k.speedup: the ceiling any design that removes copies one call each can reach: the
 *    same plain loop / the same calls with 2 and with 4 in flight (no journal, no checks), 3,000 copies each in alternating blocks of
 *    250 after a warm-up, a fresh profile. Informational: no bar.
 *  - dedup.undo.firefox.<size>.ratioToCreate: 'history.undo' of that cleanup, per restored item / a plain sequential
 *    bookmarks.create loop of 1,000 in the same profile, per item (the mean of one loop before and one after). Bar
 *    at 100k: at most 1.3 (issue 17).
 */
import type { Page } from 'puppeteer-core';
import type { CleanupPlan } from '../src/dedup/plan-types';
import type { BookmarkNode } from '../src/platform/browser';
import { syntheticCollection } from './dedup-scan.bench';
import { createLoop, pagePlan, runJob } from './lib/cleanup-jobs';
import { seedHtml, type SeedFolder } from './lib/seed-html';
import { round } from './lib/stats';
import { defineSuite, type BenchContext, type BenchRow } from './lib/types';

function countBookmarks(folders: SeedFolder[]): number {
  return folders.reduce((n, f) => n + (f.bookmarks?.length ?? 0) + countBookmarks(f.folders ?? []), 0);
}

/** The plan's removals in tree order: folders (copied whole) as one call, copies one each. */
async function inTreeOrder(page: Page, plan: CleanupPlan): Promise<{ id: string; folder: boolean }[]> {
  const [root] = (await page.evaluate(() => window.tm.browser.bookmarks.getTree())) as BookmarkNode[];
  const order = new Map<string, number>();
  const stack: BookmarkNode[] = [root!];
  while (stack.length) {
    const n = stack.pop()!;
    order.set(n.id, order.size);
    for (let i = (n.children?.length ?? 0) - 1; i >= 0; i--) stack.push(n.children![i]!);
  }
  return plan.removals.map((r) => ({ id: r.id, folder: r.kind === 'folder' })).sort((a, b) => order.get(a.id)! - order.get(b.id)!);
}

/** Plain calls from the page, `lanes` in flight, in the given order; their time in ms (in slices, for the protocol timeout). */
async function removeCalls(page: Page, calls: { id: string; folder: boolean }[], lanes: number): Promise<number> {
  let ms = 0;
  for (let i = 0; i < calls.length; i += 1_000) {
    ms += await page.evaluate(
      async (slice: { id: string; folder: boolean }[], lanes: number) => {
        const b = window.tm.browser.bookmarks;
        let next = 0;
        const t = performance.now();
        // No named inner functions: tsx would wrap them in a helper the page does not have.
        await Promise.all(
          Array.from({ length: lanes }, async () => {
            while (next < slice.length) {
              const c = slice[next++]!;
              await (c.folder ? b.removeTree(c.id) : b.remove(c.id));
            }
          }),
        );
        return performance.now() - t;
      },
      calls.slice(i, i + 1_000),
      lanes,
    );
  }
  return ms;
}

interface SizeRun {
  removals: number;
  loopMs: number;
  applyMs: number;
  undoPerItem: number;
  createPerItem: number;
  restored: number;
  lanes?: { one: number; two: number; four: number; n: number };
}

async function runSize(ctx: BenchContext, size: number, probeLanes: boolean): Promise<SizeRun> {
  const collection = syntheticCollection(size);
  const seed = { seedHtml: seedHtml(collection), seedCount: countBookmarks(collection) };
  let plan: CleanupPlan;
  let calls: { id: string; folder: boolean }[];
  let loopMs: number;
  {
    const ff = await ctx.firefox(seed);
    try {
      const page = await ff.harness();
      plan = await pagePlan(page);
      calls = await inTreeOrder(page, plan);
      ctx.log(`${size}: plain loop over ${calls.length} removals (${calls.filter((c) => c.folder).length} copied folders)…`);
      loopMs = await removeCalls(page, calls, 1);
      ctx.log(`${size}: plain loop ${Math.round(loopMs)} ms`);
    } finally {
      await ff.close();
    }
  }
  let lanes: SizeRun['lanes'];
  if (probeLanes) {
    const ff = await ctx.firefox(seed);
    try {
      const page = await ff.harness();
      const loose = calls.filter((c) => !c.folder);
      // A warm-up first (a fresh profile's first calls are slower), then blocks of 250 alternating one at a time, 2
      // and 4 in flight, so that neither warming nor the machine's swings favour one of them.
      const block = 250;
      const n = Math.min(3_000, Math.floor((loose.length - block) / 3 / block) * block);
      await removeCalls(page, loose.slice(0, block), 1);
      let one = 0;
      let two = 0;
      let four = 0;
      for (let at = block; at < block + 3 * n; at += 3 * block) {
        one += await removeCalls(page, loose.slice(at, at + block), 1);
        two += await removeCalls(page, loose.slice(at + block, at + 2 * block), 2);
        four += await removeCalls(page, loose.slice(at + 2 * block, at + 3 * block), 4);
      }
      lanes = { one, two, four, n };
      ctx.log(`${size}: ${n} removals each: one at a time ${Math.round(one)} ms, 2 in flight ${Math.round(two)} ms, 4 in flight ${Math.round(four)} ms`);
    } finally {
      await ff.close();
    }
  }
  const ff = await ctx.firefox(seed);
  try {
    const page = await ff.harness();
    ctx.log(`${size}: applying the plan…`);
    const applied = await runJob(page, 'dedup.apply', plan);
    ctx.log(`${size}: apply phases (ms from start): ${applied.phases}`);
    if (applied.problems) throw new Error(`apply reported ${applied.problems} problems`);
    const before = (await createLoop(page, 1_000)) / 1_000;
    const undone = await runJob(page, 'history.undo', { sessionId: applied.sessionId });
    ctx.log(`${size}: undo phases (ms from start): ${undone.phases}`);
    const after = (await createLoop(page, 1_000)) / 1_000;
    const restored = await page.evaluate(() => window.tm.client.call('core.countBookmarks', {}));
    if (restored.bookmarks !== seed.seedCount) throw new Error(`undo left ${restored.bookmarks} bookmarks, expected ${seed.seedCount}`);
    const items = plan.numbers.copies + plan.numbers.copiedFolders;
    return { removals: calls.length, loopMs, applyMs: applied.ms, undoPerItem: undone.ms / items, createPerItem: (before + after) / 2, restored: items, lanes };
  } finally {
    await ff.close();
  }
}

export default defineSuite({
  name: 'dedup cleanup at scale',
  async run(ctx) {
    const rows: BenchRow[] = [];
    const [small, big] = ctx.quick ? [2_000, 10_000] : [10_000, 100_000];
    const quick = ctx.quick ? ` (quick: ${small} and ${big})` : '';
    const runs = new Map<number, SizeRun>();
    for (const size of [small, big]) runs.set(size, await runSize(ctx, size, size === big));
    for (const [size, r] of runs) {
      const name = size === big ? '100k' : '10k';
      rows.push({
        id: `dedup.apply.firefox.${name}.speedup`,
        value: round(r.loopMs / r.applyMs),
        unit: 'x',
        better: 'higher',
        note: `plain loop in tree order ${Math.round(r.loopMs)} ms / 'dedup.apply' of the Duplicates page's plan ${Math.round(r.applyMs)} ms over ${r.removals} removals, ${size} bookmarks${quick}`,
        ...(size === big ? { bar: { min: 2.0 } } : {}),
      });
      rows.push({
        id: `dedup.undo.firefox.${name}.ratioToCreate`,
        value: round(r.undoPerItem / r.createPerItem),
        unit: 'ratio',
        better: 'lower',
        note: `'history.undo' of that cleanup ${r.undoPerItem.toFixed(2)} ms per item (${r.restored} items) / a sequential create loop of 1,000 in the same profile ${r.createPerItem.toFixed(2)} ms per item${quick}`,
        ...(size === big ? { bar: { max: 1.3 } } : {}),
      });
    }
    const s = runs.get(small)!;
    const b = runs.get(big)!;
    rows.push({
      id: 'dedup.apply.firefox.100k.ratioTo10k',
      value: round(b.applyMs / s.applyMs),
      unit: 'ratio',
      better: 'lower',
      note: `apply ${Math.round(b.applyMs)} ms at ${big} / ${Math.round(s.applyMs)} ms at ${small}, for ${round(b.removals / s.removals)}x the removals (per removal: ${round(b.applyMs / b.removals / (s.applyMs / s.removals))}x); nothing quadratic: at most 12${quick}`,
      bar: { max: 12 },
    });
    const lanes = b.lanes!;
    rows.push({
      id: 'dedup.removeLanes.firefox.100k.speedup',
      value: round(lanes.one / Math.min(lanes.two, lanes.four)),
      unit: 'x',
      better: 'higher',
      note: `the ceiling of one call per copy: ${lanes.n} plain bookmarks.remove calls one at a time ${Math.round(lanes.one)} ms / ${lanes.n} others with 2 in flight ${Math.round(lanes.two)} ms, 4 in flight ${Math.round(lanes.four)} ms (the faster), in alternating blocks of 250 after a warm-up, ${big} bookmarks${quick}`,
    });
    return rows;
  },
});
