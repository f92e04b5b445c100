/**
 * Imports a parsed bookmarks.html into Places, either into a chosen folder or back into Firefox's roots (the
 * file's top list into the menu, the toolbar and Other Bookmarks folders into their real roots).
 *
 * - The whole file is parsed and the target checked before anything is created: a malformed file or a missing
 *   target imports nothing; a truncated file imports nothing unless the person agreed to import what was read
 *   (`acceptTruncated`, asked by the page after bookmarksHtml.inspect reported it).
 * - With `skipExisting` (the default), a bookmark whose URL is already bookmarked (by the safe matching rules, see
 *   src/url-matching/safe-matching.ts: the opt-in rules could skip pages that really differ) is skipped, and so is a
 *   second copy inside the file; its TAGS still go to the existing URL, so the tags Firefox hides from extensions
 *   come in either way. Without it every entry is imported (a restore that gives back the same tree).
 * - Which address a skipped entry's tags go to: its own when it is bookmarked with exactly that address, else the
 *   first bookmarked address it matches by the safe rules. Tags belong to an address (src/tags), and a collection
 *   often holds several variants of one page (http and https, a tracking parameter) with tags of their own: giving
 *   a variant's tags to another variant would tag addresses the person never tagged. Tags are only added, never
 *   removed: a file's tags that an address has already change nothing, tags it lacks are added (that is how Firefox's
 *   own tags come in). So exporting and importing the same collection with skip changes nothing: every entry is
 *   bookmarked with exactly its address, and the file carries exactly the tags that address has
 *   (tests/unit/bookmarks-html/round-trip.test.ts).
 * - Folders are created only when something is created inside them (empty folders of the file are created unless
 *   an existing target folder already has a folder of that name), so importing a file twice adds nothing.
 * - Separators come along with the entries around them.
 * - Per-entry failures (an address Firefox refuses) are reported and the import goes on.
 */
import { createSafeMatchKeyer } from '../url-matching';
import type { JobContext } from '../messaging/define';
import { AppError } from '../messaging/errors';
import type { Browser, BookmarkNode } from '../platform/browser';
import { MENU_ID, MOBILE_ID, TOOLBAR_ID, UNFILED_ID } from '../platform/browser';
import { descendants, kindOf } from '../platform/tree';
import { countDocument, type HtmlBookmark, type HtmlFolder, type HtmlNode, type RootMarker } from './document';
import type { ImportOperation } from './import-journal';
import { parseBookmarksHtml, truncatedError, type ParseProblem } from './parse';
import { createDateBatcher, type BookmarkDate } from '../bookmark-dates';
import { msg, msgPlural, plural, t } from '../i18n';
import { errorMessage } from '../platform/bookmark-reads';

export type ImportTarget = { into: 'folder'; folderId: string } | { into: 'roots' };

export interface ImportProgress {
  done: number;
  total: number;
  imported: number;
  skipped: number;
}

export interface SkippedEntry {
  title: string;
  url: string;
  /** The existing bookmark's URL it matched. */
  existingUrl: string;
}

export interface ImportReport {
  imported: { bookmarks: number; folders: number; separators: number };
  skippedCount: number;
  /** The first MAX_LISTED skipped entries. */
  skipped: SkippedEntry[];
  /**
   * Addresses that received tags from the file (imported or already bookmarked): an address that already had every
   * tag the file gives it is not counted, and an address is counted once however many entries of the file it has.
   */
  taggedUrls: number;
  problems: ParseProblem[];
  /** The journal session of a journaled import (undo it from the history), null when the import changed nothing. */
  sessionId?: string | null;
  /** Keywords, descriptions and icons in the file: extensions cannot store them in Firefox. */
  notImported: { keywords: number; descriptions: number; icons: number };
  /** Read, but not as written: folders nested too deep, a title whose end tag is missing (with their line). */
  notices: ParseProblem[];
  /** Set when the file was cut and the person chose to import what was read. */
  truncated: ParseProblem | null;
  /**
   * Created items whose file dates (ADD_DATE, LAST_MODIFIED) Tidymarks keeps: Firefox gives every created item the
   * import time as its date added (extensions cannot set it), Tidymarks uses and exports the file's.
   */
  datesKept: number;
}

