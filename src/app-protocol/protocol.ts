/**
 * The one protocol table. Each feature owns its part (src/<feature>/protocol.ts); this file only joins them.
 * Both ends are typed from it: the page-side client (client.ts) and the background router (router.ts).
 */
import type * as v from 'valibot';
import { coreJobs, coreProtocol } from './core-protocol';
import type { JobDef, RequestDef } from '../messaging/define';
import { placesProtocol } from '../places/protocol';
import { tagsProtocol } from '../tags/protocol';
import { dedupJobs, dedupProtocol } from '../dedup/protocol';
import { searchProtocol } from '../search/protocol';
import { settingsProtocol } from '../settings/protocol';
import { bookmarksHtmlJobs, bookmarksHtmlProtocol } from '../bookmarks-html/protocol';
import { quickBookmarkProtocol } from '../quick-bookmark/protocol';
import { toolbarButtonProtocol } from '../toolbar-button/protocol';
import { copyGuardJobs, copyGuardProtocol } from '../copy-guard/protocol';
import { firefoxBackupsJobs, firefoxBackupsProtocol } from '../firefox-backups/protocol';
import { organizerProtocol } from '../organizer/protocol';
import { linkHealthJobs, linkHealthProtocol } from '../link-health/protocol';
import { historyJobs, historyProtocol } from '../operation-history/protocol';
import { testJobs, testProtocol } from './test-protocol';

/** Every production part, by owner: a request name appears in one part only (the conventions test checks it). */
export const protocolParts = {
  core: coreProtocol,
  places: placesProtocol,
  tags: tagsProtocol,
  dedup: dedupProtocol,
  search: searchProtocol,
  settings: settingsProtocol,
  bookmarksHtml: bookmarksHtmlProtocol,
  quickBookmark: quickBookmarkProtocol,
  toolbarButton: toolbarButtonProtocol,
  copyGuard: copyGuardProtocol,
  firefoxBackups: firefoxBackupsProtocol,
  organizer: organizerProtocol,
  linkHealth: linkHealthProtocol,
  history: historyProtocol,
} satisfies Record<string, Record<string, RequestDef>>;

export const jobParts = {
  core: coreJobs,
  dedup: dedupJobs,
  bookmarksHtml: bookmarksHtmlJobs,
  firefoxBackups: firefoxBackupsJobs,
  linkHealth: linkHealthJobs,
  history: historyJobs,
  copyGuard: copyGuardJobs,
} satisfies Record<string, Record<string, JobDef>>;

/** The production table. */
export const productionProtocol = {
  ...coreProtocol,
  ...placesProtocol,
  ...tagsProtocol,
  ...dedupProtocol,
  ...searchProtocol,
  ...settingsProtocol,
  ...bookmarksHtmlProtocol,
  ...quickBookmarkProtocol,
  ...toolbarButtonProtocol,
  ...copyGuardProtocol,
  ...firefoxBackupsProtocol,
  ...organizerProtocol,
  ...linkHealthProtocol,
  ...historyProtocol,
} satisfies Record<string, RequestDef>;

export const productionJobs = {
  ...coreJobs,
  ...dedupJobs,
  ...bookmarksHtmlJobs,
  ...firefoxBackupsJobs,
  ...linkHealthJobs,
  ...historyJobs,
  ...copyGuardJobs,
} satisfies Record<string, JobDef>;

export type ProductionProtocol = typeof productionProtocol;
export type ProductionJobs = typeof productionJobs;
export type TestProtocol = ReturnType<typeof testProtocol>;
export type TestJobs = ReturnType<typeof testJobs>;

/**
 * The table pages and the background are typed from: production and, in the test build only, the `test.*` part
 * (src/app-protocol/test-protocol.ts). In the production build the test part is dead code and is left out.
 */
export const protocol = (__TIDYMARKS_TEST_BUILD__ ? { ...productionProtocol, ...testProtocol() } : productionProtocol) as ProductionProtocol & TestProtocol;
export const jobs = (__TIDYMARKS_TEST_BUILD__ ? { ...productionJobs, ...testJobs() } : productionJobs) as ProductionJobs & TestJobs;

export type Protocol = typeof protocol;
export type RequestType = keyof Protocol;
export type RequestInput<K extends RequestType> = v.InferInput<Protocol[K]['input']>;
export type RequestOutput<K extends RequestType> = v.InferOutput<Protocol[K]['input']>;
export type RequestReply<K extends RequestType> = Protocol[K] extends RequestDef<v.GenericSchema, infer R> ? R : never;

export type Jobs = typeof jobs;
export type JobType = keyof Jobs;
export type JobInput<K extends JobType> = v.InferInput<Jobs[K]['input']>;
export type JobOutput<K extends JobType> = v.InferOutput<Jobs[K]['input']>;
export type JobProgress<K extends JobType> = Jobs[K] extends JobDef<v.GenericSchema, infer P, unknown> ? P : never;
export type JobResult<K extends JobType> = Jobs[K] extends JobDef<v.GenericSchema, unknown, infer R> ? R : never;

/** The core part, for the background's own handlers (src/app/core-handlers.ts). */
export { TEST_ECHO_PORT, coreProtocol, type coreTestJobs, type coreTestProtocol } from './core-protocol';
