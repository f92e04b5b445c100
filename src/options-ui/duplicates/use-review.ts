/**
 * What the Duplicates page shows of the scan under the person's decisions: the plan they make (built here with the
 * same buildPlan as the background's, so every figure counts in the plan's units), which copy each group keeps and
 * why, and the group list's rows under the filters, the order and what is open.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { buildPlan, type DuplicateGroup } from '../../dedup';
import type { ReviewedScan } from '../../dedup/protocol';
import { t } from '../../i18n';
import { errorMessage } from '../client-context';
import { goesWithFolders, keepersOfPlan, removedFolders, toPlanDecisions, type Decisions } from './decisions';
import { keptByRulesText, type KeepContext } from './kept-because';
import {
  copyFolders,
  DEFAULT_EXPANSION,
  filterGroups,
  folderRowId,
  NO_FILTERS,
  openFully,
  orderGroups,
  rowOfUrl,
  rulesPresent,
  toRows,
  type Expansion,
  type GroupFilters,
  type GroupOrder,
  type Row,
} from './rows';

/** Above this many groups the page's own plan is built one task after a decision, not during it. */
const DEFER_PLAN_ABOVE = 2_000;

/**
 * `value`, or when `defer`, `value` as it was until one task after it changed. A new `basis` (another scan) takes
 * the value at once: an older value may not fit it.
 */
function useDeferredFor<T>(defer: boolean, value: T, basis: unknown): T {
  const [deferred, setDeferred] = useState({ value, basis });
  useEffect(() => {
    if (!defer) return;
    const timer = setTimeout(() => setDeferred({ value, basis }), 0);
    return () => clearTimeout(timer);
  }, [defer, value, basis]);
  return defer && deferred.basis === basis ? deferred.value : value;
}

export function useReview(scan: ReviewedScan | null, decisions: Decisions, focusUrl: string | null) {
  const [filters, setFilters] = useState<GroupFilters>(NO_FILTERS);
  const [order, setOrder] = useState<GroupOrder>('review');
  const [expansion, setExpansion] = useState<Expansion>(DEFAULT_EXPANSION);
  /** Bumped by every scan the list starts over for (not when the page's own scan replaces the last one shown). */
  const [listEpoch, setListEpoch] = useState(0);

  const groups = scan?.groups ?? [];
  const folderOptions = useMemo(() => copyFolders(groups), [groups]);
  const ruleOptions = useMemo(() => rulesPresent(groups), [groups]);

  // The plan the page's decisions make, built here from the scan shown (the same buildPlan as the background's).
  // For big scans (buildPlan takes 40-90 ms at 20,000 groups) it follows a click by one task, so the click shows at
  // once and the numbers a moment later.
  const planned = useDeferredFor(groups.length > DEFER_PLAN_ABOVE, decisions, scan);
  const local = useMemo(() => {
    if (!scan) return null;
    try {
      return { plan: buildPlan(scan, toPlanDecisions(planned, scan), { now: 0, newId: () => 'page' }), error: null };
    } catch (e) {
      return { plan: null, error: errorMessage(e) };
    }
  }, [scan, planned]);
  const removed = useMemo(() => (scan ? removedFolders(decisions, scan) : new Map<string, string>()), [scan, decisions]);
  const planKeepers = useMemo(() => (scan ? keepersOfPlan(local?.plan ?? null, scan) : new Map<string, string>()), [scan, local]);
  const goesWith = useMemo(() => goesWithFolders(removed, scan?.folderParents ?? {}), [removed, scan]);
  const chosenKeeper = (g: DuplicateGroup) => {
    const chosen = decisions.keepers.get(g.key);
    const copy = chosen ? g.copies.find((c) => c.id === chosen) : undefined;
    return copy && !goesWith(copy) ? copy.id : null;
  };
  const keeperOf = (g: DuplicateGroup): string | null => {
    if (decisions.left.has(g.key)) return null;
    const suggested = g.copies.find((c) => c.id === g.suggestedKeeperId);
    return chosenKeeper(g) ?? planKeepers.get(g.key) ?? (suggested && !goesWith(suggested) ? suggested.id : (g.copies.find((c) => !goesWith(c))?.id ?? null));
  };
  /** Every copy but one goes with a copied folder: the folder sets decide for this group (kept per group). */
  const settled = useMemo(() => new WeakMap<DuplicateGroup, boolean>(), [goesWith]);
  const settledByFolders = (g: DuplicateGroup) => {
    let answer = settled.get(g);
    if (answer === undefined) settled.set(g, (answer = removed.size > 0 && g.copies.filter((c) => goesWith(c) === null).length === 1));
    return answer;
  };
  // Why a group's copy stays, told among the copies that stay under the decisions (kept-because.ts); per group, until
  // the decisions or the plan change.
  const keepContext = useMemo((): KeepContext | null => scan && { ...scan, movedTo: new Map(local?.plan?.moves.map((m) => [m.id, m.toParentId])) }, [scan, local]);
  const keptTexts = useMemo(() => new WeakMap<DuplicateGroup, string>(), [keepContext, decisions, goesWith, planKeepers]);
  const keptText = (g: DuplicateGroup) => {
    if (chosenKeeper(g)) return t('dupKeptYourChoice');
    if (settledByFolders(g) && !decisions.left.has(g.key)) return t('dupKeptByFolders');
    const keeper = keeperOf(g);
    if (!keeper || !keepContext) return t('dupKeptByRules');
    let text = keptTexts.get(g);
    if (text === undefined) keptTexts.set(g, (text = keptByRulesText(g, keeper, goesWith, keepContext)));
    return text;
  };

  // Which groups the folder sets settle depends on the set decisions only (not on keeper choices or leave alone).
  const shownGroups = useMemo(() => orderGroups(filterGroups(groups, filters), order, settledByFolders), [groups, filters, order, removed]);
  const rows = useMemo(() => toRows(shownGroups, expansion, keeperOf, settledByFolders), [shownGroups, expansion, decisions, planKeepers]);
  const focusRow = useMemo(() => (scan && focusUrl ? rowOfUrl(rows, focusUrl, scan.options.matching) : -1), [scan, focusUrl]);

  return {
    groups,
    folderOptions,
    ruleOptions,
    /** The plan's numbers, or null with `planError` when the decisions make no plan. */
    numbers: local?.plan?.numbers ?? null,
    planError: local?.error ?? null,
    nothingToDo: !local?.plan || local.plan.removals.length + local.plan.moves.length === 0,
    goesWith,
    keeperOf,
    keptText,
    filters,
    setFilters,
    order,
    setOrder,
    shownGroups,
    rows,
    focusRow,
    /** Changes whenever the list starts over (another scan, other filters or order): it goes back to the top. */
    resetKey: `${listEpoch}\n${filters.text}\n${filters.folder}\n${filters.rule}\n${order}`,
    /** A new scan: every group as it opens at first. */
    startOver: () => {
      setExpansion(DEFAULT_EXPANSION);
      setListEpoch((n) => n + 1);
    },
    expandAll: (all: boolean) => setExpansion({ all, groups: new Map(), folders: new Map() }),
    openFully: (g: DuplicateGroup) => setExpansion((e) => openFully(e, g)),
    toggle: (row: Row) =>
      setExpansion((e) => {
        if (row.kind === 'group') return { ...e, groups: new Map(e.groups).set(row.group.key, !row.expanded) };
        if (row.kind === 'folder') return { ...e, folders: new Map(e.folders).set(folderRowId(row.group, row.folderId), !row.expanded) };
        return e;
      }),
  };
}
