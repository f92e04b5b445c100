import { highlightSegments } from '../search';
import { showBidiControls, Untrusted } from './Untrusted';

interface Props {
  text: string;
  words: readonly string[];
  /** An address or a tag: its bidirectional controls are shown ("[U+202E]"), as UntrustedCode shows them. */
  code?: boolean;
  class?: string;
}

/**
 * Untrusted text with the query's words marked: isolated (Untrusted.tsx) and rendered as text nodes and <mark>
 * elements only (titles are never HTML).
 */
export function Highlighted({ text, words, code = false, class: className }: Props) {
  const shown = code ? showBidiControls(text) : text;
  return (
    <Untrusted class={className}>{highlightSegments(shown, words).map((segment, i) => (segment.match ? <mark key={i}>{segment.text}</mark> : segment.text))}</Untrusted>
  );
}
