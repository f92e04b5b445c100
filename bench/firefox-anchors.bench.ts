/**
 * Platform anchors: what Firefox's own bookmarks API costs on this machine, measured in the same run as the
 * benchmarks that compare against them.
 */
import { defineSuite } from './lib/types';
import { flatFolder, seedHtml } from './lib/seed-html';
import { median, round } from './lib/stats';

export default defineSuite({
  name: 'firefox anchors',
  async run(ctx) {
    const size = ctx.quick ? 2_000 : 10_000;
    const loopSize = ctx.quick ? 200 : 1_000;
    const ff = await ctx.firefox({ seedHtml: seedHtml([flatFolder('Anchor', size, 'anchor')]), seedCount: size });
    const page = await ff.harness();
    const result = await page.evaluate(async (loopSize: number) => {
      const b = window.tm.browser;
      const getTree: number[] = [];
      for (let i = 0; i < 7; i++) {
        const t = performance.now();
        await b.bookmarks.getTree();
        getTree.push(performance.now() - t);
      }
      const a = await b.bookmarks.create({ parentId: 'unfiled_____', title: 'A' });
      const c = await b.bookmarks.create({ parentId: 'unfiled_____', title: 'C' });
      let t = performance.now();
      const ids: string[] = [];
      for (let i = 0; i < loopSize; i++) {
        ids.push((await b.bookmarks.create({ parentId: a.id, title: `loop ${i}`, url: `https://loop.example/${i}` })).id);
      }
      const create = (performance.now() - t) / loopSize;
      t = performance.now();
      for (const id of ids) await b.bookmarks.move(id, { parentId: c.id });
      const move = (performance.now() - t) / loopSize;
      t = performance.now();
      for (const id of ids) await b.bookmarks.remove(id);
      const remove = (performance.now() - t) / loopSize;
      const [menu] = await b.bookmarks.getSubTree('menu________');
      const anchor = menu.children!.find((n) => n.title === 'Anchor')!;
      t = performance.now();
      await b.bookmarks.removeTree(anchor.id);
      const removeTree = performance.now() - t;
      return { getTree, create, move, remove, removeTree };
    }, loopSize);
    const sizeNote = `${size} bookmarks in the profile`;
    return [
      { id: 'firefox.getTree.10k.ms', value: round(median(result.getTree)), unit: 'ms', better: 'lower', note: `median of 7 getTree() calls, ${sizeNote}` },
      { id: 'firefox.create.perItem.ms', value: round(result.create, 3), unit: 'ms', better: 'lower', note: `sequential bookmarks.create of ${loopSize}` },
      { id: 'firefox.move.perItem.ms', value: round(result.move, 3), unit: 'ms', better: 'lower', note: `sequential bookmarks.move of ${loopSize} across folders` },
      { id: 'firefox.remove.perItem.ms', value: round(result.remove, 3), unit: 'ms', better: 'lower', note: `sequential bookmarks.remove of ${loopSize}` },
      { id: 'firefox.removeTree.10k.ms', value: round(result.removeTree), unit: 'ms', better: 'lower', note: `one removeTree of a folder with ${size} bookmarks` },
    ];
  },
});
