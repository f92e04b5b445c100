import type { History } from '../../operation-history';

/** A cleanup as the history keeps it, in the words a backup file stores (src/bookmarks-html/backup.ts). */
export interface CleanupRecord {
  id: string;
  createdAt: number;
  finishedAt: number | null;
  status: string;
  undone: boolean;
  counts: Record<string, number>;
  note: string | null;
}

/** Every cleanup of the history, newest first, as records. */
export async function cleanupRecords(history: Pick<History, 'list'>): Promise<CleanupRecord[]> {
  return (await history.list())
    .filter((s) => s.kind === 'cleanup')
    .map((s) => ({ id: s.id, createdAt: s.createdAt, finishedAt: s.finishedAt, status: s.status, undone: s.undone, counts: { ...s.counts }, note: s.note }));
}
