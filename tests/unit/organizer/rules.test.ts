/** Selection, drop rules, the moves that give an order, and the folder sort: pure functions the view and the background share. */
import { describe, expect, it } from 'vitest';
import { dropRefusal, dropZone, orderAfterDrop, targetOfZone } from '../../../src/organizer/drop-rules';
import { movesToOrder } from '../../../src/platform/folder-order';
import { EMPTY_SELECTION, keepShown, moveFocus, selectAll, selectRow, selectedInOrder } from '../../../src/organizer/selection';
import { sortedChildren, sortRows } from '../../../src/organizer/sort';
import { OrganizerTree } from '../../../src/organizer/tree-model';
import type { SnapshotRow } from '../../../src/organizer/snapshot';

const rows = ['a', 'b', 'c', 'd', 'e'];

describe('selection', () => {
  it('click selects one, Ctrl toggles, Shift selects the range from the anchor', () => {
    let s = selectRow(EMPTY_SELECTION, rows, 'b');
    expect([...s.ids]).toEqual(['b']);
    s = selectRow(s, rows, 'd', { toggle: true });
    expect(selectedInOrder(s, rows)).toEqual(['b', 'd']);
    s = selectRow(s, rows, 'a', { range: true });
    expect(selectedInOrder(s, rows)).toEqual(['a', 'b', 'c', 'd']);
    expect(s.anchor).toBe('d');
    s = selectRow(s, rows, 'b', { toggle: true });
    expect(selectedInOrder(s, rows)).toEqual(['a', 'c', 'd']);
  });

  it('arrows move the focus and the selection; Shift+arrows extend; Ctrl+arrows move only the focus; Ctrl+A selects all', () => {
    let s = moveFocus(EMPTY_SELECTION, rows, 1);
    expect(s.focus).toBe('a');
    s = moveFocus(s, rows, 1, { range: true });
    s = moveFocus(s, rows, 1, { range: true });
    expect(selectedInOrder(s, rows)).toEqual(['a', 'b', 'c']);
    s = moveFocus(s, rows, 1, { focusOnly: true });
    expect(s.focus).toBe('d');
    expect(selectedInOrder(s, rows)).toEqual(['a', 'b', 'c']);
    expect(moveFocus(s, rows, 'last').focus).toBe('e');
    expect(moveFocus(s, rows, 99).focus).toBe('e');
    expect(selectedInOrder(selectAll(s, rows), rows)).toEqual(rows);
  });

  it('rows that vanish leave the selection and a vanished focus moves to the row at its place', () => {
    const s = selectRow(selectRow(EMPTY_SELECTION, rows, 'b'), rows, 'c', { toggle: true });
    const after = keepShown(s, ['a', 'b', 'd', 'e'], rows);
    expect([...after.ids]).toEqual(['b']);
    expect(after.focus).toBe('d');
    expect(keepShown(after, ['a', 'b', 'd', 'e'])).toBe(after);
  });
});

function tree(): OrganizerTree {
  const r: SnapshotRow[] = [
    ['root________', -1, 0, 'f', '', '', 0],
    ['menu________', 0, 0, 'f', 'menu', '', 0],
    ['toolbar_____', 0, 1, 'f', 'toolbar', '', 0],
    ['f1', 1, 0, 'f', 'One', '', 0],
    ['f2', 3, 0, 'f', 'Two', '', 0],
    ['b1', 3, 1, 'b', 'B1', 'https://b1.example/', 0],
    ['b2', 1, 1, 'b', 'B2', 'https://b2.example/', 0],
  ];
  return OrganizerTree.fromSnapshot({ rows: r, tags: [], visits: [] });
}

