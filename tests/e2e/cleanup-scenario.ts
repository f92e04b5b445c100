/**
 * A 2,000-item cleanup in real Firefox with someone else editing the tree while it runs (issue #11): the collection,
 * its plan, the edits made at points chosen by the job's own progress messages (never by time), and what must hold
 * afterwards. Used by tests/e2e/cleanup-edits.e2e.ts (edits, then undo) and tests/e2e/cleanup-kill.e2e.ts (edits,
 * then Firefox killed and started again on the same profile).
 *
 * The collection: 440 URLs with 4 loose copies each (1,320 to remove), 60 URLs whose kept copy lies in one of five
 * folders "Keepers A".."Keepers E" (12 each) with 2 copies elsewhere (120 to remove), and a folder "Reading" of 280
 * bookmarks copied twice ("Reading (1)", "Reading (2)": 560 inside copied folders). 2,000 items in all.
 */
import type { Page } from 'puppeteer-core';
import { expect } from 'vitest';
import type { CleanupPlan } from '../../src/dedup/plan-types';
import type { Firefox } from './firefox';
import { seedTree, type SeedFolder } from './places-seed';

export const LOOSE_URLS = 440;
export const READING = 280;
export const KEEPER_FOLDERS = ['Keepers A', 'Keepers B', 'Keepers C', 'Keepers D', 'Keepers E'];

/** Where the edits are made: the phase, and for the removing phase how far through the loose removals. */
export type EditPoint = 'journaling' | 'collapsing' | 'early' | 'middle' | 'late';
export const EDIT_POINTS: EditPoint[] = ['journaling', 'collapsing', 'early', 'middle', 'late'];

export interface Item {
  id: string;
  title: string;
  url?: string;
  type: string;
  /** The title of its folder. */
  folder: string;
}

/** One edit someone else made, as Firefox accepted it (refused edits are not listed). */
export interface Edit {
  point: EditPoint;
  op: 'rename' | 'readdress' | 'move' | 'remove' | 'create' | 'moveIn' | 'removeFolder';
  id: string;
  /** The item as it was before the edit (for a create: as made). */
  title: string;
  url?: string;
  /** The folder it was in before (for a create or a move: the folder it went to). */
  folder: string;
  after?: { title?: string; url?: string; folder?: string };
}

/**
 * Puts the collection into Firefox in one go (Places' insertTree, tests/e2e/places-seed.ts): menu: Keepers A..E,
 * Reading, Sync 1, 3, 5, 7; Other Bookmarks: Sync 0, 2, 4, 6, Reading (1), Reading (2). The kept copies come first in
 * tree order; each Sync folder holds its loose copies, then the kept URLs' other copies, then the unique bookmarks
 * someone will move into the copied folders.
 */
export async function createCollection(ff: Pick<Firefox, 'chrome'>): Promise<void> {
  const keepers: SeedFolder[] = KEEPER_FOLDERS.map((title, k) => ({
    title,
    children: Array.from({ length: 12 }, (_, i) => ({ title: `keep ${k}.${i} c0`, url: `https://kept.example/${k}/${i}` })),
  }));
  const reading = (title: string): SeedFolder => ({
    title,
    children: Array.from({ length: READING }, (_, i) => ({ title: `Read ${i}`, url: `https://read.example/${i}` })),
  });
  const sync: SeedFolder[] = Array.from({ length: 8 }, (_, i) => ({ title: `Sync ${i}`, children: [] }));
  for (let c = 0; c < 4; c++) {
    for (let i = 0; i < LOOSE_URLS; i++) sync[(i + c) % 8]!.children.push({ title: `page ${i} c${c}`, url: `https://many.example/${i}` });
  }
  for (let k = 0; k < KEEPER_FOLDERS.length; k++) {
    for (let i = 0; i < 12; i++) {
      for (let c = 1; c < 3; c++) sync[(i + c + k) % 8]!.children.push({ title: `keep ${k}.${i} c${c}`, url: `https://kept.example/${k}/${i}` });
    }
  }
  for (let i = 0; i < 10; i++) sync[i % 8]!.children.push({ title: `unique ${i}`, url: `https://unique.example/${i}` });
  await seedTree(ff, {
    menu________: [...keepers, reading('Reading'), ...sync.filter((_, i) => i % 2 === 1)],
    unfiled_____: [...sync.filter((_, i) => i % 2 === 0), reading('Reading (1)'), reading('Reading (2)')],
  });
}

