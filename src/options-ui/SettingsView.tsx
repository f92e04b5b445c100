/**
 * Settings: URL matching rules, exclusions and keep rules, the quick-bookmark folder and default tags,
 * notifications, the copy guard, the keyboard shortcut. Every change is validated and stored at once; reset asks first.
 */
import { useEffect, useState } from 'preact/hooks';
import { t } from '../i18n';
import { COPY_GUARD_THRESHOLD_MAX, COPY_GUARD_THRESHOLD_MIN, type Settings } from '../settings';
import type { ShortcutInfo } from '../settings/protocol';
import { errorMessage, useClient } from './client-context';
import { ConfirmDialog } from './ConfirmDialog';
import { FolderSelect } from './FolderSelect';
import { RuleEditor } from './RuleEditor';
import { useFolders } from './useFolders';
import { useSettings } from './useSettings';

const MATCHING_OPTIONS: { key: keyof Settings['matching']; label: () => string; help: () => string }[] = [
  { key: 'httpEqualsHttps', label: () => t('settingsHttpHttps'), help: () => t('settingsHttpHttpsHelp') },
  { key: 'ignoreWww', label: () => t('settingsIgnoreWww'), help: () => t('settingsIgnoreWwwHelp') },
  { key: 'ignoreFragment', label: () => t('settingsIgnoreFragment'), help: () => t('settingsIgnoreFragmentHelp') },
  { key: 'ignoreQuery', label: () => t('settingsIgnoreQuery'), help: () => t('settingsIgnoreQueryHelp') },
  { key: 'sortQueryParams', label: () => t('settingsSortQuery'), help: () => t('settingsSortQueryHelp') },
];

function Shortcuts() {
  const client = useClient();
  const [shortcuts, setShortcuts] = useState<ShortcutInfo[] | null>(null);
  const [note, setNote] = useState<string | null>(null);
  useEffect(() => {
    client.call('settings.shortcuts', {}).then(setShortcuts, (e) => setNote(errorMessage(e)));
  }, [client]);
  const open = async () => {
    const { opened } = await client.call('settings.openShortcutSettings', {}).catch(() => ({ opened: false }));
    setNote(opened ? null : t('settingsShortcutHowTo'));
  };
  const quick = shortcuts?.find((s) => s.name === 'quick-bookmark');
  return (
    <section aria-labelledby="shortcut-heading">
      <h2 id="shortcut-heading">{t('settingsShortcutHeading')}</h2>
      <p>
        {t('settingsShortcutQuick')} <kbd data-testid="shortcut">{shortcuts === null ? '…' : quick?.shortcut || t('settingsShortcutNotSet')}</kbd>
      </p>
      {shortcuts && shortcuts.length > 1 && (
        <ul class="muted">
          {shortcuts
            .filter((s) => s.name !== 'quick-bookmark')
            .map((s) => (
              <li key={s.name}>
                {s.name === '_execute_action' ? t('settingsOpenPopup') : s.description || s.name}: <kbd>{s.shortcut || t('settingsShortcutNotSet')}</kbd>
              </li>
            ))}
        </ul>
      )}
      <button type="button" onClick={() => void open()}>
        {t('settingsChangeShortcuts')}
      </button>
      {note && <p class="muted">{note}</p>}
    </section>
  );
}

