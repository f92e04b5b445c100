import { afterAll, beforeAll, beforeEach } from 'vitest';
import { launchFirefox, type Firefox, type LaunchOptions } from './firefox';

/**
 * One Firefox for the surrounding describe block: launched before its tests, reset (bookmarks, history, storage,
 * IndexedDB) before each test, always closed after. Returns a handle usable in the tests.
 */
export function useFirefox(options: LaunchOptions = {}): Firefox {
  let current: Firefox | undefined;
  beforeAll(async () => {
    current = await launchFirefox(options);
  });
  afterAll(async () => {
    await current?.close();
  });
  beforeEach(async () => {
    await running().reset();
  });
  const running = () => {
    if (!current) throw new Error('Firefox is not running: use the handle inside tests and hooks only.');
    return current;
  };
  return {
    get browser() {
      return running().browser;
    },
    get downloadDir() {
      return running().downloadDir;
    },
    open: (path) => running().open(path),
    harness: () => running().harness(),
    reset: () => running().reset(),
    chrome: (fn, ...args) => running().chrome(fn, ...args),
    close: () => running().close(),
  };
}
