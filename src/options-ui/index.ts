/**
 * The options page's components, the face of src/options-ui: the entry renders OptionsApp; the organizer and the
 * popup word what an operation did and left alone as the options page does (format.ts).
 */
export { describeLeftAlone, describeOperation } from './format';
