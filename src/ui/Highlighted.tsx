import { highlightSegments } from '../search';

/** Text with the query's words marked; rendered as text nodes and <mark> elements only (titles are untrusted). */
export function Highlighted({ text, words }: { text: string; words: readonly string[] }) {
  return <>{highlightSegments(text, words).map((segment, i) => (segment.match ? <mark key={i}>{segment.text}</mark> : segment.text))}</>;
}
