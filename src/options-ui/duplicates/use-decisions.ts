/**
 * The person's decisions on the scan shown (decisions.ts), as the Duplicates page holds them: they start from what
 * the background remembered for that scan, and every choice on a group or a copied folder is remembered for later
 * scans (`dedup.decisions.remember`). While `readOnly` (the last scan is shown while the page's own runs) choices are
 * ignored, the keyboard's too.
 */
import { useState } from 'preact/hooks';
import type { DuplicateGroup, FolderSet } from '../../dedup';
import { folderSetKey } from '../../dedup';
import type { ReviewedScan } from '../../dedup/protocol';
import { t } from '../../i18n';
import { errorMessage, useClient } from '../client-context';
import { decisionsFromScan, emptyDecisions, type Decisions } from './decisions';
import type { SetChoice } from './FolderSets';

export interface DecisionsState {
  decisions: Decisions;
  /** Why a remembered decision on a group no longer fits (the group changed since), by group key. */
  notes: ReadonlyMap<string, string>;
  /** The same for copied folders, by FolderSet.id. */
  folderSetNotes: ReadonlyMap<string, string>;
  /** Changes whenever a decision was remembered (the list of remembered decisions shows it). */
  version: number;
  /** Starts over from the decisions a scan carries. */
  reset(scan: ReviewedScan): void;
  change(fn: (d: Decisions) => Decisions): void;
  keep(group: DuplicateGroup, copyId: string): void;
  leave(group: DuplicateGroup, leave: boolean): void;
  chooseSet(set: FolderSet, choice: SetChoice): void;
  /** Remembered decisions the person forgot: their groups go back to the rules. */
  forgotten(keys: string[]): void;
}

export function useDecisions({ readOnly, onChange, onError }: { readOnly: boolean; onChange(): void; onError(message: string): void }): DecisionsState {
  const client = useClient();
  const [decisions, setDecisions] = useState<Decisions>(emptyDecisions);
  const [notes, setNotes] = useState<ReadonlyMap<string, string>>(new Map());
  const [folderSetNotes, setFolderSetNotes] = useState<ReadonlyMap<string, string>>(new Map());
  const [version, setVersion] = useState(0);

  const reset = (scan: ReviewedScan) => {
    const remembered = decisionsFromScan(scan);
    setDecisions(remembered.decisions);
    setNotes(remembered.notes);
    setFolderSetNotes(remembered.setNotes);
  };
  // Choices wait for the page's own scan: the last scan shown meanwhile is only to look at.
  const change = (fn: (d: Decisions) => Decisions) => {
    if (readOnly) return;
    setDecisions(fn);
    onChange();
  };
  const remembered = () => setVersion((v) => v + 1);
  const notRemembered = (e: unknown) => onError(t('dupRememberFailed', errorMessage(e)));
  const remember = (g: DuplicateGroup, leave: boolean, keeperId: string | null) => {
    const keeper = keeperId ? g.copies.find((c) => c.id === keeperId) : undefined;
    setNotes((n) => without(n, g.key));
    client
      .call('dedup.decisions.remember', {
        key: g.key,
        leave,
        keeper: keeper ? { id: keeper.id, url: keeper.url, path: keeper.path, title: keeper.title } : null,
        copyIds: g.copies.map((c) => c.id),
        url: keeper?.url ?? g.copies[0]!.url,
        title: (keeper ?? g.copies.find((c) => c.title) ?? g.copies[0]!).title,
      })
      .then(remembered, notRemembered);
  };
  /** Remembers the choice on a copied folder for later scans (the default choice forgets it). */
  const rememberSet = (set: FolderSet, choice: SetChoice, isDefault: boolean) => {
    const keeper = set.members.find((m) => m.id === choice.keepId);
    setFolderSetNotes((n) => without(n, set.id));
    client
      .call('dedup.decisions.remember', {
        key: folderSetKey(set),
        leave: !isDefault && !choice.merge,
        keeper: !isDefault && choice.merge && keeper ? { id: keeper.id, url: '', path: keeper.path, title: keeper.title } : null,
        copyIds: set.members.map((m) => m.id),
        url: '',
        title: set.title,
      })
      .then(remembered, notRemembered);
  };

  return {
    decisions,
    notes,
    folderSetNotes,
    version,
    reset,
    change,
    keep: (g, id) => {
      if (readOnly) return;
      // Choosing the copy the rules suggest goes back to the rules' choice.
      const keeperId = id === g.suggestedKeeperId ? null : id;
      change((d) => {
        const keepers = new Map(d.keepers);
        if (keeperId) keepers.set(g.key, keeperId);
        else keepers.delete(g.key);
        return { ...d, keepers };
      });
      remember(g, decisions.left.has(g.key), keeperId);
    },
    leave: (g, leave) => {
      if (readOnly) return;
      change((d) => {
        const left = new Set(d.left);
        if (leave) left.add(g.key);
        else left.delete(g.key);
        return { ...d, left };
      });
      remember(g, leave, decisions.keepers.get(g.key) ?? null);
    },
    chooseSet: (set, choice) => {
      if (readOnly) return;
      const isDefault = choice.merge && choice.keepId === set.suggestedKeepId;
      change((d) => {
        const sets = new Map(d.sets);
        if (isDefault) sets.delete(set.id);
        else sets.set(set.id, choice);
        return { ...d, sets };
      });
      rememberSet(set, choice, isDefault);
    },
    forgotten: (keys) =>
      change((d) => {
        const keepers = new Map(d.keepers);
        const left = new Set(d.left);
        for (const k of keys) {
          keepers.delete(k);
          left.delete(k);
        }
        return { ...d, keepers, left };
      }),
  };
}

/** `notes` without `key` (the same map when it has none). */
function without(notes: ReadonlyMap<string, string>, key: string): ReadonlyMap<string, string> {
  if (!notes.has(key)) return notes;
  const next = new Map(notes);
  next.delete(key);
  return next;
}
