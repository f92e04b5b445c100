/**
 * The organizer's mirror follows the Places events of the real background (on the fake browser) and always says what
 * Firefox's tree says: random creates, moves, renames, address changes and removals, then getTree compared.
 */
import { describe, expect, it } from 'vitest';
import { OrganizerTree } from '../../../src/organizer/tree-model';
import { decodeSnapshot } from '../../../src/organizer/snapshot';
import { MENU_ID, TOOLBAR_ID, UNFILED_ID, type BookmarkNode } from '../../../src/platform/browser';
import { createRng } from '../../../scripts/prng.mjs';
import { boot } from '../../kit/boot';

/** The background on the fake, and an organizer's mirror that follows its Places events as the page's does. */
async function organizerOnFake(seed = 1) {
  const { browser, client, places } = await boot({ seed });
  const holder: { tree: OrganizerTree } = { tree: null as unknown as OrganizerTree };
  places.events.on('data', (event) => holder.tree?.apply(event));
  await places.events.ready();
  holder.tree = OrganizerTree.fromSnapshot(decodeSnapshot((await client.call('organizer.tree', {})).encoded));
  return { browser, client, places, holder };
}

/** The mirror's view of the tree in the shape getTree gives: [title or url, children] per node. */
function shapeOfMirror(tree: OrganizerTree, id: string): unknown {
  const node = tree.get(id)!;
  if (node.kind !== 'folder') return `${node.kind}:${node.title}|${node.url}`;
  return [node.title, tree.children(id).map((child) => shapeOfMirror(tree, child))];
}

function shapeOfFirefox(node: BookmarkNode): unknown {
  const kind = node.type === 'separator' ? 'separator' : node.url === undefined ? 'folder' : 'bookmark';
  if (kind !== 'folder') return `${kind}:${node.title}|${kind === 'bookmark' ? node.url : ''}`;
  return [node.title, (node.children ?? []).map(shapeOfFirefox)];
}

