/**
 * The guard's constants, apart from feature.ts so that the face (which a page imports for the words) never pulls the
 * background's feature into a page's chunks.
 */

/**
 * A burst is over once nothing has been created for this long (the issue asks for at most 1 s): Sync writes what
 * it brings in one go, item after item, and so do an import and another extension's loop; a person adding bookmarks
 * by hand is seconds apart, so their additions are bursts of one.
 */
export const BURST_QUIET_MS = 1_000;
/**
 * A burst still open is saved at most this often (what arrived since the last save, one write): after Firefox quits
 * or the event page is unloaded mid-burst, the next start tells what was saved (README "A burst across a restart").
 */
export const SAVE_OPEN_MS = 250;
/** ...or once it has gone on this long (its notification says "in the last minute"; what follows is the next burst). */
export const BURST_MAX_MS = 60_000;
/**
 * The person is working in the organizer while their last edit there is this recent: a burst told then waits on the
 * Duplicates page and the toolbar button, and its notification comes once this long has passed without an edit
 * (README "Quiet while the person works in the organizer").
 */
export const ORGANIZER_QUIET_MS = 60_000;
/** The alarm that wakes the event page when a held-back notification is due (an event page sleeps after 30 s idle). */
export const TELL_ALARM = 'tidymarks-copy-guard-tell';
/** Every guard notification's id starts so (the rest is the burst's start time, so two bursts are two notifications). */
export const NOTIFICATION_PREFIX = 'tidymarks-copy-guard-';
/** Where a click on the notification takes the person: the options page's Duplicates view. */
export const DUPLICATES_PAGE = 'options/index.html#duplicates';
