/**
 * The background half of save(): runs the operations a caller planned (parents first), on browser.bookmarks, the
 * tag store and the clock. An operation that fails fails alone; a child whose parent failed goes to UNSORTED.
 * When an operation asks for a check and the stored item is newer than its snapshot, nothing is written for it and
 * the stored version comes back as a conflict, for the caller's resolve().
 *
 * One save request is one edit of the history (src/operation-history), journaled before anything is written: what it
 * creates, removes (with everything inside and its tags), renames, re-addresses and moves, and each URL's tags before
 * and after. So the popup's and the quick bookmark's changes, and those of any Places API user, are undone and redone
 * like every other operation. The caller (feature.ts) runs it in the history's queue.
 */
import { AppError } from '../messaging/errors';
import { sameStoredUrl } from '../platform/stored-url';
import { isRootId, UNFILED_ID, type Browser, type BookmarkNode } from '../platform/browser';
import { descendants, kindOf } from '../platform/tree';
import { normalizeTagList, sameTagSet } from '../tags';
import { forgetOrphanUrls } from '../tags';
import { forgetLeftAddresses } from '../tags';
import type { TagStore } from '../tags';
import { editOperation, removalEntries, type EditDeps, type EditSummary, type JournalEntry, type NewJournalEntry, type OperationSource } from '../operation-history';
import type { Clock } from './clock';
import { MESSAGES, isValidUrl, type SaveOp, type SaveOutcome, type SaveReply, type WireNode } from '../places';
import { describeNodes, itemType } from './nodes';
import { t } from '../i18n';

export interface EngineDeps {
  browser: Browser;
  tagStore: TagStore;
  clock: Clock;
  /** The history's journal: a save that changes something is one edit. Without it (tests of the engine alone), none. */
  edits?: EditDeps;
  /** Where the save came from, when the history should know (the popup undoes its own edits). */
  source?: OperationSource;
}

