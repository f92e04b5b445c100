import type { JobDef, RequestDef } from '../messaging/define';

/** This feature's part of the protocol table (see src/messaging/protocol.ts). */
export const dedupProtocol = {} satisfies Record<string, RequestDef>;

/** This feature's long jobs, run over a port with progress, pause and cancel. */
export const dedupJobs = {} satisfies Record<string, JobDef>;
