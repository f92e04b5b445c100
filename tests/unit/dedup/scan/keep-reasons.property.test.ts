/**
 * "Kept because" tells the truth, for random groups and random rule orders (fast-check, fixed seed, 3,000 runs each).
 *
 * What "separates" means here, checked against an oracle written in this file (a rule's value for a copy, larger is
 * better — not the module's comparator): rule r separates the kept copy K from another copy C when K and C have equal
 * values under every rule before r in the user's order and K's value under r is strictly larger. For every C the
 * first rule where the two differ is the one that separates them (or none: the rules cannot tell them apart).
 *
 * The reasons must: be rules that separate K from at least one removed copy, in rule order ('treeOrder' last); start
 * with the first rule in the user's order under which any copy differs from K (or be just 'treeOrder' when no rule
 * tells any copy apart); name, for every removed copy, the rule that separates it (or 'treeOrder', and then K comes
 * first in bookmark order); and say `only` exactly when K alone has what the rule looks for (a real title, a clean
 * address, tags, visits): every other copy lacks it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chooseKeeper, explainKeeper, keeperOfTwo, titleQuality, urlQuality, type KeepCandidate, type KeepReason } from '../../../../src/dedup/scan/keep-rules';
import { KEEP_RULES, type KeepRuleName } from '../../../../src/settings/settings';
import { reasonsAmong, keptByRulesText } from '../../../../src/options-ui/duplicates/kept-because';
import { DEFAULT_SETTINGS } from '../../../../src/settings/settings';
import { useCatalog } from '../../../../src/i18n';
import english from '../../../../_locales/en/messages.json';
import type { DuplicateCopy, DuplicateGroup } from '../../../../src/dedup/scan/scan-types';

const SEED = 20261207;
const RUNS = 3_000;

/** The oracle: a rule's value for a copy, larger is better. */
function value(c: KeepCandidate, rule: KeepRuleName): number {
  switch (rule) {
    case 'bestTitle':
      return titleQuality(c.title, c.url);
    case 'cleanUrl':
      return urlQuality(c.url);
    case 'preferredFolder':
      return -c.preferredRank;
    case 'oldest':
      return -c.dateAdded;
    case 'newest':
      return c.dateAdded;
    case 'mostTags':
      return c.tagCount;
    case 'mostVisits':
      return c.visits;
  }
}

/** The first rule in `rules` under which k and c differ, or null when none does. */
function firstDifference(k: KeepCandidate, c: KeepCandidate, rules: readonly KeepRuleName[]): KeepRuleName | null {
  return rules.find((r) => value(k, r) !== value(c, r)) ?? null;
}

/** Whether `rule` separates k from c (see the file's comment). */
function separates(rule: KeepRuleName, k: KeepCandidate, c: KeepCandidate, rules: readonly KeepRuleName[]): boolean {
  const at = rules.indexOf(rule);
  return at !== -1 && rules.slice(0, at).every((r) => value(k, r) === value(c, r)) && value(k, rule) > value(c, rule);
}

/** Whether K alone has what `rule` looks for, as the words "the only one with …" claim. */
function aloneHas(rule: KeepRuleName, k: KeepCandidate, others: readonly KeepCandidate[]): boolean {
  if (rule === 'bestTitle' || rule === 'cleanUrl' || rule === 'mostTags' || rule === 'mostVisits') return value(k, rule) > 0 && others.every((c) => value(c, rule) === 0);
  return false;
}

const URLS = ['https://a.example/x', 'https://a.example/x?utm_source=1', 'https://a.example/x#top', 'http://a.example/x/'];
const candidate = fc.record({
  title: fc.constantFrom('', 'Title', 'https://a.example/x', 'Other title'),
  url: fc.constantFrom(...URLS),
  dateAdded: fc.integer({ min: 0, max: 3 }),
  tagCount: fc.integer({ min: 0, max: 2 }),
  visits: fc.integer({ min: 0, max: 2 }),
  preferredRank: fc.constantFrom(0, 1, Infinity),
});
const group = fc.array(candidate, { minLength: 2, maxLength: 7 }).map((list) => list.map((c, i): KeepCandidate => ({ ...c, id: `c${i}`, order: i })));
const ruleOrder = fc.shuffledSubarray([...KEEP_RULES]);

/** Checks `reasons` for keeper `k` among `all` under `rules`; returns nothing, fails the test on the first untruth. */
function checkReasons(reasons: readonly KeepReason[], k: KeepCandidate, all: readonly KeepCandidate[], rules: readonly KeepRuleName[]) {
  const others = all.filter((c) => c !== k);
  // In rule order, each named once, 'treeOrder' last.
  const positions = reasons.map((r) => (r.rule === 'treeOrder' ? rules.length : rules.indexOf(r.rule as KeepRuleName)));
  expect(positions.every((p) => p !== -1)).toBe(true);
  for (let i = 1; i < positions.length; i++) expect(positions[i]!).toBeGreaterThan(positions[i - 1]!);
  // The first reason: the first rule in the user's order under which any copy differs from K.
  const firstRule = rules.find((r) => others.some((c) => value(c, r) !== value(k, r)));
  expect(reasons[0]?.rule).toBe(firstRule ?? 'treeOrder');
  // Every removed copy is separated by a named rule (or is alike and comes later in bookmark order).
  const named = new Set(reasons.map((r) => r.rule));
  for (const c of others) {
    const rule = firstDifference(k, c, rules);
    if (rule === null) {
      expect(named.has('treeOrder')).toBe(true);
      expect(k.order).toBeLessThan(c.order);
    } else {
      expect(separates(rule, k, c, rules), `${rule} separates ${k.id} from ${c.id}`).toBe(true);
      expect(named.has(rule)).toBe(true);
    }
  }
  // Every named rule separates K from at least one removed copy: no rule is named that decided nothing.
  for (const r of reasons) {
    if (r.rule === 'treeOrder') expect(others.some((c) => firstDifference(k, c, rules) === null)).toBe(true);
    else expect(others.some((c) => separates(r.rule as KeepRuleName, k, c, rules))).toBe(true);
  }
  // "The only one with …" exactly when K alone has it (and it then decided every other copy).
  for (const r of reasons) {
    if (r.rule === 'treeOrder' || r.rule === 'holdsMost') continue;
    const wordedAlone = r.rule === 'bestTitle' || r.rule === 'cleanUrl' || r.rule === 'mostTags' || r.rule === 'mostVisits';
    if (!wordedAlone) continue;
    const decidedAll = others.every((c) => firstDifference(k, c, rules) === r.rule);
    expect(!!r.only, `${r.rule} only`).toBe(decidedAll && aloneHas(r.rule as KeepRuleName, k, others));
  }
}