/** Every bookmark and folder under the roots, with its folder's title. */
export async function items(page: Page): Promise<Item[]> {
  return page.evaluate(async () => {
    type N = { id: string; title: string; url?: string; type?: string; children?: N[] };
    const [root] = (await window.tm.browser.bookmarks.getTree()) as N[];
    const out: { id: string; title: string; url?: string; type: string; folder: string }[] = [];
    const walk = (n: N, folder: string) => {
      for (const c of n.children ?? []) {
        out.push({ id: c.id, title: c.title, url: c.url, type: c.type ?? 'bookmark', folder });
        walk(c, c.title);
      }
    };
    for (const r of root.children ?? []) walk(r, r.id);
    return out;
  });
}

/**
 * The plan the scan would make for this collection: the two copies of Reading (when there) go whole, every URL
 * keeps its first copy in tree order (the one in a Keepers folder for those URLs), the others go.
 */
export async function planFor(page: Page): Promise<CleanupPlan> {
  return page.evaluate(async () => {
    type N = { id: string; parentId?: string; title: string; url?: string; type?: string; children?: N[] };
    const [root] = (await window.tm.browser.bookmarks.getTree()) as N[];
    const all: N[] = [];
    const walk = (n: N) => {
      all.push(n);
      n.children?.forEach(walk);
    };
    walk(root);
    const reading = all.find((n) => n.title === 'Reading')!;
    const removals: CleanupPlan['removals'] = [];
    const inCopies = new Set<string>();
    for (const title of ['Reading (1)', 'Reading (2)']) {
      const copy = all.find((n) => n.title === title);
      if (!reading || !copy) continue;
      for (const c of copy.children!) inCopies.add(c.id);
      removals.push({ id: copy.id, kind: 'folder', expectedUrl: null, expectedParentId: copy.parentId!, reason: 'duplicate-folder', keptId: reading.id });
    }
    const firstOf = new Map<string, string>();
    let loose = 0;
    for (const n of all) {
      if (n.type !== 'bookmark' || inCopies.has(n.id)) continue;
      const kept = firstOf.get(n.url!);
      if (kept === undefined) firstOf.set(n.url!, n.id);
      else {
        removals.push({ id: n.id, kind: 'bookmark', expectedUrl: n.url!, expectedParentId: n.parentId!, reason: 'duplicate-bookmark', keptId: kept });
        loose++;
      }
    }
    const folders = removals.filter((r) => r.kind === 'folder').length;
    const inside = folders * (reading?.children?.length ?? 0);
    return {
      id: `plan-${Date.now()}`,
      createdAt: Date.now(),
      removals,
      moves: [],
      tagMerges: [],
      numbers: { copies: loose + inside, loose, insideFolders: inside, copiedFolders: folders, emptyFolders: 0, moved: 0, tagMerges: 0 },
    } satisfies CleanupPlan;
  });
}

interface PageRun {
  progress: { phase: string; done: number; total: number } | null;
  phases: string[];
  edits: Edit[];
  /** Points whose edits Firefox has answered, in order. */
  pointsDone: string[];
  result: { sessionId: string; counts: Record<string, number>; problems: { reason: string }[] } | null;
  error: string | null;
}

/**
 * Starts the apply in the page and makes the edits at each of `points` as its progress reaches it: at the first
 * message of a phase for 'journaling' and 'collapsing', at 10 %, 50 % and 80 % of the loose removals for 'early',
 * 'middle' and 'late'. The targets are duplicates the apply has not reached yet (it removes them by folder, last
 * child first, as src/dedup/cleanup/remove-loose.ts removeLoose). Returns at once; see `waitForRun`.
 */
