#!/usr/bin/env node
// Generates the demo collection `npm start` opens: a realistic bookmarks tree multiplied the way sync and
// re-imports multiply real ones, written as a Firefox bookmarks.html (Netscape format, which Firefox imports at
// start-up and Tidymarks' options page imports with tags). Deterministic: the same seed gives the same file.
//
//   node scripts/seed.mjs [--out <file>] [--seed <n>]     (without --out: the HTML goes to stdout, counts to stderr)
//
// What the collection holds (see describeCollection for the counts it prints):
//   - one page (MDN's JavaScript reference) copied into many folders;
//   - near-identical URL variants of real pages: http/https, trailing slash, tracking parameters (utm_*, fbclid,
//     gclid), an empty fragment, index.html, www, a #fragment. (Not host case or a default port: Firefox
//     normalizes those when it stores a URL, so they would arrive as exact copies.)
//   - a whole folder ("Dev") copied twice into Other Bookmarks, as two syncs of an old laptop left it;
//   - empty folders, a separator, and TAGS on some bookmarks (copies of a page sometimes carry different tags);
//   - a few hundred items in all.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRng } from './prng.mjs';

export const DEFAULT_SEED = 20261203;

const slug = (text) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

// ---------------------------------------------------------------------------------------------------------------
// Page catalogues: real sites, generated paths.

const JS_GLOBALS = ['Array', 'Map', 'Set', 'Promise', 'Object', 'String', 'JSON', 'Intl', 'Proxy', 'WeakMap', 'Symbol', 'Date', 'RegExp', 'Math'];
const WEB_APIS = ['Fetch_API', 'IndexedDB_API', 'Web_Workers_API', 'Service_Worker_API', 'Canvas_API', 'WebSockets_API', 'Streams_API', 'Web_Components'];
const RUST_MODULES = ['collections', 'iter', 'sync', 'fs', 'io', 'thread', 'fmt', 'option', 'result', 'string'];
const PY_MODULES = ['asyncio', 'itertools', 'functools', 'pathlib', 'dataclasses', 'typing', 'collections', 're', 'json', 'sqlite3'];
const REPOS = [
  ['mozilla', 'pdf.js'],
  ['mozilla', 'web-ext'],
  ['preactjs', 'preact'],
  ['vitejs', 'vite'],
  ['vitest-dev', 'vitest'],
  ['rust-lang', 'rust'],
  ['tokio-rs', 'tokio'],
  ['python', 'cpython'],
  ['microsoft', 'TypeScript'],
  ['puppeteer', 'puppeteer'],
  ['jakearchibald', 'idb'],
  ['fabian-hiller', 'valibot'],
  ['dubzzz', 'fast-check'],
  ['sveltejs', 'svelte'],
  ['denoland', 'deno'],
];
const WIKI = [
  'Hash_table',
  'B-tree',
  'Bloom_filter',
  'Levenshtein_distance',
  'Unicode_equivalence',
  'URL_normalization',
  'Netscape_Navigator',
  'Mozilla_Firefox',
  'Trie',
  'Skip_list',
  'Merkle_tree',
  'CRDT',
];
const DISHES = [
  'Shakshuka',
  'Pad Thai',
  'Mushroom Risotto',
  'Chana Masala',
  'Sourdough Bread',
  'Ramen Broth',
  'Lemon Tart',
  'Paella',
  'Pho',
  'Banana Bread',
  'Falafel',
  'Tiramisu',
];
const PLACES = [
  ['portugal', 'lisbon'],
  ['japan', 'kyoto'],
  ['italy', 'bologna'],
  ['mexico', 'oaxaca'],
  ['norway', 'bergen'],
  ['vietnam', 'hanoi'],
  ['morocco', 'fes'],
  ['chile', 'valparaiso'],
];
const HEADLINES = [
  'Why sync keeps duplicating your bookmarks',
  'The quiet return of RSS readers',
  'A field guide to URL tracking parameters',
  'What event pages mean for extension authors',
  'How browsers store history',
  'The case for fewer tabs',
  'Inside the Places database',
  'Designing undo for destructive actions',
  'Keyboard shortcuts nobody knows',
  'Search as you type, explained',
  'Local-first software in practice',
  'When to normalize a URL',
];
const QUESTIONS = [
  [11227809, 'Why is processing a sorted array faster than processing an unsorted array'],
  [1732348, 'RegEx match open tags except XHTML self-contained tags'],
  [927358, 'How do I undo the most recent local commits in Git'],
  [111102, 'How do JavaScript closures work'],
  [5585779, 'How do I convert a String to an int in Java'],
  [2003505, 'How do I delete a Git branch locally and remotely'],
  [231767, 'What does the yield keyword do in Python'],
  [503093, 'How do I redirect to another webpage'],
];

