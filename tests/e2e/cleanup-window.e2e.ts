/**
 * The window a cleanup cannot close (docs/ARCHITECTURE.md "A change the cleanup did not make always wins"): the
 * cleanup decides each removal against everything it has heard right before the call, and Firefox carries the call
 * out a moment later. This measures that moment in real Firefox from an extension page (the same API and process
 * hops as the background): from the call to the call's own onRemoved (Firefox sends it once its transaction is
 * done), for single bookmarks and for a 400-item folder's removeTree after its re-read. It also checks the order
 * the cleanup relies on: a call's own onRemoved arrives before the call's promise resolves.
 */
import { describe, expect, it } from 'vitest';
import { useFirefox } from './use-firefox';

describe('the remaining window of a removal (real Firefox)', () => {
  const ff = useFirefox();

  it('measures call-to-commit for bookmarks.remove and removeTree; a call’s own onRemoved comes before it resolves', async () => {
    const page = await ff.harness();
    const figures = await page.evaluate(async () => {
      const b = window.tm.browser.bookmarks;
      const folder = await b.create({ parentId: 'unfiled_____', title: 'window' });
      const ids: string[] = [];
      for (let i = 0; i < 300; i++) ids.push((await b.create({ parentId: folder.id, title: `w${i}`, url: `https://window.example/${i}` })).id);
      const heard = new Map<string, number>();
      const listener = (id: string) => void heard.set(id, performance.now());
      b.onRemoved.addListener(listener);
      const toEvent: number[] = [];
      let eventFirst = 0;
      for (const id of ids.reverse()) {
        const t0 = performance.now();
        await b.remove(id);
        const resolvedAt = performance.now();
        const at = heard.get(id);
        if (at !== undefined && at <= resolvedAt) eventFirst++;
        toEvent.push((at ?? resolvedAt) - t0);
      }
      // A 400-item folder: re-read (as the cleanup does), then removeTree.
      const big = await b.create({ parentId: 'unfiled_____', title: 'window tree' });
      for (let i = 0; i < 400; i++) await b.create({ parentId: big.id, title: `t${i}`, url: `https://window-tree.example/${i}` });
      const treeMs: number[] = [];
      let treeEventFirst = 0;
      for (let round = 0; round < 3; round++) {
        const copy = round === 0 ? big : await b.create({ parentId: 'unfiled_____', title: `window tree ${round}` });
        if (round > 0) for (let i = 0; i < 400; i++) await b.create({ parentId: copy.id, title: `t${i}`, url: `https://window-tree.example/${i}` });
        await b.getSubTree(copy.id);
        const t0 = performance.now();
        await b.removeTree(copy.id);
        const resolvedAt = performance.now();
        const at = heard.get(copy.id);
        if (at !== undefined && at <= resolvedAt) treeEventFirst++;
        treeMs.push((at ?? resolvedAt) - t0);
      }
      b.onRemoved.removeListener(listener);
      const sorted = [...toEvent].sort((x, y) => x - y);
      const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
      return { n: toEvent.length, eventFirst, median: q(0.5), p95: q(0.95), max: sorted[sorted.length - 1], treeMs, treeEventFirst };
    });
    console.info(
      `remove: call to its own onRemoved median ${figures.median.toFixed(1)} ms, p95 ${figures.p95.toFixed(1)} ms, max ${figures.max.toFixed(1)} ms (n=${figures.n}); removeTree of 400 after its re-read: ${figures.treeMs.map((m) => m.toFixed(0)).join(', ')} ms`,
    );
    expect(figures.eventFirst).toBe(figures.n);
    expect(figures.treeEventFirst).toBe(figures.treeMs.length);
    expect(figures.median).toBeGreaterThan(0);
  }, 180_000);
});
