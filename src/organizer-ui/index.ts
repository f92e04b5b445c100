/**
 * The organizer component, the face of src/organizer-ui: the options page's "Bookmarks" tab and the sidebar render
 * OrganizerView with a Client.
 */
export { OrganizerView } from './OrganizerView';
