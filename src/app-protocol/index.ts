/**
 * The app's protocol and its typed client, the face the pages import: one floor above the features (whose
 * `protocol.ts` parts the table joins) and below the pages and the background's composition root. The table itself
 * (protocol.ts, valibot schemas) is imported only by the background and tests; a page needs only its types, so the
 * popup never loads a schema. Entries wire the client to the real runtime with page-client.ts.
 */
export { createClient, type Client, type JobHandle, type Transport } from './client';
export type { JobInput, JobProgress, JobResult, JobType, RequestInput, RequestReply, RequestType } from './protocol';
