/**
 * Real Firefox for end-to-end tests: launches Firefox ESR headless through puppeteer-core (WebDriver BiDi),
 * installs the test build (dist-test) as a temporary add-on with a fixed moz-extension UUID, opens extension
 * pages, resets state between tests and always closes Firefox.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import puppeteer, { type Browser as PBrowser, type Page } from 'puppeteer-core';
import { findFirefox } from '../../scripts/find-firefox.mjs';

export const repoRoot = resolve(import.meta.dirname, '../..');
export const testDist = resolve(process.env.TIDYMARKS_TEST_DIST ?? resolve(repoRoot, 'dist-test'));
export const EXTENSION_UUID = '5b6a2f0e-7c1d-4e8a-9f3b-2d4c6e8a0b1c';
export const GECKO_ID: string = JSON.parse(readFileSync(resolve(repoRoot, 'manifest.json'), 'utf8'))
  .browser_specific_settings.gecko.id;
export const EXTENSION_ORIGIN = `moz-extension://${EXTENSION_UUID}/`;

export interface LaunchOptions {
  /** Extra Firefox prefs, e.g. {'extensions.background.idle.timeout': 1000}. */
  prefs?: Record<string, string | number | boolean>;
  /** Reuse a profile directory (for restart tests). */
  userDataDir?: string;
  /** The unpacked extension to install; defaults to dist-test. */
  extensionDir?: string;
  headless?: boolean;
}

export interface Firefox {
  browser: PBrowser;
  /** Opens an extension page (path relative to the extension root) in a new tab and waits for it to load. */
  open(path: string): Promise<Page>;
  /** The harness page (tests/harness), opened once and reused. */
  harness(): Promise<Page>;
  /** Wipes bookmarks, history, extension storage and IndexedDB through the background. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

export async function navigate(page: Page, url: string): Promise<void> {
  // page.goto never resolves for moz-extension:// pages; navigate the BiDi browsing context instead.
  const frame = page.mainFrame() as unknown as {
    browsingContext: { navigate(url: string, wait: 'none' | 'interactive' | 'complete'): Promise<unknown> };
  };
  await frame.browsingContext.navigate(url, 'complete');
}

export async function launchFirefox(options: LaunchOptions = {}): Promise<Firefox> {
  const extensionDir = options.extensionDir ?? testDist;
  if (!existsSync(resolve(extensionDir, 'manifest.json'))) {
    throw new Error(`No built extension in ${extensionDir}: run "npm run build:test" first.`);
  }
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: findFirefox(),
    headless: options.headless ?? true,
    userDataDir: options.userDataDir,
    args: ['--remote-allow-system-access'],
    extraPrefsFirefox: {
      'extensions.webextensions.uuids': JSON.stringify({ [GECKO_ID]: EXTENSION_UUID }),
      'browser.shell.checkDefaultBrowser': false,
      'datareporting.policy.dataSubmissionEnabled': false,
      ...options.prefs,
    },
  });
  try {
    await browser.installExtension(extensionDir);
  } catch (error) {
    await browser.close();
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
    open,
    harness,
    async reset() {
      const page = await harness();
      await page.evaluate(() => window.tm.client.call('test.reset', {}));
    },
    async close() {
      await browser.close().catch(() => undefined);
    },
  };
}
