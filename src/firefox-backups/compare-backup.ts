/**
 * One backup compared with now, in the decoding worker: the file is opened again (one tree in memory at a time, none
 * kept between comparisons), the live tree read from its compact form, and only the difference goes back to the page.
 */
import { compareWithNow, readLiveTree, type BackupDiff } from './compare';
import { openBackup, type BackupSource, type BackupSummary } from './open-backup';
import type { BackupProblem } from './problems';

export type ComparedBackup =
  { ok: true; summary: BackupSummary; diff: BackupDiff; ms: number } | { ok: false; fileName: string; problem: BackupProblem | { code: 'live-unreadable' } };

export async function compareBackup(file: BackupSource, liveEncoded: string, now: () => number = () => performance.now()): Promise<ComparedBackup> {
  const opened = await openBackup(file, true);
  if (!opened.ok) return opened;
  let live;
  try {
    live = readLiveTree(liveEncoded);
  } catch {
    return { ok: false, fileName: file.name, problem: { code: 'live-unreadable' } };
  }
  const start = now();
  const diff = compareWithNow(opened.tree!.items, live);
  return { ok: true, summary: opened.summary, diff, ms: now() - start };
}
