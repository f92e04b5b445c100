/**
 * The organizer's model, the face of src/organizer: the live mirror of the bookmark tree on the page
 * (tree-model.ts, started from one snapshot, snapshot.ts), selection (selection.ts), drop rules (drop-rules.ts),
 * sorting (sort.ts) and the list's column widths (column-widths.ts). The requests are in protocol.ts; the background
 * builds the feature from feature.ts; the component is src/organizer-ui.
 */
export { OrganizerTree } from './tree-model';
export { decodeSnapshot } from './snapshot';
export { EMPTY_SELECTION, keepShown, moveFocus, selectAll, selectedInOrder, selectRow, type Selection } from './selection';
export { sortRows, type ColumnId, type ColumnSort, type FolderSortKey } from './sort';
export { dropRefusal, dropZone, targetOfZone, type DropRefusal, type DropTarget, type DropZone } from './drop-rules';
export { clampWidth, layoutColumns, MAX_COLUMN_PX, parseColumnWidths, widthAfterKey, withColumnWidth, type ColumnWidths } from './column-widths';
