/**
 * Step 1 of a cleanup: what of the plan can safely be carried out now. Reads only. Every planned item is fetched
 * (batched, or one getTree for a big plan) and must still be what the plan saw: same type, parent and URL. Roots
 * are never touched. A removal goes ahead only when its kept copy still exists and is neither removed nor inside a
 * removed folder (never the last copy), and, for a duplicate bookmark, still has the URL the plan saw. A redundant
 * folder is kept when its contents, or the contents of the folder that should stay in its place, changed after the
 * plan was made, and when its unique children cannot all be moved out. Everything refused is reported.
 */
import { isRootId, ROOT_ID, type BookmarkNode, type Browser } from '../../platform/browser';
import { Ancestry, getExisting, indexWholeTree, WHOLE_TREE_ABOVE } from '../../platform/bookmark-reads';
import { descendants, kindOf } from '../../platform/tree';
import type { CleanupPlan, PlannedMove } from '../plan-types';
import { msg, type Msg } from '../../i18n';
import { checkEmptied } from './emptied-folders';
import type { ApplyProblem, CheckedRemoval, PlanCheck, ProblemReason } from './check-types';

export type { ApplyProblem, CheckedRemoval, PlanCheck, ProblemReason };

export function problem(id: string, title: string | null, reason: ProblemReason, message: Msg): ApplyProblem {
  return { id, title, reason, message };
}

/**
 * Step 1: what of the plan can safely be carried out now. Reads only. The folders the plan empties are checked after
 * everything else, against what else goes (emptied-folders.ts).
 */
export async function checkPlan(browser: Browser, plan: CleanupPlan): Promise<PlanCheck> {
  const emptied = plan.removals.filter((r) => r.reason === 'emptied-folder');
  if (!emptied.length) return checkRest(browser, plan);
  const check = await checkRest(browser, { ...plan, removals: plan.removals.filter((r) => r.reason !== 'emptied-folder') }, true);
  checkEmptied(emptied, check);
  return check;
}

