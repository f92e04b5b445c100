/**
 * The page's side of the decoding worker: opens picked files one at a time (one file's bytes and tree in memory at
 * once), each off the page's thread. A worker that fails (its script did not load, or it ran out of memory) fails
 * the file it had as "could not be read" and is replaced for the next file.
 */
import type { ComparedBackup } from './compare-backup';
import type { BackupAnnotations, OpenedBackup } from './open-backup';
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
  /** Opens one file again and compares it with the live tree (its compact form, the organizer's snapshot string). */
  compare(file: File, live: string): Promise<ComparedBackup>;
  /** Opens one file again for the bookmarks with Firefox's tags or a keyword ("Bring in tags and keywords"). */
  annotations(file: File): Promise<BackupAnnotations>;
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

  const unreadable = (file: File) => ({ ok: false as const, fileName: file.name, problem: { code: 'unreadable' as const } });

  /** Sends one request and waits for its answer; a worker that fails answers "could not be read". */
  const run = <R>(file: File, request: (id: number) => DecodeRequest, answer: (reply: DecodeReply) => R | undefined) =>
    new Promise<R | ReturnType<typeof unreadable>>((resolve) => {
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
        resolve(answer(event.data) ?? unreadable(file));
      };
      current.onerror = (event) => {
        event.preventDefault();
        failCurrent = null;
        current.terminate();
        if (worker === current) worker = null;
        resolve(unreadable(file));
      };
      current.postMessage(request(id));
    });

  /** One request after another: one file's bytes and tree in memory at once. */
  const queued = <R>(task: () => Promise<R>): Promise<R> => {
    const result = queue.then(task);
    queue = result;
    return result;
  };

  return {
    open(file, keepTree = false) {
      return queued(() =>
        run<OpenedBackup>(
          file,
          (id) => ({ id, file, keepTree }),
          (reply) => ('opened' in reply ? reply.opened : undefined),
        ),
      );
    },
    compare(file, live) {
      return queued(() =>
        run<ComparedBackup>(
          file,
          (id) => ({ id, file, compareWith: live }),
          (reply) => ('compared' in reply ? reply.compared : undefined),
        ),
      );
    },
    annotations(file) {
      return queued(() =>
        run<BackupAnnotations>(
          file,
          (id) => ({ id, file, annotations: true }),
          (reply) => ('annotations' in reply ? reply.annotations : undefined),
        ),
      );
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
