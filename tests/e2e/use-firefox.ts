import { afterAll, beforeAll, beforeEach } from 'vitest';
import { GECKO_ID, launchFirefox, type Firefox, type LaunchOptions } from './firefox';

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
  beforeEach(async ({ onTestFailed }) => {
    onTestFailed(async ({ task }) => console.info(`Firefox when "${task.name}" failed: ${await firefoxState(running())}`));
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

/** Dark mode as the system sets it: what a launch's prefs or usePrefs give Firefox for prefers-color-scheme: dark. */
export const DARK_PREFS = { 'ui.systemUsesDarkTheme': 1, 'layout.css.prefers-color-scheme.content-override': 0 };

/**
 * Prefs for the surrounding describe block only, set in the running Firefox before its tests and put back as they
 * were after them: a block that needs dark mode shares the file's Firefox instead of starting one of its own. Only
 * for prefs Firefox follows while it runs (the colour scheme does: pages opened afterwards render with it).
 */
export function usePrefs(ff: Pick<Firefox, 'chrome'>, prefs: Record<string, number | boolean | string>): void {
  let before: Record<string, number | boolean | string | null> = {};
  const set = (values: Record<string, number | boolean | string | null>) =>
    ff.chrome<Record<string, number | boolean | string | null>>(
      `async (values) => {
        const was = {};
        for (const [name, value] of Object.entries(values)) {
          const type = Services.prefs.getPrefType(name);
          was[name] = !Services.prefs.prefHasUserValue(name) ? null
            : type === Services.prefs.PREF_INT ? Services.prefs.getIntPref(name)
            : type === Services.prefs.PREF_BOOL ? Services.prefs.getBoolPref(name)
            : Services.prefs.getStringPref(name);
          if (value === null) Services.prefs.clearUserPref(name);
          else if (typeof value === 'number') Services.prefs.setIntPref(name, value);
          else if (typeof value === 'boolean') Services.prefs.setBoolPref(name, value);
          else Services.prefs.setStringPref(name, value);
        }
        return was;
      }`,
      values,
    );
  beforeAll(async () => {
    before = await set(prefs);
  });
  afterAll(async () => {
    await set(before);
  });
}

/**
 * What Firefox shows, for a failed test's log: its tabs (marked while loading) and the extension's background state,
 * read from Firefox's window (a tab may be what hangs). Says so when Firefox does not answer within 5 s.
 */
async function firefoxState(ff: Firefox): Promise<string> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const silent = new Promise<string>((resolve) => (timer = setTimeout(() => resolve('no answer from Firefox within 5 s'), 5_000)));
  const state = ff
    .chrome<{ tabs: string[]; background: string }>(
      `async (id) => ({
        tabs: [...Services.wm.getEnumerator('navigator:browser')].flatMap((w) =>
          w.gBrowser.browsers.map((b) => b.currentURI.spec + (b.webProgress?.isLoadingDocument ? ' (loading)' : '')),
        ),
        background: WebExtensionPolicy.getByID(id)?.extension?.backgroundState ?? 'no extension',
      })`,
      GECKO_ID,
    )
    .then(({ tabs, background }) => `tabs ${JSON.stringify(tabs)}, background ${background}`)
    .catch((error: Error) => `Firefox could not be asked: ${error.message}`);
  try {
    return await Promise.race([state, silent]);
  } finally {
    clearTimeout(timer);
  }
}
