/**
 * Tag names, as the tag store accepts them: trimmed, non-empty, at most 100 characters, no comma (a comma is how
 * bookmarks.html and every tag input separate tags). Two tags are the same tag when they match case-insensitively;
 * the first spelling seen is the one kept. Pure functions, no storage.
 */
import { AppError } from '../messaging/errors';
import { t } from '../i18n';
import { tagKey } from '../platform/tag-key';

export const MAX_TAG_LENGTH = 100;

export type TagNameCheck = { ok: true; tag: string } | { ok: false; message: string };

/** Checks one raw tag name and returns it trimmed, or why it is refused. */
export function checkTagName(raw: unknown): TagNameCheck {
  if (typeof raw !== 'string') return { ok: false, message: t('tagsNameNotString') };
  const tag = raw.trim();
  if (tag === '') return { ok: false, message: t('tagsNameEmpty') };
  if (tag.length > MAX_TAG_LENGTH) {
    return { ok: false, message: t('tagsNameTooLong', MAX_TAG_LENGTH, tag.slice(0, 20)) };
  }
  if (tag.includes(',')) return { ok: false, message: t('tagsNameComma', tag) };
  return { ok: true, tag };
}

/** The trimmed tag name; throws an 'invalid-input' AppError with a clear message otherwise. */
export function normalizeTagName(raw: unknown): string {
  const check = checkTagName(raw);
  if (!check.ok) throw new AppError('invalid-input', check.message);
  return check.tag;
}

/**
 * Validates a list of tags and removes case-insensitive repeats, keeping the first spelling and the order.
 * Throws on the first invalid name, so a bad list changes nothing.
 */
export function normalizeTagList(raw: Iterable<unknown>): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const item of raw) {
    const tag = normalizeTagName(item);
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
