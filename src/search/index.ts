/**
 * Search, the face of src/search: the in-memory index for search as you type (live-index.ts, kept current from
 * bookmark and history events). Others share its models: how text becomes words (tokenize.ts), highlighting
 * (highlight.ts), where a node sits among its siblings (sibling-order.ts). Replies are typed in types.ts, requests in
 * protocol.ts; the background builds the feature from feature.ts. Kept light: the popup loads it.
 */
export { highlightSegments } from './highlight';
export { fold } from './tokenize';
export { SiblingOrder } from '@tidymarks/places/tree-index';
export type { LiveIndex } from './live-index';
export { treeFromIndex } from './tree-from-index';
export type { MirrorNode } from './bookmark-tree';
