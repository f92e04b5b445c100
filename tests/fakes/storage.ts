/**
 * browser.storage.local (and session) in memory: values are structured-cloned in and out; get accepts null, a key,
 * a list of keys or an object of defaults; every change fires storage.onChanged(changes, area) and the area's own
 * onChanged(changes), with {oldValue, newValue} per key as Firefox reports them.
 */
import type { EventHub, FakeEvent } from './events';

type Changes = Record<string, { oldValue?: unknown; newValue?: unknown }>;
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
      const copies = structuredClone(items);
      for (const [k, v] of Object.entries(copies)) {
        const change: Changes[string] = { newValue: v };
        if (data.has(k)) change.oldValue = data.get(k);
        changes[k] = change;
        data.set(k, v);
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
