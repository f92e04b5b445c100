// SPDX-License-Identifier: MPL-2.0
/**
 * Random edits of the fake's bookmarks for the search structures' property tests (the sibling order, the tree
 * mirror sharing an id table with it): each step one create, move, update or removal, as Firefox and sync make them.
 */
import { expect } from 'vitest';
import type { Browser } from '../src/support/browser';

type Bookmarks = Browser['bookmarks'];
import type { SiblingOrder } from '../src/tree-index/sibling-order';

export interface EditState {
  /** Where edits create and move items; the first `roots` are never removed, the rest follow what is left. */
  folders: string[];
  /** What edits move, update and remove; follows what is left. */
  items: string[];
  /** How many of `folders` are never removed (the roots the test starts from). */
  roots: number;
  /** The step's number: in the new items' titles and addresses. */
  step: number;
  /**
   * 0-3 creates, 4-7 moves (half asking for the item's old index: the gaps Firefox leaves; 4 updates instead when
   * `updates`), 8-9 removes.
   */
  op: number;
  /** Indexes asked for are below this (6 unless given). */
  maxIndex?: number;
  /** Removes with bookmarks.remove now and then, not only removeTree. */
  plainRemoves?: boolean;
  /** New addresses on these hosts (`https://<host>/<step>`); otherwise each on a host of its own. */
  hosts?: readonly string[];
  /** Op 4 gives a bookmark a new address (on `hosts` when given) and a folder a new title, instead of a move. */
  updates?: boolean;
}

/** One random create, move, update or removal; `folders` and `items` follow what is left. */
export async function randomEdit(b: Bookmarks, random: (n: number) => number, state: EditState): Promise<void> {
  const { folders, items, roots, step, op, maxIndex = 6, hosts } = state;
  const address = (path: string) => (hosts ? `https://${hosts[random(hosts.length)]}/${path}` : `https://s${step}.example/${path}`);
  try {
    if (op <= 3) {
      const folder = random(4) === 0;
      const node = await b.create({
        parentId: folders[random(folders.length)]!,
        index: random(3) === 0 ? undefined : random(maxIndex),
        title: `n${step}`,
        ...(folder ? {} : { url: address(hosts ? `${step}` : '') }),
      });
      items.push(node.id);
      if (folder) folders.push(node.id);
      return;
    }
    const id = items[random(items.length)]!;
    if (op === 4 && state.updates) {
      const [node] = await b.get(id);
      await b.update(id, node!.url ? { url: address(`u${step}`) } : { title: `r${step}` });
      return;
    }
    if (op <= 7) {
      const [node] = await b.get(id);
      await b.move(id, { parentId: folders[random(folders.length)]!, index: random(2) === 0 ? node!.index : random(maxIndex) });
      return;
    }
    await (state.plainRemoves && random(3) !== 0 ? b.remove(id) : b.removeTree(id));
  } catch {
    // A folder moved into itself, a non-empty folder removed with remove: refused, nothing changed.
  }
  const alive = new Set((await b.search({})).map((n) => n.id));
  items.splice(0, items.length, ...items.filter((i) => alive.has(i)));
  folders.splice(roots, folders.length, ...folders.slice(roots).filter((f) => alive.has(f)));
}

/** The order knows every folder's children at Firefox's positions: exact, and each folder as `getChildren` gives it. */
export async function expectOrderAsFirefox(b: Bookmarks, order: SiblingOrder, folders: readonly string[], label: string): Promise<void> {
  expect(order.exact, label).toBe(true);
  for (const folder of folders) {
    const children = await b.getChildren(folder);
    expect(
      order.childrenOf(folder).map((id) => [id, order.positionOf(id)]),
      `${label} in ${folder}`,
    ).toEqual(children.map((c) => [c.id, c.index]));
  }
}
