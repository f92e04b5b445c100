// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { useState } from 'preact/hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { GroupList } from '../../../../src/options-ui/duplicates/GroupList';
import { DEFAULT_EXPANSION, folderRowId, openFully, ROW_HEIGHTS, toRows, type Expansion } from '../../../../src/options-ui/duplicates/rows';
import type { DuplicateGroup } from '../../../../src/dedup/scan/scan-types';
import type { LinkMarker } from '../../../../src/link-health/marker';
import { bigGroup, copy, makeGroups } from './fixtures';

afterEach(cleanup);

function Harness({
  groups,
  focusRow,
  goes = new Set<string>(),
  resetKey,
  markerOf,
}: {
  groups: DuplicateGroup[];
  focusRow?: number;
  goes?: Set<string>;
  resetKey?: unknown;
  markerOf?: (url: string) => LinkMarker | null;
}) {
  const [keepers, setKeepers] = useState(new Map<string, string>());
  const [left, setLeft] = useState(new Set<string>());
  const [expansion, setExpansion] = useState<Expansion>(DEFAULT_EXPANSION);
  const keeperOf = (g: DuplicateGroup) => (left.has(g.key) ? null : (keepers.get(g.key) ?? g.suggestedKeeperId));
  return (
    <GroupList
      rows={toRows(groups, expansion, keeperOf)}
      groupCount={groups.length}
      keeperOf={keeperOf}
      keptText={(g) => (keepers.has(g.key) ? 'your choice' : 'kept because in your preferred folder Bookmarks Toolbar')}
      isLeft={(g) => left.has(g.key)}
      noteOf={() => null}
      goesWith={(c) => (goes.has(c.id) ? 'Bookmarks Menu › Dev, 2nd of 5 in Bookmarks Menu' : null)}
      onKeep={(g, id) => setKeepers(new Map(keepers).set(g.key, id))}
      onLeave={(g, leave) => {
        const next = new Set(left);
        if (leave) next.add(g.key);
        else next.delete(g.key);
        setLeft(next);
      }}
      onToggle={(row) =>
        setExpansion((e) =>
          row.kind === 'group'
            ? { ...e, groups: new Map(e.groups).set(row.group.key, !row.expanded) }
            : row.kind === 'folder'
              ? { ...e, folders: new Map(e.folders).set(folderRowId(row.group, row.folderId), !row.expanded) }
              : e,
        )
      }
      onOpenFully={(g) => setExpansion((e) => openFully(e, g))}
      focusRow={focusRow}
      resetKey={resetKey}
      markerOf={markerOf}
      height={340}
    />
  );
}

/** The next animation frame has run (the list handles a scroll in one) and act has rendered what it changed. */
const frame = () => act(() => new Promise<void>((r) => requestAnimationFrame(() => r())));
const tree = () => screen.getByRole('tree');
const active = () => document.activeElement as HTMLElement;
const key = (k: string) => fireEvent.keyDown(active(), { key: k });

