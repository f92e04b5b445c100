/// <reference types="vitest/config" />
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { noHtmlSinks } from './build/no-html-sinks.ts';

const root = import.meta.dirname;

/**
 * Copies the static extension files (manifest, locales, icons) into the output folder.
 * manifest.json at the repository root is the source of truth.
 */
function extensionStatics(outDir: string): Plugin {
  return {
    name: 'tidymarks-extension-statics',
    apply: 'build',
    closeBundle() {
      mkdirSync(outDir, { recursive: true });
      const manifest = JSON.parse(readFileSync(resolve(root, 'manifest.json'), 'utf8'));
      writeFileSync(resolve(outDir, 'manifest.json'), JSON.stringify(manifest, null, 2));
      cpSync(resolve(root, '_locales'), resolve(outDir, '_locales'), { recursive: true });
      cpSync(resolve(root, 'icons'), resolve(outDir, 'icons'), { recursive: true });
    },
  };
}

/**
 * Each entry point of @tidymarks/places (its package.json `exports`) as its source file (the "tidymarks-source"
 * condition, which tsc follows too: tsconfig.base.json's customConditions). Exact names only: an import of a path the
 * package does not export fails here as it would for any other extension. An alias rather than vite's
 * resolve.conditions: a condition applies to every package, and took a second copy of preact into the page tests.
 */
function placesFromSource() {
  const manifest = JSON.parse(readFileSync(resolve(root, 'packages/places/package.json'), 'utf8')) as { exports: Record<string, { 'tidymarks-source'?: string }> };
  return Object.entries(manifest.exports)
    .filter(([, target]) => typeof target === 'object' && target['tidymarks-source'])
    .map(([entry, target]) => ({
      find: new RegExp(`^${entry.replace(/^\./, '@tidymarks/places').replace(/[/.]/g, '\\$&')}$`),
      replacement: resolve(root, 'packages/places', target['tidymarks-source']!),
    }));
}

export default defineConfig(({ mode }) => {
  const isTestBuild = mode === 'test';
  // TIDYMARKS_TEST_DIST lets parallel e2e runs build into separate folders; TIDYMARKS_DIST does the same for the
  // production build (the conventions test builds one into a temp folder).
  const outDir = isTestBuild ? resolve(process.env.TIDYMARKS_TEST_DIST ?? resolve(root, 'dist-test')) : resolve(process.env.TIDYMARKS_DIST ?? resolve(root, 'dist'));
  const input: Record<string, string> = {
    background: resolve(root, 'background/main.ts'),
    popup: resolve(root, 'popup/index.html'),
    options: resolve(root, 'options/index.html'),
    sidebar: resolve(root, 'sidebar/index.html'),
  };
  // The test build adds a harness page that e2e tests drive, and the anchor page of the Duplicates bench
  // (bench/options-duplicates.bench.ts); production never ships them.
  if (isTestBuild) {
    input.harness = resolve(root, 'tests/harness/index.html');
    input.dupesAnchor = resolve(root, 'tests/harness/dupes-anchor.html');
  }

  return {
    root,
    base: '',
    define: {
      __TIDYMARKS_TEST_BUILD__: JSON.stringify(isTestBuild),
    },
    // The workspace package @tidymarks/places is bundled from its source: no build of the package before Tidymarks'
    // own; the tarball (npm pack) has the built files.
    resolve: { alias: placesFromSource() },
    oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
    plugins: [noHtmlSinks(), extensionStatics(outDir)],
    // Workers as ES modules, like every other chunk (src/firefox-backups' decoding worker; Firefox runs module workers).
    worker: { format: 'es' },
    build: {
      outDir,
      emptyOutDir: true,
      target: 'firefox140',
      // The test build is minified too: e2e tests and benchmarks run the code that ships (source maps for reading).
      minify: true,
      sourcemap: isTestBuild,
      // <link rel="modulepreload"> for every chunk a page imports: fetched side by side instead of one import level
      // after another. No polyfill (Firefox supports modulepreload; the polyfill would be an inline script).
      modulePreload: { polyfill: false },
      rollupOptions: {
        input,
        output: {
          entryFileNames: (chunk) => (chunk.name === 'background' ? 'background.js' : 'assets/[name]-[hash].js'),
          chunkFileNames: 'assets/[name]-[hash].js',
          assetFileNames: 'assets/[name]-[hash][extname]',
        },
      },
    },
    test: {
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/contract/**/*.test.ts', 'src/**/*.test.{ts,tsx}', 'packages/*/test/**/*.test.ts'],
            environment: 'node',
            setupFiles: ['tests/setup/unit.ts'],
            // A timeout only catches a hang (speed is the benchmarks' business): vitest's 5 s default failed
            // whole-background tests when the 2-core machine was busy.
            testTimeout: 30_000,
            // Both cores: vitest's default leaves one to its own process (cores - 1, a single worker here), which
            // mostly waits while the files run.
            maxWorkers: 2,
          },
        },
        {
          extends: true,
          test: {
            name: 'e2e',
            include: ['tests/e2e/**/*.e2e.ts'],
            environment: 'node',
            globalSetup: ['tests/e2e/global-setup.ts'],
            // Two files at once, each with its own Firefox (its own profile, download folder and, for a headful
            // test, its own Xvfb display; servers on free ports): one file at a time kept one of the two cores busy
            // (the run's CPU time was about its wall time) and left the other idle.
            maxWorkers: 2,
            testTimeout: 120_000,
            hookTimeout: 120_000,
            // A poll waits for an outcome that goes through the background, IndexedDB and Places: vitest's 1 s
            // default is a bet on the machine's speed.
            expect: { poll: { timeout: 10_000 } },
          },
        },
      ],
    },
  };
});
