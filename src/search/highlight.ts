/**
 * Splits a piece of text into plain and matched segments for highlighting: a word of the text matches when it
 * starts with one of the query's (folded) words, as in the index. The popup renders segments as text nodes and
 * <mark> elements, never as HTML.
 */
import { fold, WORD_PATTERN } from './tokenize';

export interface Segment {
  text: string;
  match: boolean;
}

export function highlightSegments(text: string, queryWords: readonly string[]): Segment[] {
  if (!text) return [];
  if (queryWords.length === 0) return [{ text, match: false }];
  const segments: Segment[] = [];
  let last = 0;
  const push = (from: number, to: number, match: boolean) => {
    if (to <= from) return;
    const prev = segments[segments.length - 1];
    if (prev && prev.match === match) prev.text += text.slice(from, to);
    else segments.push({ text: text.slice(from, to), match });
  };
  for (const m of text.matchAll(WORD_PATTERN)) {
    const token = m[0];
    const start = m.index;
    const folded = fold(token);
    let best = 0;
    for (const word of queryWords) if (word.length > best && folded.startsWith(word)) best = word.length;
    if (best === 0) continue;
    // Folding can change the length (accents): then the whole word is marked.
    const length = folded.length === token.length ? best : token.length;
    push(last, start, false);
    push(start, start + length, true);
    last = start + length;
  }
  push(last, text.length, false);
  return segments;
}
