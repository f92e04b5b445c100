// @vitest-environment happy-dom
import { cleanup, fireEvent, render as renderBare, screen, waitFor, within } from '@testing-library/preact';
import type { ComponentChildren } from 'preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RuleEditor, type KeepRulesValue } from '../../../src/options-ui/RuleEditor';
import type { RememberedDecision } from '../../../src/dedup/scan';
import { DEFAULT_SETTINGS } from '../../../src/settings/settings';
import { standIn, type StandIn } from '../../kit/stand-in';

/** What the background remembers of decisions on groups (newest first), as the stand-in's store. */
let decisions: RememberedDecision[];
let bg: StandIn;
beforeEach(() => {
  decisions = [];
  bg = standIn({
    requests: {
      'dedup.decisions.list': async () => decisions,
      'dedup.decisions.forget': async ({ keys }) => {
        const before = decisions.length;
        decisions = decisions.filter((d) => !keys.includes(d.key));
        return { forgotten: before - decisions.length };
      },
    },
  });
});
/** The editor also lists remembered group decisions, which it reads from the background. */
const render = (ui: ComponentChildren) => renderBare(bg.wrap(ui));

const folders = [
  { id: 'menu________', path: ['Bookmarks Menu'] },
  { id: 'toolbar_____', path: ['Bookmarks Toolbar'] },
  { id: 'f1', path: ['Bookmarks Menu', 'Dev'] },
];
const value: KeepRulesValue = { keep: { rules: ['oldest', 'bestTitle'], preferredFolderIds: ['toolbar_____'] }, exclusions: { folderIds: [] } };

afterEach(cleanup);

describe('RuleEditor', () => {
  it('lists the keep rules in order with their meaning', () => {
    render(<RuleEditor value={value} folders={folders} onChange={() => {}} />);
    const list = screen.getByRole('list', { name: 'Keep rules' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Oldest'), expect.stringContaining('Best title')]);
  });

  it('moves a rule up with a keyboard-reachable button', () => {
    const onChange = vi.fn();
    render(<RuleEditor value={value} folders={folders} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Move Best title up' }));
    expect(onChange).toHaveBeenCalledWith({ keep: { rules: ['bestTitle', 'oldest'] } });
  });

  it('cannot move the first rule up nor remove the last remaining rule', () => {
    render(<RuleEditor value={{ ...value, keep: { ...value.keep, rules: ['oldest'] } }} folders={folders} onChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Move Oldest up' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Remove Oldest' })).toHaveProperty('disabled', true);
  });

  it('adds a rule that is not in the list yet (only those are offered)', () => {
    const onChange = vi.fn();
    render(<RuleEditor value={value} folders={folders} onChange={onChange} />);
    const select = screen.getByLabelText('Add rule') as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(['cleanUrl', 'preferredFolder', 'newest', 'mostTags', 'mostVisits']);
    fireEvent.change(select, { target: { value: 'mostVisits' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    expect(onChange).toHaveBeenCalledWith({ keep: { rules: ['oldest', 'bestTitle', 'mostVisits'] } });
  });

  it('ranks preferred folders by path and excludes folders', () => {
    const onChange = vi.fn();
    render(<RuleEditor value={value} folders={folders} onChange={onChange} />);
    expect(screen.getByRole('list', { name: 'Preferred folders' }).textContent).toContain('Bookmarks Toolbar');
    fireEvent.change(screen.getByLabelText('Add folder'), { target: { value: 'f1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add folder' }));
    expect(onChange).toHaveBeenLastCalledWith({ keep: { preferredFolderIds: ['toolbar_____', 'f1'] } });
    fireEvent.change(screen.getByLabelText('Exclude folder'), { target: { value: 'f1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Exclude folder' }));
    expect(onChange).toHaveBeenLastCalledWith({ exclusions: { folderIds: ['f1'] } });
  });

  it('names a folder that no longer exists instead of hiding it', () => {
    render(<RuleEditor value={{ ...value, keep: { ...value.keep, preferredFolderIds: ['gone'] } }} folders={folders} onChange={() => {}} />);
    expect(screen.getByRole('list', { name: 'Preferred folders' }).textContent).toContain('(missing folder gone)');
  });

  it('the defaults render without errors', () => {
    render(<RuleEditor value={{ keep: DEFAULT_SETTINGS.keep, exclusions: DEFAULT_SETTINGS.exclusions }} folders={folders} onChange={() => {}} />);
    expect(screen.getAllByRole('listitem').length).toBeGreaterThan(5);
  });

  it('lists the remembered group decisions and forgets one', async () => {
    decisions = [
      {
        key: 'https://b.example',
        leave: false,
        keeper: { id: 'b2', url: 'https://b.example/', path: 'Other Bookmarks › Sync', title: 'B' },
        copyCount: 2,
        copyFingerprint: 'b1 b2',
        copyIds: ['b1', 'b2'],
        url: 'https://b.example/',
        title: 'B',
        decidedAt: 2,
      },
      {
        key: 'https://a.example',
        leave: true,
        keeper: null,
        copyCount: 2,
        copyFingerprint: 'a1 a2',
        copyIds: ['a1', 'a2'],
        url: 'https://a.example/',
        title: 'A',
        decidedAt: 1,
      },
    ];
    const onForgotten = vi.fn();
    render(<RuleEditor value={value} folders={folders} onChange={() => {}} onDecisionsForgotten={onForgotten} />);
    const list = await screen.findByTestId('remembered-decisions');
    await waitFor(() => expect(list.textContent).toContain('Left alone'));
    expect(list.textContent).toContain('Keep the copy in Other Bookmarks › Sync');
    fireEvent.click(within(list).getByRole('button', { name: 'Forget the decision on https://a.example/' }));
    await waitFor(() => expect(list.textContent).not.toContain('Left alone'));
    expect(onForgotten).toHaveBeenCalledWith(['https://a.example']);
    expect(bg.calls.filter((c) => c.type === 'dedup.decisions.forget')).toEqual([{ type: 'dedup.decisions.forget', input: { keys: ['https://a.example'] } }]);
    expect(decisions.map((d) => d.key)).toEqual(['https://b.example']);
  });
});
