// SPDX-License-Identifier: MPL-2.0
/**
 * SiblingOrder follows Firefox's positions from events alone (the fake follows Firefox's rules, proven by the
 * contract case "random edits match Places' position model"), and stops being exact when an event does not fit.
 */
import { describe, expect, it } from 'vitest';
import { MENU_ID, TOOLBAR_ID, UNFILED_ID, type BookmarkNode } from '../src/support/browser';
import { SiblingOrder, type OrderEvent } from '../src/tree-index/sibling-order';
import { createRng } from '../../../scripts/prng.mjs';
import { createFakeBrowser } from '../../../tests/fakes/browser';
import { expectOrderAsFirefox, randomEdit } from './random-edits';

async function followed(seed: number) {
  const { browser } = createFakeBrowser({ seed });
  const b = browser.bookmarks;
  const order = SiblingOrder.fromTree(await b.getTree());
  b.onCreated.addListener((_id, node) => order.created(node));
  b.onMoved.addListener((id, move) => order.moved(id, move));
  b.onRemoved.addListener((id, info) => order.removed(id, info));
  return { b, order };
}

describe('SiblingOrder', () => {
  it('after random creates, moves (half asking for the old index) and removals, says what getChildren says', async () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const { b, order } = await followed(seed);
      const random = createRng(seed).below;
      const folders = [MENU_ID, TOOLBAR_ID, UNFILED_ID];
      const items: string[] = [];
      for (let step = 0; step < 150; step++) {
        await randomEdit(b, random, { folders, items, roots: 3, step, op: items.length < 4 ? 0 : random(10) });
        await expectOrderAsFirefox(b, order, folders, `seed ${seed} step ${step}`);
      }
    }
  });

  it('keeps the gap Firefox leaves when a move into another folder asks for the old index', async () => {
    const { b, order } = await followed(9);
    const source = await b.create({ parentId: UNFILED_ID, title: 'S' });
    const moved: BookmarkNode[] = [];
    for (const t of ['i0', 'i1', 'i2', 'i3']) moved.push(await b.create({ parentId: source.id, title: t, url: `https://${t}.example/` }));
    const target = await b.create({ parentId: UNFILED_ID, title: 'T' });
    await b.create({ parentId: target.id, title: 'e0', url: 'https://e0.example/' });
    await b.move(moved[3]!.id, { parentId: target.id, index: 3 });
    expect(order.positionOf(moved[3]!.id)).toBe(3);
    expect((await b.getChildren(target.id)).map((c) => c.index)).toEqual([0, 3]);
  });

  it('an event that does not fit what it holds makes it inexact, and it stops changing', async () => {
    const { b, order } = await followed(11);
    const a = await b.create({ parentId: UNFILED_ID, title: 'a', url: 'https://a.example/' });
    order.removed(a.id, { parentId: UNFILED_ID, index: 7 });
    expect(order.exact).toBe(false);
    const version = order.version;
    await b.create({ parentId: UNFILED_ID, title: 'b', url: 'https://b.example/' });
    expect(order.version).toBe(version);
    expect(new SiblingOrder().exact).toBe(false);
  });

  it('a tree read with a gap already in it: the next removal closes every gap, as Firefox does', async () => {
    const { browser } = createFakeBrowser({ seed: 12 });
    const b = browser.bookmarks;
    const source = await b.create({ parentId: UNFILED_ID, title: 'S' });
    const moved: BookmarkNode[] = [];
    for (const t of ['i0', 'i1', 'i2', 'i3']) moved.push(await b.create({ parentId: source.id, title: t, url: `https://${t}.example/` }));
    const target = await b.create({ parentId: UNFILED_ID, title: 'T' });
    const e0 = await b.create({ parentId: target.id, title: 'e0', url: 'https://e0.example/' });
    await b.move(moved[3]!.id, { parentId: target.id, index: 3 });
    // Read now, with the gap in the tree.
    const order = SiblingOrder.fromTree(await b.getTree());
    b.onRemoved.addListener((id, info) => order.removed(id, info));
    await b.remove(e0.id);
    expect(order.exact).toBe(true);
    expect(order.childrenOf(target.id).map((id) => order.positionOf(id))).toEqual((await b.getChildren(target.id)).map((c) => c.index));
    expect(order.positionOf(moved[3]!.id)).toBe(0);
  });

  it('read in slices (as the index loads at 100k), a tree gives the same positions and gaps as read in one piece', async () => {
    const { browser } = createFakeBrowser();
    const b = browser.bookmarks;
    const source = await b.create({ parentId: UNFILED_ID, title: 'S' });
    for (let i = 0; i < 600; i++) await b.create({ parentId: source.id, title: `s${i}`, url: `https://s${i}.example/` });
    const target = await b.create({ parentId: UNFILED_ID, title: 'T' });
    const e0 = await b.create({ parentId: target.id, title: 'e0', url: 'https://e0.example/' });
    const [last] = await b.getChildren(source.id).then((kids) => kids.slice(-1));
    await b.move(last!.id, { parentId: target.id, index: 3 }); // leaves a gap in T, as Firefox does
    const tree = await b.getTree();
    const whole = SiblingOrder.fromTree(tree);
    let turns = 0;
    const sliced = await SiblingOrder.fromTreeInSlices(tree, async () => void turns++);
    expect(turns).toBeGreaterThan(1);
    for (const folder of [source.id, target.id, UNFILED_ID]) {
      expect(sliced.childrenOf(folder)).toEqual(whole.childrenOf(folder));
      expect(sliced.childrenOf(folder).map((id) => sliced.positionOf(id))).toEqual(whole.childrenOf(folder).map((id) => whole.positionOf(id)));
    }
    // The gap is known in both: removing the item before it keeps the order exact and right.
    b.onRemoved.addListener((id, info) => sliced.removed(id, info));
    await b.remove(e0.id);
    expect(sliced.exact).toBe(true);
    expect(sliced.childrenOf(target.id).map((id) => sliced.positionOf(id))).toEqual((await b.getChildren(target.id)).map((c) => c.index));
  });

  it('a batch of events (applyAll) gives the same positions, gaps and exactness as the same events one by one', async () => {
    for (const seed of [21, 22, 23, 24, 25, 26]) {
      const { browser } = createFakeBrowser({ seed });
      const b = browser.bookmarks;
      const random = createRng(seed).below;
      // A large folder too: batches there are what applyAll is for.
      const big = await b.create({ parentId: UNFILED_ID, title: 'big' });
      for (let i = 0; i < 40; i++) await b.create({ parentId: big.id, title: `b${i}`, url: `https://b${i}.example/` });
      const tree = await b.getTree();
      const single = SiblingOrder.fromTree(tree);
      const batched = SiblingOrder.fromTree(tree);
      let waiting: OrderEvent[] = [];
      b.onCreated.addListener((_id, node) => {
        single.created(node);
        waiting.push({ kind: 'created', node });
      });
      b.onMoved.addListener((id, move) => {
        single.moved(id, move);
        waiting.push({ kind: 'moved', id, ...move });
      });
      b.onRemoved.addListener((id, info) => {
        single.removed(id, info);
        waiting.push({ kind: 'removed', id, ...info });
      });
      const folders = [MENU_ID, TOOLBAR_ID, UNFILED_ID, big.id];
      const items = (await b.getChildren(big.id)).map((c) => c.id);
      for (let step = 0; step < 300; step++) {
        // Fewer creates, larger indexes and plain removes too (a non-empty folder is refused).
        await randomEdit(b, random, { folders, items, roots: 4, step, op: random(10) + 1, maxIndex: 8, plainRemoves: true });
        if (random(6) !== 0 && step !== 299) continue;
        batched.applyAll(waiting);
        waiting = [];
        expect(batched.exact, `seed ${seed} step ${step}`).toBe(single.exact);
        for (const folder of folders) {
          const positions = (o: SiblingOrder) => o.childrenOf(folder).map((id) => [id, o.positionOf(id)]);
          expect(positions(batched), `seed ${seed} step ${step} in ${folder}`).toEqual(positions(single));
        }
      }
      expect(single.exact).toBe(true);
    }
  });

  it('a batch whose event does not fit makes the order inexact, like the same events one by one', async () => {
    const { browser } = createFakeBrowser({ seed: 31 });
    const b = browser.bookmarks;
    const a = await b.create({ parentId: UNFILED_ID, title: 'a', url: 'https://a.example/' });
    const order = SiblingOrder.fromTree(await b.getTree());
    order.applyAll([{ kind: 'removed', id: a.id, parentId: UNFILED_ID, index: 3 }]);
    expect(order.exact).toBe(false);
  });
});
