// SPDX-License-Identifier: MPL-2.0
// The package's build: vite's library mode, one ES module per entry point, the code they share in chunks; idb and
// valibot stay imports (the extension's bundler takes them from its node_modules). Declarations: tsc (package.json).
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

const src = resolve(import.meta.dirname, 'src');

export default defineConfig({
  root: import.meta.dirname,
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'firefox128',
    minify: false,
    sourcemap: false,
    lib: {
      formats: ['es'],
      entry: {
        index: resolve(src, 'index.ts'),
        page: resolve(src, 'page.ts'),
        background: resolve(src, 'background.ts'),
        support: resolve(src, 'support/index.ts'),
        'tree-index': resolve(src, 'tree-index/index.ts'),
      },
    },
    rollupOptions: { external: [/^idb/, /^valibot/, /^webextension-polyfill/] },
  },
});
