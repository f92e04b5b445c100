/**
 * The example extension (examples/places-demo) as another extension's author gets it: `npm pack` of packages/places,
 * the tarball unpacked as an installed dependency of a copy of the example, the example type-checked against the
 * tarball's declarations and built by vite resolving `@tidymarks/places` through the tarball's package.json
 * (`exports`, `files`). Used by tests/e2e/places-package.e2e.ts and bench/places.bench.ts (part "package").
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Bookmark, PlacesApi, UNSORTED } from '@tidymarks/places';
import { repoRoot } from './firefox';

export const DEMO_ID = JSON.parse(readFileSync(resolve(repoRoot, 'examples/places-demo/public/manifest.json'), 'utf8')).browser_specific_settings.gecko.id as string;
export const DEMO_UUID = '0c9e3a57-2f4b-4d8e-8a61-7b5d3c2e1f90';
export const DEMO_ORIGIN = `moz-extension://${DEMO_UUID}/`;
/** Firefox prefs that give the demo its fixed moz-extension:// origin. */
export const DEMO_PREFS = { 'extensions.webextensions.uuids': JSON.stringify({ [DEMO_ID]: DEMO_UUID }) };

/** What the demo's page leaves on `window` (examples/places-demo/src/page.ts). */
export interface DemoWindow {
  places: PlacesApi;
  Bookmark: typeof Bookmark;
  UNSORTED: typeof UNSORTED;
  browser: import('webextension-polyfill').Browser;
}

/** Packs the package, installs the tarball into a copy of the example, type-checks and builds it: the built folder. */
export function buildDemo(work: string): { dist: string; tarball: string } {
  const node = process.execPath;
  const npm = process.env.npm_execpath && /npm-cli\.js$/.test(process.env.npm_execpath) ? [node, process.env.npm_execpath] : ['npm'];
  // The package's build (what npm pack's prepack runs), then the pack itself, whose JSON report names the tarball.
  execFileSync(npm[0]!, [...npm.slice(1), 'run', 'build', '-w', 'packages/places'], { cwd: repoRoot, stdio: 'pipe' });
  const packed = JSON.parse(
    execFileSync(npm[0]!, [...npm.slice(1), 'pack', '-w', 'packages/places', '--ignore-scripts', '--pack-destination', work, '--json'], {
      cwd: repoRoot,
      encoding: 'utf8',
    }),
  ) as { filename: string }[];
  const tarball = join(work, packed[0]!.filename);
  const app = join(work, 'app');
  cpSync(resolve(repoRoot, 'examples/places-demo'), app, { recursive: true, filter: (src) => !/[\\/](node_modules|dist)$/.test(src) });
  // Installed as npm installs a tarball: its contents at node_modules/@tidymarks/places, its dependencies beside it.
  const installed = join(app, 'node_modules/@tidymarks/places');
  mkdirSync(installed, { recursive: true });
  execFileSync('tar', ['-xzf', tarball, '-C', installed, '--strip-components=1']);
  for (const dep of ['idb', 'valibot', 'vite', '@types/webextension-polyfill']) {
    mkdirSync(join(app, 'node_modules', dep, '..'), { recursive: true });
    symlinkSync(resolve(repoRoot, 'node_modules', dep), join(app, 'node_modules', dep), 'dir');
  }
  // Type-checked against the tarball's declarations, as an author's editor would.
  writeFileSync(
    join(app, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'ESNext',
        moduleResolution: 'Bundler',
        strict: true,
        noEmit: true,
        lib: ['ES2023', 'DOM'],
        types: [],
        skipLibCheck: true,
      },
      include: ['src'],
    }),
  );
  execFileSync(node, [resolve(repoRoot, 'node_modules/typescript/bin/tsc'), '-p', app], { cwd: app, stdio: 'pipe' });
  const dist = join(work, 'dist');
  execFileSync(node, [resolve(repoRoot, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', '--config', join(app, 'vite.config.ts')], {
    cwd: app,
    env: { ...process.env, PLACES_DEMO_DIST: dist },
    stdio: 'pipe',
  });
  return { dist, tarball };
}
