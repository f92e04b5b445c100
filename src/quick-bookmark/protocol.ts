import * as v from 'valibot';
import { request, type RequestDef } from '../messaging/define';
import type { QuickBookmarkOutcome } from './outcome';

const tabId = v.pipe(v.number(), v.integer(), v.minValue(0));
const text = v.pipe(v.string(), v.maxLength(65536));

/**
 * This feature's part of the protocol table (see src/app-protocol/protocol.ts). The options page reads the current
 * shortcut keys through `settings.shortcuts` (src/settings/protocol.ts).
 */
export const quickBookmarkProtocol = {} satisfies Record<string, RequestDef>;

/** Test builds only (merged by src/app-protocol/test-protocol.ts). A function, so that the production build, which never calls
 * it, leaves it out. */
export function quickBookmarkTestProtocol() {
  return {
    /**
     * Runs the very handler a key press (`command`) or a menu click (`menu`) runs. `tabId` names
     * the tab the event would carry; without it the command looks up the active tab as Firefox's event does.
     */
    'test.quickBookmark.trigger': request<QuickBookmarkOutcome | null>()(
      v.variant('source', [
        v.strictObject({ source: v.literal('command'), command: v.pipe(v.string(), v.maxLength(100)), tabId: v.optional(tabId) }),
        v.strictObject({
          source: v.literal('menu'),
          menuItemId: v.pipe(v.string(), v.maxLength(100)),
          linkUrl: v.optional(text),
          linkText: v.optional(text),
          pageUrl: v.optional(text),
          tabId: v.optional(tabId),
        }),
      ]),
    ),
  } satisfies Record<string, RequestDef>;
}
