// SPDX-License-Identifier: MPL-2.0
/**
 * Tag names, as the tag store accepts them: trimmed, non-empty, at most 100 characters, no comma (a comma is how
 * bookmarks.html and every tag input separate tags). Two tags are the same tag when they match case-insensitively;
 * the first spelling seen is the one kept. Pure functions, no storage; refusals worded by `translate` (English by
 * default).
 */
import { english, type Translate } from './support/messages';
import { PlacesError } from './support/places-error';
import { tagKey } from './support/tag-key';

export const MAX_TAG_LENGTH = 100;

export type TagNameCheck = { ok: true; tag: string } | { ok: false; message: string };

/** Checks one raw tag name and returns it trimmed, or why it is refused. */
export function checkTagName(raw: unknown, translate: Translate = english): TagNameCheck {
  if (typeof raw !== 'string') return { ok: false, message: translate('tagsNameNotString') };
  const tag = raw.trim();
  if (tag === '') return { ok: false, message: translate('tagsNameEmpty') };
  if (tag.length > MAX_TAG_LENGTH) {
    return { ok: false, message: translate('tagsNameTooLong', MAX_TAG_LENGTH, tag.slice(0, 20)) };
  }
  if (tag.includes(',')) return { ok: false, message: translate('tagsNameComma', tag) };
  return { ok: true, tag };
}

/** The trimmed tag name; throws an 'invalid-input' PlacesError with a clear message otherwise. */
export function normalizeTagName(raw: unknown, translate: Translate = english): string {
  const check = checkTagName(raw, translate);
  if (!check.ok) throw new PlacesError('invalid-input', check.message);
  return check.tag;
}

/**
 * Validates a list of tags and removes case-insensitive repeats, keeping the first spelling and the order.
 * Throws on the first invalid name, so a bad list changes nothing.
 */
export function normalizeTagList(raw: Iterable<unknown>, translate: Translate = english): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const item of raw) {
    const tag = normalizeTagName(item, translate);
    const key = tagKey(tag);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(tag);
  }
  return out;
}

/** True when both lists hold the same tags, compared case-insensitively, in any order. */
export function sameTagSet(a: readonly string[], b: readonly string[]): boolean {
  const ka = new Set(a.map(tagKey));
  const kb = new Set(b.map(tagKey));
  if (ka.size !== kb.size) return false;
  for (const k of ka) if (!kb.has(k)) return false;
  return true;
}
