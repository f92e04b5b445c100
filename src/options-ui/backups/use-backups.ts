/**
 * The backups opened in the Backups view: each picked file is listed at once as "opening", then as its summary or its
 * problem, one after another through the decoding worker (src/firefox-backups). A file picked again under the same
 * name takes its earlier row's place; a comparison opens its file again in the same worker. Nothing is kept when the
 * page closes.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { startBackupDecoder, type BackupAnnotations, type BackupDecoder, type BackupProblem, type BackupSummary, type ComparedBackup } from '../../firefox-backups';

export type BackupEntry =
  | { key: number; fileName: string; state: 'opening' }
  /** Opened: its summary, and the picked file, opened again in the worker for a comparison. */
  | { key: number; fileName: string; state: 'opened'; summary: BackupSummary; file: File }
  | { key: number; fileName: string; state: 'failed'; problem: BackupProblem };

export interface BackupsState {
  entries: BackupEntry[];
  /** While files are being opened: how many of how many are done. */
  progress: { done: number; total: number } | null;
  open(files: readonly File[]): Promise<void>;
  /** Compares an opened backup with the live tree (the organizer's snapshot string), in the decoding worker. */
  compare(file: File, live: string): Promise<ComparedBackup>;
  /** An opened backup's bookmarks with Firefox's tags or a keyword, read again in the decoding worker. */
  annotations(file: File): Promise<BackupAnnotations>;
}

export function useBackups(makeDecoder: () => BackupDecoder = startBackupDecoder): BackupsState {
  const [entries, setEntries] = useState<BackupEntry[]>([]);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const decoder = useRef<BackupDecoder | null>(null);
  const nextKey = useRef(1);
  const pending = useRef(0);
  const done = useRef(0);
  useEffect(
    () => () => {
      decoder.current?.close();
      decoder.current = null;
    },
    [],
  );

  const open = async (files: readonly File[]) => {
    if (!files.length) return;
    const picked = files.map((file) => ({ file, key: nextKey.current++ }));
    const names = new Set(picked.map((p) => p.file.name));
    setEntries((list) => [...list.filter((e) => !names.has(e.fileName)), ...picked.map(({ file, key }) => ({ key, fileName: file.name, state: 'opening' as const }))]);
    pending.current += picked.length;
    setProgress({ done: done.current, total: done.current + pending.current });
    const current = (decoder.current ??= makeDecoder());
    await Promise.all(
      picked.map(async ({ file, key }) => {
        const opened = await current.open(file);
        const entry: BackupEntry = opened.ok
          ? { key, fileName: file.name, state: 'opened', summary: opened.summary, file }
          : { key, fileName: file.name, state: 'failed', problem: opened.problem };
        setEntries((list) => list.map((e) => (e.key === key ? entry : e)));
        pending.current--;
        done.current++;
        if (pending.current === 0) {
          done.current = 0;
          setProgress(null);
        } else setProgress({ done: done.current, total: done.current + pending.current });
      }),
    );
  };
  const compare = (file: File, live: string) => (decoder.current ??= makeDecoder()).compare(file, live);
  const annotations = (file: File) => (decoder.current ??= makeDecoder()).annotations(file);
  return { entries, progress, open, compare, annotations };
}
