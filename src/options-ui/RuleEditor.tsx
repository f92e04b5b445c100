/**
 * The keep-rule editor: which copy of a duplicate stays. Ordered rules (the first rule that tells copies apart
 * decides), the ranking of preferred folders, folders excluded from the duplicate search, and the groups the person
 * decided on (left alone or a chosen copy), each reversible.
 */
import { KEEP_RULES, type KeepRuleName, type Settings } from '../settings';
import type { FolderChoice } from '../search/types';
import { RememberedDecisions } from './duplicates/RememberedDecisions';
import { OrderedList } from './OrderedList';
import { keepRuleLabel } from './rule-labels';
import { t } from '../i18n';
import { folderLabel } from './useFolders';

export interface KeepRulesValue {
  keep: Settings['keep'];
  exclusions: Settings['exclusions'];
}

export interface RuleEditorProps {
  value: KeepRulesValue;
  folders: FolderChoice[];
  onChange(patch: Partial<{ keep: Partial<Settings['keep']>; exclusions: Partial<Settings['exclusions']> }>): void;
  /** Reloads the list of remembered group decisions when it changes. */
  decisionsRefreshKey?: unknown;
  /** Told which group decisions the person forgot. */
  onDecisionsForgotten?(keys: string[]): void;
}

export function RuleEditor({ value, folders, onChange, decisionsRefreshKey, onDecisionsForgotten }: RuleEditorProps) {
  const folderName = (id: string) => {
    const f = folders.find((x) => x.id === id);
    return f ? folderLabel(f) : t('rulesMissingFolder', id);
  };
  const folderIds = folders.map((f) => f.id);
  return (
    <div class="rule-editor">
      <fieldset>
        <legend>{t('rulesWhichCopyStays')}</legend>
        <p class="muted">{t('rulesInOrder')}</p>
        <OrderedList
          id="keep-rules"
          label={t('rulesKeepRules')}
          items={value.keep.rules}
          labelOf={(r) => keepRuleLabel(r as KeepRuleName).name}
          helpOf={(r) => keepRuleLabel(r as KeepRuleName).help}
          choices={KEEP_RULES}
          min={1}
          addLabel={t('rulesAddRule')}
          onChange={(rules) => onChange({ keep: { rules: rules as KeepRuleName[] } })}
        />
      </fieldset>
      <fieldset>
        <legend>{t('rulesPreferredFoldersBestFirst')}</legend>
        <OrderedList
          id="preferred-folders"
          label={t('rulesPreferredFolders')}
          items={value.keep.preferredFolderIds}
          labelOf={folderName}
          choices={folderIds}
          addLabel={t('rulesAddFolder')}
          onChange={(preferredFolderIds) => onChange({ keep: { preferredFolderIds } })}
        />
      </fieldset>
      <fieldset>
        <legend>{t('rulesExcludedFoldersLegend')}</legend>
        <OrderedList
          id="excluded-folders"
          label={t('rulesExcludedFolders')}
          numbered={false}
          items={value.exclusions.folderIds}
          labelOf={folderName}
          choices={folderIds}
          addLabel={t('rulesExcludeFolder')}
          onChange={(folderIds) => onChange({ exclusions: { folderIds } })}
        />
      </fieldset>
      <RememberedDecisions refreshKey={decisionsRefreshKey} onForgotten={onDecisionsForgotten} />
    </div>
  );
}
