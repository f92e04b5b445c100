/**
 * browser.storage.local (and session) in memory: values are structured-cloned in and out; get accepts null, a key,
 * a list of keys or an object of defaults; every change fires storage.onChanged(changes, area) and the area's own
 * onChanged(changes), with {oldValue, newValue} per key as Firefox reports them (also when the value is the same;
 * removing a missing key or clearing an empty area fires nothing).
 */
import type { EventHub, FakeEvent } from './events';

type Changes = Record<string, { oldValue?: unknown; newValue?: unknown }>;

function containsFunction(value: unknown, seen = new Set<unknown>()): boolean {
  if (typeof value === 'function') return true;
  if (!value || typeof value !== 'object' || seen.has(value)) return false;
  seen.add(value);
  return Object.values(value).some((v) => containsFunction(v, seen));
}

/** Structured clone with Firefox's message for the common mistake of storing a function. */
function cloneForStorage<T>(value: T): T {
  if (containsFunction(value)) throw new Error('DataCloneError: Function object could not be cloned.');
  return structuredClone(value);
}
type Keys = null | undefined | string | string[] | Record<string, unknown>;

export function createFakeStorageArea(areaName: string, hub: EventHub, globalOnChanged: FakeEvent<(changes: Changes, area: string) => void>) {
  const data = new Map<string, unknown>();
  const onChanged = hub.event<(changes: Changes) => void>();

  const announce = (changes: Changes) => {
    if (Object.keys(changes).length === 0) return;
    onChanged.emit(changes);
    globalOnChanged.emit(changes, areaName);
  };

  const api = {
    onChanged,
    async get(keys?: Keys): Promise<Record<string, unknown>> {
      const out: Record<string, unknown> = {};
      if (keys === null || keys === undefined) {
        for (const [k, v] of data) out[k] = structuredClone(v);
      } else if (typeof keys === 'string' || Array.isArray(keys)) {
        for (const k of typeof keys === 'string' ? [keys] : keys) if (data.has(k)) out[k] = structuredClone(data.get(k));
      } else {
        for (const [k, fallback] of Object.entries(keys)) out[k] = structuredClone(data.has(k) ? data.get(k) : fallback);
      }
      return out;
    },
    async set(items: Record<string, unknown>): Promise<void> {
      const changes: Changes = {};
      const copies = cloneForStorage(items);
      for (const [k, v] of Object.entries(copies)) {
        // Firefox keeps no undefined value: the key is reported with neither value and not stored.
        const change: Changes[string] = v === undefined ? {} : { newValue: v };
        if (data.has(k)) change.oldValue = data.get(k);
        changes[k] = change;
        if (v === undefined) data.delete(k);
        else data.set(k, v);
      }
      announce(structuredClone(changes));
    },
    async remove(keys: string | string[]): Promise<void> {
      const changes: Changes = {};
      for (const k of typeof keys === 'string' ? [keys] : keys) {
        if (!data.has(k)) continue;
        changes[k] = { oldValue: data.get(k) };
        data.delete(k);
      }
      announce(changes);
    },
    async clear(): Promise<void> {
      const changes: Changes = {};
      for (const [k, v] of data) changes[k] = { oldValue: v };
      data.clear();
      announce(changes);
    },
  };
  return { api, data };
}

export function createFakeStorage(hub: EventHub) {
  const onChanged = hub.event<(changes: Changes, area: string) => void>();
  const local = createFakeStorageArea('local', hub, onChanged);
  const session = createFakeStorageArea('session', hub, onChanged);
  return { api: { onChanged, local: local.api, session: session.api }, local, session };
}
