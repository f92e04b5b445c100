// SPDX-License-Identifier: MPL-2.0
/**
 * The background half of save(): runs the operations a caller planned (parents first), on browser.bookmarks, the
 * tag store and the clock. An operation that fails fails alone; a child whose parent failed goes to UNSORTED.
 * When an operation asks for a check and the stored item is newer than its snapshot, nothing is written for it and
 * the stored version comes back as a conflict, for the caller's resolve().
 *
 * A write hook (write-hook.ts) hears each request before anything is written and each step as it is carried out
 * (Tidymarks journals them in its history, so saves are undone like its other edits). The caller (engine.ts) runs it
 * in the hook's queue.
 */
import { sameStoredUrl } from './support/stored-url';
import { isRootId, UNFILED_ID, type Browser, type BookmarkNode } from './support/browser';
import { descendants, kindOf } from './support/tree';
import { english, type Translate } from './support/messages';
import { PlacesError } from './support/places-error';
import { normalizeTagList } from './tag-names';
import { forgetLeftAddresses, forgetOrphanUrls } from './orphans';
import type { TagStore } from './tag-store';
import type { Clock } from './clock';
import { MESSAGES, isValidUrl, type SaveOp, type SaveOutcome, type SaveReply, type WireNode } from './caller';
import { describeNodes, itemType } from './nodes';
import type { SaveRecorder, WriteHook } from './write-hook';

export interface EngineDeps {
  browser: Browser;
  tagStore: TagStore;
  clock: Clock;
  /** Hears the save (write-hook.ts); none by default. */
  hook?: WriteHook;
  /** Where the save came from, for the hook. */
  source?: string;
  /** The refusals' words (English by default). */
  translate?: Translate;
}

interface Written {
  ref: number;
  node: BookmarkNode;
  tags?: string[];
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Checks one operation as the engine will (a bad one fails alone): its tags, normalized, for a bookmark. */
export function checkSaveOp(op: SaveOp, translate: Translate = english): { tags?: string[] } {
  // Roots are never removed or changed, whatever Firefox itself would say.
  if (op.id && isRootId(op.id)) throw new PlacesError('invalid-input', translate('placesRootReadOnly'));
  if (op.action === 'remove') {
    if (!op.id) throw new PlacesError('invalid-input', translate('placesRemoveUnsaved'));
    return {};
  }
  if (op.action === 'update' && !op.id) throw new PlacesError('invalid-input', translate('placesUpdateNeedsId'));
  if (op.type !== 'separator' && typeof op.title !== 'string') throw new PlacesError('invalid-input', MESSAGES.title);
  if (op.type === 'bookmark') {
    if (!isValidUrl(op.url)) throw new PlacesError('invalid-input', MESSAGES.url);
    return { tags: normalizeTagList(op.tags ?? [], translate) };
  }
  return {};
}

const firefoxType = { bookmark: 'bookmark', group: 'folder', separator: 'separator' } as const;

export async function runSave(ops: readonly SaveOp[], deps: EngineDeps): Promise<SaveReply> {
  const { browser, tagStore, clock } = deps;
  const outcomes: SaveOutcome[] = [];
  const createdByRef = new Map<number, string>();
  const written: Written[] = [];
  const removedIds: string[] = [];
  const removedUrls = new Set<string>();
  const changedFromUrls = new Set<string>();
  const translate = deps.translate ?? english;
  await clock.flush();

  // The hook first: it hears everything this save is about to do before anything is written.
  const recorder: SaveRecorder | null = (await deps.hook?.begin(ops, deps.source !== undefined ? { source: deps.source } : {})) ?? null;

  const parentIdOf = (op: SaveOp, fallback: string | undefined): string | undefined => {
    if (!op.parent) return fallback;
    if ('id' in op.parent) return op.parent.id;
    return createdByRef.get(op.parent.ref) ?? UNFILED_ID;
  };

  for (const [i, op] of ops.entries()) {
    try {
      const { tags } = checkSaveOp(op, translate);

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
        await recorder?.done(i, 'removed');
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
        recorder?.created(i, node.id);
        written.push({ ref: op.ref, node, tags });
        continue;
      }

      // update
      let [current] = await browser.bookmarks.get(op.id!);
      if (itemType(current) !== op.type) {
        throw new PlacesError('invalid-input', translate('placesWrongType', op.id!, itemType(current), op.type));
      }
      if (op.check) {
        const currentTags = current.url && op.type === 'bookmark' ? await tagStore.getTags(current.url) : [];
        const stored = (await clock.observe([{ node: current, tags: currentTags }])).get(current.id)!;
        if (op.updated === undefined || stored > op.updated) {
          const [theirs] = await describeNodes([current], { browser, tagStore, clock, knownTags: new Map([[current.id, currentTags]]) }).then((d) => d.items);
          await recorder?.skipped(i);
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
        await recorder?.done(i, 'updated');
      }
      const parentId = parentIdOf(op, current.parentId)!;
      const moveGroup = parentId !== current.parentId;
      if (moveGroup || (op.index >= 0 && op.index !== current.index)) {
        // Into a group this save created: the hook hears it now that its id is known.
        if (op.parent && 'ref' in op.parent) await recorder?.moving(i, current, parentId);
        clock.expectMove(current.id);
        try {
          await browser.bookmarks.move(current.id, { parentId, ...(op.index >= 0 ? { index: op.index } : {}) });
        } catch (error) {
          clock.cancelMove(current.id);
          throw error;
        }
        await recorder?.done(i, 'moved');
        [current] = await browser.bookmarks.get(current.id);
      }
      written.push({ ref: op.ref, node: current, tags });
    } catch (error) {
      await recorder?.skipped(i);
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
    if (recorder && changed.length) {
      const after = await tagStore.preview(edit);
      await recorder.tags(after.map((c) => ({ url: c.url, before: currentTags.get(c.url) ?? [], after: c.tags })));
    }
    await tagStore.setTagsMany(edit.entries);
    if (changed.length) {
      const spelled = await tagStore.getTagsForUrls(changed.map(([url]) => url));
      for (const [url, tags] of spelled) wantedTags.set(url, tags);
    }
  }
  // A URL a bookmark left (a new address) loses its tags when no bookmark has it any more: the hook hears it first
  // (Tidymarks' undo gives them back with the old address). A removed item's tags went with its removal.
  const leftUrls = [...changedFromUrls].filter((url) => !wantedTags.has(url));
  if (recorder && leftUrls.length) await forgetLeftAddresses({ browser, tagStore }, (changes) => recorder.forgetting(changes), leftUrls);
  if (removedUrls.size || changedFromUrls.size) await forgetOrphanUrls({ browser, tagStore }, [...removedUrls, ...changedFromUrls]);
  if (removedIds.length) await clock.forget(removedIds);
  await recorder?.finish();

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
