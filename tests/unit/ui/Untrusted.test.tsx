// @vitest-environment happy-dom
import { render } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { showBidiControls, Untrusted, UntrustedCode } from '../../../src/ui';

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