describe('GroupList (virtualized tree)', () => {
  it('renders 20,000 groups with only the rows in view in the DOM', () => {
    render(<Harness groups={makeGroups(20_000, 3)} />);
    expect(tree().getAttribute('aria-label')).toBe('Duplicate bookmarks: 20,000 groups');
    const rendered = document.querySelectorAll('.virtual-row').length;
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(40);
    const spacer = tree().firstElementChild as HTMLElement;
    expect(spacer.style.height).toBe(`${20_000 * (ROW_HEIGHTS.group + 3 * ROW_HEIGHTS.copy)}px`);
  });

  it('a row that stays in view after a scroll is not rendered again', async () => {
    render(<Harness groups={makeGroups(200, 3)} />);
    const first = screen.getAllByRole('treeitem')[2]!;
    tree().scrollTop = 60;
    fireEvent.scroll(tree());
    await frame();
    expect(screen.getAllByRole('treeitem').includes(first)).toBe(true);
    expect(first.isConnected).toBe(true);
    // …and rendered again when what it shows changes.
    fireEvent.click(within(first).getByRole('radio'));
    expect(screen.getAllByTestId('kept-copy')[0]!.textContent).toContain('Sync copy');
  });

  it('scrolling far down shows those rows and drops the first ones', async () => {
    render(<Harness groups={makeGroups(20_000, 3)} />);
    tree().scrollTop = (ROW_HEIGHTS.group + 3 * ROW_HEIGHTS.copy) * 15_000; // group 15,000
    fireEvent.scroll(tree());
    await frame();
    const keys = [...document.querySelectorAll('[data-testid="group-row"]')].map((el) => el.getAttribute('data-group-key'));
    expect(keys).toContain('https://site.example/15000');
    // The rows above are gone (the first row stays: it holds the list's Tab stop).
    expect(keys).not.toContain('https://site.example/1');
    expect(document.querySelectorAll('.virtual-row').length).toBeLessThan(40);
  });

  it('a header says the address, how many copies in how many folders, which folders, and which copy stays and why', () => {
    render(<Harness groups={makeGroups(2, 3)} />);
    const header = screen.getAllByTestId('group-row')[1]!;
    expect(header.textContent).toContain('https://site.example/1');
    expect(header.textContent).toContain('3 copies in 2 folders');
    expect(header.textContent).toContain('Bookmarks Toolbar, Sync copy ×2');
    expect(header.textContent).toContain('trailing slash');
    expect(header.textContent).toContain('Keeps');
    expect(header.textContent).toContain('kept because in your preferred folder Bookmarks Toolbar');
    expect(header.getAttribute('aria-label')).toBe(
      'https://site.example/1: 3 copies in 2 folders; keeps the copy in Bookmarks Toolbar, kept because in your preferred folder Bookmarks Toolbar',
    );
  });

  it('a copy row shows its folder, title, own address with the difference marked, date and time, position, visits, tags as tags', () => {
    const [g] = makeGroups(1, 2);
    g!.copies[1] = { ...g!.copies[1]!, tags: ['a-very-long-tag-that-goes-on-and-on', 'work'], visits: 1 };
    render(<Harness groups={[g!]} />);
    const kept = screen.getByTestId('kept-copy');
    expect(kept.getAttribute('aria-checked')).toBe('true');
    expect(kept.textContent).toContain('kept');
    expect(kept.textContent).toContain('Page 0');
    expect(kept.querySelector('.copy-url')).toBeNull(); // its address is the one the header shows
    const other = screen.getByTestId('copy');
    expect(other.querySelector('.path-leaf')!.textContent).toBe('Sync copy');
    expect(other.querySelector('.copy-url mark')!.textContent).toBe('/');
    expect(other.textContent).toMatch(/added Nov 14, 2023, \d+:\d\d [AP]M/);
    expect(other.textContent).toContain('1st of 1');
    expect(other.textContent).toContain('1 visit');
    expect([...other.querySelectorAll('.tag')].map((t) => t.textContent)).toEqual(['a-very-long-tag-that-goes-on-and-on', 'work']);
    expect(other.getAttribute('aria-label')).toContain('tags a-very-long-tag-that-goes-on-and-on, work');
  });

  it('regression: copies in the same folder get distinct names (position and time)', () => {
    const g: DuplicateGroup = {
      key: 'k',
      rules: ['exact'],
      suggestedKeeperId: 'a',
      keptBecause: [],
      copies: [copy('a', { index: 0, siblings: 3 }), copy('b', { index: 1, siblings: 3 }), copy('c', { index: 2, siblings: 3, dateAdded: 1_700_000_000_000 + 120_000 })],
    };
    render(<Harness groups={[g]} />);
    const names = screen.getAllByRole('radio').map((r) => r.getAttribute('aria-label'));
    expect(new Set(names).size).toBe(3);
    expect(names[1]).toBe('Keep the copy in Bookmarks Menu › Dev, 2nd of 3: Title b');
  });

  it('choosing another copy keeps it and pins it at the top of its group', () => {
    render(<Harness groups={makeGroups(1, 3)} />);
    fireEvent.click(screen.getByRole('radio', { name: 'Keep the copy in Other Bookmarks › Sync copy, 2nd of 2: Page 0' }));
    const rows = screen.getAllByRole('treeitem');
    expect(rows[1]!.getAttribute('data-testid')).toBe('kept-copy');
    expect(rows[1]!.textContent).toContain('Sync copy');
    expect(rows[1]!.textContent).toContain('2nd of 2');
    expect(screen.getAllByTestId('copy')).toHaveLength(2);
  });

  it('leaving a group alone disables its keep choice and removes the highlight; the checkbox names its group', () => {
    render(<Harness groups={makeGroups(2, 2)} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Leave https://site.example/0 alone' }));
    const header = screen.getAllByTestId('group-row')[0]!;
    expect(header.getAttribute('aria-checked')).toBe('true');
    expect(header.textContent).toContain('Left alone: every copy stays.');
    const radios = screen.getAllByRole('radio');
    expect(radios.slice(0, 2).every((r) => (r as HTMLInputElement).disabled)).toBe(true);
    expect(screen.queryAllByTestId('kept-copy')).toHaveLength(1); // only the other group's
  });

  it('a copy that goes with a copied folder cannot be chosen, and says so', () => {
    render(<Harness groups={makeGroups(1, 2)} goes={new Set(['g0c1'])} />);
    const goes = screen.getByTestId('copy');
    expect(goes.textContent).toContain('goes with the copied folder Bookmarks Menu › Dev, 2nd of 5 in Bookmarks Menu');
    expect(goes.getAttribute('aria-disabled')).toBe('true');
    expect((within(goes).getByRole('radio') as HTMLInputElement).disabled).toBe(true);
  });

  it('a big group is collapsed; it opens per folder', () => {
    render(<Harness groups={[bigGroup(154, 13)]} />);
    expect(screen.getAllByRole('treeitem')).toHaveLength(1);
    const header = screen.getByTestId('group-row');
    expect(header.getAttribute('aria-expanded')).toBe('false');
    expect(header.textContent).toContain('154 copies in 12 folders');
    expect(header.textContent).toContain('Folder 0 ×13, Folder 1 ×13');
    fireEvent.click(header.querySelector('.twisty')!);
    // The kept copy and 12 folder rows (those in view are in the DOM).
    expect(screen.getAllByTestId('folder-row')[0]!.getAttribute('aria-setsize')).toBe('13');
    expect(screen.getAllByTestId('folder-row')[0]!.textContent).toContain('Folder 0');
    expect(screen.getByTestId('kept-copy').textContent).toContain('Folder 0');
  });

  it('one action opens a big group with every copy: "show all" or Shift+→ on its header', async () => {
    // 16 copies in 16 folders: every copy row is there after one click (scrolled through: the list is virtualized).
    const g = bigGroup(16, 1);
    render(<Harness groups={[g]} />);
    const copiesShown = async () => {
      const seen = new Set<string>();
      for (let top = 0; top < 3_000; top += 150) {
        tree().scrollTop = top;
        fireEvent.scroll(tree());
        await frame();
        for (const row of document.querySelectorAll('.copy-row')) seen.add(row.getAttribute('aria-label')!);
      }
      tree().scrollTop = 0;
      fireEvent.scroll(tree());
      await frame();
      return seen.size;
    };
    expect(await copiesShown()).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Show all 16 copies of https://big.example/page' }));
    expect(await copiesShown()).toBe(16);
    expect(screen.getAllByTestId('folder-row').every((f) => f.getAttribute('aria-expanded') === 'true')).toBe(true);
    fireEvent.click(screen.getByTestId('group-row').querySelector('.twisty')!);
    expect(await copiesShown()).toBe(0);
    screen.getByTestId('group-row').focus();
    fireEvent.keyDown(active(), { key: 'ArrowRight', shiftKey: true });
    expect(await copiesShown()).toBe(16);
  });

  it('keyboard: one Tab stop; arrows move; ←/→ close and open; Space keeps a copy or leaves a group alone; Home/End; PageDown', () => {
    render(<Harness groups={[...makeGroups(2, 2), bigGroup(30, 10), ...makeGroups(30, 2).slice(2)]} />);
    const items = () => screen.getAllByRole('treeitem');
    // Exactly one row is in the Tab order; nothing else inside the list is.
    expect(items().filter((el) => el.tabIndex === 0)).toHaveLength(1);
    expect([...tree().querySelectorAll('input')].every((el) => el.tabIndex === -1)).toBe(true);
    items()[0]!.focus();
    key('ArrowDown');
    expect(active().getAttribute('data-testid')).toBe('kept-copy');
    key('ArrowDown');
    expect(active().getAttribute('aria-label')).toContain('Other Bookmarks › Sync copy');
    key(' '); // keep this copy
    expect(active().getAttribute('aria-checked')).toBe('true');
    expect(active().getAttribute('data-testid')).toBe('kept-copy');
    key('ArrowLeft'); // to its group
    expect(active().getAttribute('data-group-key')).toBe('https://site.example/0');
    key('ArrowLeft'); // close it
    expect(active().getAttribute('aria-expanded')).toBe('false');
    key('ArrowDown');
    expect(active().getAttribute('data-group-key')).toBe('https://site.example/1');
    key(' '); // leave this group alone
    expect(active().getAttribute('aria-checked')).toBe('true');
    key('ArrowDown');
    key('ArrowDown');
    key('ArrowDown');
    expect(active().getAttribute('data-group-key')).toBe('https://big.example/page');
    expect(active().getAttribute('aria-expanded')).toBe('false');
    key('ArrowRight'); // open it
    expect(active().getAttribute('aria-expanded')).toBe('true');
    key('ArrowRight'); // into it
    expect(active().getAttribute('data-testid')).toBe('kept-copy');
    key('ArrowDown');
    expect(active().getAttribute('data-testid')).toBe('folder-row');
    key('ArrowRight');
    key('ArrowRight');
    expect(active().getAttribute('aria-level')).toBe('3');
    key('End'); // the last copy of the last group
    expect(active().getAttribute('aria-level')).toBe('2');
    key('ArrowLeft');
    expect(active().getAttribute('data-group-key')).toBe('https://site.example/29');
    expect(active().getAttribute('aria-posinset')).toBe('31');
    expect(active().getAttribute('aria-setsize')).toBe('31');
    key('Home');
    expect(active().getAttribute('data-group-key')).toBe('https://site.example/0');
    key('PageDown');
    expect(Number(active().getAttribute('data-row-index'))).toBeGreaterThan(3);
    key('PageUp');
    expect(active().getAttribute('data-row-index')).toBe('0');
    expect(items().filter((el) => el.tabIndex === 0)).toHaveLength(1);
  });

  it('a row focused from elsewhere (a screen reader’s cursor) becomes the row the keys act on', () => {
    render(<Harness groups={makeGroups(3, 2)} />);
    const second = screen.getAllByTestId('group-row')[1]!;
    second.focus();
    fireEvent.focus(second);
    key('ArrowDown');
    expect(active().getAttribute('data-testid')).toBe('kept-copy');
    expect(active().getAttribute('aria-label')).toContain('Bookmarks Toolbar');
    expect(Number(active().getAttribute('data-row-index'))).toBe(4);
    expect(screen.getAllByRole('treeitem').filter((el) => el.tabIndex === 0)).toHaveLength(1);
  });

  it('focus stays reachable when its row scrolls out of view', async () => {
    render(<Harness groups={makeGroups(500, 2)} />);
    screen.getAllByRole('treeitem')[0]!.focus();
    key('ArrowDown');
    tree().scrollTop = 100_000;
    fireEvent.scroll(tree());
    await frame();
    const tabStops = screen.getAllByRole('treeitem').filter((el) => el.tabIndex === 0);
    expect(tabStops).toHaveLength(1);
    expect(tabStops[0]!.getAttribute('data-row-index')).toBe('1');
  });

  it('a new filter (resetKey) goes back to the top of the results', async () => {
    const groups = makeGroups(500, 2);
    const view = render(<Harness groups={groups} resetKey="a" />);
    tree().scrollTop = 50_000;
    fireEvent.scroll(tree());
    await frame();
    view.rerender(<Harness groups={groups.slice(100)} resetKey="b" />);
    await frame();
    expect(tree().scrollTop).toBe(0);
    expect(screen.getAllByTestId('group-row')[0]!.getAttribute('data-group-key')).toBe('https://site.example/100');
  });

  it('focuses a given row (?url=) by scrolling to it and marking it', async () => {
    render(<Harness groups={makeGroups(5_000, 2)} focusRow={3 * 4_000} />);
    await frame();
    const focused = document.querySelector('.group-row.focused');
    expect(focused?.getAttribute('data-group-key')).toBe('https://site.example/4000');
  });
  it('a copy whose address the link check found gone or moved shows the marker, in view and in its name; the others none', () => {
    const group: DuplicateGroup = {
      ...makeGroups(1)[0]!,
      suggestedKeeperId: 'a',
      copies: [
        copy('a', { url: 'https://site.example/p' }),
        copy('b', { url: 'http://site.example/p', index: 1 }),
        copy('c', { url: 'https://site.example/p/', index: 2 }),
      ],
    };
    const gone: LinkMarker = { class: 'gone', status: 410, failure: null, finalUrl: null, checks: 2, checkedAt: Date.UTC(2027, 0, 3, 12) };
    const moved: LinkMarker = { class: 'moved', status: 200, failure: null, finalUrl: 'https://new.example/0', checks: 1, checkedAt: Date.UTC(2027, 0, 3, 12) };
    const markers = new Map([
      [group.copies[1]!.url, gone],
      [group.copies[2]!.url, moved],
    ]);
    render(<Harness groups={[group]} markerOf={(url) => markers.get(url) ?? null} />);
    const rows = [...document.querySelectorAll<HTMLElement>('.copy-row')];
    const byId = (id: string) => rows.find((r) => r.getAttribute('aria-label')!.includes(`Title ${id}`))!;
    const goneRow = byId(group.copies[1]!.id);
    const marker = within(goneRow).getByTestId('link-marker');
    expect(marker.getAttribute('data-class')).toBe('gone');
    expect(marker.getAttribute('title')).toBe('Gone (410), checked twice on Jan 3, 2027');
    expect(goneRow.getAttribute('aria-label')).toContain(', link: Gone (410), checked twice on Jan 3, 2027');
    expect(within(byId(group.copies[2]!.id)).getByTestId('link-marker').getAttribute('title')).toBe('Moved for good to https://new.example/0, checked on Jan 3, 2027');
    expect(within(byId(group.copies[0]!.id)).queryByTestId('link-marker')).toBeNull();
  });
});