export interface ImportInput {
  html: string;
  target: ImportTarget;
  /** Skip what is already bookmarked (safe matching), also second copies inside the file. Default true. */
  skipExisting?: boolean;
  /** Import what was read from a truncated file (the person agreed). Default false: refused. */
  acceptTruncated?: boolean;
}

export interface ImportDeps {
  browser: Browser;
  /** Adds tags to addresses; returns how many addresses it changed. */
  addTags(urls: readonly string[], tags: readonly string[]): Promise<number>;
  /** Journals the import as one operation (import-journal.ts): all or nothing. Without one, nothing is journaled. */
  operation?: ImportOperation;
  /** Keeps the file's dates of created items (Firefox gives them the import time; see src/bookmark-dates). */
  keepBookmarkDates?(records: readonly BookmarkDate[]): Promise<void>;
}

export const MAX_LISTED = 500;

const ROOT_IDS: Record<RootMarker, string> = { toolbar: TOOLBAR_ID, unfiled: UNFILED_ID, mobile: MOBILE_ID };

async function assertFolder(browser: Browser, id: string): Promise<void> {
  let node: BookmarkNode | undefined;
  try {
    [node] = await browser.bookmarks.get(id);
  } catch {
    throw new AppError('not-found', t('importTargetGone'));
  }
  if (!node || kindOf(node) !== 'folder') throw new AppError('invalid-input', t('importTargetNotFolder'));
}

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

