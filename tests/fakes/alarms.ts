/**
 * browser.alarms in memory: create (by `when`, `delayInMinutes`, `periodInMinutes`; a name given again replaces the
 * alarm), get, getAll, clear, clearAll, and onAlarm fired by a timer when an alarm is due, as Firefox does
 * (ext-alarms.js: no lower bound on the delay; a one-shot alarm is gone once fired). Alarms belong to the browser,
 * not to the event page: they outlive an unload (control.unload) and, as in Firefox, not a restart
 * (control.restartFirefox drops them).
 */
import type { EventHub } from './events';

export interface AlarmInfo {
  when?: number;
  delayInMinutes?: number;
  periodInMinutes?: number;
}

export interface FakeAlarm {
  name: string;
  scheduledTime: number;
  periodInMinutes?: number;
}

export function createFakeAlarms(hub: EventHub, now: () => number) {
  const alarms = new Map<string, { alarm: FakeAlarm; timer: ReturnType<typeof setTimeout> }>();
  const onAlarm = hub.event<(alarm: FakeAlarm) => void>();

  const schedule = (name: string, delay: number, periodInMinutes: number | undefined) => {
    const alarm: FakeAlarm = { name, scheduledTime: now() + delay, ...(periodInMinutes ? { periodInMinutes } : {}) };
    const timer = setTimeout(() => fire(name), Math.max(0, delay));
    alarms.set(name, { alarm, timer });
  };
  const drop = (name: string) => {
    const entry = alarms.get(name);
    if (!entry) return false;
    clearTimeout(entry.timer);
    alarms.delete(name);
    return true;
  };
  function fire(name: string) {
    const entry = alarms.get(name);
    if (!entry) return;
    const { alarm } = entry;
    if (alarm.periodInMinutes) schedule(name, alarm.periodInMinutes * 60_000, alarm.periodInMinutes);
    else alarms.delete(name);
    onAlarm.emit({ ...alarm });
  }

  const api = {
    onAlarm,
    create(nameOrInfo?: string | AlarmInfo, maybeInfo?: AlarmInfo): void {
      const [name, info] = typeof nameOrInfo === 'string' ? [nameOrInfo, maybeInfo ?? {}] : ['', nameOrInfo ?? {}];
      drop(name);
      const delay = info.when !== undefined ? info.when - now() : (info.delayInMinutes ?? info.periodInMinutes ?? 0) * 60_000;
      schedule(name, delay, info.periodInMinutes);
    },
    async get(name = ''): Promise<FakeAlarm | undefined> {
      const entry = alarms.get(name);
      return entry && { ...entry.alarm };
    },
    async getAll(): Promise<FakeAlarm[]> {
      return [...alarms.values()].map((e) => ({ ...e.alarm }));
    },
    async clear(name = ''): Promise<boolean> {
      return drop(name);
    },
    async clearAll(): Promise<boolean> {
      const any = alarms.size > 0;
      for (const name of [...alarms.keys()]) drop(name);
      return any;
    },
  };

  const control = {
    /** The alarms set now. */
    get alarms(): FakeAlarm[] {
      return [...alarms.values()].map((e) => ({ ...e.alarm }));
    },
    /** Fires an alarm now, as its timer would (a periodic one is scheduled again). */
    fire,
    /** Firefox quits: its alarms are not kept (ext-alarms.js clears them on shutdown). */
    dropAll(): void {
      for (const name of [...alarms.keys()]) drop(name);
    },
  };
  return { api, control };
}
