import { plural, t } from '../i18n';
import { PlacesError } from '@tidymarks/places/support';
import { isMissingBookmarkError } from '../platform/bookmark-errors';

/** Error codes that cross the message boundary. Keep this list short and meaningful to a UI. */
export const ERROR_CODES = [
  'invalid-request', // the message did not match the protocol's schema
  'unknown-type', // no such request type
  'forbidden', // the sender is not this extension's own page
  'not-found', // a bookmark, folder, session... that does not exist (any more)
  'conflict', // the item changed since it was read
  'invalid-input', // well-formed but not acceptable (bad URL, bad tag name, malformed file)
  'cancelled', // a job was cancelled
  'internal', // anything unexpected
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

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

const KNOWN_CODES: ReadonlySet<string> = new Set(ERROR_CODES);

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && KNOWN_CODES.has(value);
}

/** The longest text an error quotes from a value, and the longest error message that crosses the boundary. */
export const MAX_QUOTED = 80;
export const MAX_ERROR_MESSAGE = 1000;

/** The first `max` characters of `text`, never splitting a surrogate pair. */
function head(text: string, max: number): string {
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

const lengthNote = (text: string) => ` ${plural('errorLength', text.length)}`;

/** `text` cut to `max` characters, with an ellipsis and the full length when cut. */
export function capText(text: string, max: number): string {
  return text.length <= max ? text : `${head(text, max)}…${lengthNote(text)}`;
}

/**
 * How an error message quotes an offending value: a string in double quotes, anything else as JSON, cut to
 * `max` characters (then with the full length). Use it wherever an error names a value it received.
 */
export function capQuoted(value: unknown, max = MAX_QUOTED): string {
  if (typeof value === 'string') return value.length <= max ? `"${value}"` : `"${head(value, max)}…"${lengthNote(value)}`;
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = Object.prototype.toString.call(value);
  }
  return capText(text, max);
}

/**
 * Turns anything thrown into a wire error without leaking stack traces; the message is capped at MAX_ERROR_MESSAGE.
 * An AppError's message is already worded for people; anything else is Firefox's own (English) error, or a bug: a
 * sentence in the user's language says so, with Firefox's words after it.
 */
export function toWireError(error: unknown): WireError {
  // The Places package's refusals (tag names, the Places API's input) are worded for people too.
  if (error instanceof AppError || error instanceof PlacesError) return { code: error.code, message: capText(error.message, MAX_ERROR_MESSAGE) };
  const detail = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  if (isMissingBookmarkError(error)) return { code: 'not-found', message: capText(t('errorNotFound', detail), MAX_ERROR_MESSAGE) };
  return { code: 'internal', message: detail ? capText(t('errorFirefox', detail), MAX_ERROR_MESSAGE) : t('errorUnexpected') };
}
