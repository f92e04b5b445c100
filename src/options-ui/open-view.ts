/**
 * What the options page's entry starts before the page's shell is loaded (options/main.tsx): the opened view's code
 * (views.tsx), and on the Duplicates page its first scan (duplicates/early-scan.ts), so neither waits for the shell.
 */
import type { Client } from '../app-protocol';
import { startEarlyScan } from './duplicates/early-scan';
import { viewFromHash } from './routing';
import { loadView } from './views';

export function startOpenedView(hash: string, client: Client): void {
  const view = viewFromHash(hash);
  // The Duplicates page opens on a scan: ask for it first, the background scans while the page's code loads.
  if (view === 'duplicates') startEarlyScan(client);
  // Its error, if any, shows where the view would be (views.tsx LazyView).
  loadView(view).catch(() => undefined);
}
