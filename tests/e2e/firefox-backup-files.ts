/**
 * Backups Firefox writes itself, for the Backups view's e2e tests: its BookmarkJSONUtils.exportToFile (the writer of
 * every backup) run with chrome privileges, and the view opened on chosen files through its real file input.
 */
import { renameSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import type { Firefox } from './firefox';

/**
 * Firefox's BookmarkJSONUtils.exportToFile, the writer of every backup, into `dir`; named as PlacesBackups names a
 * daily backup (`bookmarks-<date>_<count>_<hash>`) with the count and hash Firefox returned, on the given day.
 */
export async function firefoxExport(ff: Pick<Firefox, 'chrome'>, dir: string, date: string, compress: boolean): Promise<string> {
  const tmp = join(dir, compress ? 'export.jsonlz4' : 'export.json');
  const { count, hash } = await ff.chrome<{ count: number; hash: string }>(
    `async (path, compress) => {
      const { BookmarkJSONUtils } = ChromeUtils.importESModule('resource://gre/modules/BookmarkJSONUtils.sys.mjs');
      return BookmarkJSONUtils.exportToFile(path, { compress });
    }`,
    tmp,
    compress,
  );
  const name = `bookmarks-${date}_${count}_${hash}.json${compress ? 'lz4' : ''}`;
  renameSync(tmp, join(dir, name));
  return name;
}

/** The Backups view with `paths` picked in its file input. */
export async function openInView(ff: Firefox, paths: string[]): Promise<Page> {
  const page = await ff.open('options/index.html#backups');
  const input = await page.waitForSelector('#backups-file');
  await (input as unknown as { uploadFile(...paths: string[]): Promise<void> }).uploadFile(...paths);
  return page;
}
