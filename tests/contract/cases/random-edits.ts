/** Seeded random edits checked against a model of how Places numbers positions. */
import type { Browser } from '../../../src/platform/browser';
import { MENU_ID, TOOLBAR_ID } from '../../../src/platform/browser';
import { createRng } from '../../../scripts/prng.mjs';
import { assert, ContractFailure } from '../assert';
import { withEvents } from '../events';
import { U } from './kit';

/**
 * A model of one folder as Places keeps it: each child has a position, changed by Places' own SQL rules (insert
 * shifts positions >= the slot up; a move out shifts later ones down; a move inside the folder shifts the interval
 * between old and new slot; a removal renumbers 0..n-1). Positions are usually 0..n-1, but not always (see the
 * gap case).
 */
class FolderModel {
  readonly positions = new Map<string, number>();
  ids(): string[] {
    return [...this.positions].sort((a, b) => a[1] - b[1]).map(([id]) => id);
  }
  shift(low: number, high: number, delta: number): void {
    for (const [id, p] of this.positions) if (p >= low && p <= high) this.positions.set(id, p + delta);
  }
  insert(id: string, index: number | undefined): number {
    const count = this.positions.size;
    const at = index === undefined || index > count ? count : index;
    this.shift(at, Infinity, +1);
    this.positions.set(id, at);
    return at;
  }
  /** A removal renumbers the folder 0..n-1 (closing gaps). */
  remove(id: string): number {
    const at = this.positions.get(id)!;
    this.positions.delete(id);
    this.ids().forEach((other, position) => this.positions.set(other, position));
    return at;
  }
  /** A move out of the folder only shifts the later positions down. */
  moveOut(id: string): void {
    const at = this.positions.get(id)!;
    this.positions.delete(id);
    this.shift(at, Infinity, -1);
  }
}

/**
 * Applies seeded random edits to the bookmarks and to a model of Places' positions. After every step the touched
 * folders must list the model's ids with the model's indices, and every event must be the one the model predicts.
 */
export async function randomEditsMatchModel(b: Browser, seed: number, steps: number): Promise<void> {
  // Seeded, so Firefox and the fake see the very same random run.
  const random = createRng(seed).below;
  const folders = new Map<string, FolderModel>([
    [MENU_ID, new FolderModel()],
    [TOOLBAR_ID, new FolderModel()],
    [U, new FolderModel()],
  ]);
  const kinds = new Map<string, 'bookmark' | 'folder' | 'separator'>();
  const parentOf = (id: string) => [...folders].find(([, f]) => f.positions.has(id))![0];
  const descendantsOf = (id: string): string[] => (folders.get(id)?.ids() ?? []).flatMap((c) => [c, ...descendantsOf(c)]);
  const pick = <T>(list: T[]) => list[random(list.length)];
  const maybeIndex = (length: number) => (random(4) === 0 ? undefined : random(length + 2));
  const check = async (folderId: string, what: string) => {
    const model = folders.get(folderId)!;
    const actual = (await b.bookmarks.getChildren(folderId)).map((n) => [n.id, n.index]);
    assert.equal(
      actual,
      model.ids().map((id) => [id, model.positions.get(id)]),
      `${what}: children of ${folderId}`,
    );
  };
  await withEvents(b, async (events) => {
    for (let step = 0; step < steps; step++) {
      const items = [...kinds.keys()];
      const op = items.length < 4 ? 0 : random(10);
      const what = `step ${step}`;
      try {
        if (op <= 3) {
          const parentId = pick([...folders.keys()]);
          const model = folders.get(parentId)!;
          const index = maybeIndex(model.positions.size);
          const kind = pick(['bookmark', 'bookmark', 'folder', 'separator'] as const);
          const details =
            kind === 'folder' ? { title: `f${step}` } : kind === 'separator' ? { type: 'separator' as const } : { title: `b${step}`, url: `https://s${step}.example/` };
          const node = await b.bookmarks.create({ parentId, index, ...details });
          const at = model.insert(node.id, index);
          kinds.set(node.id, kind);
          if (kind === 'folder') folders.set(node.id, new FolderModel());
          assert.equal(node.index, at, `${what}: created index`);
          assert.equal(
            (await events.waitFor(1)).map((e) => [e.name, e.args[0]]),
            [['onCreated', node.id]],
            `${what}: create event`,
          );
          await check(parentId, what);
        } else if (op <= 6) {
          const id = pick(items);
          const target = pick([...folders.keys()]);
          const from = parentOf(id);
          const fromModel = folders.get(from)!;
          const toModel = folders.get(target)!;
          const oldIndex = fromModel.positions.get(id)!;
          // Half of the moves ask for the old index, the case where Firefox skips its clamp.
          const index = random(2) === 0 ? oldIndex : maybeIndex(toModel.positions.size);
          if (target === id || descendantsOf(id).includes(target)) {
            await assert.rejects(
              () => b.bookmarks.move(id, { parentId: target, index }),
              'Cannot insert a folder into itself or one of its descendants',
              `${what}: cycle`,
            );
            continue;
          }
          const requested = index ?? -1;
          let expected: unknown[] = [];
          let at = oldIndex;
          if (from !== target || requested !== oldIndex) {
            if (from !== target) {
              at = requested === oldIndex ? oldIndex : requested === -1 || requested > toModel.positions.size ? toModel.positions.size : requested;
              fromModel.moveOut(id);
              toModel.shift(at, Infinity, +1);
              toModel.positions.set(id, at);
            } else {
              const last = toModel.positions.size - 1;
              at = requested === -1 || requested > last ? last : requested;
              toModel.shift(Math.min(oldIndex, at), Math.max(oldIndex, at), at < oldIndex ? +1 : -1);
              toModel.positions.set(id, at);
            }
            // A move that ends where it started (e.g. the last item to the end) fires nothing.
            if (from !== target || at !== oldIndex) expected = [['onMoved', [id, { parentId: target, index: at, oldParentId: from, oldIndex }]]];
          }
          const moved = await b.bookmarks.move(id, { parentId: target, index });
          assert.equal(moved.index, at, `${what}: moved index (from ${from}@${oldIndex} to ${target}@${index})`);
          const got = expected.length ? await events.waitFor(1) : (await events.settle(), events.take());
          assert.equal(
            got.map((e) => [e.name, e.args]),
            expected,
            `${what}: move event`,
          );
          await check(from, what);
          await check(target, what);
        } else if (op <= 7) {
          const id = pick(items.filter((i) => kinds.get(i) !== 'separator'));
          if (id === undefined) continue;
          await b.bookmarks.update(id, { title: `renamed${step}` });
          assert.equal(
            (await events.waitFor(1)).map((e) => [e.name, e.args]),
            [['onChanged', [id, { title: `renamed${step}` }]]],
            `${what}: rename event`,
          );
        } else {
          const id = pick(items);
          const from = parentOf(id);
          for (const gone of [id, ...descendantsOf(id)]) {
            kinds.delete(gone);
            folders.delete(gone);
          }
          const index = folders.get(from)!.remove(id);
          await b.bookmarks.removeTree(id);
          const got = await events.waitFor(1);
          assert.equal(
            got.map((e) => [e.name, e.args[0], (e.args[1] as { index: number }).index]),
            [['onRemoved', id, index]],
            `${what}: one remove event`,
          );
          await check(from, what);
        }
      } catch (error) {
        if (error instanceof ContractFailure && !error.message.startsWith(what)) error.message = `${what} (op ${op}): ${error.message}`;
        throw error;
      }
    }
  });
  for (const folderId of folders.keys()) await check(folderId, 'at the end');
}
