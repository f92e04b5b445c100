/**
 * The client of the pages that ask for a duplicate scan (the options page, the test harness): as page-client.ts,
 * and it reads the scan's replies in their wire form (reply-forms.ts), loading the decoder when a scan is asked for.
 */
import { createClient, type Client } from './client';
import { runtimeTransport } from './page-client';
import { replyReader } from './reply-forms';

export const client: Client = createClient(runtimeTransport, replyReader);