function devPages(rng) {
  const mdn = (path, title) => ({ url: `https://developer.mozilla.org/en-US/docs/${path}`, title });
  return {
    javascript: rng.sample(JS_GLOBALS, 10).map((g) => mdn(`Web/JavaScript/Reference/Global_Objects/${g}`, `${g} - JavaScript | MDN`)),
    webApis: rng.sample(WEB_APIS, 6).map((a) => mdn(`Web/API/${a}`, `${a.replace(/_/g, ' ')} - Web APIs | MDN`)),
    rust: rng.sample(RUST_MODULES, 7).map((m) => ({ url: `https://doc.rust-lang.org/std/${m}/index.html`, title: `std::${m} - Rust` })),
    python: rng.sample(PY_MODULES, 7).map((m) => ({ url: `https://docs.python.org/3/library/${m}.html`, title: `${m} — Python 3 documentation` })),
    repos: rng.sample(REPOS, 10).map(([o, r]) => ({ url: `https://github.com/${o}/${r}`, title: `GitHub - ${o}/${r}` })),
    answers: rng.sample(QUESTIONS, 6).map(([id, q]) => ({ url: `https://stackoverflow.com/questions/${id}/${slug(q)}`, title: `${q} - Stack Overflow` })),
  };
}

function readingPages(rng) {
  const outlets = ['www.theguardian.com/technology', 'arstechnica.com/gadgets', 'www.wired.com/story', 'lwn.net/Articles', 'hacks.mozilla.org'];
  return HEADLINES.map((h) => {
    const outlet = rng.pick(outlets);
    const y = rng.int(2019, 2025);
    const m = String(rng.int(1, 12)).padStart(2, '0');
    return { url: `https://${outlet}/${y}/${m}/${slug(h)}`, title: h };
  });
}

function recipePages(rng) {
  const sites = ['www.seriouseats.com', 'www.bbcgoodfood.com/recipes', 'cooking.nytimes.com/recipes', 'www.budgetbytes.com'];
  return DISHES.map((d) => ({ url: `https://${rng.pick(sites)}/${slug(d)}-recipe`, title: `${d} Recipe` }));
}

function travelPages(rng) {
  return PLACES.flatMap(([country, city]) => [
    { url: `https://www.lonelyplanet.com/${country}/${city}`, title: `${city[0].toUpperCase()}${city.slice(1)} travel guide - Lonely Planet` },
    ...(rng.chance(0.6) ? [{ url: `https://en.wikivoyage.org/wiki/${city[0].toUpperCase()}${city.slice(1)}`, title: `${city} – Travel guide at Wikivoyage` }] : []),
  ]);
}

function wikiPages() {
  return WIKI.map((w) => ({ url: `https://en.wikipedia.org/wiki/${w}`, title: `${w.replace(/_/g, ' ')} - Wikipedia` }));
}

// ---------------------------------------------------------------------------------------------------------------
// Variants: the ways one page gets saved under a slightly different URL. Safe rules fold all but http, www and
// namedFragment, which only the opt-in matching rules fold.

