/**
 * Property tests of the one history on the fake browser, through the real background: random sequences of edits
 * (create, copy, rename, new address, tags, the details pane's save, a popup save, move, delete, sort), undos and
 * redos, and undos and redos cut short by Firefox dying after a random number of calls.
 *
 * 1. Alone: the tree (titles, addresses, kinds, order, nesting) and the tags of every bookmarked address always equal
 *    the model, a stack of the states each operation went from and to: undo gives the state before the newest
 *    operation done, redo the state after the one undone last, a new operation ends what can be redone, a crash
 *    mid-undo or mid-redo leaves the state it found once the next start has rolled it back.
 * 2. With someone else (the person in Firefox's own window, Sync) changing bookmarks between the steps: no undo and
 *    no redo ever reverts what they did. Their changes are facts (this item exists with this title and address, in
 *    this folder); an operation of ours may change them (it is newer), an undo or a redo never does.
 */
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Client } from '../../../src/app-protocol/client';
import { MENU_ID, ROOT_ID, TOOLBAR_ID, UNFILED_ID, type BookmarkNode } from '../../../src/platform/browser';
import type { FakeBrowser } from '../../fakes/browser';
import { boot } from '../../kit/boot';
import { killable } from '../../kit/killable';

const URLS = ['https://a.example/', 'https://b.example/', 'https://c.example/', 'https://d.example/'];
const TITLES = ['apple', 'Banana', 'cherry', 'date'];
const TAGS = ['red', 'green', 'Red', 'blue'];
const ROOTS = [MENU_ID, TOOLBAR_ID, UNFILED_ID];

const pick = fc.nat({ max: 1000 });
const picks = fc.array(pick, { minLength: 1, maxLength: 3 });
const edit = fc.oneof(
  fc.record({
    kind: fc.constant('create' as const),
    what: fc.constantFrom('bookmark' as const, 'folder' as const, 'separator' as const),
    parent: pick,
    before: pick,
    title: fc.constantFrom(...TITLES),
    url: fc.constantFrom(...URLS),
  }),
  fc.record({ kind: fc.constant('copy' as const), items: picks, target: pick }),
  fc.record({ kind: fc.constant('rename' as const), item: pick, title: fc.constantFrom(...TITLES) }),
  fc.record({ kind: fc.constant('readdress' as const), item: pick, url: fc.constantFrom(...URLS) }),
  fc.record({ kind: fc.constant('tag' as const), items: picks, tag: fc.constantFrom(...TAGS), add: fc.boolean() }),
  fc.record({ kind: fc.constant('details' as const), item: pick, title: fc.constantFrom(...TITLES), url: fc.constantFrom(...URLS), tags: fc.subarray(TAGS) }),
  fc.record({ kind: fc.constant('popup' as const), item: pick, title: fc.constantFrom(...TITLES), target: pick, tags: fc.subarray(TAGS), remove: fc.boolean() }),
  fc.record({ kind: fc.constant('move' as const), items: picks, target: pick, before: pick }),
  fc.record({ kind: fc.constant('delete' as const), items: picks }),
  fc.record({ kind: fc.constant('sort' as const), folder: pick, by: fc.constantFrom('name' as const, 'address' as const, 'date' as const), foldersFirst: fc.boolean() }),
);
type Edit = typeof edit extends fc.Arbitrary<infer T> ? T : never;
const takeBack = fc.oneof(
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('undo' as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('redo' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('crash' as const), redo: fc.boolean(), afterCalls: fc.nat({ max: 6 }) }) },
);
const theirs = fc.oneof(
  fc.record({ kind: fc.constant('their-create' as const), parent: pick, title: fc.constantFrom(...TITLES, 'theirs'), url: fc.constantFrom(...URLS) }),
  fc.record({ kind: fc.constant('their-rename' as const), item: pick, title: fc.constantFrom('renamed by them', 'theirs') }),
  fc.record({ kind: fc.constant('their-move' as const), item: pick, target: pick }),
  fc.record({ kind: fc.constant('their-remove' as const), item: pick }),
);

