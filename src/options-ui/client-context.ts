/**
 * The options page reaches the background only through a Client (src/messaging/client.ts). The entry passes the
 * real page client; component tests pass a client wired to the fake browser's background.
 */
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { Client } from '../messaging/client';

export const ClientContext = createContext<Client | null>(null);

export function useClient(): Client {
  const client = useContext(ClientContext);
  if (!client) throw new Error('No Client provided to the options page.');
  return client;
}

/** A readable message for anything a call throws. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A window event views fire after they changed bookmarks (import, cleanup, undo), so counts refresh. */
export const BOOKMARKS_CHANGED = 'tidymarks-bookmarks-changed';
export function announceBookmarksChanged(): void {
  dispatchEvent(new Event(BOOKMARKS_CHANGED));
}
