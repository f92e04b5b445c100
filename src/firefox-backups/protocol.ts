import { noInput, request, type RequestDef } from '../messaging/define';
import type { WrittenBackupCounts } from './write-backup';

/** This feature's part of the protocol table (see src/app-protocol/protocol.ts). */
export const firefoxBackupsProtocol = {
  /** The whole tree as a Firefox backup (JSON that Firefox's Library restores), with Tidymarks' tags as Firefox's. */
  'firefoxBackups.write': request<{ json: string; counts: WrittenBackupCounts }>()(noInput),
} satisfies Record<string, RequestDef>;
