// npm run screenshots: refreshes the README's pictures in docs/screenshots from real Firefox. Builds the test
// extension, then runs the e2e files that take the README's screenshots with TIDYMARKS_SCREENSHOTS=docs: the pictures
// README.md shows go to docs/screenshots (every other picture, and every run of npm test, to the ignored
// tests/e2e/.artifacts/screenshots).
// `npm run screenshots -- tests/e2e/i18n.e2e.ts` refreshes only the pictures those files take.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const all = [
  'tests/e2e/popup.e2e.ts',
  'tests/e2e/options.e2e.ts',
  'tests/e2e/import-export.e2e.ts',
  'tests/e2e/duplicates-page.e2e.ts',
  'tests/e2e/organizer.e2e.ts',
  'tests/e2e/i18n.e2e.ts',
  'tests/e2e/firefox-backups.e2e.ts',
  'tests/e2e/copy-guard-choice.e2e.ts',
];
const asked = process.argv.slice(2);
const unknown = asked.filter((file) => !all.includes(file));
if (unknown.length) {
  console.error(`Not a file that takes the README's screenshots: ${unknown.join(', ')}. One of: ${all.join(', ')}`);
  process.exit(2);
}
const run = spawnSync(resolve(root, 'node_modules/.bin/vitest'), ['run', '--project', 'e2e', ...(asked.length ? asked : all)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, TIDYMARKS_SCREENSHOTS: 'docs' },
});
process.exit(run.status ?? 1);