interface World {
  fake: FakeBrowser;
  kill: ReturnType<typeof killable>['state'];
  /** Settles when Firefox is killed under this background. */
  died: Promise<void>;
  client: Client;
}

/** A background that can be killed, on a new fake (or on `fake` again: Firefox started after a kill). */
async function startWorld(fake?: FakeBrowser): Promise<World> {
  const kill = killable();
  const env = await boot(fake ? { fake, browser: kill.wrap, killed: kill.died } : { seed: 11, browser: kill.wrap, killed: kill.died });
  return { fake: env.fake, kill: kill.state, died: kill.died, client: env.client };
}

/** One world per test (its runs reset it): boot() closes it when the test ends. */
let world: World | null = null;
beforeEach(() => {
  world = null;
});
async function freshWorld(): Promise<World> {
  world ??= await startWorld();
  await world.client.call('test.reset', {});
  const b = world.fake.browser.bookmarks;
  const f = await b.create({ parentId: MENU_ID, title: 'F' });
  await b.create({ parentId: f.id, title: 'cherry', url: URLS[2] });
  await b.create({ parentId: f.id, type: 'separator' });
  await b.create({ parentId: f.id, title: 'apple', url: URLS[0] });
  await b.create({ parentId: TOOLBAR_ID, title: 'date', url: URLS[3] });
  await b.create({ parentId: TOOLBAR_ID, title: 'Banana', url: URLS[1] });
  const g = await b.create({ parentId: UNFILED_ID, title: 'G' });
  const h = await b.create({ parentId: g.id, title: 'H' });
  await b.create({ parentId: h.id, title: 'apple', url: URLS[0] });
  return world;
}

function flatten(root: BookmarkNode): BookmarkNode[] {
  const out: BookmarkNode[] = [];
  const walk = (n: BookmarkNode) => {
    out.push(n);
    for (const c of n.children ?? []) walk(c);
  };
  walk(root);
  return out;
}

/** What the model compares: the tree without ids and dates, and each bookmarked address's tags as stored. */
async function stateOf(w: World): Promise<unknown> {
  const [root] = await w.fake.browser.bookmarks.getTree();
  const strip = (n: BookmarkNode): unknown => [n.type ?? (n.url ? 'bookmark' : 'folder'), n.title, n.url ?? null, (n.children ?? []).map(strip)];
  const urls = [
    ...new Set(
      flatten(root!)
        .filter((n) => n.type !== 'separator')
        .map((n) => n.url)
        .filter((u): u is string => !!u),
    ),
  ].sort();
  const tags = urls.length ? await w.client.call('tags.forUrls', { urls }) : [];
  return { tree: strip(root!), tags: tags.map((e) => [e.url, e.tags]) };
}

async function nodes(w: World) {
  const [root] = await w.fake.browser.bookmarks.getTree();
  const all = flatten(root!).filter((n) => n.id !== ROOT_ID);
  const items = all.filter((n) => !ROOTS.includes(n.id) && n.parentId !== ROOT_ID);
  const folders = all.filter((n) => (n.type ?? (n.url ? 'bookmark' : 'folder')) === 'folder' && n.id !== 'mobile______');
  const bookmarks = all.filter((n) => n.url !== undefined && n.type !== 'separator');
  return { items, folders, bookmarks };
}

const at = <T>(list: readonly T[], i: number): T | undefined => (list.length ? list[i % list.length] : undefined);

