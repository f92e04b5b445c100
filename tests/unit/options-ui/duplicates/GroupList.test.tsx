// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { useState } from 'preact/hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { GroupList, ROW_HEIGHT } from '../../../../src/options-ui/duplicates/GroupList';
import { toRows } from '../../../../src/options-ui/duplicates/rows';
import type { DuplicateGroup } from '../../../../src/dedup/scan-types';
import { makeGroups } from './fixtures';

afterEach(cleanup);

function Harness({ groups, focusRow }: { groups: DuplicateGroup[]; focusRow?: number }) {
  const [keepers, setKeepers] = useState(new Map<string, string>());
  const [left, setLeft] = useState(new Set<string>());
  return (
    <GroupList
      rows={toRows(groups)}
      groupCount={groups.length}
      keeperOf={(g) => keepers.get(g.key) ?? g.suggestedKeeperId}
      isLeft={(g) => left.has(g.key)}
      onKeep={(g, id) => setKeepers(new Map(keepers).set(g.key, id))}
      onLeave={(g, leave) => {
        const next = new Set(left);
        if (leave) next.add(g.key);
        else next.delete(g.key);
        setLeft(next);
      }}
      focusRow={focusRow}
      height={340}
    />
  );
}

const frame = () => new Promise((r) => setTimeout(r, 30));

describe('GroupList (virtualized)', () => {
  it('renders 20,000 groups with only the rows in view in the DOM', () => {
    const groups = makeGroups(20_000, 3);
    const started = performance.now();
    render(<Harness groups={groups} />);
    const elapsed = performance.now() - started;
    expect(screen.getByTestId('group-list').getAttribute('aria-label')).toBe('Duplicate groups (20000)');
    const rendered = document.querySelectorAll('.virtual-row').length;
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(40);
    const spacer = screen.getByTestId('group-list').firstElementChild as HTMLElement;
    expect(spacer.style.height).toBe(`${80_000 * ROW_HEIGHT}px`);
    expect(elapsed).toBeLessThan(2000);
  });

  it('scrolling far down shows those rows and drops the first ones', async () => {
    render(<Harness groups={makeGroups(20_000, 3)} />);
    const list = screen.getByTestId('group-list');
    list.scrollTop = 4 * ROW_HEIGHT * 15_000; // group 15,000
    fireEvent.scroll(list);
    await frame();
    const keys = [...document.querySelectorAll('[data-testid="group-row"]')].map((el) => el.getAttribute('data-group-key'));
    expect(keys).toContain('https://site.example/15000');
    expect(keys).not.toContain('https://site.example/0');
  });

  it('shows why a group is a group and every copy with path, title, date, tags and visits', () => {
    render(<Harness groups={makeGroups(2, 2)} />);
    const header = document.querySelectorAll('[data-testid="group-row"]')[1]!;
    expect(header.textContent).toContain('2 copies');
    expect(header.textContent).toContain('exact');
    expect(header.textContent).toContain('trailing slash');
    const kept = screen.getAllByTestId('kept-copy')[0]!;
    expect(kept.className).toBe('keep');
    expect(kept.textContent).toContain('Bookmarks Toolbar');
    expect(kept.textContent).toContain('Page 0');
    expect(kept.textContent).toContain('Nov 14, 2023');
    expect(kept.textContent).toContain('0 visits');
  });

  it('choosing another copy moves the highlight to it', () => {
    render(<Harness groups={makeGroups(1, 2)} />);
    fireEvent.click(screen.getByRole('radio', { name: 'Keep the copy in Other Bookmarks › Sync copy: Page 0' }));
    const kept = screen.getByTestId('kept-copy');
    expect(kept.textContent).toContain('Other Bookmarks › Sync copy');
    expect(kept.className).toBe('keep');
    expect(screen.getAllByTestId('copy')).toHaveLength(1);
  });

  it('leaving a group alone disables its keep choice and removes the highlight', () => {
    render(<Harness groups={makeGroups(1, 2)} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'leave alone' }));
    expect(screen.getAllByRole('radio').every((r) => (r as HTMLInputElement).disabled)).toBe(true);
    expect(screen.getByTestId('kept-copy').className).toBe('');
  });

  it('focuses a given row (?url=) by scrolling to it and marking it', async () => {
    render(<Harness groups={makeGroups(5_000, 2)} focusRow={3 * 4_000} />);
    await frame();
    const focused = document.querySelector('.group-row.focused');
    expect(focused?.getAttribute('data-group-key')).toBe('https://site.example/4000');
  });
});
