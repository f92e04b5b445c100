/** Error codes that cross the message boundary. Keep this list short and meaningful to a UI. */
export type ErrorCode =
  | 'invalid-request' // the message did not match the protocol's schema
  | 'unknown-type' // no such request type
  | 'forbidden' // the sender is not this extension's own page
  | 'not-found' // a bookmark, folder, session... that does not exist (any more)
  | 'conflict' // the item changed since it was read
  | 'invalid-input' // well-formed but not acceptable (bad URL, bad tag name, malformed file)
  | 'cancelled' // a job was cancelled
  | 'internal'; // anything unexpected

export interface WireError {
  code: ErrorCode;
  message: string;
}

/** An error meant for the user: its message is shown as is. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** An error re-thrown on the page side from a `{ok: false}` reply. */
export class RemoteError extends AppError {
  constructor(code: ErrorCode, message: string) {
    super(code, message);
    this.name = 'RemoteError';
  }
}

const KNOWN_CODES = new Set<string>([
  'invalid-request',
  'unknown-type',
  'forbidden',
  'not-found',
  'conflict',
  'invalid-input',
  'cancelled',
  'internal',
]);

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && KNOWN_CODES.has(value);
}

/** Turns anything thrown into a wire error without leaking stack traces. */
export function toWireError(error: unknown): WireError {
  if (error instanceof AppError) return { code: error.code, message: error.message };
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : 'Unexpected error';
  if (/No bookmarks found for the provided GUID/i.test(message)) return { code: 'not-found', message };
  return { code: 'internal', message: message || 'Unexpected error' };
}
