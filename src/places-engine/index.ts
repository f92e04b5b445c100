/**
 * The Places API, the engine's half: what runs in the background behind the caller's half (src/places). It
 * implements src/places' `PlacesBackend` over browser.bookmarks, browser.history and Tidymarks' tag store: saves
 * with their conflict checks and journal entries (save-engine.ts), search from Firefox (search-engine.ts) or from the
 * live search index (index-search.ts), history search (history-engine.ts), the per-item change clock (clock.ts), the
 * events hub that fans bookmark, history and tag changes out to background listeners and to pages' ports
 * (event-hub.ts), and the feature that joins them with the request handlers and the background's own Places API
 * (feature.ts, which the composition root imports). It imports src/places; src/places never imports it.
 * Decisions: README.md here; behaviour: docs/places-api.md.
 */
export { createPlacesFeature, type PlacesFeature, type PlacesFeatureDeps } from './feature';
export { createClock, fingerprint, PLACES_DB_VERSION, type Clock, type ClockDeps } from './clock';
export { PlacesEventHub, type EventHubDeps } from './event-hub';
export { runSave, type EngineDeps } from './save-engine';
export { runSearch, type SearchDeps } from './search-engine';
export { runHistorySearch } from './history-engine';
export { compileUrlPattern, UrlPatternError, type UrlMatcher } from './url-pattern';
