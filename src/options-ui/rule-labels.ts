import { t } from '../i18n';
import type { KeepRuleName } from '../settings';

/** What each keep rule means, for people. */
export function keepRuleLabel(rule: KeepRuleName): { name: string; help: string } {
  switch (rule) {
    case 'bestTitle':
      return { name: t('ruleBestTitle'), help: t('ruleBestTitleHelp') };
    case 'cleanUrl':
      return { name: t('ruleCleanUrl'), help: t('ruleCleanUrlHelp') };
    case 'preferredFolder':
      return { name: t('rulePreferredFolder'), help: t('rulePreferredFolderHelp') };
    case 'oldest':
      return { name: t('ruleOldest'), help: t('ruleOldestHelp') };
    case 'newest':
      return { name: t('ruleNewest'), help: t('ruleNewestHelp') };
    case 'mostTags':
      return { name: t('ruleMostTags'), help: t('ruleMostTagsHelp') };
    case 'mostVisits':
      return { name: t('ruleMostVisits'), help: t('ruleMostVisitsHelp') };
  }
}
