/**
 * Real Firefox for end-to-end tests: launches Firefox ESR through puppeteer-core (WebDriver BiDi), headless by
 * default or on a given X display (`headless: false` with `env: {DISPLAY}` from scripts/x-display.ts), installs
 * the test build (dist-test) as a temporary add-on with a fixed moz-extension UUID, opens extension pages, resets
 * state between tests and always closes Firefox. Downloads go to a temporary folder that `close()` removes, never
 * to ~/Downloads.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import puppeteer, { type Browser as PBrowser, type Page } from 'puppeteer-core';
import { findFirefox } from '../../scripts/find-firefox.mjs';
import { evaluateInChrome } from '../../scripts/firefox-chrome';

export const repoRoot = resolve(import.meta.dirname, '../..');
export const testDist = resolve(process.env.TIDYMARKS_TEST_DIST ?? resolve(repoRoot, 'dist-test'));
export const EXTENSION_UUID = '5b6a2f0e-7c1d-4e8a-9f3b-2d4c6e8a0b1c';
export const GECKO_ID: string = JSON.parse(readFileSync(resolve(repoRoot, 'manifest.json'), 'utf8')).browser_specific_settings.gecko.id;
export const EXTENSION_ORIGIN = `moz-extension://${EXTENSION_UUID}/`;
/**
 * A profile Firefox has started in once (tests/e2e/global-setup.ts makes it for a test run): a launch copies it instead
 * of having Firefox create a profile from nothing, a third of a start-up on the 2-core machine. Unset (benchmarks,
 * scripts), every launch gets a new profile from Firefox as before.
 */
export const PROFILE_TEMPLATE_ENV = 'TIDYMARKS_FIREFOX_PROFILE_TEMPLATE';

export interface LaunchOptions {
  /** Extra Firefox prefs, e.g. {'extensions.background.idle.timeout': 1000}. */
  prefs?: Record<string, string | number | boolean>;
  /** Reuse a profile directory (for restart tests). An empty one starts as a copy of the run's profile template. */
  userDataDir?: string;
  /** The unpacked extension to install; defaults to dist-test. */
  extensionDir?: string;
  /** More unpacked extensions installed after it (benchmarks: a second extension next to ours). */
  extraExtensions?: readonly string[];
  headless?: boolean;
  /** Extra environment for Firefox, e.g. {DISPLAY: ':7'} for a headful run on a test's own X display. */
  env?: Record<string, string>;
  /** Accept self-signed certificates (the link health tests' loopback HTTPS server). */
  acceptInsecureCerts?: boolean;
}

export interface Firefox {
  browser: PBrowser;
  /** Where Firefox saves downloads in this run (a temporary folder, removed by close()). */
  downloadDir: string;
  /** Opens an extension page (path relative to the extension root) in a new tab and waits for it to load. */
  open(path: string): Promise<Page>;
  /** The harness page (tests/harness), opened once and reused. */
  harness(): Promise<Page>;
  /** Wipes bookmarks (Places' eraseEverything), then history, extension storage and IndexedDB through the background. */
  reset(): Promise<void>;
  /**
   * Runs `fn` (an async function's source, called with JSON arguments; it returns JSON) in Firefox's browser window
   * with chrome privileges, through WebDriver BiDi (allowed by --remote-allow-system-access). For set-up no extension
   * API offers: Firefox's own bookmarks.html importer, a whole tree inserted at once (tests/e2e/places-seed.ts).
   */
  chrome<T>(fn: string, ...args: unknown[]): Promise<T>;
  close(): Promise<void>;
}

/**
 * Kills the Firefox process this launch started (SIGKILL, as a crash or a power cut would end it; no other process)
 * and waits until it is gone, then lets puppeteer let go of it. The profile stays, for a launch on it again.
 */
export async function killFirefox(ff: Firefox): Promise<void> {
  const firefox = ff.browser.process();
  if (!firefox?.pid) throw new Error('killFirefox: this Firefox was not launched by the test');
  if (firefox.exitCode === null && firefox.signalCode === null) {
    const exited = new Promise((resolve) => firefox.once('exit', resolve));
    firefox.kill('SIGKILL');
    await exited;
  }
  await ff.close();
}

export async function navigate(page: Page, url: string): Promise<void> {
  // page.goto never resolves for moz-extension:// pages; navigate the BiDi browsing context instead.
  const frame = page.mainFrame() as unknown as {
    browsingContext: { navigate(url: string, wait: 'none' | 'interactive' | 'complete'): Promise<unknown> };
  };
  await frame.browsingContext.navigate(url, 'complete');
}

const BASE_PREFS = {
  'extensions.webextensions.uuids': JSON.stringify({ [GECKO_ID]: EXTENSION_UUID }),
  'browser.shell.checkDefaultBrowser': false,
  'datareporting.policy.dataSubmissionEnabled': false,
};

