/**
 * A tiny assertion library that runs both in node (vitest) and inside a Firefox extension page, so the same
 * contract cases can check the fake and the real browser.
 */
export class ContractFailure extends Error {
  override name = 'ContractFailure';
}

function show(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

export const assert = {
  equal(actual: unknown, expected: unknown, what = 'value') {
    if (!deepEqual(actual, expected)) throw new ContractFailure(`${what}: expected ${show(expected)}, got ${show(actual)}`);
  },
  ok(condition: unknown, what = 'condition') {
    if (!condition) throw new ContractFailure(`${what}: expected truthy, got ${show(condition)}`);
  },
  /**
   * The call fails with this message (a string must match exactly). Pass a function to accept both a synchronous
   * throw and a rejection; pass a promise when the call already ran.
   */
  async rejects(action: Promise<unknown> | (() => unknown), message: RegExp | string, what = 'call') {
    try {
      await (typeof action === 'function' ? action() : action);
    } catch (error) {
      const text = errorText(error);
      if (!matches(text, message)) throw new ContractFailure(`${what}: rejected with ${show(text)}, expected ${show(String(message))}`);
      return;
    }
    throw new ContractFailure(`${what}: expected a rejection with ${show(String(message))}, but it resolved`);
  },
  /** The call throws synchronously (as Firefox's schema checks do) with this message. */
  throwsSync(action: () => unknown, message: RegExp | string, what = 'call') {
    let result: unknown;
    try {
      result = action();
    } catch (error) {
      const text = errorText(error);
      if (!matches(text, message)) throw new ContractFailure(`${what}: threw ${show(text)}, expected ${show(String(message))}`);
      return;
    }
    if (result instanceof Promise) result.catch(() => undefined);
    throw new ContractFailure(
      `${what}: expected a synchronous throw with ${show(String(message))}, but it returned ${result instanceof Promise ? 'a promise' : show(result)}`,
    );
  },
  /** The object has exactly these own keys (in any order). */
  keys(value: unknown, expected: string[], what = 'keys') {
    const actual = value && typeof value === 'object' ? Object.keys(value).sort() : [];
    const sorted = expected.slice().sort();
    if (!deepEqual(actual, sorted)) throw new ContractFailure(`${what}: expected keys ${show(sorted)}, got ${show(actual)}`);
  },
};

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : error && typeof error === 'object' && 'message' in error ? String(error.message) : String(error);
}

function matches(text: string, message: RegExp | string): boolean {
  return typeof message === 'string' ? text === message : message.test(text);
}

export type Assert = typeof assert;
