// SPDX-License-Identifier: MPL-2.0
/**
 * save(): the caller's half, the same in the background and in a page. It plans the inputs (parents first,
 * implicit groups, the identity map of unsaved inputs), sends plain operations to the engine in chunks, runs
 * `resolve(mine, theirs)` on conflicts and re-submits what it returns, and reports data/error/end through an
 * awaitable emitter.
 */
import { UNFILED_ID } from './support/browser';
import type { SerialQueue } from './support/serial-queue';
import { PlacesEmitter, type Emit } from './emitter';
import { Bookmark, Group, isGroupLike, rootById, toInstance, toPlain, wantsRemoval, type GroupRef, type Item, type ItemType, type PlainItem } from './items';
import { SnapshotBuilder } from './snapshots';
import { MAX_OPS_PER_REQUEST, type PlacesBackend, type SaveOp, type WireNode } from './wire';

export type Resolver = (mine: PlainItem, theirs: PlainItem) => PlainItem | Item | null | undefined | void | Promise<PlainItem | Item | null | undefined | void>;

export interface SaveOptions {
  /** Called when the stored item is newer than the snapshot being saved; what it returns is written. */
  resolve?: Resolver;
}

/** What end() reports per input: the new snapshot, null for a removal, or the original input when it failed. */
export type SaveResult = Item | null | unknown;
export type SaveEmitter = PlacesEmitter<[snapshot: Item | null, input: unknown], SaveResult[]>;

/**
 * Unsaved inputs that were saved before, mapped to the id created for them, so saving the same object again
 * updates instead of duplicating. Weak: forgetting the object forgets the mapping.
 */
const savedIds = new WeakMap<object, string>();

interface Planned {
  ref: number;
  input: object;
  instance: Item | null;
  /** Why the input could not be planned (validation). */
  failure?: Error;
  explicit: boolean;
  /** Positions in the caller's list (an input listed twice is saved once and reported at both). */
  positions: number[];
  op?: SaveOp;
}

const MAX_RESOLVE_ROUNDS = 5;
/** Operations per request: a 1,000-item save is one round trip. */
const CHUNK = MAX_OPS_PER_REQUEST;

function toError(message: string): Error {
  return new Error(message);
}

/**
 * @param writes the API object's queue: a whole save (every request, every resolve round) is one task in it. The
 *   emitter starts its work in a microtask, and microtasks run in the order they were queued, so tasks are queued in
 *   call order. A save started from a data/error listener or from resolve() waits for the current one to end.
 */
export function createSave(backend: PlacesBackend, writes: SerialQueue) {
  return function save(items: unknown, options: SaveOptions = {}): SaveEmitter {
    const inputs = Array.isArray(items) ? [...items] : [items];
    return new PlacesEmitter((emit) => writes.run(() => saveNow(backend, inputs, options, emit)));
  };
}

