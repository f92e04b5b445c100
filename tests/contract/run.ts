import type { Browser } from '../../src/platform/browser';
import { USER_ROOT_IDS } from '../../src/platform/browser';
import { contractCases } from './cases';

/** Empties the user roots and history so each contract case starts from Firefox's initial state. */
export async function resetBookmarksAndHistory(b: Browser): Promise<void> {
  for (const rootId of USER_ROOT_IDS) {
    for (const child of await b.bookmarks.getChildren(rootId)) await b.bookmarks.removeTree(child.id);
  }
  await b.history.deleteAll();
}

export interface ContractOutcome {
  ok: boolean;
  error?: string;
}

export async function runContractCase(b: Browser, name: string): Promise<ContractOutcome> {
  const found = contractCases.find((c) => c.name === name);
  if (!found) return { ok: false, error: `no contract case named "${name}"` };
  await resetBookmarksAndHistory(b);
  try {
    await found.run(b);
    return { ok: true };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}
