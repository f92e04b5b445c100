/**
 * What an import of a parsed bookmarks.html creates, worked out before anything is created: the file's tree as a flat
 * list of steps in the order the items are to be created, each into a folder that is there or that an earlier step
 * creates (steps-ahead.ts, the restore's form), so that the import journals them ahead, many in one write. The rules of
 * what is created are import.ts's (see its head); here they are decided by reading Firefox, never by writing it:
 * - a bookmark already bookmarked (by the safe rules, with `skipExisting`) is a 'skip' step: nothing created, its
 *   tags go to the address it matched; a second copy inside the file is one too, its `origin` the step that creates
 *   the first (the tags go to the address that one was created with);
 * - a folder is a step just before the first step that creates something in it (an empty folder of the file is
 *   one of its own unless its twin, the existing folder at the same path, is there), and separators come right before
 *   the next item created in their folder, or at its end when anything was.
 * Nothing here recurses deeper than the file's folders do (the parser keeps at most MAX_FOLDER_DEPTH levels).
 */
import { createSafeMatchKeyer } from '../url-matching';
import type { Browser, BookmarkNode } from '../platform/browser';
import { descendants, kindOf } from '../platform/tree';
import type { BookmarksDocument, HtmlBookmark, HtmlFolder, HtmlNode, RootMarker } from './document';
import { MOBILE_ID, TOOLBAR_ID, UNFILED_ID } from '../platform/browser';
import type { StepParent } from './steps-ahead';

/** One step of an import; `done` is how many of the file's entries are dealt with once it is. */
export type ImportStep =
  | { kind: 'folder'; parent: StepParent; node: HtmlFolder; done: number }
  | { kind: 'bookmark'; parent: StepParent; node: HtmlBookmark; url: string; done: number }
  | { kind: 'separator'; parent: StepParent; done: number }
  | {
      kind: 'skip';
      /** Goes into no folder: it creates nothing. */
      parent?: never;
      node: HtmlBookmark;
      url: string;
      /** The bookmarked address it matched (the one its origin is created with, when it has one). */
      existing: string;
      /** The step creating the entry of the file it is a second copy of; null: it matched what was bookmarked. */
      origin: number | null;
      done: number;
    };

export interface ImportPlan {
  steps: ImportStep[];
  /** Keywords, descriptions and icons in the file: extensions cannot store them in Firefox. */
  notImported: { keywords: number; descriptions: number; icons: number };
}

export interface PlanOptions {
  /** The folder the file's top list goes into. */
  topId: string;
  /** The file's toolbar, Other Bookmarks and mobile folders go back into Firefox's roots. */
  intoRoots: boolean;
  skipExisting: boolean;
}

const ROOT_IDS: Record<RootMarker, string> = { toolbar: TOOLBAR_ID, unfiled: UNFILED_ID, mobile: MOBILE_ID };

/** The form Firefox stores a URL in (punycode host, percent-encoded path); tags must use that form. */
export function storedForm(url: string): string {
  try {
    return new URL(url).href;
  } catch {
    return url;
  }
}

/** Every bookmark URL of a getTree() result, in tree order. */
export function collectUrls(nodes: readonly BookmarkNode[], out: string[]): void {
  for (const node of descendants(nodes)) if (node.url !== undefined && kindOf(node) === 'bookmark') out.push(node.url);
}

