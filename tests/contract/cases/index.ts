/**
 * Bookmarks and history behaviours, written once and run twice: against the fake (tests/contract/contract.test.ts)
 * and against real Firefox ESR (tests/e2e/contract.e2e.ts). Firefox is the ground truth: a case that passes there
 * and fails on the fake is a bug in the fake. Every case starts from empty user roots and empty history.
 *
 * The cases also document what Firefox really does, where it surprises (error texts differ per method, a move's
 * index is the final position, a bookmark is accepted as a parent, history titles can be null, ...).
 */
import { actionCases } from './actions';
import { bookmarkEditCases } from './bookmarks-edits';
import { bookmarkEventSearchCases } from './bookmarks-events-search';
import { bookmarkTreeCases } from './bookmarks-tree';
import { concurrentCases } from './concurrent';
import { historyCases } from './history';
import type { ContractCase } from './kit';
import { platformCases } from './platform';

export type { ContractCase } from './kit';
export { randomEditsMatchModel } from './random-edits';

export const contractCases: ContractCase[] = [
  ...bookmarkTreeCases,
  ...bookmarkEditCases,
  ...bookmarkEventSearchCases,
  ...concurrentCases,
  ...historyCases,
  ...platformCases,
  ...actionCases,
];
