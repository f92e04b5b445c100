import type { RequestDef } from '../messaging/define';

/** This feature's part of the protocol table (see src/messaging/protocol.ts). */
export const placesProtocol = {} satisfies Record<string, RequestDef>;
