import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeBookmarksFile, declaredCharset } from '../../../src/bookmarks-html/decode-file';
import { parseBookmarksHtml } from '../../../src/bookmarks-html/parse';
import type { HtmlFolder, HtmlBookmark } from '../../../src/bookmarks-html/document';

const fixture = (name: string) => new Uint8Array(readFileSync(resolve(import.meta.dirname, 'fixtures', name)));
const utf8 = (text: string) => new TextEncoder().encode(text);

describe('decodeBookmarksFile: the file’s bytes read as Firefox reads them', () => {
  it('regression: a windows-1252 file is read in its declared character set (no replacement characters)', () => {
    const { text, encoding, note } = decodeBookmarksFile(fixture('windows-1252.html'));
    expect(encoding).toBe('windows-1252');
    expect(note).toBeNull();
    expect(text).not.toContain('\ufffd');
    const folder = parseBookmarksHtml(text).document.children[0] as HtmlFolder;
    expect(folder.title).toBe('Café & crème');
    // Node 20's TextDecoder reads windows-1252's 0x80–0x9F (€ — “ ”) as Latin-1 controls; Firefox's follows the
    // Encoding Standard, so the e2e test checks those in Firefox. The letters both agree on are checked here.
    expect(folder.children.map((b) => (b as HtmlBookmark).title.slice(0, 5))).toEqual(['Café ', 'Übers']);
    expect((folder.children[1] as HtmlBookmark).title).toBe('Übersetzung für Ärzte');
  });

  it('reads Firefox’s own export (UTF-8 declared) as UTF-8', () => {
    const { text, encoding, note } = decodeBookmarksFile(fixture('firefox-export.html'));
    expect({ encoding, note }).toEqual({ encoding: 'utf-8', note: null });
    expect(text).toContain('日本語のタイトル');
  });

  it('a byte order mark wins over the declaration', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('<meta charset="windows-1252"><DL><DT><A HREF="https://a.example/">é</A></DL>')]);
    expect(decodeBookmarksFile(bytes)).toMatchObject({ encoding: 'utf-8', note: null });
    expect(decodeBookmarksFile(bytes).text).toContain('>é<');
  });

  it('a file that declares nothing and is not UTF-8 is read as windows-1252, and says so', () => {
    const bytes = new Uint8Array([...utf8('<DL><DT><A HREF="https://a.example/">Caf'), 0xe9, ...utf8('</A></DL>')]);
    const { text, encoding, note } = decodeBookmarksFile(bytes);
    expect(encoding).toBe('windows-1252');
    expect(text).toContain('Café');
    expect(note).toMatch(/does not say which character set .* read as windows-1252/);
  });

  it('bytes that are not valid in the declared set are counted in a note', () => {
    const bytes = new Uint8Array([...utf8('<meta charset="utf-8"><DL><DT><A HREF="https://a.example/">x'), 0xff, 0xfe, ...utf8('</A></DL>')]);
    expect(decodeBookmarksFile(bytes).note).toBe('2 characters are not valid utf-8 (the character set the file declares) and became “\ufffd”.');
  });

  it('an unknown declared character set is refused with a clear message', () => {
    expect(() => decodeBookmarksFile(utf8('<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=klingon-8"><DL></DL>'))).toThrow(
      'The file says its text is in the character set "klingon-8", which Firefox does not know. Nothing was imported.',
    );
  });

  it('finds the declaration in both <meta> forms and ignores comments', () => {
    expect(declaredCharset('<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">')).toBe('UTF-8');
    expect(declaredCharset("<meta charset='iso-8859-1'>")).toBe('iso-8859-1');
    expect(declaredCharset('<!-- <meta charset="koi8-r"> --><meta http-equiv=content-type content="text/html;charset=shift_jis">')).toBe('shift_jis');
    expect(declaredCharset('<title>x</title>')).toBeNull();
  });
});