async function checkRest(browser: Browser, plan: CleanupPlan, wholeTree = false): Promise<PlanCheck> {
  const problems: ApplyProblem[] = [];
  const ancestry = new Ancestry(browser);
  const wantedIds = new Set<string>();
  for (const r of plan.removals) {
    wantedIds.add(r.id);
    if (r.keptId) wantedIds.add(r.keptId);
  }
  for (const m of plan.moves) wantedIds.add(m.id).add(m.toParentId);
  const wanted = [...wantedIds].filter((id) => !isRootId(id));
  // Firefox's get costs about 0.4 ms per id and getTree about 0.035 ms per node: a big plan reads the whole tree, and
  // so does a plan that removes folders, copied or replaced by a fresh copy (whatever someone moves into one as it
  // goes must be known to be re-created).
  const readWhole = wholeTree || wanted.length > WHOLE_TREE_ABOVE || plan.removals.some((r) => r.kind === 'folder') || !!plan.replacements?.length;
  const whole = readWhole ? indexWholeTree(await browser.bookmarks.getTree()) : null;
  const existing = new Map<string, BookmarkNode>();
  if (whole) {
    for (const id of wanted) if (whole.has(id)) existing.set(id, whole.get(id)!);
    for (const node of whole.values()) if (node.children) ancestry.note(node);
  } else {
    for (const [id, node] of await getExisting(browser, wanted)) existing.set(id, node);
  }
  for (const node of existing.values()) ancestry.note(node);

  // Each removal on its own: exists, not a root, same type, parent and URL.
  const removals = new Map<string, CheckedRemoval>();
  for (const planned of plan.removals) {
    const node = existing.get(planned.id);
    if (isRootId(planned.id)) {
      problems.push(problem(planned.id, null, 'root', msg('cleanupProblemRootRemoval')));
    } else if (removals.has(planned.id)) {
      problems.push(problem(planned.id, node?.title ?? null, 'duplicate-entry', msg('cleanupProblemListedTwice')));
    } else if (!node) {
      problems.push(problem(planned.id, null, 'missing', msg('cleanupProblemMissing')));
    } else if (kindOf(node) !== planned.kind || node.parentId !== planned.expectedParentId || (planned.kind === 'bookmark' && node.url !== planned.expectedUrl)) {
      problems.push(problem(planned.id, node.title, 'changed', msg('cleanupProblemChangedSinceScan')));
    } else {
      removals.set(planned.id, { planned, node, descendants: [] });
    }
  }

  // Folders: their subtree now; kept when something in it is newer than the plan.
  for (const removal of [...removals.values()]) {
    if (removal.planned.kind !== 'folder') continue;
    // The folder's subtree and the kept folder's are read side by side (about 10% faster for two 10k folders).
    const [tree, keptFolderChanged] = await Promise.all([
      whole?.get(removal.node.id) ?? browser.bookmarks.getSubTree(removal.node.id).then((t) => t[0]),
      // The folder that stays must still hold what the plan saw: a copy deleted there since would otherwise be lost.
      removal.planned.reason === 'duplicate-folder' ? changedSince(removal.planned.keptId, plan.createdAt) : false,
    ]);
    const below: CheckedRemoval['descendants'] = [];
    let changed = (tree.dateGroupModified ?? 0) > plan.createdAt;
    let holdsBookmark = false;
    // Each folder's chain from the removed folder down to it (preorder: a folder comes before its children).
    const chains = new Map<string, string[]>([[tree.id, [tree.id]]]);
    for (const child of descendants(tree.children ?? [])) {
      const chain = chains.get(child.parentId!)!;
      below.push({ node: child, parentChainFromFolder: chain });
      if ((child.dateAdded ?? 0) > plan.createdAt || (child.dateGroupModified ?? 0) > plan.createdAt) changed = true;
      if (kindOf(child) === 'bookmark') holdsBookmark = true;
      if (child.children) chains.set(child.id, [...chain, child.id]);
    }
    if (changed || keptFolderChanged || (removal.planned.reason === 'empty-folder' && holdsBookmark)) {
      removals.delete(removal.node.id);
      problems.push(problem(removal.node.id, removal.node.title, 'contents-changed', msg('cleanupProblemContentsChanged')));
      continue;
    }
    removal.descendants = below;
  }

  /** Whether anything in the folder's subtree was added, removed or moved after `since` (missing: not our call). */
  async function changedSince(folderId: string | null, since: number): Promise<boolean> {
    if (!folderId) return false;
    let tree = whole?.get(folderId);
    if (!tree && !whole) tree = (await browser.bookmarks.getSubTree(folderId).catch(() => []))[0];
    if (!tree) return false; // a missing kept folder is refused below as kept-copy-missing
    for (const node of descendants(tree)) {
      if ((node.dateGroupModified ?? 0) > since || (node !== tree && (node.dateAdded ?? 0) > since)) return true;
    }
    return false;
  }

  // Moves on their own: exists, same parent, not a root.
  const moves = new Map<string, { planned: PlannedMove; node: BookmarkNode }>();
  for (const planned of plan.moves) {
    const node = existing.get(planned.id);
    if (isRootId(planned.id)) problems.push(problem(planned.id, null, 'root', msg('cleanupProblemRootMove')));
    else if (moves.has(planned.id)) problems.push(problem(planned.id, node?.title ?? null, 'duplicate-entry', msg('cleanupProblemMoveListedTwice')));
    else if (!node) problems.push(problem(planned.id, null, 'missing', msg('cleanupProblemMissing')));
    else if (node.parentId !== planned.expectedParentId) problems.push(problem(planned.id, node.title, 'changed', msg('cleanupProblemNotInFolder')));
    else moves.set(planned.id, { planned, node });
  }

  await ancestry.load([...existing.values()].map((n) => n.parentId!).filter(Boolean));

  // Joint rules, repeated until nothing changes: kept copies stay, unique children get out first.
  let insideRemoved = new Map<string, string>();
  const computeInside = () => {
    insideRemoved = new Map();
    // A moved unique child belongs to its folder until it is moved; what is inside it moves along and stays.
    for (const r of removals.values()) {
      for (const d of r.descendants) {
        if (!d.parentChainFromFolder.some((id) => moves.has(id))) insideRemoved.set(d.node.id, r.node.id);
      }
    }
  };
  /** The removed folder that contains id (itself a removal or inside one), if any. */
  const removedFolderOf = (id: string): string | undefined => {
    if (insideRemoved.has(id)) return insideRemoved.get(id);
    if (removals.get(id)?.planned.kind === 'folder') return id;
    return undefined;
  };
  const isGoing = (id: string) => removals.has(id) || insideRemoved.has(id);
  const dropRemoval = (id: string, reason: ProblemReason, message: Msg) => {
    const r = removals.get(id);
    if (!r) return;
    removals.delete(id);
    problems.push(problem(id, r.node.title, reason, message));
  };
  const plannedFolderIds = new Set(plan.removals.filter((r) => r.kind === 'folder').map((r) => r.id));
  // Every round that changes something drops at least one removal or move, so this bound always reaches the
  // fixpoint: the rules below hold for everything that is left (no partly checked plan).
  const maxRounds = removals.size + moves.size + 1;
  for (let round = 0; round < maxRounds; round++) {
    computeInside();
    let changed = false;
    // Judged against the round's starting set: A keeps B while B keeps A means neither goes.
    const goingAtStart = new Set([...removals.keys(), ...insideRemoved.keys()]);
    const folderAtStart = new Set([...removals.values()].filter((r) => r.planned.kind === 'folder').map((r) => r.node.id));
    for (const r of [...removals.values()]) {
      const keptId = r.planned.keptId;
      if (keptId === null) {
        if (r.planned.reason !== 'empty-folder') {
          dropRemoval(r.node.id, 'kept-copy-missing', msg('cleanupProblemNoKeptCopy'));
          changed = true;
        }
        continue;
      }
      const kept = existing.get(keptId);
      const keptInsideGoing = kept ? ancestry.chain(kept.parentId!).some((a) => folderAtStart.has(a)) : false;
      if (!kept || goingAtStart.has(keptId) || keptInsideGoing || keptId === r.node.id) {
        dropRemoval(r.node.id, 'kept-copy-missing', msg('cleanupProblemKeptCopyGoing'));
        changed = true;
      } else if (r.planned.keptUrl != null && kept.url !== r.planned.keptUrl) {
        dropRemoval(r.node.id, 'kept-copy-missing', msg('cleanupProblemKeptCopyReaddressed'));
        changed = true;
      }
    }
    computeInside();
    for (const m of [...moves.values()]) {
      const targetId = m.planned.toParentId;
      const target = existing.get(targetId);
      const targetChain = target?.parentId ? ancestry.chain(target.parentId) : [];
      const targetBad =
        !target ||
        kindOf(target) !== 'folder' ||
        targetId === ROOT_ID ||
        targetId === m.node.id ||
        isGoing(targetId) ||
        targetChain.some((a) => a === m.node.id || removals.get(a)?.planned.kind === 'folder');
      if (targetBad) {
        moves.delete(m.node.id);
        problems.push(problem(m.node.id, m.node.title, 'bad-target', msg('cleanupProblemBadTarget')));
        const from = removedFolderOf(m.node.id);
        if (from) dropRemoval(from, 'unique-child-not-moved', msg('cleanupProblemUniqueChildStays'));
        changed = true;
      }
    }
    computeInside();
    // A move out of a planned folder that stays after all would change the user's tree for nothing.
    for (const m of [...moves.values()]) {
      const inPlannedFolder = ancestry.chain(m.node.parentId!).some((a) => plannedFolderIds.has(a));
      if (inPlannedFolder && removedFolderOf(m.node.id) === undefined) {
        moves.delete(m.node.id);
        problems.push(problem(m.node.id, m.node.title, 'folder-kept', msg('cleanupProblemFolderKept')));
        changed = true;
      }
    }
    if (!changed) break;
  }
  computeInside();
  // Loose removals inside a removed folder go with the folder.
  for (const id of [...removals.keys()]) {
    if (moves.has(id)) dropRemoval(id, 'duplicate-entry', msg('cleanupProblemMovedAndRemoved'));
    else if (insideRemoved.has(id)) removals.delete(id);
  }
  // Without the whole tree: the folders above (titles and parents only) first, then the items read in full.
  const partial = new Map<string, BookmarkNode>();
  if (!whole) {
    for (const n of ancestry.nodes()) partial.set(n.id, n);
    for (const n of [...existing.values(), ...[...removals.values()].flatMap((r) => r.descendants.map((d) => d.node))]) partial.set(n.id, n);
  }
  const snapshot = whole ? [...whole.values()] : [...partial.values()];
  return { removals, moves, problems, insideRemoved, ancestry, snapshot, whole };
}