describe('drop rules', () => {
  it('refuse a folder into itself or its subfolder, the invisible root, a root folder, a bookmark as target, and gone items', () => {
    const t = tree();
    expect(dropRefusal(t, ['f1'], { parentId: 'f2', beforeId: null })).toBe('intoItself');
    expect(dropRefusal(t, ['f1'], { parentId: 'f1', beforeId: null })).toBe('intoItself');
    expect(dropRefusal(t, ['b2'], { parentId: 'root________', beforeId: null })).toBe('intoRoot');
    expect(dropRefusal(t, ['menu________'], { parentId: 'toolbar_____', beforeId: null })).toBe('moveRoot');
    expect(dropRefusal(t, ['b2'], { parentId: 'b1', beforeId: null })).toBe('notFolder');
    expect(dropRefusal(t, ['zz'], { parentId: 'f2', beforeId: null })).toBe('gone');
    expect(dropRefusal(t, [], { parentId: 'f2', beforeId: null })).toBe('nothing');
    expect(dropRefusal(t, ['b2', 'f2'], { parentId: 'toolbar_____', beforeId: null })).toBeNull();
    expect(dropRefusal(t, ['b2'], { parentId: 'f1', beforeId: 'b1' })).toBeNull();
  });

  it('a folder row takes items inside in its middle, before/after at its edges; a bookmark row only before/after', () => {
    expect(dropZone(2, 28, true)).toBe('before');
    expect(dropZone(14, 28, true)).toBe('inside');
    expect(dropZone(26, 28, true)).toBe('after');
    expect(dropZone(10, 28, false)).toBe('before');
    expect(dropZone(18, 28, false)).toBe('after');
    const t = tree();
    expect(targetOfZone(t, 'f2', 'inside')).toEqual({ parentId: 'f2', beforeId: null });
    expect(targetOfZone(t, 'f2', 'after')).toEqual({ parentId: 'f1', beforeId: 'b1' });
    expect(targetOfZone(t, 'b1', 'after')).toEqual({ parentId: 'f1', beforeId: null });
  });

  it('the moves that give an order place each misplaced item once, and none when the order is already right', () => {
    expect(movesToOrder(['a', 'b', 'c'], ['a', 'b', 'c'])).toEqual([]);
    const target = orderAfterDrop(['a', 'b', 'c', 'd'], ['d', 'a'], 'c');
    expect(target).toEqual(['b', 'd', 'a', 'c']);
    const calls = movesToOrder(['a', 'b', 'c', 'd'], target);
    // Replaying the calls with Firefox's rule (the index is the final position) gives the target.
    const list = ['a', 'b', 'c', 'd'];
    for (const { id, index } of calls) {
      list.splice(list.indexOf(id), 1);
      list.splice(index, 0, id);
    }
    expect(list).toEqual(target);
    expect(movesToOrder(['x', 'y'], orderAfterDrop(['x', 'y'], ['n1', 'n2'], null))).toEqual([
      { id: 'n1', index: 2 },
      { id: 'n2', index: 3 },
    ]);
  });

  it('regression: moving the first item to the end is one call, not one per item after it', () => {
    const current = Array.from({ length: 100 }, (_, i) => `c${i}`);
    expect(movesToOrder(current, orderAfterDrop(current, ['c0'], null))).toEqual([{ id: 'c0', index: 99 }]);
  });

  it('the calls replayed with the final-position rule give the target for random reorders', () => {
    let seed = 3;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
    for (let run = 0; run < 200; run++) {
      const current = Array.from({ length: 1 + random(12) }, (_, i) => `c${i}`);
      const target = [...current, 'n1', 'n2'].sort(() => random(3) - 1);
      const list = [...current];
      for (const { id, index } of movesToOrder(current, target)) {
        if (list.includes(id)) list.splice(list.indexOf(id), 1);
        list.splice(index, 0, id);
      }
      expect(list).toEqual(target);
    }
  });

  it('moving n items in from elsewhere takes n calls, for n and 4n (linear, not one per sibling)', () => {
    for (const n of [50, 200]) {
      const current = Array.from({ length: n }, (_, i) => `c${i}`);
      const moving = Array.from({ length: n }, (_, i) => `m${i}`);
      expect(movesToOrder(current, orderAfterDrop(current, moving, 'c0'))).toHaveLength(n);
    }
  });
});

describe('sorting', () => {
  const node = (id: string, kind: 'folder' | 'bookmark' | 'separator', title: string, url = '', dateAdded = 0) => ({ id, kind, title, url, dateAdded });
  it('sorts by name with numbers in order, keeps separators in place and sorts each part between them', () => {
    const children = [
      node('a', 'bookmark', 'item 10'),
      node('b', 'bookmark', 'Item 2'),
      node('s', 'separator', ''),
      node('c', 'bookmark', 'zeta'),
      node('d', 'folder', 'alpha'),
    ];
    expect(sortedChildren(children, 'name', { foldersFirst: false })).toEqual(['b', 'a', 's', 'd', 'c']);
    expect(sortedChildren(children, 'name', { foldersFirst: true })).toEqual(['b', 'a', 's', 'd', 'c']);
    const mixed = [node('x', 'bookmark', 'a'), node('y', 'folder', 'z')];
    expect(sortedChildren(mixed, 'name', { foldersFirst: true })).toEqual(['y', 'x']);
  });

  it('sorts by address and by date added; ties keep the current order', () => {
    const children = [
      node('a', 'bookmark', 'A', 'https://b.example/', 3),
      node('b', 'bookmark', 'B', 'https://a.example/', 1),
      node('c', 'bookmark', 'C', 'https://a.example/', 1),
    ];
    expect(sortedChildren(children, 'address', { foldersFirst: false })).toEqual(['b', 'c', 'a']);
    expect(sortedChildren(children, 'date', { foldersFirst: false })).toEqual(['b', 'c', 'a']);
  });

  it('column sort is stable, puts empty values last in both directions', () => {
    const r = [{ v: 3 }, { v: 0 }, { v: 1 }, { v: 3 }];
    expect(sortRows(r, (x) => x.v, false)).toEqual([{ v: 1 }, { v: 3 }, { v: 3 }, { v: 0 }]);
    expect(sortRows(r, (x) => x.v, true).map((x) => x.v)).toEqual([3, 3, 1, 0]);
  });
});
