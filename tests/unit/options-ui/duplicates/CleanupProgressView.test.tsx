// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApplyProgress } from '../../../../src/dedup/cleanup/apply';
import { NO_NUMBERS } from '../../../../src/operation-history/cleanup-numbers';
import { CleanupProgressView } from '../../../../src/options-ui/duplicates/CleanupProgressView';

afterEach(cleanup);

const numbers = { ...NO_NUMBERS, copies: 1587, loose: 787, insideFolders: 800, copiedFolders: 2, emptyFolders: 2 };
const view = (progress: ApplyProgress, paused = false) => (
  <CleanupProgressView progress={progress} numbers={numbers} paused={paused} onPause={() => {}} onCancel={() => {}} />
);
const states = () => [...document.querySelectorAll('[data-phase]')].map((li) => `${li.getAttribute('data-phase')}:${li.className.replace('phase ', '')}`);

describe('CleanupProgressView', () => {
  it('lists every phase in its fixed order with the current one, the constant total (the plan’s copies), the rate and the time left', () => {
    const r = render(view({ phase: 'checking', done: 0, total: 0, rate: 0, etaMs: null }));
    expect(states()).toEqual(['checking:current', 'journaling:todo', 'merging-tags:todo', 'moving:todo', 'collapsing:todo', 'removing:todo']);
    expect(screen.getByTestId('progress').textContent).toBe('Checking the plan against your bookmarks');
    r.rerender(view({ phase: 'collapsing', done: 401, total: 1587, rate: 940, etaMs: 12_400 }));
    expect(states()).toEqual(['checking:done', 'journaling:done', 'merging-tags:done', 'moving:done', 'collapsing:current', 'removing:todo']);
    expect(screen.getByTestId('phases').textContent).toContain('Merging tags onto the copies that stay (nothing to do)');
    expect(document.querySelector('[aria-current="step"]')?.getAttribute('data-phase')).toBe('collapsing');
    expect(screen.getByTestId('progress').textContent).toBe(
      'Done so far: 401 of 1,587 copies removed (787 loose, 800 inside 2 copied folders; and 2 empty folders) (25%) · 940/s · about 12 seconds left',
    );
  });

  it('the total counts copies only: the same figure as the plan’s copies, with the words that fit the plan', () => {
    const progress = (total: number): ApplyProgress => ({ phase: 'collapsing', done: 0, total, rate: 0, etaMs: null });
    const text = (n: typeof numbers) => {
      const r = render(<CleanupProgressView progress={progress(n.copies)} numbers={n} paused={false} onPause={() => {}} onCancel={() => {}} />);
      const shown = screen.getByTestId('progress').textContent;
      r.unmount();
      return shown;
    };
    expect(text({ ...NO_NUMBERS, copies: 3, loose: 3 })).toBe('Done so far: 0 of 3 copies removed (0%)');
    expect(text({ ...NO_NUMBERS, copies: 400, insideFolders: 400, copiedFolders: 1, moved: 2 })).toBe(
      'Done so far: 0 of 400 copies removed (all inside 1 copied folder; 2 items to move into the folders that stay) (0%)',
    );
    expect(text({ ...NO_NUMBERS, copies: 5, loose: 5, emptyFolders: 1 })).toBe('Done so far: 0 of 5 copies removed (and 1 empty folder) (0%)');
  });

  it('labels each phase by what the apply does in it: empty folders go while collapsing, the removing step is for loose copies', () => {
    const phaseText = (n: typeof numbers) => {
      const r = render(
        <CleanupProgressView
          progress={{ phase: 'journaling', done: 0, total: n.copies, rate: 0, etaMs: null }}
          numbers={n}
          paused={false}
          onPause={() => {}}
          onCancel={() => {}}
        />,
      );
      const byPhase = Object.fromEntries([...document.querySelectorAll('[data-phase]')].map((li) => [li.getAttribute('data-phase'), li.textContent ?? '']));
      r.unmount();
      return byPhase;
    };
    // Only empty folders and no loose copies: collapsing has work, removing has none.
    const emptyOnly = phaseText({ ...NO_NUMBERS, emptyFolders: 2 });
    expect(emptyOnly['collapsing']).toBe('○Removing copied and empty folders');
    expect(emptyOnly['removing']).toBe('○Removing loose copies (nothing to do)');
    // Only loose copies: collapsing has nothing to do.
    const looseOnly = phaseText({ ...NO_NUMBERS, copies: 3, loose: 3 });
    expect(looseOnly['collapsing']).toBe('○Removing copied and empty folders (nothing to do)');
    expect(looseOnly['removing']).toBe('○Removing loose copies');
  });

  it('regression: never shows an earlier phase after a later one', () => {
    const r = render(view({ phase: 'removing', done: 900, total: 1587, rate: 900, etaMs: 800 }));
    r.rerender(view({ phase: 'checking', done: 900, total: 1587, rate: 900, etaMs: 800 }));
    expect(document.querySelector('[aria-current="step"]')?.getAttribute('data-phase')).toBe('removing');
  });

  it('paused: no rate, says paused', () => {
    render(view({ phase: 'removing', done: 900, total: 1587, rate: 900, etaMs: 800 }, true));
    expect(screen.getByTestId('progress').textContent).toContain('· paused');
    expect(screen.getByTestId('progress').textContent).not.toContain('/s');
    // Resume takes Pause's place; Cancel stays.
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Resume', 'Cancel']);
  });
});