/** Makes one edit through the requests the organizer, the Tags view and the popup send. Refusals change nothing. */
async function applyEdit(w: World, e: Edit): Promise<void> {
  const { items, folders, bookmarks } = await nodes(w);
  const c = w.client;
  const ids = (list: number[]) => [...new Set(list.map((i) => at(items, i)?.id).filter((id): id is string => !!id))];
  const beforeIn = async (folderId: string, i: number) => {
    const children = await w.fake.browser.bookmarks.getChildren(folderId);
    return i % (children.length + 1) === children.length ? null : children[i % (children.length + 1)]!.id;
  };
  try {
    switch (e.kind) {
      case 'create': {
        const parent = at(folders, e.parent)!;
        await c.call('organizer.create', {
          parentId: parent.id,
          beforeId: await beforeIn(parent.id, e.before),
          kind: e.what,
          ...(e.what === 'separator' ? {} : { title: e.title }),
          ...(e.what === 'bookmark' ? { url: e.url } : {}),
        });
        break;
      }
      case 'copy':
        if (ids(e.items).length) await c.call('organizer.copy', { ids: ids(e.items), parentId: at(folders, e.target)!.id, beforeId: null });
        break;
      case 'rename': {
        const item = at(items, e.item);
        if (item && item.type !== 'separator') await c.call('organizer.update', { id: item.id, title: e.title });
        break;
      }
      case 'readdress': {
        const item = at(bookmarks, e.item);
        if (item) await c.call('organizer.update', { id: item.id, url: e.url });
        break;
      }
      case 'tag': {
        const urls = [...new Set(e.items.map((i) => at(bookmarks, i)?.url).filter((u): u is string => !!u))];
        if (urls.length) await c.call(e.add ? 'tags.add' : 'tags.remove', { urls, tags: [e.tag] });
        break;
      }
      case 'details': {
        const item = at(bookmarks, e.item);
        if (item) await c.call('organizer.update', { id: item.id, title: e.title, url: e.url, tags: e.tags });
        break;
      }
      case 'popup': {
        const item = at(bookmarks, e.item);
        if (!item) break;
        const target = at(folders, e.target)!.id;
        const op = e.remove
          ? { ref: 0, type: 'bookmark' as const, action: 'remove' as const, id: item.id, index: -1, check: false }
          : {
              ref: 0,
              type: 'bookmark' as const,
              action: 'update' as const,
              id: item.id,
              parent: { id: target },
              index: -1,
              title: e.title,
              url: item.url!,
              tags: e.tags,
              check: false,
            };
        await c.call('places.save', { ops: [op] });
        break;
      }
      case 'move': {
        const target = at(folders, e.target)!.id;
        if (ids(e.items).length) await c.call('organizer.move', { ids: ids(e.items), parentId: target, beforeId: await beforeIn(target, e.before) });
        break;
      }
      case 'delete':
        if (ids(e.items).length) await c.call('organizer.remove', { ids: ids(e.items) });
        break;
      case 'sort':
        await c.call('organizer.sortFolder', { folderId: at(folders, e.folder)!.id, by: e.by, foldersFirst: e.foldersFirst });
        break;
    }
  } catch {
    // Refused (a folder into itself, a root moved, an item gone): nothing changed, which the model checks.
  }
}

const operations = async (w: World) => (await w.client.call('history.list', {})).length;

describe('property: the history against a model of states', () => {
  it('the tree and the tags always equal the model through edits, undos, redos and crashes mid-undo (200 seeded runs)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof({ weight: 3, arbitrary: edit }, { weight: 3, arbitrary: takeBack }), { minLength: 4, maxLength: 24, size: 'medium' }),
        async (steps) => {
          let w = await freshWorld();
          /** The model: the states around each operation still done, and around each one undone since the last new one. */
          const done: { before: unknown; after: unknown }[] = [];
          const undone: { before: unknown; after: unknown }[] = [];
          for (const step of steps) {
            const before = await stateOf(w);
            if (step.kind === 'undo' || step.kind === 'redo' || step.kind === 'crash') {
              const redo = step.kind === 'redo' || (step.kind === 'crash' && step.redo);
              const stack = redo ? undone : done;
              const job = w.client.startJob(redo ? 'history.redo' : 'history.undo', {});
              if (!stack.length) {
                await expect(job.result).rejects.toMatchObject({ code: 'not-found' });
                expect(await stateOf(w)).toEqual(before);
                continue;
              }
              if (step.kind === 'crash') w.kill.left = step.afterCalls;
              const settled = await Promise.race([job.result.then(() => true), w.died.then(() => false)]);
              w.kill.left = Infinity;
              if (!settled) {
                // Firefox died mid-way: the next start rolls the undo (or redo) back, whole.
                w.fake.control.unload();
                w = world = await startWorld(w.fake);
                expect(await stateOf(w)).toEqual(before);
                continue;
              }
              const entry = stack.pop()!;
              expect(await stateOf(w)).toEqual(redo ? entry.after : entry.before);
              (redo ? done : undone).push(entry);
              continue;
            }
            const count = await operations(w);
            await applyEdit(w, step);
            const after = await stateOf(w);
            if ((await operations(w)) > count) {
              done.push({ before, after });
              undone.length = 0;
            } else expect(after).toEqual(before);
          }
        },
      ),
      { numRuns: 200, seed: 20261210 },
    );
  }, 600_000);
});