describe('OrganizerTree', () => {
  it('after random creates, moves, renames, address changes and removals made by someone else, equals getTree', async () => {
    for (const seed of [1, 2, 3]) {
      const { browser, holder, client } = await organizerOnFake(seed);
      const b = browser.bookmarks;
      const random = createRng(seed).below;
      const folders = [MENU_ID, TOOLBAR_ID, UNFILED_ID];
      const items: string[] = [];
      for (let step = 0; step < 120; step++) {
        const op = items.length < 4 ? 0 : random(6);
        try {
          if (op === 0) {
            const kind = random(4);
            const parentId = folders[random(folders.length)]!;
            const node = await b.create(
              kind === 0
                ? { parentId, title: `F${step}` }
                : kind === 1
                  ? { parentId, type: 'separator' }
                  : { parentId, title: `B${step}`, url: `https://e${step % 7}.example/${step}`, index: random(3) },
            );
            items.push(node.id);
            if (kind === 0) folders.push(node.id);
          } else if (op === 1 || op === 2) {
            await b.move(items[random(items.length)]!, { parentId: folders[random(folders.length)]!, index: random(4) });
          } else if (op === 3) {
            await b.update(items[random(items.length)]!, { title: `T${step}` });
          } else if (op === 4) {
            const id = items[random(items.length)]!;
            const [node] = await b.get(id);
            if (node?.url && node.type !== 'separator') await b.update(id, { url: `https://changed.example/${step}` });
          } else {
            const id = items.splice(random(items.length), 1)[0]!;
            await b.removeTree(id);
            const at = folders.indexOf(id);
            if (at >= 0) folders.splice(at, 1);
          }
        } catch {
          // A move into itself or of a vanished item: Firefox refuses, nothing changes.
        }
      }
      await client.call('test.places.settle', {});
      const [root] = await b.getTree();
      await expect.poll(() => shapeOfMirror(holder.tree, root!.id)).toEqual(shapeOfFirefox(root!));
      expect(holder.tree.exact).toBe(true);
    }
  });

  it('gives folder paths with the names Firefox shows for its roots, and follows a folder rename', async () => {
    const { browser, holder } = await organizerOnFake();
    const dev = await browser.bookmarks.create({ parentId: TOOLBAR_ID, title: 'Dev' });
    const page = await browser.bookmarks.create({ parentId: dev.id, title: 'Page', url: 'https://a.example/' });
    await expect.poll(() => holder.tree.has(page.id)).toBe(true);
    expect(holder.tree.path(dev.id)).toEqual(['Bookmarks Toolbar', 'Dev']);
    await browser.bookmarks.update(dev.id, { title: 'Code' });
    await expect.poll(() => holder.tree.path(dev.id)).toEqual(['Bookmarks Toolbar', 'Code']);
    expect(holder.tree.isInside(page.id, TOOLBAR_ID)).toBe(true);
    expect(holder.tree.isInside(TOOLBAR_ID, dev.id)).toBe(false);
  });

  it('counts copies under the safe matching rules and keeps the count through changes and removals', async () => {
    const { browser, holder } = await organizerOnFake();
    const a = await browser.bookmarks.create({ parentId: UNFILED_ID, title: 'A', url: 'https://docs.example/page' });
    await browser.bookmarks.create({ parentId: MENU_ID, title: 'A again', url: 'HTTPS://DOCS.example/page?utm_source=x' });
    const other = await browser.bookmarks.create({ parentId: MENU_ID, title: 'Other', url: 'https://other.example/' });
    await expect.poll(() => holder.tree.has(other.id)).toBe(true);
    expect(holder.tree.copiesOf('https://docs.example/page')).toBeNull();
    holder.tree.countCopies();
    expect(holder.tree.copiesOf('https://docs.example/page')).toBe(2);
    expect(holder.tree.copiesOf('https://other.example/')).toBe(1);
    await browser.bookmarks.update(other.id, { url: 'https://docs.example/page' });
    await expect.poll(() => holder.tree.copiesOf('https://docs.example/page')).toBe(3);
    await browser.bookmarks.remove(a.id);
    await expect.poll(() => holder.tree.copiesOf('https://docs.example/page')).toBe(2);
  });

  it('keeps tags per address from tag changes, and visits from history', async () => {
    const { browser, holder, client } = await organizerOnFake();
    const a = await browser.bookmarks.create({ parentId: UNFILED_ID, title: 'A', url: 'https://a.example/' });
    await client.call('tags.add', { urls: ['https://a.example/'], tags: ['work', 'read'] });
    await expect.poll(() => [...holder.tree.tagsOf('https://a.example/')].sort()).toEqual(['read', 'work']);
    await browser.history.addUrl({ url: 'https://a.example/' });
    await expect.poll(() => holder.tree.visitsOf('https://a.example/')?.count).toBe(1);
    expect(holder.tree.get(a.id)?.url).toBe('https://a.example/');
  });

  it('search follows renames, address and tag changes and removals made elsewhere, after its text was built', async () => {
    const { browser, holder, client } = await organizerOnFake();
    const a = await browser.bookmarks.create({ parentId: UNFILED_ID, title: 'Café notes', url: 'https://a.example/' });
    const b = await browser.bookmarks.create({ parentId: MENU_ID, title: 'Other', url: 'https://b.example/' });
    await expect.poll(() => holder.tree.has(b.id)).toBe(true);
    await holder.tree.prepareSearch(() => Promise.resolve());
    expect(holder.tree.search('cafe')).toEqual([a.id]);
    await browser.bookmarks.update(a.id, { title: 'Tea notes' });
    await browser.bookmarks.update(b.id, { url: 'https://cafe.example/' });
    await client.call('tags.add', { urls: ['https://a.example/'], tags: ['brewing'] });
    await expect.poll(() => holder.tree.search('brewing')).toEqual([a.id]);
    expect(holder.tree.search('cafe')).toEqual([b.id]);
    expect(holder.tree.search('tea notes')).toEqual([a.id]);
    await browser.bookmarks.remove(b.id);
    await expect.poll(() => holder.tree.search('cafe')).toEqual([]);
    // The roots themselves are never results.
    expect(holder.tree.search('bookmarks')).toEqual([]);
  });

  it('counts copies in slices: the same counts as at once, with pauses between slices', async () => {
    const { browser, holder } = await organizerOnFake();
    for (let i = 0; i < 30; i++) await browser.bookmarks.create({ parentId: UNFILED_ID, title: `n${i}`, url: `https://docs.example/${i % 3}` });
    await expect.poll(() => holder.tree.size).toBeGreaterThan(30);
    let pauses = 0;
    await holder.tree.countCopiesInSlices(async () => void pauses++, 10);
    expect(pauses).toBeGreaterThan(1);
    expect(holder.tree.copiesOf('https://docs.example/1')).toBe(10);
  });

  it('counts copies in slices while bookmarks change: the counts equal a count made afterwards at once', async () => {
    const { browser, holder, client } = await organizerOnFake();
    const made: BookmarkNode[] = [];
    for (let i = 0; i < 30; i++) made.push(await browser.bookmarks.create({ parentId: UNFILED_ID, title: `n${i}`, url: `https://docs.example/${i % 3}` }));
    await expect.poll(() => holder.tree.size).toBeGreaterThan(30);
    let pauses = 0;
    await holder.tree.countCopiesInSlices(async () => {
      if (++pauses !== 1) return;
      // Between the first slice and the rest: n1 was counted already, n28 not yet; both change address, both go, one comes.
      await browser.bookmarks.update(made[1]!.id, { url: 'https://elsewhere.example/' });
      await browser.bookmarks.update(made[28]!.id, { url: 'https://elsewhere.example/' });
      await browser.bookmarks.remove(made[4]!.id);
      await browser.bookmarks.remove(made[25]!.id);
      const added = await browser.bookmarks.create({ parentId: MENU_ID, title: 'new', url: 'https://docs.example/0' });
      await expect.poll(() => holder.tree.has(added.id) && !holder.tree.has(made[25]!.id)).toBe(true);
    }, 12);
    expect(pauses).toBeGreaterThan(1);
    const fresh = OrganizerTree.fromSnapshot(decodeSnapshot((await client.call('organizer.tree', {})).encoded));
    fresh.countCopies();
    for (const url of ['https://docs.example/0', 'https://docs.example/1', 'https://docs.example/2', 'https://elsewhere.example/']) {
      expect(holder.tree.copiesOf(url), url).toBe(fresh.copiesOf(url));
    }
    expect(holder.tree.copiesOf('https://elsewhere.example/')).toBe(2);
  });

  it('itemsVersion follows changes of items only; visits change the version alone', async () => {
    const { browser, holder } = await organizerOnFake();
    const a = await browser.bookmarks.create({ parentId: UNFILED_ID, title: 'A', url: 'https://a.example/' });
    await expect.poll(() => holder.tree.has(a.id)).toBe(true);
    const items = holder.tree.itemsVersion;
    await browser.history.addUrl({ url: 'https://a.example/' });
    await expect.poll(() => holder.tree.visitsOf('https://a.example/')?.count).toBe(1);
    expect(holder.tree.itemsVersion).toBe(items);
    await browser.bookmarks.update(a.id, { title: 'B' });
    await expect.poll(() => holder.tree.itemsVersion).toBeGreaterThan(items);
  });

  it('regression: an event that does not fit (an item it never saw) turns the mirror inexact instead of guessing', async () => {
    const { holder } = await organizerOnFake();
    holder.tree.apply({
      type: 'bookmark-item-moved',
      data: { id: 'nope', previousParentId: MENU_ID, previousIndex: 0, currentParentId: UNFILED_ID, currentIndex: 0, type: 'bookmark' },
    });
    expect(holder.tree.exact).toBe(false);
  });
});
