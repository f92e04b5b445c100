import type { KeepRuleName } from '../settings/settings';

/** What each keep rule means, for people. */
export const KEEP_RULE_LABELS: Record<KeepRuleName, { name: string; help: string }> = {
  preferredFolder: { name: 'In a preferred folder', help: 'The copy in the highest-ranked folder stays.' },
  oldest: { name: 'Oldest', help: 'The copy added first stays.' },
  newest: { name: 'Newest', help: 'The copy added last stays.' },
  bestTitle: { name: 'Best title', help: 'The copy with the most informative title stays.' },
  mostTags: { name: 'Most tags', help: 'The copy whose URL has the most tags stays.' },
  mostVisits: { name: 'Most visits', help: 'The copy with the most visits stays.' },
};
