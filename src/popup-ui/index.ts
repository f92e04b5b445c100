/**
 * The popup's components, the face of src/popup-ui: the popup entry renders PopupApp; the options page and the
 * organizer reuse the link marker (LinkMarker.tsx) and the folder picker (FolderPicker.tsx).
 */
export { FolderPicker } from './FolderPicker';
export { LinkMarker } from './LinkMarker';
