/**
 * The tree mirror of the live index: the Places package's (`@tidymarks/places/tree-index`, the same mirror its own
 * search index keeps), with Tidymarks' words for the root folders in folder paths and the bookmarks kept by their
 * URL's host word (src/url-matching: the current page's lookup, current-page.ts).
 */
import { BookmarkTree as PlacesTree, IdRows, type MirrorNode } from '@tidymarks/places/tree-index';
import { candidateSearchWord, type CandidateMirror } from '../url-matching';
import { rootTitle } from '../platform/browser';

export type { MirrorNode };

export class BookmarkTree extends PlacesTree implements CandidateMirror {
  /** `rows` may be shared with the sibling order of the same tree (one id -> row Map for both). */
  constructor(rows: IdRows = new IdRows()) {
    super(rows, { hostWord: candidateSearchWord, rootTitle });
  }
}
