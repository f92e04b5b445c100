// SPDX-License-Identifier: MPL-2.0
/** Tags are the same tag when they match case-insensitively (tag-names.ts): the key two spellings of one tag share. */
export function tagKey(tag: string): string {
  return tag.trim().toLowerCase();
}
