/**
 * Tag names, as the tag store accepts them: the Places package's rules (packages/places, tag-names.ts), its
 * refusals in the UI's language.
 */
import { checkTagName as check, normalizeTagList as normalizeList, normalizeTagName as normalizeName } from '@tidymarks/places/background';
import { translatePlaces } from '../i18n/places-messages';

export { MAX_TAG_LENGTH, sameTagSet, type TagNameCheck } from '@tidymarks/places/background';

/** Checks one raw tag name and returns it trimmed, or why it is refused. */
export const checkTagName = (raw: unknown) => check(raw, translatePlaces);

/** The trimmed tag name; throws an 'invalid-input' error with a clear message otherwise. */
export const normalizeTagName = (raw: unknown) => normalizeName(raw, translatePlaces);

/** Validates a list of tags and removes case-insensitive repeats, keeping the first spelling and the order. */
export const normalizeTagList = (raw: Iterable<unknown>) => normalizeList(raw, translatePlaces);
