/**
 * The decoding worker (a module worker the build emits as a chunk of its own; decoder.ts starts it): reads each
 * picked file, decompresses and parses it off the page's thread, and answers with what open-backup.ts made of it, or
 * with its comparison with the live tree (compare-backup.ts). lz4js is loaded here only, never by a page.
 */
import { compareBackup } from './compare-backup';
import { openAnnotations, openBackup, type BackupSource } from './open-backup';
import type { DecodeReply, DecodeRequest } from './worker-protocol';

/** The part of a worker's global scope used here (the app's TypeScript project has the DOM's types, not a worker's). */
interface WorkerScope {
  onmessage: ((event: MessageEvent<DecodeRequest>) => void) | null;
  postMessage(message: DecodeReply): void;
}
const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => {
  const request = event.data;
  const { id, file } = request;
  const source: BackupSource = { name: file.name, size: file.size, bytes: async () => new Uint8Array(await file.arrayBuffer()) };
  if ('compareWith' in request) void compareBackup(source, request.compareWith).then((compared) => scope.postMessage({ id, compared }));
  else if ('annotations' in request) void openAnnotations(source).then((annotations) => scope.postMessage({ id, annotations }));
  else void openBackup(source, request.keepTree).then((opened) => scope.postMessage({ id, opened }));
};
