/**
 * The anchor of bench/options-duplicates.bench.ts (options.duplicates.firefox.syncDamaged5k.openToListRatioToAnchor):
 * a blank extension page of the test build that shows its duplicates list the way Bookmark Dupes does. It reads the
 * whole tree (`bookmarks.getTree`), groups bookmarks by exact URL and renders, for each URL saved twice or more, a
 * table row naming the URL and one row per copy (a checkbox, its title, its folder path), every row at once; then it
 * reads the list's height (a layout flush, so rendering is counted) and sets the User Timing mark
 * 'dupes-anchor-list-shown'. Plain DOM, textContent only. Never part of the production build.
 */
import type { Bookmarks, Browser } from 'webextension-polyfill';

declare const browser: Browser;

const ANCHOR_MARK = 'dupes-anchor-list-shown';

interface Copy {
  title: string;
  path: string;
}

const [root] = await browser.bookmarks.getTree();
const byUrl = new Map<string, Copy[]>();
// Depth first, each folder's path carried along.
const stack: { node: Bookmarks.BookmarkTreeNode; path: string }[] = (root!.children ?? []).map((node) => ({ node, path: '' }));
while (stack.length) {
  const { node, path } = stack.pop()!;
  if (node.url) {
    const copies = byUrl.get(node.url);
    if (copies) copies.push({ title: node.title, path });
    else byUrl.set(node.url, [{ title: node.title, path }]);
    continue;
  }
  const inner = path ? `${path} / ${node.title}` : node.title;
  for (let i = (node.children ?? []).length - 1; i >= 0; i--) stack.push({ node: node.children![i]!, path: inner });
}

// As Bookmark Dupes lays its list out: one table, a ruler row before each group, a row per copy (checkbox, title,
// folder path).
const list = document.getElementById('list')!;
const table = document.createElement('table');
let rows = 0;
let groups = 0;
for (const [url, copies] of byUrl) {
  if (copies.length < 2) continue;
  groups++;
  const ruler = document.createElement('tr');
  const head = document.createElement('td');
  head.colSpan = 3;
  head.textContent = url;
  ruler.append(head);
  table.append(ruler);
  for (const copy of copies) {
    const row = document.createElement('tr');
    const cells = [document.createElement('td'), document.createElement('td'), document.createElement('td')] as const;
    const box = document.createElement('input');
    box.type = 'checkbox';
    cells[0].append(box);
    cells[1].textContent = copy.title;
    cells[2].textContent = copy.path;
    row.append(...cells);
    table.append(row);
    rows++;
  }
}
list.append(table);
// The layout flush: the rows are laid out before the mark.
const height = list.offsetHeight;
list.dataset.rows = String(rows);
list.dataset.groups = String(groups);
list.dataset.height = String(height);
performance.mark(ANCHOR_MARK);
