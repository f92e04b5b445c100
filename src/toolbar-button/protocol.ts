import * as v from 'valibot';
import { request, type RequestDef, noInput } from '../messaging/define';

/** When a tab was selected and when Firefox took a tab's new button values: absolute ms (time origin + now). */
export interface ButtonTimings {
  selected: { tabId: number; at: number }[];
  shown: { tabId: number; at: number }[];
}

/** This feature's part of the protocol table (see src/app-protocol/protocol.ts): it has no requests of its own. */
export const toolbarButtonProtocol = {} satisfies Record<string, RequestDef>;

/** Test builds only (merged by src/app-protocol/test-protocol.ts). A function, so that the production build, which never calls
 * it, leaves it out. */
export function toolbarButtonTestProtocol() {
  return {
    /** The newest tab selections and button updates this event page saw (bench/toolbar-button.bench.ts). */
    'test.toolbarButton.timings': request<ButtonTimings>()(noInput),
    /** While held, the feature touches no button (the action contract cases read Firefox's own values). */
    'test.toolbarButton.hold': request<void>()(v.strictObject({ held: v.boolean() })),
  } satisfies Record<string, RequestDef>;
}
