// SPDX-License-Identifier: MPL-2.0
import { describe, expect, it } from 'vitest';
import { descendants, kindOf } from '../src/support/tree';

interface Node {
  id: string;
  type?: 'bookmark' | 'folder' | 'separator';
  url?: string;
  children?: Node[];
}

const folder = (id: string, ...children: Node[]): Node => ({ id, type: 'folder', children });
const bookmark = (id: string): Node => ({ id, type: 'bookmark', url: `https://${id}.example/` });

describe('kindOf', () => {
  it('takes Firefox\'s type when there is one: a separator\'s url "data:" does not make it a bookmark', () => {
    expect(kindOf({ type: 'separator', url: 'data:' })).toBe('separator');
    expect(kindOf({ type: 'bookmark', url: 'https://a.example/' })).toBe('bookmark');
    expect(kindOf({ type: 'folder' })).toBe('folder');
    // Firefox's folders have an own `url` key whose value is undefined.
    expect(kindOf({ type: 'folder', url: undefined })).toBe('folder');
  });

  it('tells a node without a type by its url: none is a folder, any is a bookmark', () => {
    expect(kindOf({})).toBe('folder');
    expect(kindOf({ url: undefined })).toBe('folder');
    expect(kindOf({ url: 'https://a.example/' })).toBe('bookmark');
    expect(kindOf({ url: '' })).toBe('bookmark');
  });

  it('does not trust a type it does not know', () => {
    expect(kindOf({ type: 'livemark', url: 'https://a.example/feed' })).toBe('bookmark');
    expect(kindOf({ type: 'livemark' })).toBe('folder');
  });
});

describe('descendants', () => {
  const tree = [folder('a', bookmark('a1'), folder('a2', bookmark('a2x'), { id: 's', type: 'separator', url: 'data:' }), bookmark('a3')), folder('b'), bookmark('c')];

  it('lists every node of every root, roots included, in preorder (the order Firefox lists a tree in)', () => {
    expect([...descendants(tree)].map((n) => n.id)).toEqual(['a', 'a1', 'a2', 'a2x', 's', 'a3', 'b', 'c']);
  });

  it('takes one root as well as a list', () => {
    expect([...descendants(tree[0]!)].map((n) => n.id)).toEqual(['a', 'a1', 'a2', 'a2x', 's', 'a3']);
    expect([...descendants(bookmark('x'))].map((n) => n.id)).toEqual(['x']);
    expect([...descendants([])]).toEqual([]);
  });

  it('walks a tree 100,000 levels deep without overflowing the stack', () => {
    const root = folder('0');
    let deepest = root;
    for (let i = 1; i < 100_000; i++) {
      const next = folder(String(i));
      deepest.children = [next];
      deepest = next;
    }
    let count = 0;
    let last = '';
    for (const node of descendants(root)) {
      count++;
      last = node.id;
    }
    expect(count).toBe(100_000);
    expect(last).toBe('99999');
  });

  it("reads a node's children only when the walk moves past it: stopping early leaves the rest unread", () => {
    let reads = 0;
    const watched: Node = {
      id: 'watched',
      get children() {
        reads++;
        return [bookmark('inside')];
      },
    };
    for (const node of descendants([bookmark('first'), watched])) if (node.id === 'watched') break;
    expect(reads).toBe(0);
    expect([...descendants(watched)].map((n) => n.id)).toEqual(['watched', 'inside']);
    expect(reads).toBe(1);
  });

  it('works on any tree of nodes with children (the organizer snapshot input, parsed documents)', () => {
    const other = { name: 'top', children: [{ name: 'child', children: [] as { name: string }[] }] };
    expect([...descendants<{ name: string; children?: { name: string }[] }>(other)].map((n) => n.name)).toEqual(['top', 'child']);
  });
});
