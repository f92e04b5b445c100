/**
 * The words for an operation of the journal, the face of src/operation-words: what an operation did
 * (describeOperation: an edit, an import, or a cleanup's numbers in one sentence, describeCleanup) and what its undo left alone
 * (describeLeftAlone), written alike by the options page (history, duplicates, link fixes), the organizer's undo and
 * redo and the popup's undo report. A module of its own so that the popup loads it only when it first reports an
 * undo (a dynamic import of this face); in src/ui's face it would come with the popup's first chunk.
 */
export { describeCleanup, describeLeftAlone, describeOperation, describeUndone } from './describe';