interface Written {
  ref: number;
  node: BookmarkNode;
  tags?: string[];
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function checkOp(op: SaveOp): { tags?: string[] } {
  // Roots are never removed or changed, whatever Firefox itself would say.
  if (op.id && isRootId(op.id)) throw new AppError('invalid-input', t('placesRootReadOnly'));
  if (op.action === 'remove') {
    if (!op.id) throw new AppError('invalid-input', t('placesRemoveUnsaved'));
    return {};
  }
  if (op.action === 'update' && !op.id) throw new AppError('invalid-input', t('placesUpdateNeedsId'));
  if (op.type !== 'separator' && typeof op.title !== 'string') throw new AppError('invalid-input', MESSAGES.title);
  if (op.type === 'bookmark') {
    if (!isValidUrl(op.url)) throw new AppError('invalid-input', MESSAGES.url);
    return { tags: normalizeTagList(op.tags ?? []) };
  }
  return {};
}

const firefoxType = { bookmark: 'bookmark', group: 'folder', separator: 'separator' } as const;

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
async function planEntries(ops: readonly SaveOp[], { browser, tagStore }: EngineDeps): Promise<{ entries: NewJournalEntry[]; plans: OpPlan[] }> {
  const entries: NewJournalEntry[] = [];
  const plans: OpPlan[] = [];
  const createdAt = new Map<number, number>();
  const read = async (id: string) => (await browser.bookmarks.get(id).catch(() => [] as BookmarkNode[]))[0];
  for (const op of ops) {
    const plan: OpPlan = { entries: [] };
    plans.push(plan);
    try {
      checkOp(op);
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
async function summaryOf(ops: readonly SaveOp[], plans: readonly OpPlan[], { browser, tagStore }: EngineDeps, source: OperationSource | undefined): Promise<EditSummary> {
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

export async function runSave(ops: readonly SaveOp[], deps: EngineDeps): Promise<SaveReply> {
  const { browser, tagStore, clock } = deps;
  const outcomes: SaveOutcome[] = [];
  const createdByRef = new Map<number, string>();
  const written: Written[] = [];
  const removedIds: string[] = [];
  const removedUrls = new Set<string>();
  const changedFromUrls = new Set<string>();
  await clock.flush();

  // The journal first: everything this save is about to do (tags follow once they are known, at the end).
  const { entries, plans } = deps.edits ? await planEntries(ops, deps) : { entries: [] as NewJournalEntry[], plans: ops.map((): OpPlan => ({ entries: [] })) };
  const operation = deps.edits ? editOperation(deps.edits, await summaryOf(ops, plans, deps, deps.source)) : null;
  let stored: JournalEntry[] = [];
  if (operation && entries.length) {
    stored = await operation.append(entries);
    await operation.steps.attempt(stored.filter((e) => e.role !== 'created' && (e.role !== 'removed' || e.topLevel)).map((e) => e.seq));
  }
  const steps = operation?.steps;
  const seqOf = (index: number | undefined) => (index === undefined ? undefined : stored[index]?.seq);
  /** Every entry of the operation not carried out: left alone. */
  const skip = async (plan: OpPlan, keep: ReadonlySet<number> = new Set()) => {
    for (const index of plan.entries) {
      const seq = seqOf(index);
      if (seq !== undefined && !keep.has(seq) && (stored[index]!.role !== 'removed' || index === plan.entries[0])) await steps!.skipped(seq);
    }
  };

  const parentIdOf = (op: SaveOp, fallback: string | undefined): string | undefined => {
    if (!op.parent) return fallback;
    if ('id' in op.parent) return op.parent.id;
    return createdByRef.get(op.parent.ref) ?? UNFILED_ID;
  };

  for (const [i, op] of ops.entries()) {
    const plan = plans[i]!;
    const done = new Set<number>();
    const carriedOut = async (index: number | undefined) => {
      const seq = seqOf(index);
      if (seq === undefined) return;
      done.add(seq);
      await steps!.done(seq);
    };
    try {
      const { tags } = checkOp(op);

      if (op.action === 'remove') {
        const [node] = await browser.bookmarks.get(op.id!);
        const folder = kindOf(node) === 'folder';
        const subtree = folder ? (await browser.bookmarks.getSubTree(node.id))[0] : node;
        for (const n of descendants(subtree)) {
          removedIds.push(n.id);
          if (n.url && kindOf(n) === 'bookmark') removedUrls.add(n.url);
        }
        if (folder) await browser.bookmarks.removeTree(node.id);
        else await browser.bookmarks.remove(node.id);
        await carriedOut(plan.entries[0]);
        outcomes.push({ ref: op.ref, status: 'removed' });
        continue;
      }

      if (op.action === 'create') {
        const parentId = parentIdOf(op, UNFILED_ID)!;
        const node = await browser.bookmarks.create({
          parentId,
          type: firefoxType[op.type],
          ...(op.index >= 0 ? { index: op.index } : {}),
          ...(op.type !== 'separator' ? { title: op.title } : {}),
          ...(op.type === 'bookmark' ? { url: op.url } : {}),
        });
        clock.noteOwnCreate(node.id);
        createdByRef.set(op.ref, node.id);
        const seq = seqOf(plan.entries[0]);
        if (seq !== undefined) steps!.created(seq, node.id);
        written.push({ ref: op.ref, node, tags });
        continue;
      }

      // update
      let [current] = await browser.bookmarks.get(op.id!);
      if (itemType(current) !== op.type) {
        throw new AppError('invalid-input', t('placesWrongType', op.id!, itemType(current), op.type));
      }
      if (op.check) {
        const currentTags = current.url && op.type === 'bookmark' ? await tagStore.getTags(current.url) : [];
        const stored = (await clock.observe([{ node: current, tags: currentTags }])).get(current.id)!;
        if (op.updated === undefined || stored > op.updated) {
          const [theirs] = await describeNodes([current], { browser, tagStore, clock, knownTags: new Map([[current.id, currentTags]]) }).then((d) => d.items);
          if (steps) await skip(plan);
          outcomes.push({ ref: op.ref, status: 'conflict', theirs });
          continue;
        }
      }
      const changes: { title?: string; url?: string } = {};
      if (op.type !== 'separator' && op.title !== current.title) changes.title = op.title;
      if (op.type === 'bookmark' && !sameStoredUrl(op.url!, current.url)) changes.url = op.url;
      if (changes.url !== undefined && current.url) changedFromUrls.add(current.url);
      if (changes.title !== undefined || changes.url !== undefined) {
        current = await browser.bookmarks.update(current.id, changes);
        await carriedOut(plan.updated);
      }
      const parentId = parentIdOf(op, current.parentId)!;
      const moveGroup = parentId !== current.parentId;
      if (moveGroup || (op.index >= 0 && op.index !== current.index)) {
        if (operation && plan.moved === undefined) {
          // Into a group this save created: journaled now that its id is known.
          const [entry] = await operation.append([
            { role: 'moved', id: current.id, title: current.title, parentId: current.parentId!, index: current.index ?? 0, toParentId: parentId },
          ]);
          plan.moved = stored.push(entry!) - 1;
          plan.entries.push(plan.moved);
          await operation.steps.attempt([entry!.seq]);
        }
        clock.expectMove(current.id);
        try {
          await browser.bookmarks.move(current.id, { parentId, ...(op.index >= 0 ? { index: op.index } : {}) });
        } catch (error) {
          clock.cancelMove(current.id);
          throw error;
        }
        await carriedOut(plan.moved);
        [current] = await browser.bookmarks.get(current.id);
      }
      written.push({ ref: op.ref, node: current, tags });
    } catch (error) {
      if (steps) await skip(plan, done);
      outcomes.push({ ref: op.ref, status: 'failed', message: messageOf(error) });
    }
  }

  // Tags belong to the URL: a saved bookmark makes its URL's tags exactly its tags (the last one saved wins). What
  // each URL will keep is journaled first, with what it had.
  const wantedTags = new Map<string, string[]>();
  for (const w of written) if (w.node.url && w.tags) wantedTags.set(w.node.url, w.tags);
  if (wantedTags.size) {
    const currentTags = await tagStore.getTagsForUrls([...wantedTags.keys()]);
    const changed = [...wantedTags].filter(([url, tags]) => !sameList(currentTags.get(url) ?? [], tags));
    const edit = { kind: 'set', entries: changed.map(([url, tags]) => ({ url, tags })) } as const;
    if (operation && changed.length) {
      const after = await tagStore.preview(edit);
      await operation.append(after.map((c) => ({ role: 'tags', url: c.url, before: currentTags.get(c.url) ?? [], after: c.tags })));
    }
    await tagStore.setTagsMany(edit.entries);
    if (changed.length) {
      const spelled = await tagStore.getTagsForUrls(changed.map(([url]) => url));
      for (const [url, tags] of spelled) wantedTags.set(url, tags);
    }
  }
  // A URL a bookmark left (a new address) loses its tags when no bookmark has it any more: journaled too, so undo
  // gives them back with the old address. (A removed bookmark's entry carries its URL's tags already.)
  const leftUrls = [...changedFromUrls].filter((url) => !wantedTags.has(url));
  if (operation && leftUrls.length) await forgetLeftAddresses({ browser, tagStore }, (entries) => operation.append(entries), leftUrls);
  if (removedUrls.size || changedFromUrls.size) await forgetOrphanUrls({ browser, tagStore }, [...removedUrls, ...changedFromUrls]);
  if (removedIds.length) await clock.forget(removedIds);
  await operation?.finish();

  const knownTags = new Map<string, string[]>();
  for (const w of written) if (w.node.url && kindOf(w.node) === 'bookmark') knownTags.set(w.node.id, wantedTags.get(w.node.url) ?? []);
  const updatedById = await clock.recordWrites(written.map((w) => ({ node: w.node, tags: knownTags.get(w.node.id) ?? [] })));
  const described = await describeNodes(
    written.map((w) => w.node),
    { browser, tagStore, clock, knownTags, knownUpdated: updatedById },
  );
  const byId = new Map<string, WireNode>(described.items.map((n) => [n.id, n]));
  for (const w of written) outcomes.push({ ref: w.ref, status: 'saved', item: byId.get(w.node.id)! });
  const order = new Map(ops.map((op, i) => [op.ref, i]));
  outcomes.sort((a, b) => order.get(a.ref)! - order.get(b.ref)!);
  return { outcomes, groups: described.groups };
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((t, i) => t === b[i]);
}
