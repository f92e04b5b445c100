/** A value put into a message: numbers are formatted in the UI's locale. */
export type Substitution = string | number;
