// SPDX-License-Identifier: MPL-2.0
/**
 * The error the package throws for bad input (its own module, apart from the English sentences: an extension's
 * message code can recognise it without loading them).
 */
export type ErrorCode = 'invalid-input' | 'not-found';

/** Bad input the package refuses: its message is worded for people (English, or the extension's `translate`). */
export class PlacesError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'PlacesError';
  }
}
