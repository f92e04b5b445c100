/**
 * CPU time a launched Firefox used (every process of it: parent, content, extension, GPU, utility), from /proc.
 * On the shared machine wall times swing with the load; the CPU a piece of work costs is steadier.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { Firefox } from '../../tests/e2e/firefox';

const TICK_MS = 10; // USER_HZ is 100 on Linux.

interface Stat {
  pid: number;
  ppid: number;
  cpuMs: number;
}

function readStat(pid: number): Stat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces: fields start after the last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    // fields[0] is state (field 3), ppid is field 4, utime 14, stime 15.
    return { pid, ppid: Number(fields[1]), cpuMs: (Number(fields[11]) + Number(fields[12])) * TICK_MS };
  } catch {
    return null;
  }
}

/** Every process of the launched Firefox (the parent and its descendants). */
function firefoxProcesses(ff: Firefox): Stat[] {
  const root = ff.browser.process()?.pid;
  if (root === undefined) throw new Error('no Firefox process to measure');
  const stats = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readStat(Number(name)))
    .filter((s): s is Stat => s !== null);
  const children = new Map<number, Stat[]>();
  for (const s of stats) children.set(s.ppid, [...(children.get(s.ppid) ?? []), s]);
  const out: Stat[] = [];
  const stack = stats.filter((s) => s.pid === root);
  while (stack.length) {
    const s = stack.pop()!;
    out.push(s);
    stack.push(...(children.get(s.pid) ?? []));
  }
  return out;
}

/** The CPU time (ms, user + system) of the Firefox process tree so far. */
export function firefoxCpuMs(ff: Firefox): number {
  return firefoxProcesses(ff).reduce((total, s) => total + s.cpuMs, 0);
}

function readThread(pid: number, tid: number): { name: string; cpuMs: number } | null {
  try {
    const text = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const name = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8')
      .trim()
      .replace(/[\s#]*\d+$/, '');
    return { name, cpuMs: (Number(fields[11]) + Number(fields[12])) * TICK_MS };
  } catch {
    return null;
  }
}

/**
 * The CPU time (ms) of the Firefox process tree so far by process and thread name (/proc comm, "process:thread": the
 * parent's main thread, its storage threads, WebExtensions, …).
 */
export function firefoxCpuByProcess(ff: Firefox): Map<string, number> {
  const out = new Map<string, number>();
  for (const s of firefoxProcesses(ff)) {
    try {
      const name = readFileSync(`/proc/${s.pid}/comm`, 'utf8').trim();
      // By thread (numbers dropped from their names: "mozStorage #3" and "mozStorage #4" add up).
      for (const tid of readdirSync(`/proc/${s.pid}/task`)) {
        const t = readThread(s.pid, Number(tid));
        if (t) out.set(`${name}:${t.name}`, (out.get(`${name}:${t.name}`) ?? 0) + t.cpuMs);
      }
    } catch {
      // Gone since.
    }
  }
  return out;
}

/** What each process used between two readings of firefoxCpuByProcess, per `per` (e.g. ms per copy). */
export function cpuSplit(before: Map<string, number>, after: Map<string, number>, per: number): string {
  return [...after]
    .map(([name, ms]) => [name, (ms - (before.get(name) ?? 0)) / per] as const)
    .filter(([, ms]) => ms >= 0.05)
    .sort((a, b) => b[1] - a[1])
    .map(([name, ms]) => `${name} ${ms.toFixed(2)}`)
    .join(', ');
}
