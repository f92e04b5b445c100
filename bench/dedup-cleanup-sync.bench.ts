/**
 * Sync's typical damage in real Firefox, against an anchor measured in the same run:
 *  - dedup.cleanup.firefox.sync154.speedup: 30 folders each holding one page 154 times, and one folder holding one
 *    page 484 times (5,104 bookmarks, 5,073 copies), as Sync left them. A plain sequential bookmarks.remove loop over
 *    the copies in tree order / our 'dedup.cleanup' job of the plan the Duplicates page builds (scan, buildPlan: each
 *    folder is replaced by a fresh copy holding the page once, src/dedup/replace-choice.ts), each on its own
 *    copy of the layout in one profile. Bar: at least 5.
 * The log gives the cost per folder of each (the crossover in replace-choice.ts is set from them).
 */
import { defineSuite, type BenchRow } from './lib/types';
import { seedHtml, type SeedFolder } from './lib/seed-html';
import { round } from './lib/stats';
import { folderItems, pagePlan, removeLoop, runJob } from './lib/cleanup-jobs';

const COPIES = 154;
const PAGES = 30;
const BIG = 484;

/** One page `copies` times in its own folder. */
function syncFolder(title: string, url: string, copies: number): SeedFolder {
  return { title, bookmarks: Array.from({ length: copies }, () => ({ title: `${title} page`, url })) };
}

/** The layout under one top-level folder; `prefix` keeps the two copies of the layout apart (different URLs). */
function layout(title: string, prefix: string, pages: number, copies: number, big: number): SeedFolder {
  const folders = Array.from({ length: pages }, (_, i) => syncFolder(`Synced ${i}`, `https://sync.example/${prefix}/${i}`, copies));
  folders.push(syncFolder('Synced big', `https://sync.example/${prefix}/big`, big));
  return { title, folders };
}

export default defineSuite({
  name: 'dedup cleanup: sync layout',
  async run(ctx) {
    const rows: BenchRow[] = [];
    const pages = ctx.quick ? 6 : PAGES;
    const big = ctx.quick ? 100 : BIG;
    const perSet = pages * COPIES + big;
    const ff = await ctx.firefox({
      seedHtml: seedHtml([layout('Loop sync', 'loop', pages, COPIES, big), layout('Apply sync', 'apply', pages, COPIES, big)]),
      seedCount: 2 * perSet,
    });
    const page = await ff.harness();

    const loopPlan = await pagePlan(page, ['Loop sync']);
    const applyPlan = await pagePlan(page, ['Apply sync']);
    const folders = pages + 1;
    if (applyPlan.removals.length !== perSet - folders) throw new Error(`the plan removes ${applyPlan.removals.length} copies, expected ${perSet - folders}`);
    if (applyPlan.replacements?.length !== folders) throw new Error(`the plan replaces ${applyPlan.replacements?.length ?? 0} folders, expected ${folders}`);

    // The anchor removes the same copies of its own layout as a plain loop does: in tree order.
    const going = new Set(loopPlan.removals.map((r) => r.id));
    const loopIds = (await folderItems(page, ['Loop sync']))['Loop sync'].items.map((i) => i.id).filter((id) => going.has(id));
    ctx.log(`removing ${loopIds.length} copies in ${folders} folders one by one…`);
    const loopMs = await removeLoop(page, loopIds);
    ctx.log(`applying the plan: ${applyPlan.removals.length} copies, ${folders} folders replaced…`);
    const applied = await runJob(page, 'dedup.cleanup', applyPlan);
    ctx.log(`apply phases (ms from start): ${applied.phases}`);
    if (applied.problems) throw new Error(`apply reported ${applied.problems} problems`);
    const left = (await folderItems(page, ['Apply sync']))['Apply sync'].items;
    if (left.length !== folders || new Set(left.map((i) => i.url)).size !== folders)
      throw new Error(`${left.length} bookmarks left, expected one per folder (${folders})`);
    ctx.log(`per folder: remove loop ${Math.round(loopMs / folders)} ms, apply ${Math.round(applied.ms / folders)} ms`);

    rows.push({
      id: 'dedup.cleanup.firefox.sync154.speedup',
      value: round(loopMs / applied.ms),
      unit: 'x',
      better: 'higher',
      note: `sequential remove loop in tree order ${Math.round(loopMs)} ms / journaled apply ${Math.round(applied.ms)} ms over ${loopIds.length} copies: ${pages} folders of one page ×${COPIES} and one ×${big}, each folder replaced by a fresh copy${ctx.quick ? ` (quick: ${pages} folders)` : ''}`,
      bar: { min: 5 },
    });
    return rows;
  },
});
