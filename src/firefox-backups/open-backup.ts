/**
 * One picked file opened as a Firefox backup: refused by its name or size before it is read, decoded (backup-text.ts)
 * and parsed (parse.ts), then summarized for the list and the timeline: its date and counts from its file name when
 * Firefox named it, else from its content; the count Firefox wrote into the name is checked against the decoded tree.
 * Runs in the decoding worker (decode-worker.ts); every failure comes back as a BackupProblem, never as a throw.
 */
import { backupText, formatFromName, type BackupFormat } from './backup-text';
import { localDate, parseBackupName } from './backup-name';
import { parseFirefoxBackup } from './parse';
import { BackupFileError, MAX_BACKUP_BYTES, type BackupProblem } from './problems';
import type { BackupAnnotation, BackupCounts, BackupTree } from './tree-types';

export interface BackupSummary {
  fileName: string;
  format: BackupFormat;
  /** YYYY-MM-DD, or null when neither the name nor any item has a date. */
  date: string | null;
  dateFrom: 'name' | 'content' | null;
  counts: BackupCounts;
  /** The item count in Firefox's file name, or null when the name has none. */
  nameCount: number | null;
  skipped: number;
  /** Bookmarks (outside an old backup's tags folder) with Firefox's tags or a keyword: what "Bring in" brings. */
  annotated: number;
}

export type OpenedBackup = { ok: true; summary: BackupSummary; tree?: BackupTree } | { ok: false; fileName: string; problem: BackupProblem };

export interface BackupSource {
  name: string;
  size: number;
  bytes(): Promise<Uint8Array>;
}

export function summarize(fileName: string, format: BackupFormat, tree: BackupTree): BackupSummary {
  const named = parseBackupName(fileName);
  const date = named?.date ?? (tree.latest === null ? null : localDate(tree.latest));
  return {
    fileName,
    format,
    date,
    dateFrom: named ? 'name' : date === null ? null : 'content',
    counts: tree.counts,
    nameCount: named?.count ?? null,
    skipped: tree.skipped,
    annotated: annotationsOf(tree).length,
  };
}

/** The bookmarks of a backup with tags or a keyword (not those of an old backup's tags folder), in document order. */
export function annotationsOf(tree: BackupTree): BackupAnnotation[] {
  const { items } = tree;
  const inTags = new Uint8Array(items.length);
  const out: BackupAnnotation[] = [];
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    if (item.root === 'tagsFolder' || (item.parent >= 0 && inTags[item.parent])) inTags[i] = 1;
    if (item.kind !== 'bookmark' || inTags[i] || item.url === null || (!item.tags.length && item.keyword === null)) continue;
    out.push({ guid: item.guid, url: item.url, tags: item.tags, keyword: item.keyword });
  }
  return out;
}

export type BackupAnnotations = { ok: true; items: BackupAnnotation[] } | { ok: false; fileName: string; problem: BackupProblem };

/** Opens one file again for what "Bring in tags and keywords" sends the background. */
export async function openAnnotations(file: BackupSource): Promise<BackupAnnotations> {
  const opened = await openBackup(file, true);
  return opened.ok ? { ok: true, items: annotationsOf(opened.tree!) } : opened;
}

/** Opens one file; with `keepTree` the whole normalized tree comes back too (for a comparison), else only its summary. */
export async function openBackup(file: BackupSource, keepTree = false): Promise<OpenedBackup> {
  const fileName = file.name;
  try {
    const format = formatFromName(fileName);
    if (!format) throw new BackupFileError({ code: 'unsupported-name' });
    if (file.size > MAX_BACKUP_BYTES) throw new BackupFileError({ code: 'too-large', bytes: file.size });
    let bytes: Uint8Array;
    try {
      bytes = await file.bytes();
    } catch {
      throw new BackupFileError({ code: 'unreadable' });
    }
    const tree = parseFirefoxBackup(backupText(format, bytes));
    const summary = summarize(fileName, format, tree);
    return keepTree ? { ok: true, summary, tree } : { ok: true, summary };
  } catch (error) {
    if (error instanceof BackupFileError) return { ok: false, fileName, problem: error.problem };
    // Out of memory, or anything this code did not foresee: said as "could not be read", without a stack trace.
    return { ok: false, fileName, problem: { code: 'unreadable' } };
  }
}
