/**
 * Link health, the face of src/link-health: dead and moved links. The pages show a link's marker (marker.ts) in words
 * (marker-text.ts) and ask for host access (host-access.ts); probing, classifying, scheduling and fixes run in the
 * background (feature.ts), whose requests are in protocol.ts and whose verdicts are in types.ts. Kept light: the popup
 * loads it.
 */
export { DEAD_CLASSES, type LinkMarker } from './marker';
export { CLASS_LABEL, FAILURE_LABEL, markerLabel, markerText } from './marker-text';
export { originsFor } from './host-access';
export type { BookmarkSnapshot, BookmarkSnapshots } from './wayback/protocol';
