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
  async rejects(promise: Promise<unknown>, message: RegExp, what = 'call') {
    try {
      await promise;
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      if (!message.test(text)) throw new ContractFailure(`${what}: rejected with "${text}", expected ${message}`);
      return;
    }
    throw new ContractFailure(`${what}: expected a rejection matching ${message}, but it resolved`);
  },
};

export type Assert = typeof assert;
