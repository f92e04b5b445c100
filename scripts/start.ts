#!/usr/bin/env node
// `npm start`: builds Tidymarks, makes a fresh demo profile (.profile-demo/, git-ignored) seeded with the generated
// duplicated collection (scripts/seed.mjs), and opens Firefox with the extension installed. Firefox imports the
// seed's bookmarks.html at start-up (prefs browser.places.importBookmarksHTML + browser.bookmarks.file). The script
// waits until the import is complete, gives the seed's tags to Tidymarks (extensions cannot read Firefox's own tags,
// so they go to Tidymarks' tag store through its `tags.add` request, as the options page would), opens Tidymarks'
// options page, and keeps running until you close Firefox. The Firefox it opens is a person's: puppeteer's
// automation prefs are cleared once it is up (scripts/demo/person-prefs.ts).
//
//   npm start                 build, seed, open Firefox on your display
//   npm start -- --check      the same on a display of its own (Xvfb + openbox), then checks what a person meets
//                             first (counts, the Duplicates page's summary, the real toolbar popup answering typed
//                             keys) and closes
//   npm start -- --no-build   reuse dist/ as it is
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import enMessages from '../_locales/en/messages.json' with { type: 'json' };
import { useCatalog } from '../src/i18n';
import { createClient, type Client } from '../src/app-protocol/client';
import { replyReader } from '../src/app-protocol/reply-forms';
import { findFirefox } from './find-firefox.mjs';
import { writeSeed } from './seed.mjs';
import { automationPrefsToClear, clearPrefs, readPref } from './demo/person-prefs';
import { pageTransport } from './demo/page-transport';
import { typeInToolbarPopup } from './demo/popup-check';
import { waitFor } from './demo/wait';
import { startXDisplay, type XDisplay } from './x-display';

const root = resolve(import.meta.dirname, '..');
const dist = join(root, 'dist');
const profileDir = join(root, '.profile-demo');
const EXTENSION_UUID = '7d1f0b6e-3c2a-4f59-8e71-5a9c0d4b2e68';
const GECKO_ID = (JSON.parse(readFileSync(join(root, 'manifest.json'), 'utf8')) as { browser_specific_settings: { gecko: { id: string } } }).browser_specific_settings
  .gecko.id;
const extensionUrl = (path: string) => `moz-extension://${EXTENSION_UUID}/${path}`;

const args = new Set(process.argv.slice(2));
for (const arg of args) {
  if (!['--check', '--no-build'].includes(arg)) {
    console.error(`Unknown argument "${arg}". Usage: npm start [-- --check] [-- --no-build]`);
    process.exit(2);
  }
}
const check = args.has('--check');

/** The word the check types into the popup, and a bookmark the seed always has that must be listed for it. */
const POPUP_QUERY = 'hacker';
const POPUP_EXPECTED = 'Hacker News';

// The client's error texts (a failed request) in English: Node has no browser.i18n.
useCatalog(enMessages);

function build() {
  console.log('Building Tidymarks (npm run build)…');
  execFileSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
}

/** Navigates a tab to an extension page (page.goto never resolves for moz-extension:// in Firefox over BiDi). */
async function openExtensionPage(page: Page, path: string): Promise<void> {
  const frame = page.mainFrame() as unknown as { browsingContext: { navigate(url: string, wait: 'complete'): Promise<unknown> } };
  await frame.browsingContext.navigate(extensionUrl(path), 'complete');
}

interface Counts {
  bookmarks: number;
  folders: number;
  separators: number;
  rootChildren: Record<string, number>;
}

interface TreeNode {
  type?: string;
  children?: TreeNode[];
}
declare const browser: {
  bookmarks: {
    getChildren(id: string): Promise<unknown[]>;
    getTree(): Promise<TreeNode[]>;
    search(query: { url: string }): Promise<{ url?: string }[]>;
  };
};

/** Counts bookmarks, folders and separators from inside an extension page. */
function countFromPage(page: Page): Promise<Counts> {
  return page.evaluate(async () => {
    const counts: Counts = { bookmarks: 0, folders: 0, separators: 0, rootChildren: {} };
    for (const [name, id] of [
      ['menu', 'menu________'],
      ['toolbar', 'toolbar_____'],
      ['unfiled', 'unfiled_____'],
    ] as const) {
      counts.rootChildren[name] = (await browser.bookmarks.getChildren(id)).length;
    }
    const stack = await browser.bookmarks.getTree();
    while (stack.length) {
      const node = stack.pop()!;
      if (node.type === 'separator') counts.separators++;
      else if (node.type === 'folder') {
        counts.folders++;
        stack.push(...(node.children ?? []));
      } else counts.bookmarks++;
    }
    return counts;
  });
}