export async function startCleanupWithEdits(page: Page, plan: CleanupPlan, points: EditPoint[]): Promise<void> {
  await page.evaluate(
    async (plan, points, keeperFolders) => {
      type N = { id: string; parentId?: string; index?: number; title: string; url?: string; type?: string; children?: N[] };
      const b = window.tm.browser.bookmarks;
      const [root] = (await b.getTree()) as N[];
      const byId = new Map<string, N>();
      const walk = (n: N) => {
        byId.set(n.id, n);
        n.children?.forEach(walk);
      };
      walk(root);
      const folderId = (title: string) => [...byId.values()].find((n) => n.title === title && n.type === 'folder')!.id;
      const titleOf = (id: string) => byId.get(id)!.title;
      // The order the apply takes loose removals in.
      const loose = plan.removals
        .filter((r) => r.kind === 'bookmark')
        .map((r) => byId.get(r.id)!)
        .sort((a, b) => (a.parentId! < b.parentId! ? -1 : a.parentId! > b.parentId! ? 1 : b.index! - a.index!));
      /** Units done when the removing phase began (the copied folders removed by then). */
      let removingFrom: number | null = null;
      const used = new Set<string>();
      const run: PageRun = { progress: null, phases: [], edits: [], pointsDone: [], result: null, error: null };
      (window as unknown as { cleanupRun: PageRun }).cleanupRun = run;
      let uniques = 0;
      let created = 0;

      /** `n` duplicates at least `ahead` removals past where the apply is (never one already picked). */
      const notReached = (reached: number, n: number, ahead = 200) => {
        const out: N[] = [];
        for (let i = Math.min(loose.length - 1, reached + ahead); i < loose.length && out.length < n; i += 2) {
          if (!used.has(loose[i].id)) {
            used.add(loose[i].id);
            out.push(loose[i]);
          }
        }
        return out;
      };
      const edit = async (point: string, e: Omit<Edit, 'point'>, call: () => Promise<unknown>) => {
        try {
          await call();
          run.edits.push({ point, ...e } as Edit);
        } catch {
          // Firefox refused it (the item or folder was gone by then): nothing changed.
        }
      };
      const editsAt = async (point: string, reached: number) => {
        const k = points.indexOf(point as never);
        const targets = notReached(reached, 16);
        const jobs: Promise<void>[] = [];
        for (const [i, n] of targets.entries()) {
          const base = { id: n.id, title: n.title, url: n.url, folder: titleOf(n.parentId!) };
          if (i < 4) {
            const title = `renamed at ${point} ${i}`;
            jobs.push(edit(point, { op: 'rename', ...base, after: { title } }, () => b.update(n.id, { title })));
          } else if (i < 8) {
            const url = `https://user.example/${point}/${i}`;
            jobs.push(edit(point, { op: 'readdress', ...base, after: { url } }, () => b.update(n.id, { url })));
          } else if (i < 12) {
            const to = `Sync ${(i + k + 1) % 8}`;
            if (to === base.folder) continue;
            jobs.push(edit(point, { op: 'move', ...base, after: { folder: to } }, () => b.move(n.id, { parentId: folderId(to) })));
          } else {
            jobs.push(edit(point, { op: 'remove', ...base }, () => b.remove(n.id)));
          }
        }
        // Into the copied folders: a new bookmark in each, and a unique one moved into each.
        for (const copy of ['Reading (1)', 'Reading (2)']) {
          const title = `made in ${copy} at ${point}`;
          const url = `https://user.example/new/${created++}`;
          jobs.push(
            (async () => {
              try {
                const made = await b.create({ parentId: folderId(copy), title, url });
                run.edits.push({ point: point as EditPoint, op: 'create', id: made.id, title, url, folder: copy });
              } catch {
                // The folder was gone already.
              }
            })(),
          );
          const u = byId.get([...byId.values()].find((n) => n.title === `unique ${uniques}`)!.id)!;
          uniques++;
          jobs.push(
            edit(point, { op: 'moveIn', id: u.id, title: u.title, url: u.url, folder: titleOf(u.parentId!), after: { folder: copy } }, () =>
              b.move(u.id, { parentId: folderId(copy) }),
            ),
          );
        }
        // The folder holding 12 kept copies.
        const keepers = keeperFolders[k];
        jobs.push(edit(point, { op: 'removeFolder', id: folderId(keepers), title: keepers, folder: 'menu________' }, () => b.removeTree(folderId(keepers))));
        await Promise.all(jobs);
        run.pointsDone.push(point);
      };

      const fired = new Set<string>();
      const fire = (point: string, reached: number) => {
        if (!points.includes(point as never) || fired.has(point)) return;
        fired.add(point);
        void editsAt(point, reached);
      };
      const job = window.tm.client.startJob('dedup.cleanup', plan, (p) => {
        run.progress = p;
        if (run.phases[run.phases.length - 1] !== p.phase) run.phases.push(p.phase);
        if (p.phase === 'journaling') fire('journaling', 0);
        if (p.phase === 'collapsing') fire('collapsing', 0);
        if (p.phase === 'removing') {
          removingFrom ??= p.done;
          const reached = p.done - removingFrom;
          for (const [point, share] of [
            ['early', 0.1],
            ['middle', 0.5],
            ['late', 0.8],
          ] as const) {
            if (reached >= share * loose.length) fire(point, reached);
          }
        }
      });
      job.result.then(
        (r) => (run.result = r as never),
        (e) => (run.error = String(e?.message ?? e)),
      );
    },
    plan,
    points,
    KEEPER_FOLDERS,
  );
}

export async function runState(page: Page): Promise<PageRun> {
  return page.evaluate(() => (window as unknown as { cleanupRun: PageRun }).cleanupRun);
}

/** Waits for the apply to end and every point's edits to be answered. */
export async function waitForRun(page: Page, points: EditPoint[]): Promise<PageRun> {
  await page.waitForFunction(
    (n) => {
      const run = (window as unknown as { cleanupRun: PageRun }).cleanupRun;
      return (run.result !== null || run.error !== null) && run.pointsDone.length === n;
    },
    { timeout: 180_000, polling: 100 },
    points.length,
  );
  return runState(page);
}

