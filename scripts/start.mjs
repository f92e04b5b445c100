#!/usr/bin/env node
// `npm start`: builds Tidymarks, makes a fresh demo profile (.profile-demo/, git-ignored) seeded with the generated
// duplicated collection (scripts/seed.mjs), and opens Firefox headed with the extension installed. Firefox imports
// the seed's bookmarks.html at start-up (prefs browser.places.importBookmarksHTML + browser.bookmarks.file). The
// script waits until the import is complete, gives the seed's tags to Tidymarks (extensions cannot read Firefox's
// own tags, so they go to Tidymarks' tag store through its `tags.add` request, as the options page would), opens
// Tidymarks' options page, and keeps running until you close Firefox.
//
//   npm start                 build, seed, open Firefox
//   npm start -- --check      the same, headless: prints the imported counts and closes (a quick self-test)
//   npm start -- --no-build   reuse dist/ as it is
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import puppeteer from 'puppeteer-core';
import { findFirefox } from './find-firefox.mjs';
import { writeSeed } from './seed.mjs';

const root = resolve(import.meta.dirname, '..');
const dist = join(root, 'dist');
const profileDir = join(root, '.profile-demo');
const EXTENSION_UUID = '7d1f0b6e-3c2a-4f59-8e71-5a9c0d4b2e68';
const GECKO_ID = JSON.parse(readFileSync(join(root, 'manifest.json'), 'utf8')).browser_specific_settings.gecko.id;
const extensionUrl = (path) => `moz-extension://${EXTENSION_UUID}/${path}`;

const args = new Set(process.argv.slice(2));
for (const arg of args) {
  if (!['--check', '--no-build'].includes(arg)) {
    console.error(`Unknown argument "${arg}". Usage: npm start [-- --check] [-- --no-build]`);
    process.exit(2);
  }
}
const check = args.has('--check');

function build() {
  console.log('Building Tidymarks (npm run build)…');
  execFileSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
}

/** Navigates a tab to an extension page (page.goto never resolves for moz-extension:// in Firefox over BiDi). */
async function openExtensionPage(page, path) {
  await page.mainFrame().browsingContext.navigate(extensionUrl(path), 'complete');
}

/** Counts bookmarks, folders and separators from inside an extension page. */
function countFromPage(page) {
  return page.evaluate(async () => {
    const counts = { bookmarks: 0, folders: 0, separators: 0, rootChildren: {} };
    for (const [name, id] of [
      ['menu', 'menu________'],
      ['toolbar', 'toolbar_____'],
      ['unfiled', 'unfiled_____'],
    ]) {
      counts.rootChildren[name] = (await browser.bookmarks.getChildren(id)).length;
    }
    const stack = await browser.bookmarks.getTree();
    while (stack.length) {
      const node = stack.pop();
      if (node.type === 'separator') counts.separators++;
      else if (node.type === 'folder') {
        counts.folders++;
        stack.push(...(node.children ?? []));
      } else counts.bookmarks++;
    }
    return counts;
  });
}