/** One save, run as its turn in the queue: plan, send in chunks, resolve conflicts, report. */
async function saveNow(
  backend: PlacesBackend,
  inputs: unknown[],
  options: SaveOptions,
  emit: Emit<[snapshot: Item | null, input: unknown], SaveResult[]>,
): Promise<void> {
  const results: SaveResult[] = inputs.slice();
  const plans: Planned[] = [];
  const byObject = new Map<object, Planned>();
  const explicitAt = new Map<object, number>();
  inputs.forEach((input, i) => {
    if (typeof input === 'object' && input !== null && !explicitAt.has(input)) explicitAt.set(input, i);
  });
  const check = typeof options.resolve === 'function';

  const existingIdOf = (obj: object, instance: Item | null): string | undefined => instance?.id ?? (obj as { id?: string }).id ?? savedIds.get(obj);

  const plan = (input: unknown, position: number | undefined): Planned => {
    if (typeof input === 'object' && input !== null) {
      const known = byObject.get(input);
      if (known) return known;
    }
    const obj = (typeof input === 'object' && input !== null ? input : { value: input }) as object;
    const planned: Planned = { ref: -1, input: obj, instance: null, explicit: position !== undefined, positions: position === undefined ? [] : [position] };
    byObject.set(obj, planned);
    try {
      planned.instance = toInstance(input);
    } catch (error) {
      planned.failure = error as Error;
      planned.ref = plans.push(planned) - 1;
      return planned;
    }
    // Parents first: the parent chain gets its refs (and its place in the plan) before the item. An item to
    // remove needs no parent, so an unsaved parent is not created for it.
    const parent = wantsRemoval(input) || wantsRemoval(planned.instance) ? undefined : parentOf(planned.instance);
    planned.ref = plans.push(planned) - 1;
    planned.op = toOp(planned, parent);
    return planned;
  };

  /** The parent reference, planning an unsaved parent group first (explicitly, if it is also an input). */
  const parentOf = (instance: Item): SaveOp['parent'] => {
    const group = instance.group as GroupRef | null;
    if (!group) return undefined;
    const root = rootById(group.id ?? undefined);
    if (root) return { id: root.id! };
    const id = group.id ?? savedIds.get(group);
    if (id && !byObject.has(group)) return { id };
    const planned = byObject.get(group) ?? plan(group, explicitAt.get(group));
    // Moved earlier than its own place in the list: it still reports as explicit, at its own position.
    if (planned.failure || !planned.op) return { id: UNFILED_ID };
    return planned.op.id ? { id: planned.op.id } : { ref: planned.ref };
  };

  const toOp = (planned: Planned, parent: SaveOp['parent']): SaveOp => {
    const instance = planned.instance!;
    const id = existingIdOf(planned.input, instance);
    const mappedOnly = !instance.id && id !== undefined;
    const remove = wantsRemoval(planned.input) || wantsRemoval(instance);
    const op: SaveOp = {
      ref: planned.ref,
      type: instance.type,
      action: remove ? 'remove' : id ? 'update' : 'create',
      index: instance.index,
      check,
    };
    if (id) op.id = id;
    if (parent) op.parent = parent;
    if (instance instanceof Bookmark || instance instanceof Group) op.title = instance.title;
    if (instance instanceof Bookmark) {
      op.url = instance.url;
      op.tags = [...instance.tags];
    }
    if (instance.updated !== undefined && !mappedOnly) op.updated = instance.updated;
    return op;
  };

  inputs.forEach((input, i) => {
    const planned = plan(input, i);
    planned.explicit = true;
    if (!planned.positions.includes(i)) planned.positions.push(i);
  });

  const refIds = new Map<number, string>();
  /** The URL each bookmark operation sent, as the caller wrote it (or resolve() returned it). */
  const sentUrls = new Map<number, string>();
  const failedRefs = new Set<number>();
  const finish = (planned: Planned, snapshot: Item | null) => {
    if (planned.explicit) for (const position of planned.positions) results[position] = snapshot;
    emit('data', snapshot, planned.input);
  };
  const fail = (planned: Planned, error: Error) => {
    failedRefs.add(planned.ref);
    emit('error', error, planned.input);
  };

  let queue: SaveOp[] = [];
  for (const planned of plans) {
    if (planned.failure) {
      fail(planned, planned.failure);
      continue;
    }
    queue.push(planned.op!);
  }

  for (let round = 0; queue.length; round++) {
    const conflicts: { planned: Planned; theirs: WireNode }[] = [];
    for (let start = 0; start < queue.length; start += CHUNK) {
      const chunk = queue.slice(start, start + CHUNK).map((op) => withKnownParent(op, refIds, failedRefs));
      for (const op of chunk) if (op.url !== undefined) sentUrls.set(op.ref, op.url);
      const reply = await backend.save(chunk);
      const builder = new SnapshotBuilder(reply.groups);
      for (const outcome of reply.outcomes) {
        const planned = plans[outcome.ref];
        if (outcome.status === 'saved') {
          refIds.set(outcome.ref, outcome.item.id);
          if (!planned.instance?.id) savedIds.set(planned.input, outcome.item.id);
          const snapshot = builder.build(outcome.item);
          // The SDK handed back the caller's URL, not the form Firefox stored ('http://mozilla.org' rather than
          // 'http://mozilla.org/'); a later search reads the stored form.
          const sentUrl = sentUrls.get(outcome.ref);
          if (snapshot instanceof Bookmark && sentUrl !== undefined) snapshot.url = sentUrl;
          finish(planned, snapshot);
        } else if (outcome.status === 'removed') {
          finish(planned, null);
        } else if (outcome.status === 'failed') {
          fail(planned, toError(outcome.message));
        } else {
          conflicts.push({ planned, theirs: outcome.theirs });
        }
      }
    }
    queue = [];
    for (const { planned, theirs } of conflicts) {
      if (round >= MAX_RESOLVE_ROUNDS) {
        fail(planned, toError('The item kept changing while it was being saved.'));
        continue;
      }
      const op = await resolveConflict(planned, theirs, options.resolve!).catch((error: unknown) => {
        fail(planned, error instanceof Error ? error : toError(String(error)));
        return null;
      });
      if (op) queue.push(op);
    }
  }
  emit('end', results);
}

function withKnownParent(op: SaveOp, refIds: Map<number, string>, failedRefs: Set<number>): SaveOp {
  if (!op.parent || !('ref' in op.parent)) return op;
  const id = refIds.get(op.parent.ref);
  if (id) return { ...op, parent: { id } };
  if (failedRefs.has(op.parent.ref)) return { ...op, parent: { id: UNFILED_ID } };
  return op;
}

function plainOfWire(node: WireNode): PlainItem {
  const plain: PlainItem = { type: node.type, id: node.id, group: node.parentId, index: node.index, updated: node.updated };
  if (node.title !== undefined) plain.title = node.title;
  if (node.url !== undefined) plain.url = node.url;
  if (node.tags !== undefined) plain.tags = [...node.tags];
  return plain;
}

async function resolveConflict(planned: Planned, theirs: WireNode, resolve: Resolver): Promise<SaveOp> {
  const mine = toPlain(planned.instance!);
  mine.id = theirs.id;
  const chosen = (await resolve(mine, plainOfWire(theirs))) as (Partial<PlainItem> & { group?: unknown; tags?: unknown }) | null | undefined;
  if (!chosen || typeof chosen !== 'object') throw toError('resolve() returned nothing for this item.');
  const type = theirs.type as ItemType;
  const group = chosen.group;
  const groupId = typeof group === 'string' ? group : isGroupLike(group) ? (group as { id?: string | null }).id : undefined;
  const parentId = groupId || theirs.parentId;
  const op: SaveOp = {
    ref: planned.ref,
    type,
    action: 'update',
    id: theirs.id,
    parent: { id: parentId },
    index: typeof chosen.index === 'number' ? chosen.index : -1,
    updated: theirs.updated,
    check: true,
  };
  if (type !== 'separator') op.title = typeof chosen.title === 'string' ? chosen.title : (theirs.title ?? '');
  if (type === 'bookmark') {
    op.url = typeof chosen.url === 'string' ? chosen.url : theirs.url;
    const tags = chosen.tags;
    op.tags = tags instanceof Set ? [...tags].map(String) : Array.isArray(tags) ? tags.map(String) : (theirs.tags ?? []);
  }
  return op;
}
