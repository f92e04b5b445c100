import type { KeepRuleName } from '../settings/settings';

/** What each keep rule means, for people. */
export const KEEP_RULE_LABELS: Record<KeepRuleName, { name: string; help: string }> = {
  bestTitle: { name: 'Best title', help: 'A real title beats an empty one or one that is just the address.' },
  cleanUrl: { name: 'Clean address', help: 'The address without tracking parameters (utm_…, fbclid…) or a # part stays.' },
  preferredFolder: { name: 'In a preferred folder', help: 'The copy in the highest-ranked folder stays.' },
  oldest: { name: 'Oldest', help: 'The copy added first stays.' },
  newest: { name: 'Newest', help: 'The copy added last stays.' },
  mostTags: { name: 'Most tags', help: 'The copy whose URL has the most tags stays.' },
  mostVisits: { name: 'Most visits', help: 'The copy with the most visits stays.' },
};
