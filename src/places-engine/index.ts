/**
 * The Places feature, the background's half in Tidymarks: the Places package's engine (packages/places) built over
 * Tidymarks' parts (feature.ts, which the composition root imports) and the one history as its write hook
 * (journal-hook.ts). The engine itself (saves, search, the change clock, the events hub) is the package's.
 * Decisions: README.md here; behaviour: packages/places/README.md.
 */
export { createPlacesFeature, type PlacesFeature, type PlacesFeatureDeps } from './feature';
export { historyHook } from './journal-hook';
