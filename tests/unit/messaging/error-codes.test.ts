import { describe, expect, it } from 'vitest';
import { ERROR_CODES, isErrorCode } from '../../../src/messaging/errors';

describe('error codes', () => {
  it('isErrorCode accepts exactly the listed codes (the client rebuilds a RemoteError only for those)', () => {
    for (const code of ERROR_CODES) expect(isErrorCode(code), code).toBe(true);
    for (const value of ['nope', 'Internal', 'toString', '__proto__', '', undefined, null, 404]) expect(isErrorCode(value), String(value)).toBe(false);
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });
});