export const VARIANTS = {
  http: (u) => u.replace(/^https:/, 'http:'),
  trailingSlash: (u) => {
    const url = new URL(u);
    url.pathname = url.pathname.endsWith('/') ? url.pathname.slice(0, -1) || '/' : `${url.pathname}/`;
    return url.href;
  },
  utm: (u) => `${u}${u.includes('?') ? '&' : '?'}utm_source=newsletter&utm_medium=email&utm_campaign=weekly`,
  fbclid: (u) => `${u}${u.includes('?') ? '&' : '?'}fbclid=IwAR2x${Math.abs(hash(u)).toString(36)}`,
  gclid: (u) => `${u}${u.includes('?') ? '&' : '?'}gclid=Cj0KCQ${Math.abs(hash(u + 'g')).toString(36)}`,
  emptyFragment: (u) => `${u}#`,
  indexPage: (u) => (u.endsWith('/') ? `${u}index.html` : `${u}/index.html`),
  namedFragment: (u) => `${u}#top`,
  www: (u) => u.replace(/^(https?:\/\/)(?!www\.)/, '$1www.'),
};

function hash(text) {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0;
  return h;
}

// ---------------------------------------------------------------------------------------------------------------
// The tree.

const TAGS_BY_TOPIC = {
  dev: ['dev', 'reference', 'to-read', 'work'],
  rust: ['rust', 'dev', 'learning'],
  python: ['python', 'dev', 'work'],
  reading: ['to-read', 'longform', 'tech'],
  recipes: ['recipe', 'dinner', 'weekend', 'vegetarian'],
  travel: ['travel', 'summer', 'ideas'],
  wiki: ['reference', 'cs', 'to-read'],
};

/** Some bookmarks get one to three tags of their topic. */
function tagged(rng, topic, page, probability = 0.3) {
  if (!rng.chance(probability)) return { ...page };
  return { ...page, tags: rng.sample(TAGS_BY_TOPIC[topic], rng.int(1, 3)) };
}

const folder = (title, children = [], extra = {}) => ({ kind: 'folder', title, children, ...extra });
const separator = () => ({ kind: 'separator' });
const bookmark = (page) => ({ kind: 'bookmark', ...page });

/** A deep copy of a subtree (a folder copied by sync is identical, tags included). */
const copyTree = (node) => structuredClone(node);

