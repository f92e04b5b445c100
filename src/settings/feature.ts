/**
 * The background's handlers for the settings protocol. Besides the schema, `settings.set` checks that folder ids
 * named by the patch (exclusions, preferred folders, quick-bookmark folder) are existing folders, so a stale or
 * mistyped id is refused with a clear message instead of silently doing nothing later.
 */
import type { HandlersOf } from '../messaging/define';
import { AppError } from '../messaging/errors';
import type { Browser } from '../platform/browser';
import { kindOf } from '../platform/tree';
import type { settingsProtocol, ShortcutInfo } from './protocol';
import type { SettingsPatch, SettingsStore } from './settings-store';
import { t } from '../i18n';

function folderIdsIn(patch: SettingsPatch): string[] {
  const ids = [...(patch.exclusions?.folderIds ?? []), ...(patch.keep?.preferredFolderIds ?? [])];
  const quick = patch.quickBookmark?.folderId;
  if (typeof quick === 'string') ids.push(quick);
  return [...new Set(ids)];
}

async function assertFoldersExist(browser: Browser, ids: string[]): Promise<void> {
  for (const id of ids) {
    let node;
    try {
      [node] = await browser.bookmarks.get(id);
    } catch {
      throw new AppError('invalid-input', t('settingsNoSuchFolder', id));
    }
    if (!node || kindOf(node) !== 'folder') {
      throw new AppError('invalid-input', t('settingsNotAFolder', id));
    }
  }
}

interface CommandsWithShortcutSettings {
  getAll(): Promise<{ name?: string; description?: string; shortcut?: string }[]>;
  openShortcutSettings?: () => Promise<void>;
}

export interface SettingsFeatureDeps {
  browser: Browser;
  /** The one settings store: every feature reads the settings through it. */
  settings: SettingsStore;
}

export function createSettingsFeature(deps: SettingsFeatureDeps) {
  const { browser, settings: store } = deps;
  const commands = () => (browser as unknown as { commands?: CommandsWithShortcutSettings }).commands;
  const handlers: HandlersOf<typeof settingsProtocol> = {
    'settings.get': () => store.get(),
    'settings.set': async ({ patch }) => {
      await assertFoldersExist(browser, folderIdsIn(patch as SettingsPatch));
      return store.update(patch as SettingsPatch);
    },
    'settings.reset': () => store.reset(),
    'settings.shortcuts': async (): Promise<ShortcutInfo[]> => {
      const api = commands();
      if (!api) return [];
      const all = await api.getAll();
      return all.map((c) => ({ name: c.name ?? '', description: c.description ?? '', shortcut: c.shortcut ?? '' }));
    },
    'settings.openShortcutSettings': async () => {
      const api = commands();
      if (typeof api?.openShortcutSettings !== 'function') return { opened: false };
      try {
        await api.openShortcutSettings();
        return { opened: true };
      } catch {
        return { opened: false };
      }
    },
  };
  return { handlers };
}
