import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalogPath, generate, outputPath, substitutionCount } from '../../../scripts/message-args.mjs';

// The types themselves (a wrong count or an unknown id does not compile): tests/types/i18n.test-d.ts.
describe('typed message arguments (src/i18n/generated/message-args.ts)', () => {
  it('is current with _locales/en/messages.json (run `node scripts/message-args.mjs` after editing the catalog)', () => {
    const catalog = JSON.parse(readFileSync(catalogPath, 'utf8'));
    expect(readFileSync(outputPath, 'utf8')).toBe(generate(catalog));
  });

  it('counts $1...$9 in the message and in its placeholders, not $$', () => {
    expect(substitutionCount({ message: 'plain' })).toBe(0);
    expect(substitutionCount({ message: 'costs $$1 for $2' })).toBe(2);
    expect(substitutionCount({ message: '$WHO$ and $1', placeholders: { who: { content: '$3' } } })).toBe(3);
  });
});
