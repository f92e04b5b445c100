/**
 * The Tidymarks JSON backup: tags (per URL), settings and the cleanup history, in one versioned file.
 * Restoring validates the whole file first (a damaged or foreign file changes nothing), then merges the tags into
 * the tag store (tags already there stay) and replaces the settings. The cleanup history is kept in the file as a
 * record of what earlier cleanups did; restoring it does not re-create undo points (the journal belongs to this
 * profile's bookmark ids).
 */
import * as v from 'valibot';
import { AppError } from '../messaging/errors';
import { settingsSchema, type Settings } from '../settings';
import { describeIssues } from '../messaging/schema-issues';
import { normalizeTagList } from '../tags';
import { t } from '../i18n';
import type { CleanupRecord } from '../dedup';

export const BACKUP_FORMAT = 'tidymarks-backup';
export const BACKUP_VERSION = 1;

/** A cleanup as a backup file lists it: the history's record of it (src/dedup/cleanup). */
export type BackupSession = CleanupRecord;

export interface Backup {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: number;
  settings: Settings;
  tags: { url: string; tags: string[] }[];
  cleanupHistory: BackupSession[];
}

const backupSchema = v.object({
  format: v.literal(BACKUP_FORMAT, () => t('restoreNotBackup')),
  version: v.pipe(
    v.number(),
    v.integer(),
    v.minValue(1),
    v.maxValue(BACKUP_VERSION, () => t('restoreNewerVersion')),
  ),
  createdAt: v.number(),
  settings: settingsSchema,
  tags: v.pipe(
    v.array(
      v.strictObject({ url: v.pipe(v.string(), v.minLength(1), v.maxLength(65_536)), tags: v.pipe(v.array(v.pipe(v.string(), v.maxLength(100))), v.maxLength(1000)) }),
    ),
    v.maxLength(1_000_000),
  ),
  cleanupHistory: v.pipe(v.array(v.unknown()), v.maxLength(10_000)),
});

export interface BackupSources {
  now(): number;
  getSettings(): Promise<Settings>;
  allTags(): Promise<{ url: string; tags: string[] }[]>;
  cleanupHistory(): Promise<BackupSession[]>;
}

export async function createBackup(sources: BackupSources): Promise<Backup> {
  return {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: sources.now(),
    settings: await sources.getSettings(),
    tags: (await sources.allTags()).filter((e) => e.tags.length > 0),
    cleanupHistory: await sources.cleanupHistory(),
  };
}

/** Parses and validates a backup file's text; throws 'invalid-input' with the reason. */
export function readBackup(text: string): Backup {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new AppError('invalid-input', t('restoreInvalidJson'));
  }
  const parsed = v.safeParse(backupSchema, data);
  if (!parsed.success) {
    throw new AppError('invalid-input', t('restoreInvalidFile', describeIssues(parsed.issues)));
  }
  return parsed.output as Backup;
}

export interface RestoreTargets {
  replaceSettings(settings: Settings): Promise<unknown>;
  addTags(urls: readonly string[], tags: readonly string[]): Promise<number>;
}

export interface RestoreReport {
  taggedUrls: number;
  settingsRestored: boolean;
  cleanupSessionsInFile: number;
}

export async function restoreBackup(backup: Backup, targets: RestoreTargets): Promise<RestoreReport> {
  const byTagList = new Map<string, { tags: string[]; urls: string[] }>();
  for (const { url, tags } of backup.tags) {
    if (!tags.length) continue;
    const key = JSON.stringify(tags);
    const entry = byTagList.get(key) ?? { tags, urls: [] };
    entry.urls.push(url);
    byTagList.set(key, entry);
  }
  // Tag names are validated by the tag store before each write; check them all first so a bad name changes nothing.
  for (const { tags } of byTagList.values()) normalizeTagList(tags);
  await targets.replaceSettings(backup.settings);
  let taggedUrls = 0;
  for (const { tags, urls } of byTagList.values()) {
    await targets.addTags(urls, tags);
    taggedUrls += urls.length;
  }
  return { taggedUrls, settingsRestored: true, cleanupSessionsInFile: backup.cleanupHistory.length };
}