export function generateCollection(seed = DEFAULT_SEED) {
  const rng = createRng(seed);
  const dev = devPages(rng);
  const reading = readingPages(rng);
  const recipes = recipePages(rng);
  const travel = travelPages(rng);
  const wiki = wikiPages();
  const everyPage = [...Object.values(dev).flat(), ...reading, ...recipes, ...travel, ...wiki];

  const marks = (topic, pages, p) => pages.map((page) => bookmark(tagged(rng, topic, page, p)));

  // The Dev folder, later copied twice.
  const devFolder = folder('Dev', [
    folder('JavaScript', marks('dev', dev.javascript)),
    folder('Web APIs', marks('dev', dev.webApis)),
    folder('Rust', marks('rust', dev.rust)),
    folder('Python', marks('python', dev.python)),
    folder('Repositories', marks('dev', dev.repos, 0.2)),
    folder('Answers', marks('dev', dev.answers, 0.1)),
  ]);

  const menu = [
    devFolder,
    folder('Reading', [folder('Articles', marks('reading', reading, 0.5)), folder('Wikipedia', marks('wiki', wiki))]),
    folder('Recipes', marks('recipes', recipes, 0.5)),
    folder('Travel', [folder('Trip ideas', marks('travel', travel, 0.4)), folder('Bookings')]),
    separator(),
    folder('Work', [
      folder('Project Atlas', marks('dev', rng.sample(dev.repos, 4), 0.5)),
      folder('Onboarding', marks('python', rng.sample(dev.python, 3))),
      folder('Meeting notes'),
    ]),
  ];

  const toolbar = [
    ...marks('dev', rng.sample(dev.repos, 3), 0),
    bookmark({ url: 'https://news.ycombinator.com/', title: 'Hacker News' }),
    bookmark({ url: 'https://lwn.net/', title: 'LWN.net' }),
    folder('Daily', marks('reading', rng.sample(reading, 4), 0.2)),
  ];

  // Near-identical variants of pages, scattered where a person would have saved them again.
  const variantNames = Object.keys(VARIANTS);
  const variantPages = rng.sample(everyPage, 60).map((page, i) => {
    const name = variantNames[i % variantNames.length];
    const url = VARIANTS[name](page.url);
    return bookmark(tagged(rng, 'reading', { url, title: rng.chance(0.3) ? `${page.title} (saved again)` : page.title }, 0.25));
  });

  // Two syncs of an old laptop: the Dev folder twice (identical copies), plus leftovers.
  const devCopies = [copyTree(devFolder), copyTree(devFolder)];
  const unfiled = [
    folder('From old laptop', [devCopies[0], folder('Bookmarks bar', marks('reading', rng.sample(reading, 5), 0.3))]),
    folder('From old laptop (2)', [devCopies[1]]),
    folder('Saved again', variantPages.slice(0, 30)),
    folder('Phone', variantPages.slice(30)),
    folder('New folder'),
    folder('Old stuff', [folder('Empty too')]),
    ...marks('reading', rng.sample(everyPage, 12), 0.2),
  ];

  // One page copied into many folders, the way sync multiplies a favourite (not inside Dev and its copies, which
  // stay identical).
  const identical = new Set([devFolder, ...devCopies]);
  const favourite = { url: 'https://developer.mozilla.org/en-US/docs/Web/JavaScript/Reference', title: 'JavaScript reference - JavaScript | MDN' };
  const everyFolder = [];
  const collect = (nodes) => {
    for (const n of nodes) {
      if (n.kind === 'folder' && !identical.has(n)) {
        everyFolder.push(n);
        collect(n.children);
      }
    }
  };
  collect([...menu, ...toolbar, ...unfiled]);
  const favouriteFolders = rng.sample(
    everyFolder.filter((f) => f.children.length > 0),
    18,
  );
  for (const f of favouriteFolders) f.children.splice(rng.int(0, f.children.length), 0, bookmark(tagged(rng, 'dev', favourite, 0.3)));

  // Dates: deterministic, spread over five years.
  const stamp = (nodes) => {
    for (const n of nodes) {
      n.addDate = 1577836800 + rng.int(0, 5 * 365 * 86400);
      if (n.kind === 'folder') stamp(n.children);
    }
  };
  const roots = { menu, toolbar, unfiled };
  stamp([...menu, ...toolbar, ...unfiled]);
  return roots;
}

// ---------------------------------------------------------------------------------------------------------------
// Output.

const escapeHtml = (text) => String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function writeNodes(nodes, depth, out) {
  const pad = '    '.repeat(depth);
  for (const n of nodes) {
    if (n.kind === 'separator') {
      out.push(`${pad}<HR>`);
    } else if (n.kind === 'bookmark') {
      const tags = n.tags?.length ? ` TAGS="${escapeHtml(n.tags.join(','))}"` : '';
      out.push(`${pad}<DT><A HREF="${escapeHtml(n.url)}" ADD_DATE="${n.addDate}" LAST_MODIFIED="${n.addDate}"${tags}>${escapeHtml(n.title)}</A>`);
    } else {
      const special = n.special ? ` ${n.special}="true"` : '';
      out.push(`${pad}<DT><H3 ADD_DATE="${n.addDate ?? 1577836800}" LAST_MODIFIED="${n.addDate ?? 1577836800}"${special}>${escapeHtml(n.title)}</H3>`);
      out.push(`${pad}<DL><p>`);
      writeNodes(n.children, depth + 1, out);
      out.push(`${pad}</DL><p>`);
    }
  }
}

