/**
 * Untrusted text inside a sentence made of messages ("kept because in your preferred folder Dev", "“Dev”: 3 copies"):
 * the untrusted part is marked in the string where the sentence is made (`markUntrusted`), and shown isolated where it
 * is rendered (`<Marked>`: each marked part through src/ui's Untrusted), so messages keep being composed as strings.
 * In an attribute (aria-label, title) the marks are taken out (`unmarked`).
 */
import { Fragment } from 'preact';
import { Untrusted } from '../../ui';

/** Private-use characters around a marked part: never in a message, taken out of any untrusted text first. */
const OPEN = '\uE000';
const CLOSE = '\uE001';
const MARKS = /[\uE000\uE001]/g;
const PART = /\uE000([^\uE001]*)\uE001/;

/** `text` marked as untrusted inside a sentence. */
export function markUntrusted(text: string): string {
  return OPEN + text.replace(MARKS, '') + CLOSE;
}

/** The sentence without its marks (for attributes). */
export function unmarked(text: string): string {
  return text.replace(MARKS, '');
}

/** The sentence, each marked part isolated. */
export function Marked({ text }: { text: string }) {
  const pieces = text.split(PART);
  if (pieces.length === 1) return <>{text}</>;
  // split with a capture group: plain text at even places, marked parts at odd ones.
  return <>{pieces.map((piece, i) => (i % 2 ? <Untrusted key={i}>{piece}</Untrusted> : piece && <Fragment key={i}>{piece}</Fragment>))}</>;
}
