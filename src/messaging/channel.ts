/**
 * What travels between the pages and the background, as values: the request envelope and the job port's name.
 * Kept apart from the protocol table (protocol.ts) so that a page's client loads no schemas: the popup opens
 * faster when it does not parse every feature's valibot schemas it never uses (the router validates).
 */

/** The name of the port long jobs run over. */
export const PORT_NAME = 'tidymarks-job';

/** What travels for a request. */
export interface RequestMessage {
  channel: 'tidymarks';
  type: string;
  input: unknown;
}