export async function planImport(browser: Browser, document: BookmarksDocument, options: PlanOptions): Promise<ImportPlan> {
  const { skipExisting } = options;
  const keyOf = createSafeMatchKeyer();
  const existingByKey = new Map<string, string>();
  const existingUrls: string[] = [];
  collectUrls(await browser.bookmarks.getTree(), existingUrls);
  for (const url of existingUrls) if (!existingByKey.has(keyOf(url))) existingByKey.set(keyOf(url), url);
  /** Every address bookmarked here (and created by this import): a skipped entry's tags go to its own address. */
  const exactUrls = new Set(existingUrls);
  /** The step creating each address the import creates. */
  const originOf = new Map<string, number>();
  /** The bookmarked address an entry of the file is (see the head of import.ts), or undefined. */
  const bookmarkedAs = (fileUrl: string, url: string, key: string): string | undefined =>
    exactUrls.has(fileUrl) ? fileUrl : exactUrls.has(url) ? url : existingByKey.get(key);

  const steps: ImportStep[] = [];
  const notImported = { keywords: 0, descriptions: 0, icons: 0 };
  let done = 0;
  const noteDropped = (node: HtmlBookmark | HtmlFolder) => {
    if (node.kind === 'bookmark' && node.keyword) notImported.keywords++;
    if (node.kind === 'bookmark' && node.icon) notImported.icons++;
    if (node.description) notImported.descriptions++;
  };

  /** The existing child folders of a folder by title, in order (a title can repeat: sync makes such copies). */
  const existingFoldersByTitle = async (parentId: string): Promise<Map<string, string[]>> => {
    const children = await browser.bookmarks.getChildren(parentId);
    const map = new Map<string, string[]>();
    for (const c of children) if (kindOf(c) === 'folder') map.set(c.title, [...(map.get(c.title) ?? []), c.id]);
    return map;
  };

  /**
   * Plans `nodes` into a parent that `ensureParent` plans on first use (or that exists already).
   *
   * `twinId` is the existing folder at the same path, if any: an empty folder of the file that already has a twin is
   * not created again. The n-th folder of a title among the file's siblings has the n-th existing folder of that title
   * as its twin, so a folder copied twice under one parent (as sync leaves them) finds its own copy's contents and a
   * round trip creates nothing (tests/unit/bookmarks-html/round-trip.test.ts).
   */
  const planChildren = async (nodes: readonly HtmlNode[], ensureParent: () => StepParent, twinId: string | null): Promise<void> => {
    let createdHere = false;
    let pendingSeparators = 0;
    const flushSeparators = (parent: StepParent) => {
      for (; pendingSeparators > 0; pendingSeparators--) steps.push({ kind: 'separator', parent, done });
    };
    const parentForNewItem = () => {
      const parent = ensureParent();
      flushSeparators(parent);
      createdHere = true;
      return parent;
    };
    let twinChildren: Map<string, string[]> | null = null;
    /** How many folders of each title of `nodes` came so far. */
    const seenTitles = new Map<string, number>();

    for (const node of nodes) {
      if (node.kind === 'separator') {
        pendingSeparators++;
        done++;
      } else if (node.kind === 'bookmark') {
        noteDropped(node);
        done++;
        // Firefox stores the parsed form of a URL (punycode host, percent-encoded path); tags must use that form.
        const url = storedForm(node.url);
        const key = keyOf(url);
        const existing = skipExisting ? bookmarkedAs(node.url, url, key) : undefined;
        if (existing !== undefined) {
          steps.push({ kind: 'skip', node, url, existing, origin: originOf.get(existing) ?? null, done });
        } else {
          const parent = parentForNewItem();
          originOf.set(url, steps.length);
          steps.push({ kind: 'bookmark', parent, node, url, done });
          // A second copy in the file is skipped too.
          exactUrls.add(url);
          if (!existingByKey.has(key)) existingByKey.set(key, url);
        }
      } else {
        noteDropped(node);
        done++;
        if (options.intoRoots && node.root && nodes === document.children) {
          // Firefox's own special folders go back to the real roots.
          const rootId = ROOT_IDS[node.root];
          await planChildren(node.children, () => ({ id: rootId }), rootId);
          continue;
        }
        let folder: StepParent | null = null;
        const ensureFolder = () => {
          if (folder === null) {
            const parent = parentForNewItem();
            folder = { step: steps.length };
            steps.push({ kind: 'folder', parent, node, done });
          }
          return folder;
        };
        let twin: string | null = null;
        const nth = seenTitles.get(node.title) ?? 0;
        seenTitles.set(node.title, nth + 1);
        if (twinId !== null) {
          twinChildren ??= await existingFoldersByTitle(twinId);
          twin = twinChildren.get(node.title)?.[nth] ?? null;
        }
        if (node.children.length === 0) {
          if (twin === null) ensureFolder();
        } else {
          await planChildren(node.children, ensureFolder, twin);
        }
      }
    }
    if (createdHere) flushSeparators(ensureParent());
  };

  await planChildren(document.children, () => ({ id: options.topId }), options.topId);
  return { steps, notImported };
}
