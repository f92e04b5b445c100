import * as v from 'valibot';
import { request, type RequestDef, noInput } from '../messaging/define';

/** When a tab was selected and when Firefox took a tab's new button values: absolute ms (time origin + now). */
export interface ButtonTimings {
  selected: { tabId: number; at: number }[];
  shown: { tabId: number; at: number }[];
}

/** This feature's part of the protocol table (see src/messaging/protocol.ts). */
export const toolbarButtonProtocol = {
  /** Test builds only: the newest tab selections and button updates this event page saw (bench/toolbar-button.bench.ts). */
  'toolbarButton.test.timings': request<ButtonTimings>()(noInput),
  /** Test builds only: while held, the feature touches no button (the action contract cases read Firefox's own values). */
  'toolbarButton.test.hold': request<void>()(v.strictObject({ held: v.boolean() })),
} satisfies Record<string, RequestDef>;