async function importDocument(deps: ImportDeps, input: ImportInput, ctx: JobContext<ImportProgress>): Promise<ImportReport> {
  const { browser } = deps;
  const create: Browser['bookmarks']['create'] = (details) => (deps.operation ? deps.operation.create(details) : browser.bookmarks.create(details));
  const skipExisting = input.skipExisting ?? true;
  const { document, problems, notices, truncated } = parseBookmarksHtml(input.html); // throws on a damaged file: nothing done yet
  if (truncated && !input.acceptTruncated) throw truncatedError(truncated);
  if (input.target.into === 'folder') await assertFolder(browser, input.target.folderId);

  const keyOf = createSafeMatchKeyer();
  const existingByKey = new Map<string, string>();
  const existingUrls: string[] = [];
  collectUrls(await browser.bookmarks.getTree(), existingUrls);
  for (const url of existingUrls) if (!existingByKey.has(keyOf(url))) existingByKey.set(keyOf(url), url);
  /** Every address bookmarked here (and created by this import): a skipped entry's tags go to its own address. */
  const exactUrls = new Set(existingUrls);
  /** The bookmarked address an entry of the file is (see the head of this file), or undefined. */
  const bookmarkedAs = (fileUrl: string, url: string, key: string): string | undefined =>
    exactUrls.has(fileUrl) ? fileUrl : exactUrls.has(url) ? url : existingByKey.get(key);

  const counts = countDocument(document.children);
  const total = counts.bookmarks + counts.folders + counts.separators;
  const report: ImportReport = {
    imported: { bookmarks: 0, folders: 0, separators: 0 },
    skippedCount: 0,
    skipped: [],
    taggedUrls: 0,
    problems: [...problems],
    notImported: { keywords: 0, descriptions: 0, icons: 0 },
    notices,
    truncated,
    datesKept: 0,
  };
  /** Dates of created items, written in batches (and when the import stops for any reason). */
  const dates = createDateBatcher(deps.keepBookmarkDates, {
    kept: (count) => (report.datesKept += count),
    failed: (count, error) => report.problems.push({ line: 0, message: msgPlural('importProblemDatesNotKept', count, errorMessage(error)) }),
  });
  const keepDates = (id: string, node: { addDate?: number; lastModified?: number }) => {
    // As Firefox's importer: without ADD_DATE, LAST_MODIFIED stands for both.
    const dateAdded = node.addDate ?? node.lastModified;
    if (dateAdded === undefined) return Promise.resolve();
    const record: BookmarkDate = { id, dateAdded };
    if (node.lastModified !== undefined) record.lastModified = node.lastModified;
    return dates.add(record);
  };
  /** url -> tags from the file, applied at the end in a few transactions. */
  const tagsByUrl = new Map<string, Set<string>>();
  let done = 0;
  let lastReport = 0;
  const progress = (force = false) => {
    const now = Date.now();
    if (!force && now - lastReport < 100) return;
    lastReport = now;
    ctx.progress({ done, total, imported: report.imported.bookmarks + report.imported.folders + report.imported.separators, skipped: report.skippedCount });
  };

  const addTagsFor = (url: string, tags: readonly string[]) => {
    if (!tags.length) return;
    if (deps.operation) return deps.operation.addTags(url, tags);
    let set = tagsByUrl.get(url);
    if (!set) tagsByUrl.set(url, (set = new Set()));
    for (const t of tags) set.add(t);
  };

  const noteDropped = (node: HtmlBookmark | HtmlFolder) => {
    if (node.kind === 'bookmark' && node.keyword) report.notImported.keywords++;
    if (node.kind === 'bookmark' && node.icon) report.notImported.icons++;
    if (node.description) report.notImported.descriptions++;
  };

  /** The existing child folders of a folder by title, in order (a title can repeat: sync makes such copies). */
  const existingFoldersByTitle = async (parentId: string): Promise<Map<string, string[]>> => {
    const children = await browser.bookmarks.getChildren(parentId);
    const map = new Map<string, string[]>();
    for (const c of children) if (kindOf(c) === 'folder') map.set(c.title, [...(map.get(c.title) ?? []), c.id]);
    return map;
  };

  /**
   * Imports `nodes` into a parent that `ensureParent` creates on first use (or that exists already).
   * Returns true when anything was created in that parent.
   *
   * `twinId` is the existing folder at the same path, if any: an empty folder of the file that already has a twin is
   * not created again. The n-th folder of a title among the file's siblings has the n-th existing folder of that title
   * as its twin, so a folder copied twice under one parent (as sync leaves them) finds its own copy's contents and a
   * round trip creates nothing (tests/unit/bookmarks-html/round-trip.test.ts).
   */
  const importChildren = async (nodes: readonly HtmlNode[], ensureParent: () => Promise<string>, twinId: string | null): Promise<boolean> => {
    let createdHere = false;
    let pendingSeparators = 0;
    const flushSeparators = async (parentId: string) => {
      for (; pendingSeparators > 0; pendingSeparators--) {
        await create({ parentId, type: 'separator' });
        report.imported.separators++;
      }
    };
    const parentForNewItem = async () => {
      const parentId = await ensureParent();
      await flushSeparators(parentId);
      createdHere = true;
      return parentId;
    };
    let twinChildren: Map<string, string[]> | null = null;
    /** How many folders of each title of `nodes` came so far. */
    const seenTitles = new Map<string, number>();

    for (const node of nodes) {
      await ctx.checkpoint();
      if (node.kind === 'separator') {
        pendingSeparators++;
        done++;
      } else if (node.kind === 'bookmark') {
        noteDropped(node);
        // Firefox stores the parsed form of a URL (punycode host, percent-encoded path); tags must use that form.
        const url = storedForm(node.url);
        const key = keyOf(url);
        const existing = skipExisting ? bookmarkedAs(node.url, url, key) : undefined;
        if (existing !== undefined) {
          report.skippedCount++;
          if (report.skipped.length < MAX_LISTED) report.skipped.push({ title: node.title, url, existingUrl: existing });
          addTagsFor(existing, node.tags);
        } else {
          const parentId = await parentForNewItem();
          try {
            const created = await create({ parentId, title: node.title, url });
            report.imported.bookmarks++;
            addTagsFor(created.url ?? url, node.tags);
            await keepDates(created.id, node);
            // A second copy in the file is skipped too.
            exactUrls.add(created.url ?? url);
            if (!existingByKey.has(key)) existingByKey.set(key, created.url ?? url);
          } catch (error) {
            report.problems.push({ line: 0, message: msg('importProblemNotCreated', node.title || node.url, errorMessage(error)) });
          }
        }
        done++;
      } else {
        noteDropped(node);
        done++;
        if (input.target.into === 'roots' && node.root && nodes === document.children) {
          // Firefox's own special folders go back to the real roots.
          const rootId = ROOT_IDS[node.root];
          await importChildren(node.children, async () => rootId, rootId);
          continue;
        }
        let folderId: string | null = null;
        const ensureFolder = async () => {
          if (folderId === null) {
            const parentId = await parentForNewItem();
            folderId = (await create({ parentId, title: node.title })).id;
            report.imported.folders++;
            await keepDates(folderId, node);
          }
          return folderId;
        };
        let twin: string | null = null;
        const nth = seenTitles.get(node.title) ?? 0;
        seenTitles.set(node.title, nth + 1);
        if (twinId !== null) {
          twinChildren ??= await existingFoldersByTitle(twinId);
          twin = twinChildren.get(node.title)?.[nth] ?? null;
        }
        if (node.children.length === 0) {
          if (twin === null) await ensureFolder();
        } else {
          await importChildren(node.children, ensureFolder, twin);
        }
      }
      progress();
    }
    if (createdHere) await flushSeparators(await ensureParent());
    return createdHere;
  };

  const topId = input.target.into === 'folder' ? input.target.folderId : MENU_ID;
  try {
    await importChildren(document.children, async () => topId, topId);
  } finally {
    await dates.flush();
  }

  // Tags: a journaled import wrote them along with the bookmarks; the rest go now.
  if (deps.operation) {
    await deps.operation.writeTags((tags, error) => report.problems.push({ line: 0, message: msg('importProblemTagsNotStored', tags.join(', '), errorMessage(error)) }));
    report.taggedUrls = deps.operation.taggedUrls;
  }
  // Tags: each distinct tag list is one transaction.
  for (const { tags, urls } of byTagList(tagsByUrl)) {
    try {
      report.taggedUrls += await deps.addTags(urls, tags);
    } catch (error) {
      report.problems.push({ line: 0, message: msg('importProblemTagsNotStored', tags.join(', '), errorMessage(error)) });
    }
  }
  progress(true);
  return report;
}