/**
 * Someone else's change, as it must stay: the item they made (with its title, address and folder), the title they
 * gave it, the folder they put it in.
 */
interface Fact {
  id: string;
  title?: string;
  url?: string | null;
  parentId?: string;
}

async function holds(w: World, fact: Fact): Promise<boolean> {
  const [node] = await w.fake.browser.bookmarks.get(fact.id).catch(() => [] as BookmarkNode[]);
  if (!node) return false;
  return (
    (fact.title === undefined || node.title === fact.title) &&
    (fact.url === undefined || (node.url ?? null) === fact.url) &&
    (fact.parentId === undefined || node.parentId === fact.parentId)
  );
}

describe('property: someone else’s changes are never undone', () => {
  it('no undo or redo reverts what someone else changed between the steps (200 seeded runs)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            { weight: 3, arbitrary: edit },
            { weight: 3, arbitrary: fc.oneof(fc.constant({ kind: 'undo' as const }), fc.constant({ kind: 'redo' as const })) },
            { weight: 2, arbitrary: theirs },
          ),
          { minLength: 4, maxLength: 24, size: 'medium' },
        ),
        async (steps) => {
          const w = await freshWorld();
          const b = w.fake.browser.bookmarks;
          let facts: Fact[] = [];
          const keepHolding = async () => {
            const kept: Fact[] = [];
            for (const f of facts) if (await holds(w, f)) kept.push(f);
            facts = kept;
          };
          for (const step of steps) {
            if (step.kind === 'undo' || step.kind === 'redo') {
              await w.client.startJob(step.kind === 'undo' ? 'history.undo' : 'history.redo', {}).result.catch(() => undefined);
              const broken: Fact[] = [];
              for (const f of facts) if (!(await holds(w, f))) broken.push(f);
              expect(broken).toEqual([]);
              continue;
            }
            if (step.kind.startsWith('their-')) {
              const { items, folders } = await nodes(w);
              try {
                if (step.kind === 'their-create') {
                  const made = await b.create({ parentId: at(folders, step.parent)!.id, title: step.title, url: step.url });
                  facts.push({ id: made.id, title: made.title, url: made.url ?? null, parentId: made.parentId! });
                } else if (step.kind === 'their-rename') {
                  const item = at(items, step.item);
                  // Renaming to the title it has changes nothing: no fact (a later redo may rename it as it did before).
                  if (item && item.type !== 'separator' && item.title !== step.title)
                    facts.push({ id: item.id, title: (await b.update(item.id, { title: step.title })).title });
                } else if (step.kind === 'their-move') {
                  const item = at(items, step.item);
                  // A move inside the folder it is in is a place among its siblings, which later edits move anyway: the
                  // fact is the folder they put it in, when they put it in another.
                  const moved = item ? await b.move(item.id, { parentId: at(folders, step.target)!.id }) : null;
                  if (moved && moved.parentId !== item!.parentId) facts.push({ id: moved.id, parentId: moved.parentId! });
                } else if (step.kind === 'their-remove') {
                  const item = at(items, step.item);
                  if (item) await b.removeTree(item.id);
                }
              } catch {
                // Firefox refused (a folder into itself): nothing happened.
              }
              await keepHolding();
              continue;
            }
            await applyEdit(w, step as Edit);
            // An operation of ours is newer than their change: it may change it.
            await keepHolding();
          }
        },
      ),
      { numRuns: 200, seed: 20261211 },
    );
  }, 600_000);
});
