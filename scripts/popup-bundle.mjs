// The toolbar popup's bundle, measured on a production build (dist/ or a bench's own): every JavaScript file
// popup/index.html loads, gzipped one by one and summed. `all` follows every relative `.js` file a file names (static
// and dynamic imports and the files Vite preloads with a dynamic import, its `__vite__mapDeps` lists); `atOpen`
// follows static imports only (what loads before the popup's code runs). Minified code quotes import specifiers
// with `"`, `'` or backticks. The budget is checked by npm test after its build and reported by bench/popup.bench.ts.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The popup's budget: every file it may load, gzipped, at most this many kB. */
export const POPUP_BUNDLE_BUDGET_KB = 30;

// Static: `import"./a.js"`, `import{x}from"./a.js"`, `export*from"./a.js"` (no parenthesis before the quote).
const staticImport = /(?:\bimport|\bfrom)\s*(["'`])(\.{1,2}\/[^"'`]+?\.js)\1/g;
// Every relative JS file named in a string: the above, `import(`./a.js`)` and the preload lists' entries.
const anyReference = /(["'`])(\.{1,2}\/[^"'`]+?\.js)\1/g;

/** The sizes of the popup of the production build in `outDir`. */
export function popupBundleSize(outDir) {
  const html = readFileSync(join(outDir, 'popup/index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => resolve(outDir, 'popup', m[1]));
  return { all: crawl(scripts, anyReference), atOpen: crawl(scripts, staticImport) };
}

/** The gzipped size of the files reachable from `entries` following `reference` (its second group: a path). */
function crawl(entries, reference) {
  const queue = [...entries];
  const seen = new Set();
  let bytes = 0;
  while (queue.length) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file);
    bytes += gzipSync(source).length;
    for (const m of source.toString('utf8').matchAll(reference)) queue.push(resolve(dirname(file), m[2]));
  }
  return { kb: bytes / 1024, files: seen.size };
}
