/**
 * Where e2e tests save screenshots: tests/e2e/.artifacts/screenshots (ignored by git) in every test run, so
 * `npm test` leaves the work tree clean; `npm run screenshots` sets TIDYMARKS_SCREENSHOTS=docs to refresh the
 * README's pictures in docs/screenshots.
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { repoRoot } from './firefox';

export const screenshotDir = process.env.TIDYMARKS_SCREENSHOTS === 'docs' ? resolve(repoRoot, 'docs/screenshots') : resolve(repoRoot, 'tests/e2e/.artifacts/screenshots');

/** The file for a screenshot named `name` (without extension); creates the folder. */
export function screenshotPath(name: string): string {
  mkdirSync(screenshotDir, { recursive: true });
  return resolve(screenshotDir, `${name}.png`);
}
