// SPDX-License-Identifier: MPL-2.0
/**
 * The three requests a page sends the background (save, search, history search): their input schemas (valibot),
 * checked before the engine runs, whether they come over the package's own channel (channel.ts) or an extension's
 * router (Tidymarks wraps them in its protocol table).
 */
import * as v from 'valibot';
import { MAX_OPS_PER_REQUEST } from './wire';

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

/** save: operations in order (parents first); conflicts are reported, not written, when `check` is set. */
export const saveInput = v.strictObject({ ops: v.pipe(v.array(saveOp), v.minLength(1), v.maxLength(MAX_OPS_PER_REQUEST)) });
/** search: the reply's items and groups travel as one JSON string (wire.ts: EncodedSearchReply). */
export const searchInput = v.strictObject({ queries: v.pipe(v.array(query), v.minLength(1), v.maxLength(100)), options: searchOptions });
export const historySearchInput = v.strictObject({ queries: v.pipe(v.array(historyQuery), v.minLength(1), v.maxLength(100)), options: searchOptions });
