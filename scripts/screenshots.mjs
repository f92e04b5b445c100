// npm run screenshots: refreshes the README's pictures in docs/screenshots from real Firefox. Builds the test
// extension, then runs the e2e files that take screenshots with TIDYMARKS_SCREENSHOTS=docs (every other run,
// npm test included, writes them to the ignored tests/e2e/.artifacts/screenshots).
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const files = ['tests/e2e/popup.e2e.ts', 'tests/e2e/options.e2e.ts', 'tests/e2e/import-export.e2e.ts', 'tests/e2e/duplicates-page.e2e.ts', 'tests/e2e/organizer.e2e.ts'];
const run = spawnSync(resolve(root, 'node_modules/.bin/vitest'), ['run', '--project', 'e2e', ...files], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, TIDYMARKS_SCREENSHOTS: 'docs' },
});
process.exit(run.status ?? 1);
