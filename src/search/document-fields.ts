/**
 * The fields of a document a word is found in (title, tags, URL host and path, folders), each a bit of a field mask,
 * and the words of a document with the fields each comes from: what the search index (search-index.ts) indexes.
 */
import { MAX_TOKEN_LENGTH, urlWords, words } from './tokenize';

export const FIELD = { title: 1, tag: 2, host: 4, path: 8, folder: 16 } as const;
/** Every field mask is below this (posting-lists.ts packs a mask into the low bits of an entry). */
export const MASK_BITS = 32;

/** A document's distinct words, each with the mask of the fields it is in. */
export interface FieldWords {
  tokens: string[];
  masks: number[];
}

/** The words of a document's title, URL and folders, and of the tags of its URL (words too long to type skipped). */
export function fieldWords(doc: { title: string; url: string; folders: readonly string[] }, tags: readonly string[]): FieldWords {
  // Documents have a dozen or two words: arrays with a linear scan beat a Map per document.
  const tokens: string[] = [];
  const masks: number[] = [];
  const add = (list: readonly string[], field: number) => {
    for (let i = 0; i < list.length; i++) {
      const w = list[i]!;
      if (w.length > MAX_TOKEN_LENGTH) continue;
      const at = tokens.indexOf(w);
      if (at >= 0) masks[at]! |= field;
      else {
        tokens.push(w);
        masks.push(field);
      }
    }
  };
  add(words(doc.title), FIELD.title);
  const url = urlWords(doc.url);
  add(url.host, FIELD.host);
  add(url.path, FIELD.path);
  for (const folder of doc.folders) add(words(folder), FIELD.folder);
  for (const tag of tags) add(words(tag), FIELD.tag);
  return { tokens, masks };
}
