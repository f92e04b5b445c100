// SPDX-License-Identifier: MPL-2.0
/**
 * The one walk over bookmark trees and the one answer to "what is this node": every feature that reads a getTree() /
 * getSubTree() result (or a tree of the same shape) uses these instead of a stack loop and a type test of its own.
 */

/** What a node is, by Firefox's facts (see kindOf). */
export type NodeKind = 'bookmark' | 'folder' | 'separator';

/**
 * Whether a node is a bookmark, a folder or a separator. Firefox (57+) gives every node a `type`; separators carry
 * the url "data:" as well, so "has a url" alone does not mean a bookmark. A node without a `type` (older Firefox, or
 * a node built by hand) is a folder when it has no url and a bookmark when it has one.
 */
export function kindOf(node: { readonly type?: string; readonly url?: string }): NodeKind {
  const type = node.type;
  if (type === 'bookmark' || type === 'folder' || type === 'separator') return type;
  return node.url === undefined ? 'folder' : 'bookmark';
}

/**
 * Every node of the given trees, each root included, in preorder: a node, then everything below its first child,
 * then its second child..., then the next root — the order Firefox lists a tree in (and bookmarks.html writes it).
 * Iterative, so a tree thousands of levels deep cannot overflow the stack. A node's children are read when the walk
 * moves past it, so stopping early (break, return) costs nothing for the rest of the tree. Any tree whose nodes list
 * their children as `children` will do (getTree() nodes, a parsed bookmarks.html, the organizer's snapshot input); a
 * node without `children` is a leaf.
 */
export function* descendants<T extends object>(roots: T | readonly T[]): Generator<T, void, undefined> {
  const stack: T[] = [];
  if (isList(roots)) for (let i = roots.length - 1; i >= 0; i--) stack.push(roots[i]!);
  else stack.push(roots);
  while (stack.length) {
    const node = stack.pop()!;
    yield node;
    const children = (node as { readonly children?: readonly T[] }).children;
    if (children) for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
}

function isList<T>(roots: T | readonly T[]): roots is readonly T[] {
  return Array.isArray(roots);
}
