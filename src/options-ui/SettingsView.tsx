/**
 * Settings: URL matching rules, exclusions and keep rules, the quick-bookmark folder and default tags,
 * notifications, the keyboard shortcut. Every change is validated and stored at once; reset asks first.
 */
import { useEffect, useState } from 'preact/hooks';
import type { Settings } from '../settings/settings';
import type { ShortcutInfo } from '../settings/protocol';
import { errorMessage, useClient } from './client-context';
import { ConfirmDialog } from './ConfirmDialog';
import { FolderSelect } from './FolderSelect';
import { RuleEditor } from './RuleEditor';
import { useFolders } from './useFolders';
import { useSettings } from './useSettings';

const MATCHING_OPTIONS: { key: keyof Settings['matching']; label: string; help: string }[] = [
  { key: 'httpEqualsHttps', label: 'http and https are the same', help: 'http://example.com/ matches https://example.com/' },
  { key: 'ignoreWww', label: 'Ignore “www.”', help: 'www.example.com matches example.com' },
  { key: 'ignoreFragment', label: 'Ignore the part after #', help: 'page#intro matches page#usage' },
  { key: 'ignoreQuery', label: 'Ignore the whole query', help: 'page?id=1 matches page?id=2 (careful: many sites use the query for content)' },
  { key: 'sortQueryParams', label: 'Ignore the order of query parameters', help: '?a=1&b=2 matches ?b=2&a=1' },
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
    setNote(opened ? null : 'Open about:addons, click the gear menu and choose “Manage Extension Shortcuts”.');
  };
  const quick = shortcuts?.find((s) => s.name === 'quick-bookmark');
  return (
    <section aria-labelledby="shortcut-heading">
      <h2 id="shortcut-heading">Keyboard shortcut</h2>
      <p>
        Bookmark the current tab:{' '}
        <kbd data-testid="shortcut">{shortcuts === null ? '…' : quick?.shortcut || 'not set'}</kbd>
      </p>
      {shortcuts && shortcuts.length > 1 && (
        <ul class="muted">
          {shortcuts
            .filter((s) => s.name !== 'quick-bookmark')
            .map((s) => (
              <li key={s.name}>
                {s.name === '_execute_action' ? 'Open the Tidymarks popup' : s.description || s.name}: <kbd>{s.shortcut || 'not set'}</kbd>
              </li>
            ))}
        </ul>
      )}
      <button type="button" onClick={open}>
        Change shortcuts in Firefox…
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
  if (!settings) return <p>{error ?? 'Loading settings…'}</p>;
  const tagsValue = tagsText ?? settings.quickBookmark.defaultTags.join(', ');
  const saveTags = () => {
    const defaultTags = tagsValue.split(',').map((t) => t.trim()).filter(Boolean);
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
            Saved.
          </p>
        ) : null}
      </div>
      <section aria-labelledby="matching-heading">
        <h2 id="matching-heading">When are two bookmarks the same?</h2>
        <p class="muted">
          Always: the exact same address, and safe differences (letter case of the host, default port, empty #, trailing slash, index.html, tracking
          parameters such as utm_source). Optional:
        </p>
        {MATCHING_OPTIONS.map((o) => (
          <div class="check" key={o.key}>
            <input
              type="checkbox"
              id={`matching-${o.key}`}
              checked={settings.matching[o.key]}
              onChange={(e) => update({ matching: { [o.key]: (e.target as HTMLInputElement).checked } })}
            />
            <label for={`matching-${o.key}`}>
              {o.label} <small class="muted">({o.help})</small>
            </label>
          </div>
        ))}
      </section>
      <section aria-labelledby="keep-heading">
        <h2 id="keep-heading">Cleanup defaults</h2>
        <RuleEditor value={{ keep: settings.keep, exclusions: settings.exclusions }} folders={folders} onChange={(patch) => update(patch)} />
      </section>
      <section aria-labelledby="quick-heading">
        <h2 id="quick-heading">Quick bookmark</h2>
        <div class="field">
          <label for="quick-folder">Folder for new bookmarks</label>
          <FolderSelect
            id="quick-folder"
            folders={folders}
            value={settings.quickBookmark.folderId ?? ''}
            placeholder={['', 'Read later (in Other Bookmarks)']}
            onChange={(id) => update({ quickBookmark: { folderId: id || null } })}
          />
        </div>
        <div class="field">
          <label for="quick-tags">Default tags (comma separated)</label>
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
            onChange={(e) => update({ notifications: { enabled: (e.target as HTMLInputElement).checked } })}
          />
          <label for="notifications">Show a notification after a quick bookmark</label>
        </div>
      </section>
      <Shortcuts />
      <section aria-labelledby="reset-heading">
        <h2 id="reset-heading">Reset</h2>
        <button type="button" class="danger" onClick={() => setConfirmReset(true)}>
          Reset all settings to defaults…
        </button>
      </section>
      {confirmReset && (
        <ConfirmDialog
          title="Reset all settings?"
          confirmLabel="Reset settings"
          onCancel={() => setConfirmReset(false)}
          onConfirm={() => {
            setConfirmReset(false);
            setTagsText(null);
            void reset();
          }}
        >
          <p>All 5 sections (matching rules, exclusions, keep rules, quick bookmark, notifications) go back to their defaults. Bookmarks and tags are not touched.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
