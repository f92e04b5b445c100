/**
 * The keep-rule editor: which copy of a duplicate stays. Ordered rules (the first rule that tells copies apart
 * decides), the ranking of preferred folders, folders excluded from the duplicate search, and the groups the person
 * decided on (left alone or a chosen copy), each reversible.
 */
import { KEEP_RULES, type KeepRuleName, type Settings } from '../settings/settings';
import type { FolderChoice } from '../search/types';
import { RememberedDecisions } from './duplicates/RememberedDecisions';
import { OrderedList } from './OrderedList';
import { KEEP_RULE_LABELS } from './rule-labels';
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
    return f ? folderLabel(f) : `(missing folder ${id})`;
  };
  const folderIds = folders.map((f) => f.id);
  return (
    <div class="rule-editor">
      <fieldset>
        <legend>Which copy stays</legend>
        <p class="muted">Rules in order: the first rule that tells the copies apart decides.</p>
        <OrderedList
          id="keep-rules"
          label="Keep rules"
          items={value.keep.rules}
          labelOf={(r) => KEEP_RULE_LABELS[r as KeepRuleName].name}
          helpOf={(r) => KEEP_RULE_LABELS[r as KeepRuleName].help}
          choices={KEEP_RULES}
          min={1}
          addLabel="Add rule"
          onChange={(rules) => onChange({ keep: { rules: rules as KeepRuleName[] } })}
        />
      </fieldset>
      <fieldset>
        <legend>Preferred folders, best first</legend>
        <OrderedList
          id="preferred-folders"
          label="Preferred folders"
          items={value.keep.preferredFolderIds}
          labelOf={folderName}
          choices={folderIds}
          addLabel="Add folder"
          onChange={(preferredFolderIds) => onChange({ keep: { preferredFolderIds } })}
        />
      </fieldset>
      <fieldset>
        <legend>Excluded folders (never searched for duplicates)</legend>
        <OrderedList
          id="excluded-folders"
          label="Excluded folders"
          numbered={false}
          items={value.exclusions.folderIds}
          labelOf={folderName}
          choices={folderIds}
          addLabel="Exclude folder"
          onChange={(folderIds) => onChange({ exclusions: { folderIds } })}
        />
      </fieldset>
      <RememberedDecisions refreshKey={decisionsRefreshKey} onForgotten={onDecisionsForgotten} />
    </div>
  );
}
