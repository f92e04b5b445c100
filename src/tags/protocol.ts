import type { RequestDef } from '../messaging/define';

/** This feature's part of the protocol table (see src/messaging/protocol.ts). */
export const tagsProtocol = {} satisfies Record<string, RequestDef>;
