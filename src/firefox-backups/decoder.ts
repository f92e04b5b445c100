/**
 * The page's side of the decoding worker: opens picked files one at a time (one file's bytes and tree in memory at
 * once), each off the page's thread. A worker that fails (its script did not load, or it ran out of memory) fails
 * the file it had as "could not be read" and is replaced for the next file.
 */
import type { OpenedBackup } from './open-backup';
import type { DecodeReply, DecodeRequest } from './worker-protocol';

/** What the decoder needs of a Worker (a stand-in in unit tests). */
export interface WorkerLike {
  onmessage: ((event: MessageEvent<DecodeReply>) => void) | null;
  onerror: ((event: Event) => void) | null;
  postMessage(message: DecodeRequest): void;
  terminate(): void;
}

export interface BackupDecoder {
  /** Opens one file (after those asked before it); with `keepTree` its whole normalized tree comes back too. */
  open(file: File, keepTree?: boolean): Promise<OpenedBackup>;
  /** Ends the worker; files still waiting come back as "could not be read". */
  close(): void;
}

export function moduleWorker(): WorkerLike {
  return new Worker(new URL('./decode-worker.ts', import.meta.url), { type: 'module' }) as unknown as WorkerLike;
}

export function startBackupDecoder(makeWorker: () => WorkerLike = moduleWorker): BackupDecoder {
  let worker: WorkerLike | null = null;
  let nextId = 1;
  let closed = false;
  let queue: Promise<unknown> = Promise.resolve();
  let failCurrent: (() => void) | null = null;

  const unreadable = (file: File): OpenedBackup => ({ ok: false, fileName: file.name, problem: { code: 'unreadable' } });

  const run = (file: File, keepTree: boolean) =>
    new Promise<OpenedBackup>((resolve) => {
      if (closed) return resolve(unreadable(file));
      let current: WorkerLike;
      try {
        current = worker ??= makeWorker();
      } catch {
        return resolve(unreadable(file));
      }
      const id = nextId++;
      failCurrent = () => resolve(unreadable(file));
      current.onmessage = (event) => {
        if (event.data.id !== id) return;
        failCurrent = null;
        resolve(event.data.opened);
      };
      current.onerror = (event) => {
        event.preventDefault();
        failCurrent = null;
        current.terminate();
        if (worker === current) worker = null;
        resolve(unreadable(file));
      };
      current.postMessage({ id, file, keepTree });
    });

  return {
    open(file, keepTree = false) {
      const result = queue.then(() => run(file, keepTree));
      queue = result;
      return result;
    },
    close() {
      closed = true;
      worker?.terminate();
      worker = null;
      failCurrent?.();
      failCurrent = null;
    },
  };
}