/**
 * Starts Firefox once on a new profile in a new temporary folder and closes it: the profile template of a test run
 * (PROFILE_TEMPLATE_ENV). Only the prefs every launch has are set, so no launch inherits another's (dark mode, an
 * idle timeout, a locale); puppeteer writes each launch's own prefs into the copy.
 */
export async function makeProfileTemplate(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'tidymarks-profile-template-'));
  try {
    const browser = await puppeteer.launch({ browser: 'firefox', executablePath: findFirefox(), headless: true, userDataDir: dir, extraPrefsFirefox: BASE_PREFS });
    await browser.close();
    return dir;
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

export async function launchFirefox(options: LaunchOptions = {}): Promise<Firefox> {
  const extensionDir = options.extensionDir ?? testDist;
  if (!existsSync(resolve(extensionDir, 'manifest.json'))) {
    throw new Error(`No built extension in ${extensionDir}: run "npm run build:test" first.`);
  }
  const downloadDir = mkdtempSync(join(tmpdir(), 'tidymarks-downloads-'));
  const template = process.env[PROFILE_TEMPLATE_ENV];
  // Without a userDataDir, this launch's own copy of the template (removed by close()); puppeteer makes and removes
  // a new profile itself when there is no template.
  const ownProfile = template && !options.userDataDir ? mkdtempSync(join(tmpdir(), 'tidymarks-profile-')) : undefined;
  const removeDownloads = () => {
    rmSync(downloadDir, { recursive: true, force: true });
    if (ownProfile) rmSync(ownProfile, { recursive: true, force: true });
  };
  const userDataDir = options.userDataDir ?? ownProfile;
  // A profile a test starts Firefox on again (a restart) gets the template without prefs.js and user.js, as a new
  // profile has none: puppeteer backs up those two at each launch and puts the backups back once the process exits,
  // so with them the second launch's own user.js (its prefs) could be replaced under it by the first launch's
  // late clean-up, and Firefox's own prefs of the first run would be rolled back before the second.
  const restartable = (src: string) => !options.userDataDir || !/[\\/](prefs|user)\.js$/.test(src);
  if (template && userDataDir && readdirSync(userDataDir).length === 0) cpSync(template, userDataDir, { recursive: true, filter: restartable });
  let browser: PBrowser;
  try {
    browser = await puppeteer.launch({
      browser: 'firefox',
      executablePath: findFirefox(),
      headless: options.headless ?? true,
      acceptInsecureCerts: options.acceptInsecureCerts,
      userDataDir,
      args: ['--remote-allow-system-access'],
      env: options.env ? { ...process.env, ...options.env } : undefined,
      extraPrefsFirefox: {
        ...BASE_PREFS,
        // Downloads (the export's bookmarks.html) land in this run's own folder, not in ~/Downloads.
        'browser.download.folderList': 2,
        'browser.download.dir': downloadDir,
        'browser.download.useDownloadDir': true,
        // puppeteer turns on the focus manager's test mode, in which a toolbar popup opened on a real display
        // never gets keyboard focus (typed keys stayed in the page until the popup was clicked). Real-key tests
        // need Firefox's own focus handling.
        ...(options.headless === false ? { 'focusmanager.testmode': false } : {}),
        ...options.prefs,
      },
    });
  } catch (error) {
    removeDownloads();
    throw error;
  }
  try {
    await browser.installExtension(extensionDir);
    for (const dir of options.extraExtensions ?? []) await browser.installExtension(dir);
  } catch (error) {
    await browser.close();
    removeDownloads();
    throw error;
  }
  let harnessPage: Page | null = null;

  const open = async (path: string) => {
    const page = await browser.newPage();
    await navigate(page, EXTENSION_ORIGIN + path.replace(/^\//, ''));
    return page;
  };

  const harness = async () => {
    if (harnessPage && !harnessPage.isClosed()) return harnessPage;
    harnessPage = await open('tests/harness/index.html');
    await harnessPage.waitForFunction(() => document.getElementById('status')?.textContent === 'ready');
    return harnessPage;
  };

  return {
    browser,
    downloadDir,
    open,
    harness,
    async reset() {
      const page = await harness();
      // Places empties the roots in one call (test.reset removes them one at a time: 11 s for 1,000 items in a root,
      // against half a second), then the background wipes history, storage and its own stores as before.
      await evaluateInChrome(
        browser,
        `async () => (await ChromeUtils.importESModule('resource://gre/modules/PlacesUtils.sys.mjs').PlacesUtils.bookmarks.eraseEverything(), null)`,
        [],
      );
      await page.evaluate(() => window.tm.client.call('test.reset', {}));
    },
    chrome: (fn, ...args) => evaluateInChrome(browser, fn, args),
    async close() {
      await browser.close().catch(() => undefined);
      removeDownloads();
    },
  };
}
