/**
 * What the pages' components share, the face of src/ui: the list virtualizer for rows of a few fixed heights
 * (virtual.ts), used by the duplicates review and the organizer's item list.
 */
export { assignSlots, rowAt, rowOffsets, scrollToShow, scrollTopFor, visibleRows, type RowWindow } from './virtual';
