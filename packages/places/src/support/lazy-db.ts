// SPDX-License-Identifier: MPL-2.0
/**
 * The one way a feature opens its IndexedDB database: on first use, once, and again whenever the connection it had
 * is gone. Over idb's openDB, it handles what a plain `dbPromise ??= openDB(...)` does not:
 *
 * - a failed open (quota, a newer version on disk, a crash in the upgrade) is not kept: the next call tries again;
 * - another connection asking for a new version or a deletion (versionchange): ours closes at once, so it never
 *   holds the other up, and the next call opens the database again;
 * - our open blocked by another connection that holds an older version and does not close: reported, and the open
 *   goes on as soon as that connection closes;
 * - the connection terminated by the browser (the database deleted, storage cleared, an I/O error): forgotten, so
 *   the next call opens the database again.
 */
import { openDB, type DBSchema, type IDBPDatabase, type OpenDBCallbacks } from 'idb';

export type Upgrade<S extends DBSchema> = NonNullable<OpenDBCallbacks<S>['upgrade']>;

export interface LazyDb<S extends DBSchema> {
  /** The open connection: opened on the first call, and again after it was closed, terminated or failed to open. */
  (): Promise<IDBPDatabase<S>>;
  /** Closes the connection (once it is open); the next call opens the database again. */
  close(): void;
}

export interface LazyDbOptions {
  /** Where the unusual events go (blocked, closed for another version, terminated): console.warn by default. */
  report?: (message: string) => void;
}

export function lazyDb<S extends DBSchema>(name: string, version: number, upgrade: Upgrade<S>, options: LazyDbOptions = {}): LazyDb<S> {
  const report = options.report ?? ((message: string) => console.warn(`Places: ${message}`));
  let current: Promise<IDBPDatabase<S>> | null = null;

  const open = (): Promise<IDBPDatabase<S>> => {
    const opening: Promise<IDBPDatabase<S>> = openDB<S>(name, version, {
      upgrade(database, oldVersion, newVersion, transaction, event) {
        // An upgrade that fails rejects the open itself; its transaction's own rejection would only be unhandled.
        transaction.done.catch(() => undefined);
        upgrade(database, oldVersion, newVersion, transaction, event);
      },
      blocked(currentVersion) {
        report(`IndexedDB "${name}" waits to open version ${version}: another connection holds version ${currentVersion} open.`);
      },
      blocking(_currentVersion, blockedVersion) {
        // Someone wants a newer version (or to delete the database): let them, and reopen on our next use.
        forget(opening);
        void opening.then((db) => db.close());
        report(`IndexedDB "${name}" closed: another connection asks for ${blockedVersion === null ? 'its deletion' : `version ${blockedVersion}`}.`);
      },
      terminated() {
        forget(opening);
        report(`IndexedDB "${name}" was closed by the browser; it is opened again on next use.`);
      },
    });
    // A failed open is never kept: the next call tries again.
    opening.catch(() => forget(opening));
    return opening;
  };

  function forget(connection: Promise<IDBPDatabase<S>>) {
    if (current === connection) current = null;
  }

  const db = () => (current ??= open());
  return Object.assign(db, {
    close() {
      const closing = current;
      current = null;
      void closing?.then(
        (d) => d.close(),
        () => undefined,
      );
    },
  });
}
