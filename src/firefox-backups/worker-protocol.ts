/** The messages between the page and the decoding worker (decode-worker.ts, decoder.ts). */
import type { ComparedBackup } from './compare-backup';
import type { BackupAnnotations, OpenedBackup } from './open-backup';

export type DecodeRequest =
  | {
      id: number;
      /** A picked file: the worker reads it, so its bytes never pass through the page's thread. */
      file: File;
      keepTree: boolean;
    }
  | {
      id: number;
      file: File;
      /** Compare the file with the live tree, given in its compact form (the organizer's snapshot string). */
      compareWith: string;
    }
  | {
      id: number;
      file: File;
      /** The backup's bookmarks with tags or a keyword (open-backup.ts annotationsOf). */
      annotations: true;
    };

export type DecodeReply = { id: number; opened: OpenedBackup } | { id: number; compared: ComparedBackup } | { id: number; annotations: BackupAnnotations };