/** The collection as Firefox writes bookmarks.html: the menu's items at top level, toolbar and unfiled as marked folders. */
export function toBookmarksHtml({ menu, toolbar, unfiled }) {
  const out = [
    '<!DOCTYPE NETSCAPE-Bookmark-file-1>',
    '<!-- Generated by scripts/seed.mjs (Tidymarks demo data). -->',
    '<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">',
    '<TITLE>Bookmarks</TITLE>',
    '<H1>Bookmarks Menu</H1>',
    '',
    '<DL><p>',
  ];
  writeNodes(
    [...menu, folder('Bookmarks Toolbar', toolbar, { special: 'PERSONAL_TOOLBAR_FOLDER' }), folder('Other Bookmarks', unfiled, { special: 'UNFILED_BOOKMARKS_FOLDER' })],
    1,
    out,
  );
  out.push('</DL>', '');
  return out.join('\n');
}

/** Counts that say what the demo holds. */
export function describeCollection({ menu, toolbar, unfiled }) {
  const stats = { bookmarks: 0, folders: 0, separators: 0, emptyFolders: 0, tagged: 0, distinctUrls: 0, exactDuplicates: 0, mostCopies: 0 };
  const urls = new Map();
  const walk = (nodes) => {
    for (const n of nodes) {
      if (n.kind === 'separator') stats.separators++;
      else if (n.kind === 'bookmark') {
        stats.bookmarks++;
        if (n.tags?.length) stats.tagged++;
        urls.set(n.url, (urls.get(n.url) ?? 0) + 1);
      } else {
        stats.folders++;
        if (n.children.length === 0) stats.emptyFolders++;
        walk(n.children);
      }
    }
  };
  walk([...menu, ...toolbar, ...unfiled]);
  stats.distinctUrls = urls.size;
  stats.exactDuplicates = stats.bookmarks - urls.size;
  stats.mostCopies = Math.max(...urls.values());
  stats.rootChildren = { menu: menu.length, toolbar: toolbar.length, unfiled: unfiled.length };
  return stats;
}

/**
 * The seed's tags as Tidymarks keeps them: per URL (the union over the URL's copies, as in Firefox's tagging
 * service), grouped by tag: [{tag, urls}], both sorted.
 */
export function tagsOf({ menu, toolbar, unfiled }) {
  const byTag = new Map();
  const walk = (nodes) => {
    for (const n of nodes) {
      if (n.kind === 'bookmark') for (const tag of n.tags ?? []) byTag.set(tag, (byTag.get(tag) ?? new Set()).add(n.url));
      else if (n.kind === 'folder') walk(n.children);
    }
  };
  walk([...menu, ...toolbar, ...unfiled]);
  return [...byTag].sort(([a], [b]) => a.localeCompare(b)).map(([tag, urls]) => ({ tag, urls: [...urls].sort() }));
}

/** Writes the seed file and returns its path and counts. */
export function writeSeed(outFile, seed = DEFAULT_SEED) {
  const collection = generateCollection(seed);
  mkdirSync(dirname(outFile), { recursive: true });
  writeFileSync(outFile, toBookmarksHtml(collection));
  return { file: outFile, stats: describeCollection(collection), tags: tagsOf(collection) };
}

function parseArgs(argv) {
  const args = { out: null, seed: DEFAULT_SEED };
  for (let i = 0; i < argv.length; i++) {
    const value = () => {
      const v = argv[++i];
      if (v === undefined || v.startsWith('--')) throw new Error(`${argv[i - 1]} needs a value.`);
      return v;
    };
    if (argv[i] === '--out') args.out = resolve(value());
    else if (argv[i] === '--seed') args.seed = Number(value());
    else throw new Error(`Unknown argument "${argv[i]}". Usage: node scripts/seed.mjs [--out <file>] [--seed <n>]`);
  }
  if (!Number.isInteger(args.seed)) throw new Error('--seed needs an integer.');
  return args;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const { out, seed } = parseArgs(process.argv.slice(2));
    if (out) {
      const { file, stats } = writeSeed(out, seed);
      console.error(`Wrote ${file}: ${JSON.stringify(stats)}`);
    } else {
      const collection = generateCollection(seed);
      process.stdout.write(toBookmarksHtml(collection));
      console.error(JSON.stringify(describeCollection(collection)));
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
