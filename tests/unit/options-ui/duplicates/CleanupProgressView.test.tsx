// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApplyProgress } from '../../../../src/dedup/cleanup/apply';
import { NO_NUMBERS } from '../../../../src/dedup/cleanup-numbers';
import { CleanupProgressView } from '../../../../src/options-ui/duplicates/CleanupProgressView';

afterEach(cleanup);

const numbers = { ...NO_NUMBERS, copies: 1587, loose: 787, insideFolders: 800, copiedFolders: 2, emptyFolders: 2 };
const view = (progress: ApplyProgress, paused = false) => <CleanupProgressView progress={progress} numbers={numbers} paused={paused} onPause={() => {}} onCancel={() => {}} />;
const states = () => [...document.querySelectorAll('[data-phase]')].map((li) => `${li.getAttribute('data-phase')}:${li.className.replace('phase ', '')}`);

describe('CleanupProgressView', () => {
  it('lists every phase in its fixed order with the current one, the constant total in the plan’s units, the rate and the time left', () => {
    const r = render(view({ phase: 'checking', done: 0, total: 0, rate: 0, etaMs: null }));
    expect(states()).toEqual(['checking:current', 'journaling:todo', 'merging-tags:todo', 'moving:todo', 'collapsing:todo', 'removing:todo']);
    expect(screen.getByTestId('progress').textContent).toBe('Checking the plan against your bookmarks');
    r.rerender(view({ phase: 'collapsing', done: 401, total: 1591, rate: 940, etaMs: 12_400 }));
    expect(states()).toEqual(['checking:done', 'journaling:done', 'merging-tags:done', 'moving:done', 'collapsing:current', 'removing:todo']);
    expect(screen.getByTestId('phases').textContent).toContain('Merging tags onto the copies that stay (nothing to do)');
    expect(document.querySelector('[aria-current="step"]')?.getAttribute('data-phase')).toBe('collapsing');
    expect(screen.getByTestId('progress').textContent).toBe(
      'Done so far: 401 of 1,591 items (1,587 copies, 2 copied folders, 2 empty folders) (25%) · 940/s · about 12 seconds left',
    );
  });

  it('regression: never shows an earlier phase after a later one', () => {
    const r = render(view({ phase: 'removing', done: 900, total: 1591, rate: 900, etaMs: 800 }));
    r.rerender(view({ phase: 'checking', done: 900, total: 1591, rate: 900, etaMs: 800 }));
    expect(document.querySelector('[aria-current="step"]')?.getAttribute('data-phase')).toBe('removing');
  });

  it('paused: no rate, says paused', () => {
    render(view({ phase: 'removing', done: 900, total: 1591, rate: 900, etaMs: 800 }, true));
    expect(screen.getByTestId('progress').textContent).toContain('· paused');
    expect(screen.getByTestId('progress').textContent).not.toContain('/s');
    expect(screen.getByRole('button', { name: 'Resume' })).toBeTruthy();
  });
});