export function SettingsView() {
  const { settings, error, savedAt, update, reset } = useSettings();
  const { folders } = useFolders();
  const [confirmReset, setConfirmReset] = useState(false);
  const [tagsText, setTagsText] = useState<string | null>(null);
  const [thresholdText, setThresholdText] = useState<string | null>(null);
  if (!settings) return <p>{error ?? t('settingsLoading')}</p>;
  const thresholdValue = thresholdText ?? String(settings.copyGuard.threshold);
  // An empty or non-numeric field is sent as NaN: the store refuses it with the range in words and keeps the old value.
  const saveThreshold = () => {
    if (thresholdText === null) return;
    const threshold = thresholdText.trim() === '' ? Number.NaN : Number(thresholdText);
    void update({ copyGuard: { threshold } }).then((ok) => ok && setThresholdText(null));
  };
  const tagsValue = tagsText ?? settings.quickBookmark.defaultTags.join(', ');
  const saveTags = () => {
    const defaultTags = tagsValue
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean);
    void update({ quickBookmark: { defaultTags } }).then((ok) => ok && setTagsText(null));
  };
  return (
    <div class="view settings-view">
      <div class="status-line" aria-live="polite">
        {error ? (
          <p role="alert" class="error" data-testid="settings-error">
            {error}
          </p>
        ) : savedAt ? (
          <p class="muted" data-testid="settings-saved">
            {t('settingsSaved')}
          </p>
        ) : null}
      </div>
      <section aria-labelledby="matching-heading">
        <h2 id="matching-heading">{t('settingsMatchingHeading')}</h2>
        <p class="muted">{t('settingsMatchingIntro')}</p>
        {MATCHING_OPTIONS.map((o) => (
          <div class="check" key={o.key}>
            <input
              type="checkbox"
              id={`matching-${o.key}`}
              checked={settings.matching[o.key]}
              onChange={(e) => void update({ matching: { [o.key]: (e.target as HTMLInputElement).checked } })}
            />
            <label for={`matching-${o.key}`}>
              {o.label()} <small class="muted">{t('settingsOptionHelp', o.help())}</small>
            </label>
          </div>
        ))}
      </section>
      <section aria-labelledby="keep-heading">
        <h2 id="keep-heading">{t('settingsCleanupDefaults')}</h2>
        <RuleEditor value={{ keep: settings.keep, exclusions: settings.exclusions }} folders={folders} onChange={(patch) => void update(patch)} />
      </section>
      <section aria-labelledby="quick-heading">
        <h2 id="quick-heading">{t('settingsQuickHeading')}</h2>
        <div class="field">
          <label for="quick-folder">{t('settingsQuickFolder')}</label>
          <FolderSelect
            id="quick-folder"
            folders={folders}
            value={settings.quickBookmark.folderId ?? ''}
            placeholder={['', t('settingsQuickFolderDefault')]}
            onChange={(id) => void update({ quickBookmark: { folderId: id || null } })}
          />
        </div>
        <div class="field">
          <label for="quick-tags">{t('settingsDefaultTags')}</label>
          <input
            id="quick-tags"
            type="text"
            value={tagsValue}
            onInput={(e) => setTagsText((e.target as HTMLInputElement).value)}
            onBlur={saveTags}
            onKeyDown={(e) => e.key === 'Enter' && saveTags()}
          />
        </div>
        <div class="check">
          <input
            type="checkbox"
            id="notifications"
            checked={settings.notifications.enabled}
            onChange={(e) => void update({ notifications: { enabled: (e.target as HTMLInputElement).checked } })}
          />
          <label for="notifications">{t('settingsNotifications')}</label>
        </div>
      </section>
      <section aria-labelledby="copy-guard-heading">
        <h2 id="copy-guard-heading">{t('optionsViewDuplicates')}</h2>
        <div class="check">
          <input
            type="checkbox"
            id="copy-guard"
            checked={settings.copyGuard.enabled}
            onChange={(e) => void update({ copyGuard: { enabled: (e.target as HTMLInputElement).checked } })}
          />
          <label for="copy-guard">
            {t('settingsCopyGuard')} <small class="muted">{t('settingsOptionHelp', t('settingsCopyGuardHelp'))}</small>
          </label>
        </div>
        <div class="field">
          <label for="copy-guard-threshold">{t('settingsCopyGuardThreshold')}</label>
          <input
            id="copy-guard-threshold"
            type="number"
            min={COPY_GUARD_THRESHOLD_MIN}
            max={COPY_GUARD_THRESHOLD_MAX}
            step={1}
            disabled={!settings.copyGuard.enabled}
            value={thresholdValue}
            onInput={(e) => setThresholdText((e.target as HTMLInputElement).value)}
            onBlur={saveThreshold}
            onKeyDown={(e) => e.key === 'Enter' && saveThreshold()}
          />
        </div>
      </section>
      <Shortcuts />
      <section aria-labelledby="reset-heading">
        <h2 id="reset-heading">{t('settingsResetHeading')}</h2>
        <button type="button" class="danger" onClick={() => setConfirmReset(true)}>
          {t('settingsResetButton')}
        </button>
      </section>
      {confirmReset && (
        <ConfirmDialog
          title={t('settingsResetTitle')}
          confirmLabel={t('settingsResetConfirm')}
          onCancel={() => setConfirmReset(false)}
          onConfirm={() => {
            setConfirmReset(false);
            setTagsText(null);
            setThresholdText(null);
            void reset();
          }}
        >
          <p>{t('settingsResetBody')}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
