/**
 * The copy guard, the face of src/copy-guard: notices bursts of bookmarks that copy what already exists as they
 * arrive (Sync, another extension, an import not made through Tidymarks) and tells the person once (README.md).
 * The feature is built in feature.ts, which the composition root imports.
 */
export { BURST_MAX_MS, BURST_QUIET_MS, DUPLICATES_PAGE, NOTIFICATION_PREFIX, type CopyGuardFeature } from './feature';
export type { CopyCount } from './burst';
