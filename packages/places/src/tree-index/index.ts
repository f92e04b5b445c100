// SPDX-License-Identifier: MPL-2.0
/**
 * `@tidymarks/places/tree-index`: the in-memory index search() answers from (PlacesIndex: the tree mirror, each
 * node's position among its siblings and the tags of every URL, kept current from bookmark and tag events), and its
 * parts, for an extension that keeps its own index over the same tree (as Tidymarks does): the tree mirror
 * (BookmarkTree), the sibling order (SiblingOrder), their shared rows (IdRows), how an event changes the tree
 * (applyEventToTree) and long work in slices (createBreather). No browser API is called by the parts themselves.
 */
export { PlacesIndex, type PlacesIndexOptions } from './places-index';
export { BookmarkTree, type BookmarkTreeOptions, type MirrorNode, type NodeColumns } from './bookmark-tree';
export { SiblingOrder, type MoveInfo, type OrderEvent } from './sibling-order';
export { IdRows, RowLists, fit, type Growable } from './id-rows';
export { applyEventToTree, type TreeChange } from './tree-events';
export { createBreather } from './time-slices';
