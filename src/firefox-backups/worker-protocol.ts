/** The messages between the page and the decoding worker (decode-worker.ts, decoder.ts). */
import type { OpenedBackup } from './open-backup';

export interface DecodeRequest {
  id: number;
  /** A picked file: the worker reads it, so its bytes never pass through the page's thread. */
  file: File;
  keepTree: boolean;
}

export interface DecodeReply {
  id: number;
  opened: OpenedBackup;
}
