/**
 * The test build's requests: every test-only request and job, all named `test.*`. src/app-protocol/protocol.ts merges
 * them into the table only when __TIDYMARKS_TEST_BUILD__ is true; each part is a function, so the production build,
 * which never calls one, carries none of them (the conventions test builds dist/ and looks for `test.` names). Each
 * feature owns its part, beside its production part.
 */
import { coreTestJobs, coreTestProtocol } from './core-protocol';
import type { JobDef, RequestDef } from '../messaging/define';
import { placesTestProtocol } from '../places/protocol';
import { quickBookmarkTestProtocol } from '../quick-bookmark/protocol';
import { toolbarButtonTestProtocol } from '../toolbar-button/protocol';
import { linkHealthTestProtocol } from '../link-health/protocol';
import { dedupTestProtocol } from '../dedup/protocol';
import { copyGuardTestProtocol } from '../copy-guard/protocol';

/** Every test part, by owner (the conventions test checks that no name appears twice). */
export function testProtocolParts() {
  return {
    core: coreTestProtocol(),
    places: placesTestProtocol(),
    quickBookmark: quickBookmarkTestProtocol(),
    toolbarButton: toolbarButtonTestProtocol(),
    linkHealth: linkHealthTestProtocol(),
    dedup: dedupTestProtocol(),
    copyGuard: copyGuardTestProtocol(),
  } satisfies Record<string, Record<string, RequestDef>>;
}

export function testJobParts() {
  return { core: coreTestJobs() } satisfies Record<string, Record<string, JobDef>>;
}

export function testProtocol() {
  const parts = testProtocolParts();
  return { ...parts.core, ...parts.places, ...parts.quickBookmark, ...parts.toolbarButton, ...parts.linkHealth, ...parts.dedup, ...parts.copyGuard };
}

export function testJobs() {
  return { ...testJobParts().core };
}