const key = (i: { title: string; url?: string }) => `${i.title} | ${i.url ?? ''}`;

/** The bookmarks someone else removed: their own removals and what went with a Keepers folder. */
function removedByUser(before: Item[], edits: Edit[]): Set<string> {
  const gone = new Set<string>();
  for (const e of edits) {
    if (e.op === 'remove') gone.add(e.id);
    if (e.op === 'removeFolder') for (const i of before) if (i.folder === e.title) gone.add(i.id);
  }
  return gone;
}

/**
 * Right after the cleanup: every change someone else made is there as they made it, what they removed stays
 * removed, and every URL that had a bookmark before still has one (unless they removed or re-addressed every one).
 */
export function expectUserChangesKept(before: Item[], after: Item[], edits: Edit[]): void {
  const bookmarks = after.filter((i) => i.type === 'bookmark');
  const find = (title: string, url: string | undefined, folder?: string) =>
    bookmarks.filter((i) => i.title === title && i.url === url && (!folder || i.folder === folder));
  for (const e of edits) {
    const what = `${e.op} at ${e.point}: ${e.title}`;
    if (e.op === 'rename') expect(find(e.after!.title!, e.url, e.folder), what).toHaveLength(1);
    if (e.op === 'readdress') expect(find(e.title, e.after!.url, e.folder), what).toHaveLength(1);
    if (e.op === 'move') expect(find(e.title, e.url, e.after!.folder), what).toHaveLength(1);
    if (e.op === 'remove')
      expect(
        bookmarks.filter((i) => i.title === e.title),
        what,
      ).toEqual([]);
    // Put into a copied folder: there still, or re-created in the folder that stays (Reading).
    if (e.op === 'create')
      expect(
        find(e.title, e.url).filter((i) => i.folder === e.folder || i.folder === 'Reading'),
        what,
      ).toHaveLength(1);
    if (e.op === 'moveIn')
      expect(
        find(e.title, e.url).filter((i) => i.folder === e.after!.folder || i.folder === 'Reading'),
        what,
      ).toHaveLength(1);
    if (e.op === 'removeFolder')
      expect(
        after.filter((i) => i.title === e.title),
        what,
      ).toEqual([]);
  }
  const gone = removedByUser(before, edits);
  const readdressed = new Set(edits.filter((e) => e.op === 'readdress').map((e) => e.id));
  const urls = new Set(bookmarks.map((i) => i.url));
  const stillOwed = new Set<string>();
  for (const i of before) if (i.type === 'bookmark' && !gone.has(i.id) && !readdressed.has(i.id)) stillOwed.add(i.url!);
  const lost = [...stillOwed].filter((u) => !urls.has(u));
  expect(lost, 'URLs left with no bookmark').toEqual([]);
}

/**
 * After undo (or the roll-back of a crashed cleanup): exactly the bookmarks there were before, with every change
 * someone else made (their edits, their removals, their new bookmarks) and nothing the cleanup removed missing.
 */
export function expectBeforeWithUserChanges(before: Item[], after: Item[], edits: Edit[]): void {
  const gone = removedByUser(before, edits);
  const value = new Map(before.filter((i) => i.type === 'bookmark').map((i) => [i.id, { title: i.title, url: i.url, folder: i.folder }]));
  for (const e of edits) {
    const v = value.get(e.id);
    if (e.op === 'rename' && v) v.title = e.after!.title!;
    if (e.op === 'readdress' && v) v.url = e.after!.url;
    if ((e.op === 'move' || e.op === 'moveIn') && v) v.folder = e.after!.folder!;
    if (e.op === 'create') value.set(e.id, { title: e.title, url: e.url, folder: e.folder });
  }
  const expected = [...value]
    .filter(([id]) => !gone.has(id))
    .map(([, v]) => key(v))
    .sort();
  const got = after
    .filter((i) => i.type === 'bookmark')
    .map(key)
    .sort();
  // As two lists, so a failure names what is missing and what is extra.
  const left = [...got];
  const missing: string[] = [];
  for (const k of expected) {
    const at = left.indexOf(k);
    if (at < 0) missing.push(k);
    else left.splice(at, 1);
  }
  expect({ missing, extra: left }).toEqual({ missing: [], extra: [] });
  expect(got.length, 'bookmarks after').toBe(expected.length);
  // Moved, renamed or re-addressed by someone else: in the folder they left it in.
  const bookmarks = after.filter((i) => i.type === 'bookmark');
  for (const e of edits) {
    if (e.op !== 'rename' && e.op !== 'readdress' && e.op !== 'move') continue;
    const v = value.get(e.id)!;
    expect(
      bookmarks.filter((i) => i.title === v.title && i.url === v.url).map((i) => i.folder),
      `${e.op} at ${e.point}: ${e.title}`,
    ).toEqual([v.folder]);
  }
}
