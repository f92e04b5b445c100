// @vitest-environment happy-dom
import { render } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { FolderPath, folderLabel, Highlighted, LinkMarker, showBidiControls, Untrusted, UntrustedCode, UntrustedParts } from '../../../src/ui';

describe('untrusted text', () => {
  it('writes out every bidirectional control and leaves other text alone', () => {
    expect(showBidiControls('https://a.example/\u202Egpj.exe')).toBe('https://a.example/[U+202E]gpj.exe');
    expect(showBidiControls('\u200E\u200F\u061C\u202A\u202B\u202C\u202D\u2066\u2067\u2068\u2069')).toBe(
      '[U+200E][U+200F][U+061C][U+202A][U+202B][U+202C][U+202D][U+2066][U+2067][U+2068][U+2069]',
    );
    expect(showBidiControls('שלום – مرحبا ✓')).toBe('שלום – مرحبا ✓');
  });

  it('isolates a title in a <bdi> and an address with its controls shown', () => {
    const { container } = render(
      <p>
        <Untrusted>{'\u202Eevil'}</Untrusted> <UntrustedCode text={'https://x.example/\u202Ecod'} class="url" />
      </p>,
    );
    const [title, url] = container.querySelectorAll('bdi');
    expect(title!.textContent).toBe('\u202Eevil');
    expect(title!.className).toBe('untrusted');
    expect(url!.textContent).toBe('https://x.example/[U+202E]cod');
    expect(url!.className).toBe('untrusted url');
  });
});

describe('the shared components isolate what they show (issue 29)', () => {
  const rlo = '\u202E';
  const bdis = (root: Element) => [...root.querySelectorAll('bdi')].map((b) => b.textContent);

  it('Highlighted: the marked text inside one <bdi>; as code, its bidirectional controls shown', () => {
    const { container } = render(
      <p>
        <Highlighted text={`Rust ${rlo}evil`} words={['rus']} /> <Highlighted text={`${rlo}evil`} words={['evi']} code />
      </p>,
    );
    expect(container.querySelector('p')!.innerHTML).toBe(
      `<bdi class="untrusted"><mark>Rus</mark>t ${rlo}evil</bdi> <bdi class="untrusted">[U+202E]<mark>evi</mark>l</bdi>`,
    );
  });

  it('FolderPath: each folder isolated, the separators outside them; the text and tooltip are the whole path', () => {
    const folders = ['Bookmarks Menu', `Dev ${rlo}evil`, 'Rust'];
    const { container } = render(<FolderPath folders={folders} words={['rus']} />);
    const path = container.querySelector('.folder-path')!;
    expect(bdis(path)).toEqual(folders);
    expect(path.textContent).toBe(folderLabel(folders));
    expect(path.getAttribute('title')).toBe(folderLabel(folders));
    expect(path.querySelector('.path-head')!.textContent).toBe(`Bookmarks Menu › Dev ${rlo}evil › `);
    expect(path.querySelector('.path-tail')!.innerHTML).toBe('<bdi class="untrusted"><mark>Rus</mark>t</bdi>');
    const single = render(<FolderPath folders={['Other Bookmarks']} />).container.querySelector('.folder-path')!;
    expect(single.querySelector('.path-head')).toBeNull();
    expect(bdis(single)).toEqual(['Other Bookmarks']);
  });

  it('UntrustedParts: the sentence as the catalog writes it, each part a <bdi> where it stands', () => {
    const { container } = render(
      <p>
        <UntrustedParts message={(title, path) => `Removed “${title}” from ${path}.`} parts={[`${rlo}evil`, 'Menu › Dev']} />
      </p>,
    );
    const p = container.querySelector('p')!;
    expect(p.textContent).toBe(`Removed “${rlo}evil” from Menu › Dev.`);
    expect(bdis(p)).toEqual([`${rlo}evil`, 'Menu › Dev']);
    // A part that happens to look like a placeholder is still just text; code parts show their controls.
    const code = render(<UntrustedParts message={(a) => `Go to ${a}!`} parts={[`https://x.example/${rlo}\uE0001\uE001`]} code />).container;
    expect(code.textContent).toBe(`Go to https://x.example/[U+202E]\uE0001\uE001!`);
    expect(bdis(code)).toEqual([`https://x.example/[U+202E]\uE0001\uE001`]);
  });

  it('LinkMarker: the address a link moved to is isolated in its sentence, its controls shown', () => {
    const marker = { class: 'moved' as const, status: 200, failure: null, finalUrl: `https://new.example/${rlo}gpj`, checks: 1, checkedAt: Date.UTC(2027, 0, 3, 12) };
    const { container } = render(<LinkMarker marker={marker} />);
    const sentence = container.querySelector('.visually-hidden')!;
    expect(sentence.textContent).toBe('Moved for good to https://new.example/[U+202E]gpj, checked on Jan 3, 2027');
    expect(bdis(sentence)).toEqual(['https://new.example/[U+202E]gpj']);
  });
});
