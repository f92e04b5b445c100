/**
 * Firefox profiles for benchmarks. A seeded profile is built once per seed content (Firefox imports the
 * bookmarks.html at start-up) and cached under bench/.work/profiles; every launch gets a fresh copy of it, so each
 * benchmark starts from the same tree.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { launchFirefox, type Firefox } from '../../tests/e2e/firefox';
import type { FirefoxBenchOptions } from './types';

const workDir = resolve(import.meta.dirname, '../.work');

async function countBookmarks(ff: Firefox): Promise<number> {
  const page = await ff.harness();
  const counts = await page.evaluate(() => window.tm.client.call('core.countBookmarks', {}));
  return counts.bookmarks;
}

async function buildSeededProfile(html: string, count: number, dir: string, log: (m: string) => void) {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, '..', `${createHash('sha1').update(html).digest('hex')}.html`);
  writeFileSync(file, html);
  log(`building a seeded profile with ${count} bookmarks (once; cached in bench/.work)`);
  const ff = await launchFirefox({
    userDataDir: dir,
    prefs: { 'browser.places.importBookmarksHTML': true, 'browser.bookmarks.file': file },
  });
  try {
    // Firefox imports about 500 bookmarks a second here; a 100k seed takes minutes.
    const deadline = Date.now() + Math.max(300_000, count * 6);
    let seen = 0;
    // A request can fail while Firefox is busy importing; the count is asked again a second later.
    while ((seen = await countBookmarks(ff).catch(() => seen)) < count) {
      if (Date.now() > deadline) throw new Error(`seed import stalled at ${seen}/${count} bookmarks`);
      await new Promise((r) => setTimeout(r, 1000));
    }
  } finally {
    await ff.close();
  }
  writeFileSync(join(dir, '.tidymarks-complete'), String(count));
}

export async function launchBenchFirefox(options: FirefoxBenchOptions, log: (m: string) => void) {
  let userDataDir: string | undefined;
  if (options.seedHtml) {
    const key = createHash('sha1').update(options.seedHtml).digest('hex').slice(0, 16);
    const cached = join(workDir, 'profiles', key);
    if (!existsSync(join(cached, '.tidymarks-complete'))) {
      rmSync(cached, { recursive: true, force: true });
      await buildSeededProfile(options.seedHtml, options.seedCount ?? 1, cached, log);
    }
    userDataDir = mkdtempSync(join(tmpdir(), 'tidymarks-bench-'));
    cpSync(cached, userDataDir, { recursive: true });
  }
  const ff = await launchFirefox({
    userDataDir,
    extensionDir: options.extensionDir,
    extraExtensions: options.extraExtensions,
    acceptInsecureCerts: options.acceptInsecureCerts,
    headless: options.headless,
    env: options.env,
    prefs: { 'browser.places.importBookmarksHTML': false, ...options.prefs },
  });
  const close = ff.close;
  ff.close = async () => {
    await close();
    if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
  };
  return ff;
}
