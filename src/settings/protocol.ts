import * as v from 'valibot';
import { request, type RequestDef, noInput } from '../messaging/define';
import { settingsSchema, type Settings } from './settings';

/** A keyboard command of the extension as Firefox reports it (commands.getAll). */
export interface ShortcutInfo {
  name: string;
  description: string;
  /** The active shortcut, '' when the user removed it. */
  shortcut: string;
}

const sections = settingsSchema.entries;

/** Any subset of sections, and within a section any subset of its fields; the merged result is validated again. */
export const settingsPatchSchema = v.strictObject({
  matching: v.optional(v.partial(sections.matching)),
  exclusions: v.optional(v.partial(sections.exclusions)),
  keep: v.optional(v.partial(sections.keep)),
  quickBookmark: v.optional(v.partial(sections.quickBookmark)),
  notifications: v.optional(v.partial(sections.notifications)),
  copyGuard: v.optional(v.partial(sections.copyGuard)),
  organizer: v.optional(v.partial(sections.organizer)),
});

/** This feature's part of the protocol table (see src/app-protocol/protocol.ts). */
export const settingsProtocol = {
  'settings.get': request<Settings>()(noInput),
  /** Partial update; the whole result is validated and folders must exist. Replies with the new settings. */
  'settings.set': request<Settings>()(v.strictObject({ patch: settingsPatchSchema })),
  'settings.reset': request<Settings>()(noInput),
  /** The extension's keyboard commands and their current shortcuts. */
  'settings.shortcuts': request<ShortcutInfo[]>()(noInput),
  /** Opens Firefox's "Manage Extension Shortcuts"; `opened: false` when this Firefox cannot. */
  'settings.openShortcutSettings': request<{ opened: boolean }>()(noInput),
} satisfies Record<string, RequestDef>;
