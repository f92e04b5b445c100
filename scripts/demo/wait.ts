/**
 * Waits for an outcome: calls `probe` until it returns something other than undefined, and fails after
 * `timeoutMs` saying what it waited for (and the probe's last error, if it threw).
 */
export async function waitFor<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      const why = lastError ? ` (last error: ${lastError instanceof Error ? lastError.message : String(lastError)})` : '';
      throw new Error(`Waited ${timeoutMs / 1000} s for ${what}${why}.`);
    }
    await new Promise((retry) => setTimeout(retry, 100));
  }
}
