/**
 * Text nobody vouches for: bookmark titles, tags, folder names and addresses come from web pages, Sync and files.
 * Wherever one is shown it is isolated from the text around it (`<bdi>`, `unicode-bidi: isolate`), so a title that
 * ends in a right-to-left override cannot turn the address or the words next to it around. In addresses and tags the
 * bidirectional controls themselves are shown visibly (`showBidiControls`): there they only ever disguise.
 */
import type { ComponentChildren } from 'preact';

/** Bidirectional formatting characters: marks, embeddings, overrides and isolates. */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** `text` with each bidirectional control written out as "[U+202E]": for addresses and tags. */
export function showBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, (c) => `[U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}]`);
}

/** Isolates untrusted text (children: a string, or the parts of a highlighted one) from what surrounds it. */
export function Untrusted({ children, class: className }: { children: ComponentChildren; class?: string }) {
  return <bdi class={className ? `untrusted ${className}` : 'untrusted'}>{children}</bdi>;
}

/** An address or a tag: isolated, its bidirectional controls shown. */
export function UntrustedCode({ text, class: className }: { text: string; class?: string }) {
  return <Untrusted class={className}>{showBidiControls(text)}</Untrusted>;
}

/** Marks a part's place in a sentence: private-use characters no catalog text or substitution of ours contains. */
const slot = (i: number) => `\uE000${i}\uE001`;
const SLOTS = /\uE000(\d+)\uE001/;

/**
 * A sentence of the catalog with untrusted parts in it ("Removed “$1” from $2."), each part isolated where it stands:
 * `message` gets a placeholder for each part (`(title, path) => t('popupRemoved', title, path)`) and the parts take
 * their places as <bdi> elements, so the sentence reads as t() would write it while no part can turn the words after
 * it around. `code` parts (addresses, tags) show their bidirectional controls.
 */
export function UntrustedParts({ message, parts, code = false }: { message: (...slots: string[]) => string; parts: readonly string[]; code?: boolean }) {
  const pieces = message(...parts.map((_, i) => slot(i))).split(SLOTS);
  // split() with a capture group: text, part index, text, part index, ..., text.
  return (
    <>
      {pieces.map((piece, i) => {
        if (i % 2 === 0) return piece;
        const part = parts[Number(piece)] ?? '';
        return code ? <UntrustedCode key={i} text={part} /> : <Untrusted key={i}>{part}</Untrusted>;
      })}
    </>
  );
}
