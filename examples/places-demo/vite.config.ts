// SPDX-License-Identifier: MPL-2.0
// The demo's build: the background script and the page, @tidymarks/places from node_modules (the packed tarball).
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

const root = import.meta.dirname;

export default defineConfig({
  root,
  base: '',
  build: {
    outDir: process.env.PLACES_DEMO_DIST ?? resolve(root, 'dist'),
    emptyOutDir: true,
    target: 'firefox128',
    rollupOptions: {
      input: { background: resolve(root, 'src/background.ts'), page: resolve(root, 'page.html') },
      output: { entryFileNames: (chunk) => (chunk.name === 'background' ? 'background.js' : 'assets/[name]-[hash].js') },
    },
  },
});
