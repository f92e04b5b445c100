/**
 * Places saves as edits of the one history (src/operation-history): the Places package's write hook
 * (packages/places, write-hook.ts), Tidymarks' side. One save request is one edit, journaled before anything is
 * written: what it creates, removes (with everything inside and its tags), renames, re-addresses and moves, and each
 * URL's tags before and after. So the popup's and the quick bookmark's changes, and those of any Places API user, are
 * undone and redone like every other operation. Saves run in the history's queue.
 */
import { checkSaveOp, itemType, type SaveRecorder, type TagChange, type WriteHook } from '@tidymarks/places/background';
import type { SaveOp } from '@tidymarks/places';
import { kindOf } from '../platform/tree';
import { UNFILED_ID, type Browser, type BookmarkNode } from '../platform/browser';
import { sameStoredUrl } from '../platform/stored-url';
import { sameTagSet, type TagStore } from '../tags';
import {
  editOperation,
  removalEntries,
  type EditDeps,
  type EditSummary,
  type History,
  type JournalEntry,
  type NewJournalEntry,
  type OperationSource,
} from '../operation-history';

interface HookDeps {
  browser: Browser;
  tagStore: TagStore;
  history: History;
  now: () => number;
}

/** What one operation will do, read before anything is written: its journal entries (by index) and the item now. */
interface OpPlan {
  /** Entries of this operation, as indexes into the save's entries (a removal: its topmost first). */
  entries: number[];
  /** The 'updated' and 'moved' entries of an update. */
  updated?: number;
  moved?: number;
  node?: BookmarkNode;
}

const journalType = { bookmark: 'bookmark', group: 'folder', separator: 'separator' } as const;

/**
 * Reads what each operation will change and plans its journal entries: a created item (its parent an existing folder
 * or one created before it in the same save), a removed one with everything inside it and its tags, a rename or new
 * address, a move with the place it leaves. Operations that will fail plan nothing.
 */
async function planEntries(ops: readonly SaveOp[], { browser, tagStore }: HookDeps): Promise<{ entries: NewJournalEntry[]; plans: OpPlan[] }> {
  const entries: NewJournalEntry[] = [];
  const plans: OpPlan[] = [];
  const createdAt = new Map<number, number>();
  const read = async (id: string) => (await browser.bookmarks.get(id).catch(() => [] as BookmarkNode[]))[0];
  for (const op of ops) {
    const plan: OpPlan = { entries: [] };
    plans.push(plan);
    try {
      checkSaveOp(op);
    } catch {
      continue;
    }
    if (op.action === 'remove') {
      const node = await read(op.id!);
      if (!node) continue;
      const [subtree] = kindOf(node) === 'folder' ? await browser.bookmarks.getSubTree(node.id) : [node];
      plan.node = node;
      for (const e of await removalEntries({ browser, tags: tagStore }, [subtree!], 'deleted')) plan.entries.push(entries.push(e) - 1);
    } else if (op.action === 'create') {
      const parentSeq = op.parent && 'ref' in op.parent ? createdAt.get(op.parent.ref) : undefined;
      const parentId = op.parent && 'id' in op.parent ? op.parent.id : parentSeq === undefined ? UNFILED_ID : null;
      const type = journalType[op.type];
      createdAt.set(op.ref, entries.length);
      plan.entries.push(
        entries.push({ role: 'created', parentId, parentSeq: parentSeq ?? null, type, title: op.title ?? '', url: type === 'bookmark' ? op.url! : null }) - 1,
      );
    } else {
      const node = await read(op.id!);
      if (!node || itemType(node) !== op.type) continue;
      plan.node = node;
      const before = { title: node.title, url: node.url ?? null };
      const after = { title: op.type !== 'separator' ? op.title! : node.title, url: op.type === 'bookmark' ? op.url! : before.url };
      if (after.title !== before.title || !sameStoredUrl(after.url, before.url)) {
        plan.updated = entries.push({ role: 'updated', id: node.id, before, after }) - 1;
        plan.entries.push(plan.updated);
      }
      // A move into a group this save creates is journaled when that group's id is known (runSave).
      const parentId = !op.parent ? node.parentId : 'id' in op.parent ? op.parent.id : null;
      if (parentId && (parentId !== node.parentId || (op.index >= 0 && op.index !== node.index))) {
        plan.moved = entries.push({ role: 'moved', id: node.id, title: node.title, parentId: node.parentId!, index: node.index ?? 0, toParentId: parentId }) - 1;
        plan.entries.push(plan.moved);
      }
    }
  }
  return { entries, plans };
}

