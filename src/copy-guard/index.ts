/**
 * The copy guard, the face of src/copy-guard: notices bursts of bookmarks that copy what already exists as they
 * arrive (Sync, another extension, an import not made through Tidymarks), tells the person once, keeps what arrived
 * (the "What arrived" log) and offers to remove the new copies as a cleanup of the one history (README.md).
 * The feature is built in feature.ts, which the composition root imports.
 */
export { BURST_MAX_MS, BURST_QUIET_MS, DUPLICATES_PAGE, NOTIFICATION_PREFIX, ORGANIZER_QUIET_MS } from './timing';
export type { CopyGuardFeature } from './feature';
export type { CopyCount } from './burst';
export type { BurstStatus, BurstSummary } from './store';
export { arrivalList, cameBackSentence } from './words';
