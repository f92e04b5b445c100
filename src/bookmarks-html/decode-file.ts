/**
 * Turns a picked bookmarks.html file's bytes into text the way Firefox's importer does (it loads the file as an
 * HTML document): a byte order mark wins; else the character set declared in the first 1,024 bytes
 * (`<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=…">` or `<meta charset=…>`, HTML's prescan); else
 * UTF-8. Decoding uses TextDecoder, which knows every encoding of the WHATWG Encoding Standard.
 *
 * Where Tidymarks does better than Firefox, it says so: a file that declares nothing and is not valid UTF-8 (old
 * Netscape and Internet Explorer exports) is read as windows-1252, with a note (Firefox would put replacement
 * characters in its titles). A declared character set that no browser knows is refused with a clear message, and
 * bytes that are not valid in the declared set are counted in a note. Runs on the page (pure, no browser API).
 */
import { AppError } from '../messaging/errors';
import { plural, t } from '../i18n';

export interface DecodedFile {
  text: string;
  /** The encoding used (TextDecoder's name, e.g. "utf-8", "windows-1252"). */
  encoding: string;
  /** Said to the person before importing, when the text may not be what the file meant. */
  note: string | null;
}

const PRESCAN_BYTES = 1024;

/** The charset named in a Content-Type value ("text/html; charset=windows-1252"), per HTML's extraction rules. */
function charsetFromContent(content: string): string | null {
  const m = /charset\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s;"']+))/i.exec(content);
  return m ? (m[1] ?? m[2] ?? m[3] ?? null) : null;
}

/** HTML's prescan for a declared character set, simplified to <meta> tags (comments skipped). */
export function declaredCharset(head: string): string | null {
  const withoutComments = head.replace(/<!--[\s\S]*?-->/g, '');
  for (const meta of withoutComments.matchAll(/<meta\b([^>]*)>/gi)) {
    const attrs = new Map<string, string>();
    for (const a of meta[1]!.matchAll(/([^\s=/>]+)\s*(?:=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
      const name = a[1]!.toLowerCase();
      if (!attrs.has(name)) attrs.set(name, a[2] ?? a[3] ?? a[4] ?? '');
    }
    const direct = attrs.get('charset');
    if (direct) return direct.trim();
    if (attrs.get('http-equiv')?.toLowerCase() === 'content-type') {
      const fromContent = charsetFromContent(attrs.get('content') ?? '');
      if (fromContent) return fromContent.trim();
    }
  }
  return null;
}

function bomEncoding(bytes: Uint8Array): { encoding: string; skip: number } | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', skip: 3 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', skip: 2 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', skip: 2 };
  return null;
}

function countReplacements(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\ufffd'); i !== -1; i = text.indexOf('\ufffd', i + 1)) n++;
  return n;
}

export function decodeBookmarksFile(bytes: Uint8Array): DecodedFile {
  const bom = bomEncoding(bytes);
  if (bom) return { text: new TextDecoder(bom.encoding).decode(bytes.subarray(bom.skip)), encoding: bom.encoding, note: null };

  const head = new TextDecoder('windows-1252').decode(bytes.subarray(0, PRESCAN_BYTES));
  const label = declaredCharset(head);
  if (label !== null) {
    let decoder: TextDecoder;
    try {
      decoder = new TextDecoder(label);
    } catch {
      throw new AppError('invalid-input', t('importCharsetUnknown', label.slice(0, 40)));
    }
    // HTML reads a <meta> that names UTF-16 as UTF-8 (the bytes cannot be UTF-16 if the ASCII tag was readable).
    const encoding = decoder.encoding.startsWith('utf-16') ? 'utf-8' : decoder.encoding;
    try {
      return { text: new TextDecoder(encoding, { fatal: true }).decode(bytes), encoding, note: null };
    } catch {
      const text = new TextDecoder(encoding).decode(bytes);
      const replaced = countReplacements(text);
      return {
        text,
        encoding,
        note: plural('importCharsetReplaced', replaced, encoding),
      };
    }
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8', note: null };
  } catch {
    return {
      text: new TextDecoder('windows-1252').decode(bytes),
      encoding: 'windows-1252',
      note: t('importCharsetGuessed'),
    };
  }
}
