/**
 * The one protocol table. Each feature owns its part (src/<feature>/protocol.ts); this file only joins them.
 * Both ends are typed from it: the page-side client (client.ts) and the background router (router.ts).
 */
import type * as v from 'valibot';
import { coreJobs, coreProtocol } from './core-protocol';
import type { JobDef, RequestDef } from './define';
import { placesProtocol } from '../places/protocol';
import { tagsProtocol } from '../tags/protocol';
import { dedupJobs, dedupProtocol } from '../dedup/protocol';
import { searchProtocol } from '../search/protocol';
import { settingsProtocol } from '../settings/protocol';
import { bookmarksHtmlJobs, bookmarksHtmlProtocol } from '../bookmarks-html/protocol';
import { quickBookmarkProtocol } from '../quick-bookmark/protocol';
import { toolbarButtonProtocol } from '../toolbar-button/protocol';
import { organizerProtocol } from '../organizer/protocol';
import { linkHealthJobs, linkHealthProtocol } from '../link-health/protocol';

export const protocol = {
  ...coreProtocol,
  ...placesProtocol,
  ...tagsProtocol,
  ...dedupProtocol,
  ...searchProtocol,
  ...settingsProtocol,
  ...bookmarksHtmlProtocol,
  ...quickBookmarkProtocol,
  ...toolbarButtonProtocol,
  ...organizerProtocol,
  ...linkHealthProtocol,
} satisfies Record<string, RequestDef>;

export const jobs = {
  ...coreJobs,
  ...dedupJobs,
  ...bookmarksHtmlJobs,
  ...linkHealthJobs,
} satisfies Record<string, JobDef>;

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
