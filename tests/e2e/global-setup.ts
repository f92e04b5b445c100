import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { findFirefox } from '../../scripts/find-firefox.mjs';

/** Builds the test extension once before the e2e files run, and fails loudly when Firefox is missing. */
export default function setup() {
  findFirefox();
  if (process.env.TIDYMARKS_SKIP_BUILD === '1') return;
  const root = resolve(import.meta.dirname, '../..');
  execFileSync(process.execPath, [resolve(root, 'node_modules/vite/bin/vite.js'), 'build', '--mode', 'test', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
}
