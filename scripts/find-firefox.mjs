// Finds the Firefox binary the tests and benchmarks use: $FIREFOX_BIN, else firefox-esr or firefox on PATH.
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

export const INSTALL_HINT = 'Firefox was not found. Install it (Debian: "apt-get update && apt-get install -y firefox-esr") or set FIREFOX_BIN to its path.';

function executable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** @returns {string} the path to Firefox; throws with an install hint when there is none. */
export function findFirefox() {
  const fromEnv = process.env.FIREFOX_BIN;
  if (fromEnv) {
    if (executable(fromEnv)) return fromEnv;
    throw new Error(`FIREFOX_BIN=${fromEnv} is not an executable file. ${INSTALL_HINT}`);
  }
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    for (const name of ['firefox-esr', 'firefox']) {
      const candidate = join(dir, name);
      if (dir && executable(candidate)) return candidate;
    }
  }
  throw new Error(INSTALL_HINT);
}
