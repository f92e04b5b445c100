/**
 * The duplicates workflow: scan (progress) -> summary -> groups (virtualized, filters, keeper per group) and
 * folder pairs, empty folders, keep rules -> preview of the whole plan -> apply (progress, rate, pause, cancel,
 * per-item problems) -> history with Undo. `focusUrl` (from ?url=) scrolls to that URL's group.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { ApplyProgress, ApplyResult } from '../../dedup/apply';
import type { CleanupPlan } from '../../dedup/plan-types';
import type { ReviewedScan, ScanProgress } from '../../dedup/protocol';
import type { DuplicateGroup, FolderPair, ScanResult } from '../../dedup/scan-types';
import { ruleLabel, type MatchRule } from '../../dedup/url-key';
import type { JobHandle } from '../../messaging/client';
import { AppError } from '../../messaging/errors';
import { announceBookmarksChanged, errorMessage, useClient } from '../client-context';
import { ConfirmDialog } from '../ConfirmDialog';
import { ProgressBar } from '../ProgressBar';
import { RuleEditor } from '../RuleEditor';
import { useFolders } from '../useFolders';
import { useSettings } from '../useSettings';
import { CleanupHistory } from './CleanupHistory';
import { emptyDecisions, keeperOf, toPlanInput, type Decisions } from './decisions';
import { EmptyFolders, FolderPairs, pairKey, type PairChoice } from './FolderPairs';
import { GroupList } from './GroupList';
import { copyFolders, filterGroups, NO_FILTERS, rowOfUrl, rulesPresent, toRows, type GroupFilters } from './rows';

const SCAN_PHASES: Record<ScanProgress['phase'], string> = {
  'reading-tree': 'Reading bookmarks',
  'reading-history': 'Reading visits',
  'reading-tags': 'Reading tags',
  matching: 'Finding duplicates',
};

const APPLY_PHASES: Record<ApplyProgress['phase'], string> = {
  checking: 'Checking the plan against your bookmarks',
  journaling: 'Writing the undo journal',
  'merging-tags': 'Merging tags',
  moving: 'Moving unique items into kept folders',
  collapsing: 'Removing duplicated folders',
  removing: 'Removing duplicates',
  done: 'Done',
};

function Summary({ scan }: { scan: ScanResult }) {
  const t = scan.totals;
  const items: [string, number, string][] = [
    ['groups', t.duplicateGroups, 'duplicate groups'],
    ['copies', t.redundantCopies, 'removable copies'],
    ['pairs', t.folderPairs, 'duplicated folders'],
    ['empty', t.emptyFolders, 'empty folders'],
    ['back', t.cameBack, 'came back after a cleanup'],
  ];
  return (
    <div class="summary" data-testid="scan-summary">
      {items.map(([id, n, label]) => (
        <div key={id} data-testid={`summary-${id}`}>
          <strong>{n.toLocaleString('en')}</strong>
          {label}
        </div>
      ))}
      <div>
        <strong>{t.bookmarks.toLocaleString('en')}</strong>bookmarks scanned
      </div>
    </div>
  );
}

export function DuplicatesView({ focusUrl }: { focusUrl: string | null }) {
  const client = useClient();
  const { settings, update, error: settingsError } = useSettings();
  const { folders } = useFolders();
  const [scan, setScan] = useState<ReviewedScan | null>(null);
  const [scanProgress, setScanProgress] = useState<ScanProgress | null>(null);
  const [decisions, setDecisions] = useState<Decisions>(emptyDecisions);
  const [filters, setFilters] = useState<GroupFilters>(NO_FILTERS);
  const [plan, setPlan] = useState<CleanupPlan | null>(null);
  const [confirmApply, setConfirmApply] = useState(false);
  const [applyProgress, setApplyProgress] = useState<ApplyProgress | null>(null);
  const [paused, setPaused] = useState(false);
  const [applyResult, setApplyResult] = useState<ApplyResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** The scan shown is no longer current (the plan was refused): the list is out of date until the next scan. */
  const [stale, setStale] = useState(false);
  const [historyKey, setHistoryKey] = useState(0);
  const applyJob = useRef<JobHandle<ApplyResult> | null>(null);

  const runScan = async () => {
    setError(null);
    setStale(false);
    setPlan(null);
    setApplyResult(null);
    setScanProgress({ phase: 'reading-tree', step: 0, steps: 4 });
    try {
      const result = await client.startJob('dedup.scan', {}, setScanProgress).result;
      setScan(result);
      setDecisions(emptyDecisions());
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setScanProgress(null);
    }
  };
  // Scan once when the page opens.
  useEffect(() => void runScan(), []); // eslint-disable-line react-hooks/exhaustive-deps

  const groups = scan?.groups ?? [];
  const shownGroups = useMemo(() => filterGroups(groups, filters), [groups, filters]);
  const rows = useMemo(() => toRows(shownGroups), [shownGroups]);
  const folderOptions = useMemo(() => copyFolders(groups), [groups]);
  const ruleOptions = useMemo(() => rulesPresent(groups), [groups]);
  const focusRow = useMemo(() => (scan && focusUrl ? rowOfUrl(rows, focusUrl, scan.options.matching) : -1), [scan, focusUrl, rows]);

  const change = (fn: (d: Decisions) => Decisions) => {
    setDecisions(fn);
    setPlan(null);
  };
  const onKeep = (g: DuplicateGroup, id: string) =>
    change((d) => {
      const keepers = new Map(d.keepers);
      if (id === g.suggestedKeeperId) keepers.delete(g.key);
      else keepers.set(g.key, id);
      return { ...d, keepers };
    });
  const onLeave = (g: DuplicateGroup, leave: boolean) =>
    change((d) => {
      const left = new Set(d.left);
      if (leave) left.add(g.key);
      else left.delete(g.key);
      return { ...d, left };
    });
  const onPair = (p: FolderPair, c: PairChoice) =>
    change((d) => {
      const pairs = new Map(d.pairs);
      pairs.set(pairKey(p), c);
      return { ...d, pairs };
    });

  const preview = async () => {
    if (!scan) return;
    setError(null);
    setPlan(null);
    try {
      setPlan(await client.call('dedup.plan', toPlanInput(decisions, scan)));
    } catch (e) {
      // 'conflict': the bookmarks changed since this scan (or the background lost it); only a new scan can help.
      setStale(e instanceof AppError && e.code === 'conflict');
      setError(errorMessage(e));
    }
  };

  const apply = async () => {
    if (!plan) return;
    setConfirmApply(false);
    setError(null);
    setPaused(false);
    setApplyProgress({ phase: 'checking', done: 0, total: 0, rate: 0, etaMs: null });
    const handle = client.startJob('dedup.apply', plan, setApplyProgress);
    applyJob.current = handle;
    try {
      setApplyResult(await handle.result);
      setPlan(null);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      applyJob.current = null;
      setApplyProgress(null);
      setHistoryKey((k) => k + 1);
      announceBookmarksChanged();
    }
  };

  const togglePause = () => {
    if (!applyJob.current) return;
    if (paused) applyJob.current.resume();
    else applyJob.current.pause();
    setPaused(!paused);
  };

  const busy = !!scanProgress || !!applyProgress;
  return (
    <div class="view duplicates-view">
      <div class="actions">
        <button type="button" class="primary" onClick={runScan} disabled={busy}>
          {scan ? 'Scan again' : 'Scan for duplicates'}
        </button>
      </div>
      {scanProgress && <ProgressBar label={SCAN_PHASES[scanProgress.phase]} done={scanProgress.step} total={scanProgress.steps} />}
      {error && !stale && (
        <p role="alert" class="error" data-testid="duplicates-error">
          {error}
        </p>
      )}
      {scan && <Summary scan={scan} />}

      <details class="keep-rules">
        <summary>Keep rules and exclusions (changes rescan)</summary>
        {settings && (
          <RuleEditor
            value={{ keep: settings.keep, exclusions: settings.exclusions }}
            folders={folders}
            onChange={async (patch) => {
              if (await update(patch)) await runScan();
            }}
          />
        )}
        {settingsError && (
          <p role="alert" class="error">
            {settingsError}
          </p>
        )}
      </details>

      {scan && (
        <>
          <section aria-labelledby="groups-heading">
            <h2 id="groups-heading">
              Duplicate bookmarks ({shownGroups.length.toLocaleString('en')}
              {shownGroups.length !== groups.length ? ` of ${groups.length.toLocaleString('en')}` : ''} groups)
            </h2>
            <div class="filters">
              <div class="field">
                <label for="filter-text">Title or address</label>
                <input id="filter-text" type="search" value={filters.text} onInput={(e) => setFilters({ ...filters, text: (e.target as HTMLInputElement).value })} />
              </div>
              <div class="field">
                <label for="filter-folder">Folder</label>
                <input id="filter-folder" type="search" list="filter-folder-list" value={filters.folder} onInput={(e) => setFilters({ ...filters, folder: (e.target as HTMLInputElement).value })} />
                <datalist id="filter-folder-list">
                  {folderOptions.map((p) => (
                    <option key={p} value={p} />
                  ))}
                </datalist>
              </div>
              <div class="field">
                <label for="filter-rule">Matching rule</label>
                <select id="filter-rule" value={filters.rule} onChange={(e) => setFilters({ ...filters, rule: (e.target as HTMLSelectElement).value as MatchRule | '' })}>
                  <option value="">Any rule</option>
                  {ruleOptions.map((r) => (
                    <option key={r} value={r}>
                      {ruleLabel(r)}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            {rows.length ? (
              <GroupList
                rows={rows}
                groupCount={shownGroups.length}
                keeperOf={(g) => keeperOf(decisions, g)}
                isLeft={(g) => decisions.left.has(g.key)}
                onKeep={onKeep}
                onLeave={onLeave}
                focusRow={focusRow}
              />
            ) : (
              <p class="muted">{groups.length ? 'No group matches the filters.' : 'No duplicate bookmarks.'}</p>
            )}
            {focusUrl && focusRow < 0 && <p class="muted">{focusUrl} has no duplicates.</p>}
          </section>
          <section aria-labelledby="pairs-heading">
            <h2 id="pairs-heading">Duplicated folders</h2>
            <FolderPairs pairs={scan.folderPairs} choiceOf={(p) => decisions.pairs.get(pairKey(p)) ?? 'keep'} onChoose={onPair} />
          </section>
          <section aria-labelledby="empty-heading">
            <h2 id="empty-heading">Empty folders</h2>
            <EmptyFolders folders={scan.emptyFolders} include={decisions.includeEmptyFolders} onInclude={(v) => change((d) => ({ ...d, includeEmptyFolders: v }))} />
          </section>
          <section aria-labelledby="plan-heading">
            <h2 id="plan-heading">Clean up</h2>
            <div class="actions">
              <button type="button" onClick={preview} disabled={busy || stale}>
                Preview the cleanup
              </button>
              <button type="button" class="danger" disabled={!plan || busy || plan.removals.length + plan.moves.length === 0} onClick={() => setConfirmApply(true)}>
                Apply…
              </button>
            </div>
            {stale && error && (
              <div role="alert" class="error" data-testid="stale-scan">
                <p>{error}</p>
                <button type="button" class="primary" onClick={runScan} disabled={busy}>
                  Scan again
                </button>
              </div>
            )}
            {plan && (
              <table class="plan" data-testid="plan-preview">
                <tbody>
                  <tr>
                    <th>Duplicate bookmarks removed</th>
                    <td data-testid="plan-bookmarks">{plan.summary.duplicateBookmarks}</td>
                  </tr>
                  <tr>
                    <th>Duplicated folders merged and removed</th>
                    <td data-testid="plan-folders">{plan.summary.duplicateFolders}</td>
                  </tr>
                  <tr>
                    <th>Empty folders removed</th>
                    <td data-testid="plan-empty">{plan.summary.emptyFolders}</td>
                  </tr>
                  <tr>
                    <th>Items moved into kept folders</th>
                    <td data-testid="plan-moved">{plan.summary.movedItems}</td>
                  </tr>
                  <tr>
                    <th>Addresses whose tags are merged</th>
                    <td>{plan.tagMerges.length}</td>
                  </tr>
                </tbody>
              </table>
            )}
            {applyProgress && (
              <div class="actions">
                <ProgressBar label={`Cleaning up: ${APPLY_PHASES[applyProgress.phase]}`} done={applyProgress.done} total={applyProgress.total} rate={applyProgress.rate} />
                <button type="button" onClick={togglePause}>
                  {paused ? 'Resume' : 'Pause'}
                </button>
                <button type="button" onClick={() => applyJob.current?.cancel()}>
                  Cancel
                </button>
              </div>
            )}
            {applyResult && (
              <div class="report" role="status" data-testid="apply-result">
                <p>
                  {applyResult.cancelled ? 'Cancelled part way: ' : 'Done: '}
                  {applyResult.counts.copies} copies removed, {applyResult.counts.moved} moved, {applyResult.counts.skipped} skipped in{' '}
                  {(applyResult.elapsedMs / 1000).toFixed(1)} s. You can undo it below.
                </p>
                {applyResult.problems.length > 0 && (
                  <details open>
                    <summary>{applyResult.problems.length} items were left as they are</summary>
                    <ul class="plain-list" data-testid="apply-problems">
                      {applyResult.problems.map((p, i) => (
                        <li key={i}>
                          {p.title ?? p.id}: {p.message}
                        </li>
                      ))}
                    </ul>
                  </details>
                )}
              </div>
            )}
          </section>
        </>
      )}
      <CleanupHistory refreshKey={historyKey} onUndone={() => void runScan()} />
      {confirmApply && plan && (
        <ConfirmDialog title="Apply this cleanup?" confirmLabel="Apply cleanup" onCancel={() => setConfirmApply(false)} onConfirm={apply}>
          <p>
            {plan.summary.duplicateBookmarks} duplicate bookmarks, {plan.summary.duplicateFolders} duplicated folders and {plan.summary.emptyFolders} empty folders
            will be removed; {plan.summary.movedItems} items will be moved. Everything is recorded first and can be undone from the history.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
