/**
 * What the toolbar button shows for a page: its icon (an outlined ribbon on a grey tile: not bookmarked; a filled
 * ribbon on a blue tile: bookmarked), a badge with the number of copies when there is more than one, and a tooltip
 * that says it in words. While copies that arrived wait for the person's choice (the copy guard), the badge is a
 * red "!" on every tab instead, and the tooltip says so after what it says of the page (README "Copies waiting").
 * Pure: feature.ts applies it with browser.action.
 */
import { formatNumber, plural, t } from '../i18n';

/** How many bookmarks the page has under the safe matching rules, or that it cannot be bookmarked at all. */
export type PageState = { kind: 'unbookmarkable' } | { kind: 'bookmarkable'; copies: number };

export interface ButtonLook {
  icon: Record<'16' | '32', string>;
  badge: string;
  badgeColor: string;
  title: string;
}

export const ICON_NOT_BOOKMARKED = { '16': 'icons/toolbar-not-bookmarked.svg', '32': 'icons/toolbar-not-bookmarked.svg' } as const;
export const ICON_BOOKMARKED = { '16': 'icons/toolbar-bookmarked.svg', '32': 'icons/toolbar-bookmarked.svg' } as const;
/** The badge's colour: dark enough for white digits (contrast 18:1) on light and dark toolbars. */
export const BADGE_COLOR = '#15141a';
/** The badge's colour while copies that arrived wait: Firefox's red 60, white text at 5.6:1. */
export const WAITING_BADGE_COLOR = '#d70022';
/** The badge while copies that arrived wait for a choice. */
export const WAITING_BADGE = '!';
/** Four digits do not fit on a 16 px button. */
const BADGE_MAX = 99;

/** The look for a page; `arrivalsWaiting`: a burst of copies the copy guard told waits for the person's choice. */
export function buttonLook(state: PageState, arrivalsWaiting = false): ButtonLook {
  const look = pageLook(state);
  if (!arrivalsWaiting) return look;
  return { ...look, badge: WAITING_BADGE, badgeColor: WAITING_BADGE_COLOR, title: t('toolbarArrivalsWaiting', look.title) };
}

function pageLook(state: PageState): ButtonLook {
  const badgeColor = BADGE_COLOR;
  if (state.kind === 'unbookmarkable') return { icon: { ...ICON_NOT_BOOKMARKED }, badge: '', badgeColor, title: t('toolbarUnbookmarkable') };
  const n = state.copies;
  if (n === 0) return { icon: { ...ICON_NOT_BOOKMARKED }, badge: '', badgeColor, title: t('toolbarNotBookmarked') };
  if (n === 1) return { icon: { ...ICON_BOOKMARKED }, badge: '', badgeColor, title: t('toolbarBookmarked') };
  return {
    icon: { ...ICON_BOOKMARKED },
    badge: n > BADGE_MAX ? `${BADGE_MAX}+` : formatNumber(n),
    badgeColor,
    title: plural('toolbarBookmarkedTimes', n),
  };
}
