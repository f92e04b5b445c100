/**
 * browser.commands from the manifest: getAll lists every command with its localized description (null when none)
 * and its shortcut;
 * control.triggerCommand fires onCommand(name, tab) as pressing the keys would.
 */
import type { EventHub } from './events';
import type { FakeTab } from './tabs';
import { localizedManifest } from './manifest';

export interface FakeCommand {
  name: string;
  /** null when the manifest gives none (as Firefox reports _execute_action). */
  description: string | null;
  shortcut?: string;
}

export function createFakeCommands(hub: EventHub, activeTab: () => FakeTab | undefined) {
  const manifest = localizedManifest() as { commands?: Record<string, { description?: string; suggested_key?: { default?: string } }> };
  const commands: FakeCommand[] = Object.entries(manifest.commands ?? {}).map(([name, c]) => {
    return { name, description: c.description ?? null, shortcut: c.suggested_key?.default ?? '' };
  });
  const onCommand = hub.event<(name: string, tab?: FakeTab) => void>();
  const onChanged = hub.event<(info: { name: string; newShortcut: string; oldShortcut: string }) => void>();

  const api = {
    onCommand,
    onChanged,
    async getAll(): Promise<FakeCommand[]> {
      return structuredClone(commands);
    },
  };

  const control = {
    triggerCommand(name: string): void {
      if (!commands.some((c) => c.name === name)) throw new Error(`The manifest declares no command "${name}"`);
      onCommand.emit(name, activeTab());
    },
  };

  return { api, control };
}
