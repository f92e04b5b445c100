// SPDX-License-Identifier: MPL-2.0
/**
 * The sentences the package says to people (refusals of bad input), in English, and the one way an extension gives
 * them in its own language: a `translate(key, ...substitutions)` that returns its text for a key (the keys match
 * message names an extension can keep in its _locales; `$1`, `$2` are the substitutions, as in
 * browser.i18n.getMessage). Errors the package throws for bad input are `PlacesError`s (places-error.ts) with one of these texts.
 */
export const PLACES_MESSAGES = {
  tagsNameNotString: 'A tag must be a string.',
  tagsNameEmpty: 'A tag cannot be empty.',
  tagsNameTooLong: 'A tag can be at most $1 characters long ("$2…").',
  tagsNameComma: 'A tag cannot contain a comma ("$1").',
  tagsUrlInvalid: 'A tagged URL must be a non-empty string.',
  tagsRenameNotFound: 'No URL has the tag "$1".',
  placesRootReadOnly: 'The bookmark root cannot be modified',
  placesRemoveUnsaved: 'This item was never saved, so it cannot be removed.',
  placesUpdateNeedsId: 'An update needs the item id.',
  placesWrongType: 'Item $1 is a $2, not a $3.',
  placesHiddenRoot: 'Search inside a root group, not the hidden root.',
} as const;

export type PlacesMessageKey = keyof typeof PLACES_MESSAGES;

/** An extension's own words for the package's sentences. */
export type Translate = (key: PlacesMessageKey, ...substitutions: (string | number)[]) => string;

/** The English sentences, `$n` replaced. */
export const english: Translate = (key, ...substitutions) => PLACES_MESSAGES[key].replace(/\$(\d)/g, (whole, n: string) => String(substitutions[Number(n) - 1] ?? whole));
