import { noInput, request, type RequestDef } from '../messaging/define';

/** This feature's part of the protocol table (see src/app-protocol/protocol.ts): it has no requests of its own. */
export const copyGuardProtocol = {} satisfies Record<string, RequestDef>;

/** Test builds only (merged by src/app-protocol/test-protocol.ts). A function, so that the production build, which never
 * calls it, leaves it out. */
export function copyGuardTestProtocol() {
  return {
    /** Resolves once no burst is open and what the guard started is over (the e2e tests seed, then wait for this). */
    'test.copyGuard.idle': request<void>()(noInput),
  } satisfies Record<string, RequestDef>;
}
