import { describe, expect, it } from 'vitest';
import { BADGE_COLOR, buttonLook, ICON_BOOKMARKED, ICON_NOT_BOOKMARKED, WAITING_BADGE_COLOR } from '../../../src/toolbar-button/button-look';

describe('buttonLook', () => {
  it('not bookmarked: the outlined icon, no badge', () => {
    expect(buttonLook({ kind: 'bookmarkable', copies: 0 })).toEqual({
      icon: ICON_NOT_BOOKMARKED,
      badge: '',
      badgeColor: BADGE_COLOR,
      title: 'Tidymarks: not bookmarked',
    });
  });

  it('bookmarked once: the filled icon, no badge; more than once: the number on the badge and in the tooltip', () => {
    expect(buttonLook({ kind: 'bookmarkable', copies: 1 })).toEqual({ icon: ICON_BOOKMARKED, badge: '', badgeColor: BADGE_COLOR, title: 'Tidymarks: bookmarked' });
    expect(buttonLook({ kind: 'bookmarkable', copies: 2 })).toEqual({
      icon: ICON_BOOKMARKED,
      badge: '2',
      badgeColor: BADGE_COLOR,
      title: 'Tidymarks: bookmarked 2 times',
    });
    expect(buttonLook({ kind: 'bookmarkable', copies: 154 })).toMatchObject({ badge: '99+', title: 'Tidymarks: bookmarked 154 times' });
    expect(buttonLook({ kind: 'bookmarkable', copies: 1204 }).title).toBe('Tidymarks: bookmarked 1,204 times');
  });

  it('a page that cannot be bookmarked says so', () => {
    expect(buttonLook({ kind: 'unbookmarkable' })).toEqual({
      icon: ICON_NOT_BOOKMARKED,
      badge: '',
      badgeColor: BADGE_COLOR,
      title: 'Tidymarks: this page cannot be bookmarked',
    });
  });

  it('copies that arrived wait for a choice: a red “!” instead of the count, the icon and the tooltip still about the page', () => {
    expect(buttonLook({ kind: 'bookmarkable', copies: 2 }, true)).toEqual({
      icon: ICON_BOOKMARKED,
      badge: '!',
      badgeColor: WAITING_BADGE_COLOR,
      title: 'Tidymarks: bookmarked 2 times — copies arrived: choose on the Duplicates page',
    });
    expect(buttonLook({ kind: 'bookmarkable', copies: 0 }, true)).toEqual({
      icon: ICON_NOT_BOOKMARKED,
      badge: '!',
      badgeColor: WAITING_BADGE_COLOR,
      title: 'Tidymarks: not bookmarked — copies arrived: choose on the Duplicates page',
    });
    expect(buttonLook({ kind: 'bookmarkable', copies: 2 }, false)).toEqual(buttonLook({ kind: 'bookmarkable', copies: 2 }));
  });

  it('the icons it names are in the extension (icons/)', async () => {
    const { existsSync } = await import('node:fs');
    const { resolve } = await import('node:path');
    for (const path of [...Object.values(ICON_BOOKMARKED), ...Object.values(ICON_NOT_BOOKMARKED)]) {
      expect(existsSync(resolve(import.meta.dirname, '../../..', path)), path).toBe(true);
    }
  });
});
