/**
 * The Places requests in Tidymarks' protocol table: the package's schemas (packages/places, protocol.ts) as this
 * feature's part, and the test build's own requests.
 */
import { historySearchInput, saveInput, searchInput } from '@tidymarks/places/background';
import type { EncodedSearchReply, HistoryEntry, SaveReply } from '@tidymarks/places';
import { request, type RequestDef, noInput } from '../messaging/define';

/** This feature's part of the protocol table (see src/app-protocol/protocol.ts). */
export const placesProtocol = {
  /** Runs save operations in order (parents first); conflicts are reported, not written, when `check` is set. */
  'places.save': request<SaveReply>()(saveInput),
  /** The reply's items and groups travel as one JSON string (wire.ts: EncodedSearchReply). */
  'places.search': request<EncodedSearchReply>()(searchInput),
  'places.history.search': request<HistoryEntry[]>()(historySearchInput),
} satisfies Record<string, RequestDef>;

/** Test builds only (merged by src/app-protocol/test-protocol.ts). A function, so that the production build, which never calls
 * it, leaves it out. */
export function placesTestProtocol() {
  return {
    /** Test builds only: an id that changes each time the event page starts (proves an unload happened). */
    'test.places.bootId': request<{ bootId: string }>()(noInput),
    /** Test builds only: search() on the Firefox path even when the index is fresh (to compare both in Firefox). */
    'test.places.searchFirefox': request<EncodedSearchReply>()(searchInput),
    /** Test builds only: resolves when the background's deferred writes are done (Places clock, search snapshot). */
    'test.places.settle': request<{ ok: true }>()(noInput),
    /** Test builds only: how many pages are subscribed to the Places events now. */
    'test.places.eventPages': request<{ pages: number }>()(noInput),
  } satisfies Record<string, RequestDef>;
}
