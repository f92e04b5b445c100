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
 * - Per-entry failures (an address Firefox refuses) are reported and the import goes on; a second copy in the file of
 *   an entry Firefox refused is reported with it (for the same reason: it would be refused again), not as skipped. A
 *   folder or separator Firefox refuses fails the import, which is then taken back whole.
 * - What it creates is worked out before the first create (import-plan.ts: the tree as a flat list of steps), so
 *   that the items are journaled ahead of their creates, many in one write (steps-ahead.ts, as a restore from a
 *   Firefox backup does; import-journal.ts says why that stays safe).
 */
import type { JobContext } from '../messaging/define';
import { AppError } from '../messaging/errors';
import type { Browser, BookmarkNode } from '../platform/browser';
import { MENU_ID } from '../platform/browser';
import { kindOf } from '../platform/tree';
import { countDocument } from './document';
import type { ImportOperation } from './import-journal';
import { planImport } from './import-plan';
import { parseBookmarksHtml, truncatedError, type ParseProblem } from './parse';
import { StepsAhead } from './steps-ahead';
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

async function assertFolder(browser: Browser, id: string): Promise<void> {
  let node: BookmarkNode | undefined;
  try {
    [node] = await browser.bookmarks.get(id);
  } catch {
    throw new AppError('not-found', t('importTargetGone'));
  }
  if (!node || kindOf(node) !== 'folder') throw new AppError('invalid-input', t('importTargetNotFolder'));
}

async function importDocument(deps: ImportDeps, input: ImportInput, ctx: JobContext<ImportProgress>): Promise<ImportReport> {
  const { browser, operation } = deps;
  const create: Browser['bookmarks']['create'] = (details) => (operation ? operation.create(details) : browser.bookmarks.create(details));
  const { document, problems, notices, truncated } = parseBookmarksHtml(input.html); // throws on a damaged file: nothing done yet
  if (truncated && !input.acceptTruncated) throw truncatedError(truncated);
  if (input.target.into === 'folder') await assertFolder(browser, input.target.folderId);

  // Everything it creates, in order, before the first create (import-plan.ts): so the items are journaled ahead.
  const topId = input.target.into === 'folder' ? input.target.folderId : MENU_ID;
  const { steps, notImported } = await planImport(browser, document, { topId, intoRoots: input.target.into === 'roots', skipExisting: input.skipExisting ?? true });

  const counts = countDocument(document.children);
  const total = counts.bookmarks + counts.folders + counts.separators;
  const report: ImportReport = {
    imported: { bookmarks: 0, folders: 0, separators: 0 },
    skippedCount: 0,
    skipped: [],
    taggedUrls: 0,
    problems: [...problems],
    notImported,
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
    if (operation) return operation.addTags(url, tags);
    let set = tagsByUrl.get(url);
    if (!set) tagsByUrl.set(url, (set = new Set()));
    for (const t of tags) set.add(t);
  };

  /** Journals the steps ahead of their creates, many in one write (steps-ahead.ts), with the restore's mechanism. */
  const run = new StepsAhead(operation, steps, (step, parentId) =>
    step.kind === 'skip'
      ? null
      : { parentId, ...(step.kind === 'separator' ? { type: 'separator' as const } : { title: step.node.title }), ...(step.kind === 'bookmark' && { url: step.url }) },
  );
  /** The address each bookmark step was created with, or why Firefox refused it. */
  const outcome = new Map<number, { url: string } | { error: unknown }>();

  try {
    for (const [i, step] of steps.entries()) {
      await ctx.checkpoint();
      await run.reach(i);
      done = step.done;
      if (step.kind === 'skip') {
        const origin = step.origin === null ? null : outcome.get(step.origin);
        if (origin && 'error' in origin) {
          // A second copy of an entry Firefox refused (the same address, or one the safe rules take for it): left
          // out with it, for the same reason (tried, it would be refused again).
          report.problems.push({ line: 0, message: msg('importProblemNotCreated', step.node.title || step.node.url, errorMessage(origin.error)) });
        } else {
          const existing = origin?.url ?? step.existing;
          report.skippedCount++;
          if (report.skipped.length < MAX_LISTED) report.skipped.push({ title: step.node.title, url: step.url, existingUrl: existing });
          addTagsFor(existing, step.node.tags);
        }
        progress();
        continue;
      }
      const parentId = run.parentOf(i)!;
      if (step.kind === 'bookmark') {
        try {
          const created = await create({ parentId, title: step.node.title, url: step.url });
          run.created(i, created.id);
          outcome.set(i, { url: created.url ?? step.url });
          report.imported.bookmarks++;
          addTagsFor(created.url ?? step.url, step.node.tags);
          await keepDates(created.id, step.node);
        } catch (error) {
          // Journaled ahead, its skip is stored before the next create (ImportOperation.create).
          outcome.set(i, { error });
          report.problems.push({ line: 0, message: msg('importProblemNotCreated', step.node.title || step.node.url, errorMessage(error)) });
        }
      } else if (step.kind === 'folder') {
        // A folder or a separator Firefox refuses fails the import (taken back whole), as before.
        const created = await create({ parentId, title: step.node.title });
        run.created(i, created.id);
        report.imported.folders++;
        await keepDates(created.id, step.node);
      } else {
        await create({ parentId, type: 'separator' });
        report.imported.separators++;
      }
      progress();
    }
  } finally {
    await dates.flush();
  }

  // Tags: a journaled import wrote them along with the bookmarks; the rest go now.
  if (operation) {
    await operation.writeTags((tags, error) => report.problems.push({ line: 0, message: msg('importProblemTagsNotStored', tags.join(', '), errorMessage(error)) }));
    report.taggedUrls = operation.taggedUrls;
  }
  // Tags: each distinct tag list is one transaction.
  for (const { tags, urls } of byTagList(tagsByUrl)) {
    try {
      report.taggedUrls += await deps.addTags(urls, tags);
    } catch (error) {
      report.problems.push({ line: 0, message: msg('importProblemTagsNotStored', tags.join(', '), errorMessage(error)) });
    }
  }
  done = total;
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
