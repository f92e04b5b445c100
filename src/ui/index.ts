/**
 * What the pages' components share, the face of src/ui: the list virtualizer for rows of a few fixed heights
 * (virtual.ts), used by the duplicates review and the organizer's item list; the folder picker (FolderPicker.tsx) of
 * the popup's bookmark form and the organizer's details, with the folder path it shows (FolderPath.tsx,
 * folder-label.ts, Highlighted.tsx; also the popup's results and current page); the link-health marker
 * (LinkMarker.tsx) of the popup and the Duplicates page, and a bookmark's archived copy (ArchivedCopy.tsx) of the
 * popup and the organizer. The words for an operation are a module of their own
 * (src/operation-words), loaded by the popup only when needed. Their looks are ui.css, loaded with this face: a page
 * that uses them has them, in its light and dark palette.
 */
import './ui.css';
export { ArchivedCopy } from './ArchivedCopy';
export { folderLabel } from './folder-label';
export { FolderPath } from './FolderPath';
export { FolderPicker } from './FolderPicker';
export { Highlighted } from './Highlighted';
export { LinkMarker } from './LinkMarker';
export { showBidiControls, Untrusted, UntrustedCode, UntrustedParts } from './Untrusted';
export { assignSlots, rowAt, rowOffsets, scrollToShow, scrollTopFor, visibleRows, type RowWindow } from './virtual';
