/**
 * The options page reaches the background only through a Client (src/app-protocol/client.ts), typed by the protocol.
 * The entry passes the real page client; component tests pass a stand-in's (tests/kit/stand-in.tsx: only the answers
 * the test gives) or the whole background's on the fake (tests/kit/page.tsx).
 */
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { t } from '../i18n';
import type { Client } from '../app-protocol';

export const ClientContext = createContext<Client | null>(null);

export function useClient(): Client {
  const client = useContext(ClientContext);
  if (!client) throw new Error(t('optionsNoClient'));
  return client;
}

/** A readable message for anything a call throws (one helper for the background and the pages). */
export { errorMessage } from '../platform/bookmark-reads';

/** A window event views fire after they changed bookmarks (import, cleanup, undo), so counts refresh. */
export const BOOKMARKS_CHANGED = 'tidymarks-bookmarks-changed';
export function announceBookmarksChanged(): void {
  dispatchEvent(new Event(BOOKMARKS_CHANGED));
}

/**
 * A window event the Duplicates page fires once its first scan is settled (on screen, or failed): what else the page
 * shows from Places or IndexedDB (the header's bookmark count, the cleanup history) waits for it instead of slowing
 * the scan down. `scanShown()` says whether it already happened (a listener added later must not wait forever).
 */
export const SCAN_SHOWN = 'tidymarks-scan-shown';
let shown = false;
export function announceScanShown(): void {
  shown = true;
  dispatchEvent(new Event(SCAN_SHOWN));
}
export function scanShown(): boolean {
  return shown;
}
