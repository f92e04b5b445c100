/**
 * Type tests of the message helpers, checked by tsc (npm run typecheck, the first step of npm test) and never run:
 * `t()` and `plural()` refuse an id that is not in _locales/en/messages.json and a wrong number of substitutions
 * (src/i18n/generated/message-args.ts, generated from the catalog). An `@ts-expect-error` line fails the typecheck as soon as
 * it compiles.
 */
import { describe, expectTypeOf, test } from 'vitest';
import { msg, msgPlural, plural, say, t, type MessageId, type Msg, type PluralArgs, type PluralId, type Substitution } from '../../src/i18n';

// Compiled, never called: the helpers need a message source at run time.
describe('t()', () => {
  test('takes a known id with exactly its substitutions and gives a string', () => {
    expectTypeOf(t<'extensionName'>).parameters.toEqualTypeOf<['extensionName']>();
    expectTypeOf(t<'popupPageReadError'>).parameters.toEqualTypeOf<['popupPageReadError', Substitution]>();
    expectTypeOf(t<'popupRemoved'>).parameters.toEqualTypeOf<['popupRemoved', Substitution, Substitution]>();
    expectTypeOf(t).returns.toEqualTypeOf<string>();
    expectTypeOf<'extensionName'>().toExtend<MessageId>();
    expectTypeOf<'noSuchMessage'>().not.toExtend<MessageId>();
  });

  test('an unknown id or a wrong substitution count does not compile', () => {
    const calls = () => [
      t('popupPageReadError', 'reason'),
      // @ts-expect-error not a message id
      t('noSuchMessage'),
      // @ts-expect-error extensionName takes no substitution
      t('extensionName', 'extra'),
      // @ts-expect-error popupPageReadError takes one substitution ($1)
      t('popupPageReadError'),
      // @ts-expect-error popupPageReadError takes one substitution ($1), not two
      t('popupPageReadError', 'reason', 'more'),
      // @ts-expect-error a substitution is a string or a number
      t('popupPageReadError', { reason: 'x' }),
    ];
    expectTypeOf(calls).returns.toEqualTypeOf<string[]>();
  });
});

describe('plural()', () => {
  test('takes a family (`<base>_other` in the catalog), the count, then the substitutions after it', () => {
    expectTypeOf<'popupBookmarkedTimes'>().toExtend<PluralId>();
    expectTypeOf<'popupBookmarkedTimes_other'>().not.toExtend<PluralId>();
    expectTypeOf<PluralArgs<'popupBookmarkedTimes'>>().toEqualTypeOf<[]>();
    // "Leave all $1 copies of “$2” as they are": $1 is the count, $2 comes after it.
    expectTypeOf<PluralArgs<'dupLeaveSet'>>().toEqualTypeOf<[Substitution]>();
  });

  test('an unknown family or a wrong substitution count does not compile', () => {
    const calls = () => [
      plural('popupBookmarkedTimes', 3),
      plural('dupLeaveSet', 2, 'https://example.org/'),
      // @ts-expect-error not a plural family (extensionName has no _other form)
      plural('extensionName', 1),
      // @ts-expect-error the family is named without its _other suffix
      plural('popupBookmarkedTimes_other', 1),
      // @ts-expect-error popupBookmarkedTimes takes nothing after the count
      plural('popupBookmarkedTimes', 3, 'extra'),
      // @ts-expect-error dupLeaveSet takes the URL ($2) after the count
      plural('dupLeaveSet', 2),
    ];
    expectTypeOf(calls).returns.toEqualTypeOf<string[]>();
  });
});

describe('msg(), msgPlural() and say(): a message kept as data', () => {
  test('checked like t() and plural(), worded later from a Msg or an older plain string', () => {
    const calls = () => [
      msg('cleanupProblemNotMoved', 'Firefox said no'),
      msgPlural('importNoticeTooDeep', 3, 254),
      // @ts-expect-error not a message id
      msg('noSuchMessage'),
      // @ts-expect-error cleanupProblemNotMoved takes one substitution ($1)
      msg('cleanupProblemNotMoved'),
      // @ts-expect-error importNoticeTooDeep takes the deepest level ($2) after the count
      msgPlural('importNoticeTooDeep', 3),
    ];
    expectTypeOf(calls).returns.toEqualTypeOf<Msg[]>();
    expectTypeOf(say).parameters.toEqualTypeOf<[Msg | string]>();
    expectTypeOf(say).returns.toEqualTypeOf<string>();
  });
});
