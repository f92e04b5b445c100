/**
 * Live bookmark documents per URL, for the search index (search-index.ts: history of a bookmarked URL is shown as
 * the bookmark): one doc id, or a list for a URL bookmarked more than once. Most URLs have one bookmark; a Set per URL
 * cost about as much memory as the document itself at 100,000 bookmarks.
 */
export class BookmarksByUrl {
  private readonly byUrl = new Map<string, number | number[]>();

  /** Links a bookmark document to its URL; true when it is the URL's first. */
  link(url: string, docId: number): boolean {
    const linked = this.byUrl.get(url);
    if (linked === undefined) {
      this.byUrl.set(url, docId);
      return true;
    }
    if (typeof linked === 'number') {
      if (linked !== docId) this.byUrl.set(url, [linked, docId]);
    } else if (!linked.includes(docId)) linked.push(docId);
    return false;
  }

  /** Forgets one bookmark document of a URL; true when it was the URL's last. */
  unlink(url: string, docId: number): boolean {
    const linked = this.byUrl.get(url);
    if (linked === undefined) return false;
    if (typeof linked === 'number') {
      if (linked !== docId) return false;
      this.byUrl.delete(url);
      return true;
    }
    const at = linked.indexOf(docId);
    if (at >= 0) linked.splice(at, 1);
    if (linked.length === 1) this.byUrl.set(url, linked[0]!);
    return false;
  }

  /** The live bookmark documents of a URL (a new array). */
  docsOf(url: string): number[] {
    const linked = this.byUrl.get(url);
    return linked === undefined ? [] : typeof linked === 'number' ? [linked] : [...linked];
  }

  /** The URL has a live bookmark. */
  has(url: string): boolean {
    return this.byUrl.has(url);
  }

  clear(): void {
    this.byUrl.clear();
  }
}
