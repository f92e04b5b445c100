// SPDX-License-Identifier: MPL-2.0
/** Reading many bookmarks with few calls: batched gets that survive missing ids. */
import { isMissingBookmarkError } from './bookmark-errors';
import type { BookmarkNode, Browser } from './browser';

const GET_CHUNK = 1000;

export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Fetches many items with few calls: bookmarks.get accepts an array but fails as a whole when one id is missing,
 * so a failing batch is split in halves until the missing ids are isolated. Missing ids are simply absent.
 */
export async function getExisting(browser: Browser, ids: readonly string[]): Promise<Map<string, BookmarkNode>> {
  const out = new Map<string, BookmarkNode>();
  const unique = [...new Set(ids)];
  const fetch = async (batch: string[]): Promise<void> => {
    if (!batch.length) return;
    try {
      const nodes = await browser.bookmarks.get(batch);
      for (const node of nodes) out.set(node.id, node);
    } catch (error) {
      if (batch.length === 1) {
        if (isMissingBookmarkError(error)) return;
        throw error;
      }
      const half = Math.ceil(batch.length / 2);
      await fetch(batch.slice(0, half));
      await fetch(batch.slice(half));
    }
  };
  for (const batch of chunks(unique, GET_CHUNK)) await fetch(batch);
  return out;
}