/** What the history says the save did. */
async function summaryOf(ops: readonly SaveOp[], plans: readonly OpPlan[], { browser, tagStore }: HookDeps, source: OperationSource | undefined): Promise<EditSummary> {
  const folderTitle = async (id: string | undefined) => (id ? ((await browser.bookmarks.get(id).catch(() => [] as BookmarkNode[]))[0]?.title ?? null) : null);
  const first = ops[0]!;
  // A bookmark's save may create its folder first (the quick bookmark's "Read later"): the bookmark names it.
  const named = ops.findIndex((op) => op.type === 'bookmark');
  const firstTitle = plans[Math.max(0, named)]?.node?.title ?? ops[Math.max(0, named)]!.title;
  const base = { items: ops.length, ...(firstTitle !== undefined ? { title: firstTitle } : {}), ...(source ? { source } : {}) };
  const parentOf = (op: SaveOp) => (op.parent && 'id' in op.parent ? op.parent.id : undefined);
  if (ops.every((op) => op.action === 'remove')) return { action: 'delete', folderTitle: null, ...base };
  if (ops.every((op) => op.action === 'create')) return { action: 'create', folderTitle: await folderTitle(parentOf(first) ?? UNFILED_ID), ...base };
  if (ops.length === 1 && first.action === 'update') {
    const plan = plans[0]!;
    const tagsBefore = plan.node?.url ? await tagStore.getTags(plan.node.url) : [];
    const onlyMoved = plan.moved !== undefined && plan.updated === undefined && (first.type !== 'bookmark' || sameTagSet(tagsBefore, first.tags ?? []));
    if (onlyMoved) return { action: 'move', folderTitle: await folderTitle(parentOf(first)), ...base };
    return { action: 'update', folderTitle: null, ...base };
  }
  return { action: 'save', folderTitle: null, ...base };
}

const isSource = (source: string | undefined): source is OperationSource => source === 'popup' || source === 'quick-bookmark';

/** The history as the Places engine's write hook. */
export function historyHook(deps: HookDeps): WriteHook {
  const edits: EditDeps = { journal: deps.history.journal, now: deps.now };
  return {
    run: (save) => deps.history.serial(save),
    async begin(ops, { source }): Promise<SaveRecorder> {
      // The journal first: everything this save is about to do (tags follow once they are known, at the end).
      const { entries, plans } = await planEntries(ops, deps);
      const operation = editOperation(edits, await summaryOf(ops, plans, deps, isSource(source) ? source : undefined));
      let stored: JournalEntry[] = [];
      if (entries.length) {
        stored = await operation.append(entries);
        await operation.steps.attempt(stored.filter((e) => e.role !== 'created' && (e.role !== 'removed' || e.topLevel)).map((e) => e.seq));
      }
      const { steps } = operation;
      const seqOf = (index: number | undefined) => (index === undefined ? undefined : stored[index]?.seq);
      const done = new Set<number>();
      const carriedOut = async (index: number | undefined) => {
        const seq = seqOf(index);
        if (seq === undefined) return;
        done.add(seq);
        await steps.done(seq);
      };
      const tagEntries = (changes: readonly TagChange[]): NewJournalEntry[] => changes.map((c) => ({ role: 'tags', url: c.url, before: c.before, after: c.after }));
      return {
        created(op, id) {
          const seq = seqOf(plans[op]!.entries[0]);
          if (seq !== undefined) steps.created(seq, id);
        },
        done: (op, step) => carriedOut(step === 'removed' ? plans[op]!.entries[0] : step === 'updated' ? plans[op]!.updated : plans[op]!.moved),
        async moving(op, node, toParentId) {
          const plan = plans[op]!;
          if (plan.moved !== undefined) return;
          // Into a group this save created: journaled now that its id is known.
          const [entry] = await operation.append([{ role: 'moved', id: node.id, title: node.title, parentId: node.parentId!, index: node.index ?? 0, toParentId }]);
          plan.moved = stored.push(entry!) - 1;
          plan.entries.push(plan.moved);
          await steps.attempt([entry!.seq]);
        },
        async skipped(op) {
          // Every entry of the operation not carried out: left alone.
          const plan = plans[op]!;
          for (const index of plan.entries) {
            const seq = seqOf(index);
            if (seq !== undefined && !done.has(seq) && (stored[index]!.role !== 'removed' || index === plan.entries[0])) await steps.skipped(seq);
          }
        },
        tags: async (changes) => void (await operation.append(tagEntries(changes))),
        forgetting: async (changes) => void (await operation.append(tagEntries(changes))),
        finish: () => operation.finish().then(() => undefined),
      };
    },
  };
}
