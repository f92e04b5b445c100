/**
 * The search index's documents (search-index.ts) as columns indexed by doc id: typed arrays for numbers and kinds,
 * plain arrays for the strings (shared with the tree), and each document's tokens as a slice of one Int32Array of
 * token ids with a Uint8Array of field masks. Doc ids only grow; a removed document leaves a tombstone (kind 0)
 * until the index compacts.
 */
import { fit } from '@tidymarks/places/tree-index';
import { hostOf } from './tokenize';

export const KIND_BOOKMARK = 1;
export const KIND_HISTORY = 2;

/** A document's fields, as read back from the columns (compaction, re-indexing). */
export interface DocData {
  kind: 'bookmark' | 'history';
  key: string;
  url: string;
  title: string;
  folders: string[];
  dateAdded: number;
  lastVisit: number;
}

export class DocumentColumns {
  // Documents are columns indexed by doc id (ids only grow; `count` of them are in use, `alive` of those live).
  count = 0;
  alive = 0;
  /** KIND_BOOKMARK, KIND_HISTORY, or 0 for a dead document. */
  kinds = new Uint8Array(0);
  /** Bookmark id, or the URL of a history entry. */
  keys: (string | undefined)[] = [];
  urls: (string | undefined)[] = [];
  titles: (string | undefined)[] = [];
  /** Folder paths are shared arrays (the tree caches one per folder). */
  folderPaths: (string[] | undefined)[] = [];
  /** Hosts, interned: a few hundred strings for 100,000 documents. */
  hosts: (string | undefined)[] = [];
  private hostStrings = new Map<string, string>();
  dateAdded = new Float64Array(0);
  lastVisits = new Float64Array(0);
  /** A document's tokens (token ids) with their field masks are tokenIds/tokenMasks[tokenStart[d], tokenStart[d + 1]). */
  tokenStart = new Int32Array(1);
  tokenIds = new Int32Array(0);
  tokenMasks = new Uint8Array(0);

  /** Writes a new live document's fields (its tokens follow: reserveTokens); returns its doc id. */
  add(doc: DocData): number {
    const docId = this.count++;
    this.kinds = fit(this.kinds, this.count);
    this.dateAdded = fit(this.dateAdded, this.count);
    this.lastVisits = fit(this.lastVisits, this.count);
    this.tokenStart = fit(this.tokenStart, this.count + 1);
    this.kinds[docId] = doc.kind === 'bookmark' ? KIND_BOOKMARK : KIND_HISTORY;
    this.keys[docId] = doc.key;
    this.urls[docId] = doc.url;
    this.titles[docId] = doc.title;
    this.folderPaths[docId] = doc.folders;
    const host = hostOf(doc.url);
    let interned = this.hostStrings.get(host);
    if (interned === undefined) this.hostStrings.set(host, (interned = host));
    this.hosts[docId] = interned;
    this.dateAdded[docId] = doc.dateAdded;
    this.lastVisits[docId] = doc.lastVisit;
    this.alive++;
    return docId;
  }

  /** Makes room for the `length` tokens of the newest document `docId`; returns where they go in tokenIds/tokenMasks. */
  reserveTokens(docId: number, length: number): number {
    const from = this.tokenStart[docId]!;
    const to = from + length;
    this.tokenIds = fit(this.tokenIds, to);
    this.tokenMasks = fit(this.tokenMasks, to);
    this.tokenStart[docId + 1] = to;
    return from;
  }

  /** Makes a document a tombstone; false when it was dead already. */
  kill(docId: number): boolean {
    if (this.kinds[docId] === 0) return false;
    this.kinds[docId] = 0;
    // The strings go with the document; its token and posting entries stay until the next seal or compaction.
    this.keys[docId] = undefined;
    this.urls[docId] = undefined;
    this.titles[docId] = undefined;
    this.folderPaths[docId] = undefined;
    this.hosts[docId] = undefined;
    this.alive--;
    return true;
  }

  /** A live document's fields as one object. */
  docData(docId: number): DocData {
    return {
      kind: this.kinds[docId] === KIND_BOOKMARK ? 'bookmark' : 'history',
      key: this.keys[docId]!,
      url: this.urls[docId]!,
      title: this.titles[docId]!,
      folders: this.folderPaths[docId]!,
      dateAdded: this.dateAdded[docId]!,
      lastVisit: this.lastVisits[docId]!,
    };
  }

  /** Drops the spare room of the token columns (after a build, the index holds no build-time scratch). */
  trimTokens(): void {
    const used = this.tokenStart[this.count]!;
    if (this.tokenIds.length > used) {
      this.tokenIds = this.tokenIds.slice(0, used);
      this.tokenMasks = this.tokenMasks.slice(0, used);
    }
  }

  /** Tombstones over a thousand and over the live documents divided by `share`. */
  compactionDue(share: number): boolean {
    const dead = this.count - this.alive;
    return dead > 1000 && dead > this.alive / share;
  }

  reset(): void {
    this.count = 0;
    this.alive = 0;
    this.kinds = new Uint8Array(0);
    this.keys = [];
    this.urls = [];
    this.titles = [];
    this.folderPaths = [];
    this.hosts = [];
    this.hostStrings.clear();
    this.dateAdded = new Float64Array(0);
    this.lastVisits = new Float64Array(0);
    this.tokenStart = new Int32Array(1);
    this.tokenIds = new Int32Array(0);
    this.tokenMasks = new Uint8Array(0);
  }
}