/** The addresses grouped by their tag list (a tag-store write per distinct list, not per address). */
export function byTagList(tagsByUrl: ReadonlyMap<string, ReadonlySet<string>>): { tags: string[]; urls: string[] }[] {
  const lists = new Map<string, { tags: string[]; urls: string[] }>();
  for (const [url, tags] of tagsByUrl) {
    const list = [...tags];
    const key = JSON.stringify(list);
    const entry = lists.get(key) ?? { tags: list, urls: [] };
    entry.urls.push(url);
    lists.set(key, entry);
  }
  return [...lists.values()];
}

/**
 * Imports a bookmarks.html, all or nothing when `deps.operation` journals it: a cancel (or a closed tab, which
 * cancels the job) and any failure take back everything the import created and the tags it added, except what
 * someone changed in the meantime; a crash is rolled back at the next start (src/operation-history/recovery.ts).
 */
export async function importBookmarksHtml(deps: ImportDeps, input: ImportInput, ctx: JobContext<ImportProgress>): Promise<ImportReport> {
  const operation = deps.operation;
  try {
    const report = await importDocument(deps, input, ctx);
    await operation?.finish({ skipped: report.skippedCount });
    return { ...report, sessionId: operation?.id ?? null };
  } catch (error) {
    const cancelled = error instanceof AppError && error.code === 'cancelled';
    if (!operation) throw error;
    if (!operation.id) throw cancelled ? new AppError('cancelled', t('importCancelledNothingAdded')) : error;
    const reason = String((error as Error)?.message ?? error);
    try {
      await operation.rollBack(cancelled ? t('importRollbackNoteCancelled') : t('importRollbackNoteFailed', reason));
    } catch (rollbackError) {
      const stuck = String((rollbackError as Error)?.message ?? rollbackError);
      throw new AppError('internal', cancelled ? t('importStuckCancelled', stuck) : t('importStuckFailed', reason, stuck));
    }
    // The exact number taken back (the page's last progress report may be up to 100 ms old).
    if (cancelled) throw new AppError('cancelled', plural('importCancelled', operation.createdCount));
    throw new AppError('internal', t('importFailedTakenBack', reason));
  }
}