function waitForImport(page: Page, expectedBookmarks: number): Promise<Counts> {
  return waitFor(`Firefox to import the ${expectedBookmarks} demo bookmarks`, 120_000, async () => {
    const counts = await countFromPage(page);
    return counts.bookmarks >= expectedBookmarks ? counts : undefined;
  });
}

/** Gives Tidymarks the seed's tags (per URL, as Firefox's importer gave them to Firefox's own tagging service). */
async function importTags(client: Client, tags: readonly { tag: string; urls: string[] }[]) {
  for (const { tag, urls } of tags) await client.call('tags.add', { urls, tags: [tag] });
  return client.call('tags.list', {});
}

/** The text of the element `selector` in the page, once it starts with a figure (not "Counting…" or "Scanning…"). */
function countedText(page: Page, selector: string): Promise<string> {
  return waitFor(`a figure in "${selector}" on ${page.url()}`, 60_000, () =>
    page.evaluate((s) => {
      const text = document.querySelector(s)?.textContent?.trim() ?? '';
      return /^\d/.test(text) ? text : undefined;
    }, selector),
  );
}

const number = (n: number) => n.toLocaleString('en');
const plural = (n: number, one: string, other: string) => `${number(n)} ${n === 1 ? one : other}`;

async function main() {
  const firefox = findFirefox();
  if (!check && process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    throw new Error(
      'npm start opens a Firefox window, but no display was found (DISPLAY and WAYLAND_DISPLAY are unset). Run it in a desktop session, or run "npm start -- --check" for a check of the same steps on a display of its own.',
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

  // The check runs on a display of its own, headful: the toolbar popup it types into is the real one.
  const x: XDisplay | null = check ? await startXDisplay() : null;
  const ownPrefs = {
    'browser.places.importBookmarksHTML': true,
    'browser.bookmarks.file': seedFile,
    'extensions.webextensions.uuids': JSON.stringify({ [GECKO_ID]: EXTENSION_UUID }),
    'browser.toolbars.bookmarks.visibility': 'always',
    'browser.shell.checkDefaultBrowser': false,
    'browser.aboutwelcome.enabled': false,
    'browser.startup.homepage_override.mstone': 'ignore',
    'datareporting.policy.dataSubmissionEnabled': false,
    // Firefox's own notifications, not the desktop's (a display of its own has no notification daemon).
    ...(x ? { 'alerts.useSystemBackend': false } : {}),
  };
  const ff = await puppeteer
    .launch({
      browser: 'firefox',
      executablePath: firefox,
      headless: false,
      userDataDir: profileDir,
      defaultViewport: null,
      env: x ? { ...process.env, ...x.env } : undefined,
      // Lets the script open the extension's own pages (moz-extension://) and clear puppeteer's prefs.
      args: ['--remote-allow-system-access'],
      extraPrefsFirefox: ownPrefs,
    })
    .catch(async (error: unknown) => {
      await x?.stop();
      throw error;
    });
  let closedByUser = false;
  ff.on('disconnected', () => {
    closedByUser = true;
  });
  try {
    const leftOver = await clearPrefs(ff, automationPrefsToClear(profileDir, ownPrefs));
    if (leftOver.length) throw new Error(`Firefox kept automation prefs: ${leftOver.join(', ')}`);
    await ff.installExtension(dist);
    const options = (await ff.pages())[0] ?? (await ff.newPage());
    await openExtensionPage(options, 'options/index.html');
    const client = createClient(pageTransport(options), replyReader);
    const counts = await waitForImport(options, stats.bookmarks);
    console.log(`Firefox imported ${counts.bookmarks} bookmarks and ${counts.folders - 5} folders (plus the 5 roots).`);
    await waitFor("Tidymarks' background to answer", 30_000, () => client.call('tags.list', {}));
    const tagCounts = await importTags(client, tags);
    console.log(`Tidymarks has ${tagCounts.length} tags: ${tagCounts.map((t) => `${t.tag} (${t.count})`).join(', ')}.`);
    // A summary only: the demo still opens if the scan fails (except in --check, which must prove it works).
    const totals = await client.startJob('dedup.scan', {}).result.then(
      (scan) => ({ ...scan.totals, copiesOfFolderSets: scan.folderSets.map((set) => set.members.length) }),
      (error: unknown) => {
        if (check) throw error;
        console.warn(`(Could not run the duplicate scan for a summary: ${error instanceof Error ? error.message : String(error)})`);
        return null;
      },
    );
    if (totals) {
      console.log(
        `Tidymarks' scan finds ${totals.duplicateGroups} pages with copies (${totals.redundantCopies} copies too many), ` +
          `${totals.folderSets} copied folders (found more than once) and ${totals.emptyFolders} empty folders.`,
      );
    }
    if (check && totals) {
      await checkDemo(ff, options, x!, { counts, stats, tags, tagCounts, totals });
      console.log('Check passed.');
      return;
    }
    await openExtensionPage(options, 'options/index.html');
    console.log('Tidymarks is installed (as a temporary add-on) with the demo collection. Close Firefox to end.');
    await new Promise<void>((done) => {
      if (closedByUser) done();
      ff.on('disconnected', () => done());
    });
  } finally {
    if (!closedByUser) await ff.close().catch(() => undefined);
    await x?.stop();
  }
}

type Seed = ReturnType<typeof writeSeed>;
interface Seen {
  counts: Counts;
  stats: Seed['stats'];
  tags: Seed['tags'];
  tagCounts: Awaited<ReturnType<typeof importTags>>;
  totals: { bookmarks: number; duplicateGroups: number; folderSets: number; emptyFolders: number; copiesOfFolderSets: number[] };
}

/** `--check`: what a person meets first, compared with what the seed put in. */
async function checkDemo(ff: Browser, options: Page, x: XDisplay, seen: Seen): Promise<void> {
  const { counts, stats, tags, tagCounts, totals } = seen;
  const focusTestMode = await readPref(ff, 'focusmanager.testmode');
  if (focusTestMode !== false) throw new Error(`focusmanager.testmode is ${String(focusTestMode)}: the popup would not get the keyboard.`);
  if (counts.bookmarks !== stats.bookmarks) throw new Error(`Expected ${stats.bookmarks} bookmarks, Firefox has ${counts.bookmarks}.`);
  if (JSON.stringify(counts.rootChildren) !== JSON.stringify(stats.rootChildren)) {
    throw new Error(`Expected root folders to hold ${JSON.stringify(stats.rootChildren)}, Firefox has ${JSON.stringify(counts.rootChildren)}.`);
  }
  const expectedTags = tags.map((t) => `${t.tag}:${t.urls.length}`).join(',');
  const actualTags = tagCounts.map((t) => `${t.tag}:${t.count}`).join(',');
  if (expectedTags !== actualTags) throw new Error(`Expected tags ${expectedTags}, Tidymarks has ${actualTags}.`);
  const taggedUrls = [...new Set(tags.flatMap((t) => t.urls))];
  const missing = await options.evaluate(async (urls) => {
    const out: string[] = [];
    for (const url of urls) if (!(await browser.bookmarks.search({ url })).some((b) => b.url === url)) out.push(url);
    return out;
  }, taggedUrls);
  if (missing.length) throw new Error(`Tagged URLs Firefox stored differently: ${missing.slice(0, 3).join(', ')}`);
  if (totals.duplicateGroups < 20 || totals.folderSets < 1 || totals.emptyFolders < 2) throw new Error('The seed gives the cleanup too little to do.');

  // The options page as a person opens it: the header's count and the Duplicates page's summary line.
  await openExtensionPage(options, 'options/index.html#duplicates');
  const header = await countedText(options, '[data-testid="bookmark-count"]');
  const expectedHeader = plural(stats.bookmarks, 'bookmark', 'bookmarks');
  if (!header.startsWith(expectedHeader)) throw new Error(`The options page's header says "${header}", expected "${expectedHeader}".`);
  const summary = await countedText(options, '[data-testid="summary-groups"]');
  const expectedSummary = `${plural(totals.duplicateGroups, 'duplicate group', 'duplicate groups')} among ${plural(stats.bookmarks, 'bookmark', 'bookmarks')}`;
  if (summary !== expectedSummary) throw new Error(`The Duplicates page says "${summary}", expected "${expectedSummary}".`);
  // The copied folders' line: the demo has one folder found in several places, all but one of its copies go.
  const folders = await countedText(options, '[data-testid="summary-folders"]');
  const [times] = totals.copiesOfFolderSets;
  const expectedFolders = new RegExp(`^1 folder found ${times} times: ${times! - 1} copies \\(\\d+ bookmarks inside\\) go$`);
  if (totals.copiesOfFolderSets.length !== 1 || !expectedFolders.test(folders)) {
    throw new Error(`The Duplicates page says "${folders}" of the copied folders, expected ${String(expectedFolders)}.`);
  }
  console.log(`Options page: "${header}"; Duplicates: "${summary}", "${folders}".`);

  // The real toolbar popup, opened by its key and answering keys typed through the X server.
  const listed = await typeInToolbarPopup(x, options, POPUP_QUERY);
  if (!listed.includes(POPUP_EXPECTED)) throw new Error(`The toolbar popup lists ${JSON.stringify(listed)} for "${POPUP_QUERY}", without "${POPUP_EXPECTED}".`);
  console.log(`Toolbar popup: typed "${POPUP_QUERY}", it lists ${listed.length} (${listed.slice(0, 3).join(', ')}${listed.length > 3 ? ', …' : ''}).`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
