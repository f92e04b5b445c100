import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { findFirefox } from '../../scripts/find-firefox.mjs';
import { makeProfileTemplate, PROFILE_TEMPLATE_ENV } from './firefox';

/**
 * Builds the test extension once before the e2e files run, fails loudly when Firefox is missing, and makes the run's
 * Firefox profile template (tests/e2e/firefox.ts): the test files' workers start after this and inherit its path.
 */
export default async function setup() {
  findFirefox();
  if (process.env.TIDYMARKS_SKIP_BUILD !== '1') {
    const root = resolve(import.meta.dirname, '../..');
    execFileSync(process.execPath, [resolve(root, 'node_modules/vite/bin/vite.js'), 'build', '--mode', 'test', '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
    });
  }
  const template = await makeProfileTemplate();
  process.env[PROFILE_TEMPLATE_ENV] = template;
  return () => {
    delete process.env[PROFILE_TEMPLATE_ENV];
    rmSync(template, { recursive: true, force: true });
  };
}
