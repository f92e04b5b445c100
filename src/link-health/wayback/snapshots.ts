/**
 * Which bookmarks have an archived copy, for the organizer and the popup (issue 31): read from what lookups stored
 * (store.ts), nothing is sent anywhere. A bookmark's copy is the one the Link health view found for it: the record of
 * its address and the moment asked about (its original date added, as the lookup asks). A bookmark whose address is
 * itself a snapshot address (after a "replace" rescue, or saved so) is that copy, with its capture's date: the pages
 * label it rather than link it a second time. Only snapshot addresses go out (a page puts them in a link's href).
 */
import type { BookmarkDateSource } from '../../bookmark-dates';
import { dateAddedOf } from '../../bookmark-dates';
import { formatDate, t } from '../../i18n';
import type { HandlersOf } from '../../messaging/define';
import { getExisting } from '../../platform/bookmark-reads';
import type { Browser } from '../../platform/browser';
import { parseSnapshotAddress } from '../../url-matching';
import { timestampMs, waybackTimestamp } from './availability';
import type { BookmarkSnapshot, BookmarkSnapshots, waybackProtocol } from './protocol';
import { recordKey, type WaybackStore } from './store';

export interface SnapshotsDeps {
  browser: Browser;
  bookmarkDates: BookmarkDateSource;
}

/**
 * A snapshot address's capture moment and the words the pages show for it (with the link, unless it is the bookmark's
 * own address), or null when `url` is not a snapshot address with a readable date.
 */
/** When a snapshot address says its capture was made, and that day as a person reads it (UTC); null when it is none. */
export function captureDay(url: string): { at: number; day: string } | null {
  const parsed = parseSnapshotAddress(url);
  const at = parsed ? timestampMs(parsed.timestamp) : null;
  return at === null ? null : { at, day: formatDate(at, { dateStyle: 'medium', timeZone: 'UTC' }) };
}

function snapshotAt(url: string, own: boolean): BookmarkSnapshot | null {
  const capture = captureDay(url);
  if (!capture) return null;
  const label = t('waybackArchivedCopy', capture.day);
  return own ? { at: capture.at, label } : { href: url, at: capture.at, label };
}

export function createSnapshotHandlers(deps: SnapshotsDeps, store: WaybackStore): Pick<HandlersOf<typeof waybackProtocol>, 'links.wayback.snapshots'> {
  return {
    'links.wayback.snapshots': async ({ ids }) => {
      if (!ids.length) return {};
      const [nodes, records, dates] = await Promise.all([getExisting(deps.browser, ids), store.all(), deps.bookmarkDates.all()]);
      const found: [string, BookmarkSnapshot][] = [];
      for (const node of nodes.values()) {
        if (!node.url) continue;
        const own = snapshotAt(node.url, true);
        if (own) {
          found.push([node.id, own]);
          continue;
        }
        const snapshot = records.get(recordKey(node.url, waybackTimestamp(dateAddedOf(node, dates))))?.snapshot;
        const copy = snapshot && snapshotAt(snapshot.url, false);
        if (copy) found.push([node.id, copy]);
      }
      // Own properties only, whatever an id is.
      const snapshots: BookmarkSnapshots = Object.fromEntries(found);
      return snapshots;
    },
  };
}