describe('kept because: the reason names the rule that truly separates the kept copy', () => {
  it(`explainKeeper, for random groups of 2–7 copies and random rule orders (seed ${SEED}, ${RUNS} runs)`, () => {
    fc.assert(
      fc.property(group, ruleOrder, (copies, rules) => {
        const keeperId = chooseKeeper(copies, rules);
        const k = copies.find((c) => c.id === keeperId)!;
        checkReasons(explainKeeper(copies, keeperId, rules), k, copies, rules);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it(`keeperOfTwo, for random pairs and random rule orders (seed ${SEED}, ${RUNS} runs)`, () => {
    fc.assert(
      fc.property(group, ruleOrder, (copies, rules) => {
        const [first, second] = copies as [KeepCandidate, KeepCandidate];
        const { keeper, reasons } = keeperOfTwo({ ...first }, { ...second }, rules);
        checkReasons(reasons, keeper.id === first.id ? first : second, [first, second], rules);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The page: the reason told among the copies that stay (copies inside a copied folder that goes are not compared).

function dupCopy(id: string, over: Partial<DuplicateCopy>): DuplicateCopy {
  return {
    id,
    parentId: 'p',
    path: 'Other Bookmarks',
    title: 'MDN',
    url: 'https://developer.mozilla.org/',
    dateAdded: 1,
    index: 0,
    siblings: 1,
    tags: [],
    visits: 0,
    rules: ['exact'],
    ...over,
  };
}

describe('kept because on the Duplicates page', () => {
  useCatalog(english);
  const context = {
    options: { matching: DEFAULT_SETTINGS.matching, keep: DEFAULT_SETTINGS.keep },
    folderParents: { dev: 'unfiled_____', dev2: 'unfiled_____', dev3: 'unfiled_____', p: 'unfiled_____' },
    preferredFolderPaths: [],
  };

  it('regression (the demo): 3 of 4 copies clean, 2 of them inside copied folders — the reason is told among the 2 that stay, and says the others go', () => {
    const copies = [
      dupCopy('orig', { parentId: 'dev', path: 'Other Bookmarks › Dev' }),
      dupCopy('copy1', { parentId: 'dev2', path: 'Other Bookmarks › Dev', inRedundantFolderId: 'dev2' }),
      dupCopy('copy2', { parentId: 'dev3', path: 'Other Bookmarks › Dev', inRedundantFolderId: 'dev3' }),
      dupCopy('tracked', { url: 'https://developer.mozilla.org/?utm_source=feed' }),
    ];
    const g: DuplicateGroup = { key: 'k', rules: ['exact', 'tracking-params'], suggestedKeeperId: 'orig', keptBecause: [{ rule: 'cleanUrl', only: true }], copies };
    const goesWith = (c: DuplicateCopy) => (c.inRedundantFolderId ? 'Other Bookmarks › Dev' : null);
    expect(keptByRulesText(g, 'orig', goesWith, context)).toBe(
      'kept because the only clean address (no tracking parameters or #), among the 2 copies outside the copied folders that go (2 copies go with their copied folders)',
    );
    // The person keeps the copied folders: all four are compared, three are clean and alike: the first in bookmark order.
    expect(reasonsAmong(copies, 'orig', context)).toEqual([{ rule: 'cleanUrl' }, { rule: 'treeOrder' }]);
    expect(keptByRulesText(g, 'orig', () => null, context)).toBe(
      'kept because a clean address (no tracking parameters or #), then the first in your bookmarks of the copies the keep rules cannot tell apart',
    );
    // Copies all alike: said so.
    expect(keptByRulesText({ ...g, copies: copies.slice(0, 3) }, 'orig', () => null, context)).toBe(
      'kept because the first in your bookmarks (the keep rules cannot tell the copies apart)',
    );
  });

  it('the counting rules say "the only one" only when no other copy has any', () => {
    const rules: KeepRuleName[] = ['mostTags'];
    const ctx = { ...context, options: { ...context.options, keep: { ...context.options.keep, rules } } };
    const more = [dupCopy('a', { tags: ['x', 'y'] }), dupCopy('b', { tags: ['x'] })];
    expect(reasonsAmong(more, 'a', ctx)).toEqual([{ rule: 'mostTags' }]);
    const only = [dupCopy('a', { tags: ['x'] }), dupCopy('b', {})];
    expect(reasonsAmong(only, 'a', ctx)).toEqual([{ rule: 'mostTags', only: true }]);
  });
});