async function waitForImport(page, expectedBookmarks) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const counts = await countFromPage(page);
    if (counts.bookmarks >= expectedBookmarks) return counts;
    if (Date.now() > deadline) throw new Error(`The seed import stalled at ${counts.bookmarks} of ${expectedBookmarks} bookmarks.`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Sends one Tidymarks request from an extension page, as the options page does; retries while the background starts. */
async function callFromPage(page, type, input) {
  for (let attempt = 0; ; attempt++) {
    const reply = await page.evaluate(
      (t, i) => browser.runtime.sendMessage({ channel: 'tidymarks', type: t, input: i }).catch((e) => ({ ok: false, error: { message: String(e?.message ?? e) } })),
      type,
      input,
    );
    if (reply?.ok) return reply.value;
    if (attempt >= 20) throw new Error(`${type} failed: ${reply?.error?.message ?? 'no reply'}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Runs a Tidymarks job over a port from an extension page, as the options page does, and returns its result. */
function runJobFromPage(page, kind, input) {
  return page.evaluate(
    (k, i) =>
      new Promise((resolve, reject) => {
        const port = browser.runtime.connect({ name: 'tidymarks-job' });
        port.onMessage.addListener((message) => {
          if (message.op === 'done') resolve(message.value);
          else if (message.op === 'error') reject(new Error(message.error?.message ?? 'job failed'));
          if (message.op !== 'progress') port.disconnect();
        });
        port.onDisconnect.addListener(() => reject(new Error('The background closed the job.')));
        port.postMessage({ op: 'start', kind: k, input: i });
      }),
    kind,
    input,
  );
}

/** Gives Tidymarks the seed's tags (per URL, as Firefox's importer gave them to Firefox's own tagging service). */
async function importTags(page, tags) {
  for (const { tag, urls } of tags) await callFromPage(page, 'tags.add', { urls, tags: [tag] });
  return callFromPage(page, 'tags.list', {});
}

async function main() {
  const firefox = findFirefox();
  if (!check && process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    throw new Error(
      'npm start opens a Firefox window, but no display was found (DISPLAY and WAYLAND_DISPLAY are unset). Run it in a desktop session, or run "npm start -- --check" for a headless check of the same steps.',
    );
  }
  if (!args.has('--no-build')) build();
  if (!existsSync(join(dist, 'manifest.json'))) throw new Error('dist/ has no manifest.json: run "npm run build" first.');

  rmSync(profileDir, { recursive: true, force: true });
  mkdirSync(profileDir, { recursive: true });
  const { file: seedFile, stats, tags } = writeSeed(join(profileDir, 'tidymarks-demo-bookmarks.html'));
  console.log(
    `Seed: ${stats.bookmarks} bookmarks (${stats.distinctUrls} distinct URLs, a page in ${stats.mostCopies} places), ${stats.folders} folders, ${stats.tagged} tagged.`,
  );

  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: firefox,
    headless: check,
    userDataDir: profileDir,
    defaultViewport: null,
    // Lets the script open the extension's own pages (moz-extension://) to wait for the import.
    args: ['--remote-allow-system-access'],
    extraPrefsFirefox: {
      'browser.places.importBookmarksHTML': true,
      'browser.bookmarks.file': seedFile,
      'extensions.webextensions.uuids': JSON.stringify({ [GECKO_ID]: EXTENSION_UUID }),
      'browser.toolbars.bookmarks.visibility': 'always',
      'browser.shell.checkDefaultBrowser': false,
      'browser.aboutwelcome.enabled': false,
      'browser.startup.homepage_override.mstone': 'ignore',
      'datareporting.policy.dataSubmissionEnabled': false,
    },
  });
  let closedByUser = false;
  browser.on('disconnected', () => {
    closedByUser = true;
  });
  try {
    await browser.installExtension(dist);
    const [page] = await browser.pages();
    await openExtensionPage(page ?? (await browser.newPage()), 'options/index.html');
    const options = page ?? (await browser.pages())[0];
    const counts = await waitForImport(options, stats.bookmarks);
    console.log(`Firefox imported ${counts.bookmarks} bookmarks and ${counts.folders - 5} folders (plus the 5 roots).`);
    const tagCounts = await importTags(options, tags);
    console.log(`Tidymarks has ${tagCounts.length} tags: ${tagCounts.map((t) => `${t.tag} (${t.count})`).join(', ')}.`);
    // A summary only: the demo still opens if the scan fails (except in --check, which must prove it works).
    const totals = await runJobFromPage(options, 'dedup.scan', {}).then(
      (result) => result.totals,
      (error) => {
        if (check) throw error;
        console.warn(`(Could not run the duplicate scan for a summary: ${error.message})`);
        return null;
      },
    );
    if (totals) {
      console.log(
        `Tidymarks' scan finds ${totals.duplicateGroups} pages with copies (${totals.redundantCopies} copies too many), ` +
          `${totals.folderSets} copied folders (found more than once) and ${totals.emptyFolders} empty folders.`,
      );
    }
    if (check) {
      if (totals.duplicateGroups < 20 || totals.folderSets < 1 || totals.emptyFolders < 2) throw new Error('The seed gives the cleanup too little to do.');
      const expected = tags.map((t) => `${t.tag}:${t.urls.length}`).join(',');
      const actual = tagCounts.map((t) => `${t.tag}:${t.count}`).join(',');
      if (expected !== actual) throw new Error(`Expected tags ${expected}, Tidymarks has ${actual}.`);
      const taggedUrls = [...new Set(tags.flatMap((t) => t.urls))];
      const missing = await options.evaluate(async (urls) => {
        const out = [];
        for (const url of urls) if (!(await browser.bookmarks.search({ url })).some((b) => b.url === url)) out.push(url);
        return out;
      }, taggedUrls);
      if (missing.length) throw new Error(`Tagged URLs Firefox stored differently: ${missing.slice(0, 3).join(', ')}`);
      if (counts.bookmarks !== stats.bookmarks) throw new Error(`Expected ${stats.bookmarks} bookmarks, Firefox has ${counts.bookmarks}.`);
      if (JSON.stringify(counts.rootChildren) !== JSON.stringify(stats.rootChildren)) {
        throw new Error(`Expected root folders to hold ${JSON.stringify(stats.rootChildren)}, Firefox has ${JSON.stringify(counts.rootChildren)}.`);
      }
      console.log('Check passed.');
      return;
    }
    await openExtensionPage(options, 'options/index.html');
    console.log('Tidymarks is installed (as a temporary add-on) with the demo collection. Close Firefox to end.');
    await new Promise((done) => {
      if (closedByUser) done();
      browser.on('disconnected', done);
    });
  } finally {
    if (!closedByUser) await browser.close().catch(() => undefined);
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
