/**
 * Where e2e tests save screenshots: tests/e2e/.artifacts/screenshots (ignored by git) in every test run, so
 * `npm test` leaves the work tree clean; `npm run screenshots` sets TIDYMARKS_SCREENSHOTS=docs to refresh the
 * README's pictures in docs/screenshots: the pictures README.md shows go there, every other one to the artifacts.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { repoRoot } from './firefox';

const artifactDir = resolve(repoRoot, 'tests/e2e/.artifacts/screenshots');
const docsDir = resolve(repoRoot, 'docs/screenshots');

/** The names of the pictures README.md shows (docs/screenshots/<name>.png). */
function readmePictures(): Set<string> {
  const readme = readFileSync(resolve(repoRoot, 'README.md'), 'utf8');
  return new Set([...readme.matchAll(/docs\/screenshots\/([\w-]+)\.png/g)].map((match) => match[1]!));
}

const toDocs = process.env.TIDYMARKS_SCREENSHOTS === 'docs' ? readmePictures() : new Set<string>();

/** The file for a screenshot named `name` (without extension); creates the folder. */
export function screenshotPath(name: string): string {
  const dir = toDocs.has(name) ? docsDir : artifactDir;
  mkdirSync(dir, { recursive: true });
  return resolve(dir, `${name}.png`);
}
