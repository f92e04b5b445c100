import * as v from 'valibot';
import { request, type RequestDef, noInput } from '../messaging/define';
import { MAX_OPS_PER_REQUEST, type EncodedSearchReply, type HistoryEntry, type SaveReply } from './wire';

const id = v.pipe(v.string(), v.minLength(1), v.maxLength(100));
const text = (max: number) => v.pipe(v.string(), v.maxLength(max));
/** Tag names are checked by the engine (one bad tag fails one item, not the request); here only their size. */
const tags = v.pipe(v.array(text(1000)), v.maxLength(1000));
const index = v.pipe(v.number(), v.integer(), v.minValue(-1), v.maxValue(1_000_000));
const clock = v.pipe(v.number(), v.finite());
const itemType = v.picklist(['bookmark', 'group', 'separator']);

const saveOp = v.strictObject({
  ref: v.pipe(v.number(), v.integer(), v.minValue(0)),
  type: itemType,
  action: v.picklist(['create', 'update', 'remove']),
  id: v.optional(id),
  parent: v.optional(v.union([v.strictObject({ id }), v.strictObject({ ref: v.pipe(v.number(), v.integer(), v.minValue(0)) })])),
  index,
  title: v.optional(text(65536)),
  url: v.optional(text(65536)),
  tags: v.optional(tags),
  updated: v.optional(clock),
  check: v.boolean(),
});

const searchOptions = v.strictObject({
  count: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  sort: v.optional(text(50)),
  descending: v.optional(v.boolean()),
});

const query = v.strictObject({
  query: v.optional(text(1000)),
  tags: v.optional(v.pipe(v.array(text(1000)), v.maxLength(100))),
  group: v.optional(id),
  url: v.optional(text(65536)),
});

const historyQuery = v.strictObject({
  from: v.optional(clock),
  to: v.optional(clock),
  url: v.optional(text(65536)),
  query: v.optional(text(1000)),
});

/** This feature's part of the protocol table (see src/app-protocol/protocol.ts). */
export const placesProtocol = {
  /** Runs save operations in order (parents first); conflicts are reported, not written, when `check` is set. */
  'places.save': request<SaveReply>()(v.strictObject({ ops: v.pipe(v.array(saveOp), v.minLength(1), v.maxLength(MAX_OPS_PER_REQUEST)) })),
  /** The reply's items and groups travel as one JSON string (wire.ts: EncodedSearchReply). */
  'places.search': request<EncodedSearchReply>()(v.strictObject({ queries: v.pipe(v.array(query), v.minLength(1), v.maxLength(100)), options: searchOptions })),
  'places.history.search': request<HistoryEntry[]>()(
    v.strictObject({ queries: v.pipe(v.array(historyQuery), v.minLength(1), v.maxLength(100)), options: searchOptions }),
  ),
} satisfies Record<string, RequestDef>;

/** Test builds only (merged by src/app-protocol/test-protocol.ts). A function, so that the production build, which never calls
 * it, leaves it out. */
export function placesTestProtocol() {
  return {
    /** Test builds only: an id that changes each time the event page starts (proves an unload happened). */
    'test.places.bootId': request<{ bootId: string }>()(noInput),
    /** Test builds only: search() on the Firefox path even when the index is fresh (to compare both in Firefox). */
    'test.places.searchFirefox': request<EncodedSearchReply>()(
      v.strictObject({ queries: v.pipe(v.array(query), v.minLength(1), v.maxLength(100)), options: searchOptions }),
    ),
    /** Test builds only: resolves when the background's deferred writes are done (Places clock, search snapshot). */
    'test.places.settle': request<{ ok: true }>()(noInput),
    /** Test builds only: how many pages are subscribed to the Places events now. */
    'test.places.eventPages': request<{ pages: number }>()(noInput),
  } satisfies Record<string, RequestDef>;
}
