/**
 * The Duplicates page: scan when opened, then one summary with the cleanup's numbers and one obvious action ("Clean
 * up all with these rules"); the review is optional: copied folders (sets of N copies, pick the one that stays),
 * duplicate groups (a keyboard tree, kept copy pinned with its reason, big groups per folder, filters and orders),
 * empty folders, keep rules and remembered decisions. Apply asks first with the same numbers, shows its phases in
 * order with a fixed total, rate and time left, and the page then scans again by itself and shows the result on top.
 *
 * One set of numbers: the page runs the same buildPlan as the background on the scan it shows, with the person's
 * decisions, so the summary, the preview, the confirm dialog, the progress total, the result and the history all
 * count in the plan's units (cleanup-numbers.ts), written by one function (describeCleanup, src/operation-words).
 *
 * Loading: the scan starts as the page opens (options/main.tsx asks for it before this code is even loaded: see
 * early-scan.ts), before anything else asks the background (the bookmark count in the
 * header, the folder list of the rule editor and the cleanup history wait for it, they all read Places or IndexedDB
 * too); the list renders from the scan result without another request; rows below the fold are not rendered.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { ApplyProgress, ApplyResult } from '../../dedup';
import type { CleanupNumbers } from '../../dedup';
import type { CleanupPlan } from '../../dedup';
import type { ReviewedScan, ScanProgress } from '../../dedup/protocol';
import type { UndoResult } from '../../operations';
import type { MatchRule } from '../../url-matching';
import { formatNumber, plural, say, t } from '../../i18n';
import type { JobHandle } from '../../messaging/client';
import { AppError } from '../../messaging/errors';
import { announceBookmarksChanged, announceScanShown, errorMessage, useClient } from '../client-context';
import { ConfirmDialog } from '../ConfirmDialog';
import { describeCleanup, describeUndone } from '../../operation-words';
import { formatDateTime, formatElapsed } from '../format';
import { ProgressBar } from '../ProgressBar';
import { RuleEditor } from '../RuleEditor';
import { useFolders } from '../useFolders';
import { useSettings } from '../useSettings';
import { CleanupHistory } from './CleanupHistory';
import { CleanupProgressView } from './CleanupProgressView';
import { toPlanInput } from './decisions';
import { useDecisions } from './use-decisions';
import { lastScan, takeEarlyScan } from './early-scan';
import { EmptyFolders, FolderSets, setChoiceOf } from './FolderSets';
import { GroupList } from './GroupList';
import { useReview } from './use-review';
import type { LinkMarker } from '../../link-health';
import { CleanupPreview } from './CleanupPreview';
import { Marked, markUntrusted } from './Marked';
import { showBidiControls } from '../../ui';
import { foldersFound, foldersFoundAndGoing } from './folder-figures';
import { GROUP_ORDERS, groupOrderLabel, matchRuleLabel, type GroupOrder } from './rows';

function scanPhaseLabel(phase: ScanProgress['phase']): string {
  if (phase === 'reading-tree') return t('scanPhaseReadingTree');
  if (phase === 'reading-history') return t('scanPhaseReadingHistory');
  if (phase === 'reading-tags') return t('scanPhaseReadingTags');
  return t('scanPhaseMatching');
}

/** A User Timing mark set each time a scan's list is rendered. */
export const LIST_SHOWN_MARK = 'tidymarks-duplicates-list-shown';

/** A User Timing mark set each time a scan's result reaches the page (before it is rendered). */
export const SCAN_RECEIVED_MARK = 'tidymarks-duplicates-scan-received';
/** A User Timing mark set each time the list of the page's own scan is rendered (not the last scan shown meanwhile). */
export const LIST_VERIFIED_MARK = 'tidymarks-duplicates-list-verified';

type Banner = { kind: 'applied'; result: ApplyResult } | { kind: 'undone'; result: UndoResult };

function KeepRules({
  onRulesChanged,
  decisionsRefreshKey,
  onDecisionsForgotten,
}: {
  onRulesChanged(): void;
  decisionsRefreshKey: unknown;
  onDecisionsForgotten(keys: string[]): void;
}) {
  const { settings, update, error } = useSettings();
  const { folders } = useFolders();
  return (
    <>
      {settings && (
        <RuleEditor
          value={{ keep: settings.keep, exclusions: settings.exclusions }}
          folders={folders}
          onChange={(patch) => void update(patch).then((saved) => saved && onRulesChanged())}
          decisionsRefreshKey={decisionsRefreshKey}
          onDecisionsForgotten={onDecisionsForgotten}
        />
      )}
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
    </>
  );
}

export function DuplicatesView({ focusUrl }: { focusUrl: string | null }) {
  const client = useClient();
  const [scan, setScan] = useState<ReviewedScan | null>(null);
  const [scanProgress, setScanProgress] = useState<ScanProgress | null>(null);
  const [plan, setPlan] = useState<CleanupPlan | null>(null);
  const [confirmApply, setConfirmApply] = useState(false);
  const [applyProgress, setApplyProgress] = useState<ApplyProgress | null>(null);
  const [applying, setApplying] = useState<CleanupNumbers | null>(null);
  const [paused, setPaused] = useState(false);
  const [banner, setBanner] = useState<Banner | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** The scan shown is no longer current (the plan was refused): the list is out of date until the next scan. */
  const [stale, setStale] = useState(false);
  /**
   * The scan shown is the last one the background kept, shown while the page's own scan runs: nothing can be chosen
   * or cleaned up until that scan replaces it. Its time, or null when the scan shown is the page's own.
   */
  const [checkingSince, setCheckingSince] = useState<number | null>(null);
  const [historyKey, setHistoryKey] = useState(0);
  const [rulesOpen, setRulesOpen] = useState(false);
  const applyJob = useRef<JobHandle<ApplyResult> | null>(null);

  const runScan = async (keepBanner = false, first = false) => {
    setError(null);
    setStale(false);
    setPlan(null);
    if (!keepBanner) setBanner(null);
    setScanProgress({ phase: 'reading-tree', step: 0, steps: 4 });
    let replacesPrevious = false;
    try {
      // The first scan may already be running: the page's entry asked for it before this code loaded, and for the
      // last scan beside it (asked first, so the background answers it before it starts scanning).
      const early = first ? takeEarlyScan(setScanProgress) : null;
      const previous = first ? (early?.previous ?? lastScan(client)) : null;
      const job = early?.handle ?? client.startJob('dedup.scan', {}, setScanProgress);
      let done = false;
      // The last scan, shown at once while this one runs: only to look at (see checkingSince).
      void previous?.then((last) => {
        if (done || !last) return;
        replacesPrevious = true;
        show(last.scan);
        setCheckingSince(last.scan.scannedAt);
      });
      const result = await job.result.finally(() => (done = true));
      performance.mark(SCAN_RECEIVED_MARK);
      show(result, replacesPrevious);
    } catch (e) {
      // A scan that failed leaves nothing to look at: the last scan shown meanwhile goes too.
      if (replacesPrevious) setScan(null);
      setError(errorMessage(e));
      // The header's count and the history wait for the first scan: a failed one must not keep them waiting.
      announceScanShown();
    } finally {
      setCheckingSince(null);
      setScanProgress(null);
    }
  };
  /** Shows a scan with the decisions it carries; the list starts over, unless it is the page's own scan replacing the last one. */
  const show = (result: ReviewedScan, replacing = false) => {
    setScan(result);
    choices.reset(result);
    if (!replacing) review.startOver();
  };
  // Scan once when the page opens: asked before the first paint, not after it.
  useLayoutEffect(() => void runScan(false, true), []);
  // The header's bookmark count and the history wait for the first scan (they would compete with it for Places).
  // The User Timing mark says when the list is on screen (bench/options-duplicates.bench.ts reads the first one).
  // LIST_VERIFIED_MARK when it is the page's own scan (not the last one shown while it runs).
  const checking = checkingSince !== null;
  useEffect(() => {
    if (!scan) return;
    if (!checking) announceScanShown();
    requestAnimationFrame(() => {
      performance.mark(LIST_SHOWN_MARK);
      if (!checking) performance.mark(LIST_VERIFIED_MARK);
    });
  }, [scan, checking]);
  // Link health's markers (dead, moved for good): one request per scan shown, after it, looked up by each copy's URL.
  const [markers, setMarkers] = useState<ReadonlyMap<string, LinkMarker>>(new Map());
  useEffect(() => {
    if (!scan || checking) return;
    let live = true;
    client.call('links.markers', {}).then(
      (r) => live && setMarkers(new Map(r.markers)),
      () => undefined, // the list is whole without them
    );
    return () => {
      live = false;
    };
  }, [scan, checking]);
  const markerOf = (url: string) => markers.get(url) ?? null;

  const choices = useDecisions({ readOnly: checking, onChange: () => setPlan(null), onError: setError });
  const { decisions } = choices;
  const review = useReview(scan, decisions, focusUrl);
  const { groups, shownGroups, filters, setFilters, numbers, nothingToDo } = review;

  /** The plan from the background (built from the scan it keeps), or null with the refusal shown. */
  const fetchPlan = async (): Promise<CleanupPlan | null> => {
    if (!scan) return null;
    setError(null);
    try {
      const fresh = await client.call('dedup.plan', toPlanInput(decisions, scan));
      setPlan(fresh);
      return fresh;
    } catch (e) {
      // 'conflict': the bookmarks changed since this scan (someone else changed them); only a new scan can help.
      setStale(e instanceof AppError && e.code === 'conflict');
      setError(errorMessage(e));
      setPlan(null);
      return null;
    }
  };
  const cleanUp = async () => {
    if (await fetchPlan()) setConfirmApply(true);
  };

  const apply = async () => {
    if (!plan) return;
    setConfirmApply(false);
    setError(null);
    setBanner(null);
    setPaused(false);
    setApplying(plan.numbers);
    setApplyProgress({ phase: 'checking', done: 0, total: 0, rate: 0, etaMs: null });
    const handle = client.startJob('dedup.apply', plan, setApplyProgress);
    applyJob.current = handle;
    let outcome: ApplyResult | null = null;
    try {
      outcome = await handle.result;
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      applyJob.current = null;
      setApplyProgress(null);
      setApplying(null);
      setPlan(null);
      setHistoryKey((k) => k + 1);
      announceBookmarksChanged();
    }
    if (outcome) setBanner({ kind: 'applied', result: outcome });
    // The cleanup changed the bookmarks: show them as they are now (and keep the error or the result in view).
    await runScan(true);
  };

  const togglePause = () => {
    if (!applyJob.current) return;
    if (paused) applyJob.current.resume();
    else applyJob.current.pause();
    setPaused(!paused);
  };

  const onUndone = (result: UndoResult) => {
    setBanner({ kind: 'undone', result });
    void runScan(true);
  };

  const busy = !!scanProgress || !!applyProgress;

  return (
    <div class="view duplicates-view">
      {banner?.kind === 'applied' && (
        <div class="report" role="status" data-testid="apply-result">
          <p>
            <strong>{banner.result.cancelled ? t('dupCancelledPartWay') : t('dupCleanedUp')}:</strong>{' '}
            {t('dupAppliedResult', describeCleanup(banner.result.counts, 'done'), formatElapsed(banner.result.elapsedMs))}
          </p>
          {banner.result.problems.length > 0 && (
            <details open>
              <summary>{plural('dupLeftAsTheyAre', banner.result.problems.length)}</summary>
              <ul class="plain-list" data-testid="apply-problems">
                {banner.result.problems.map((p, i) => (
                  <li key={i}>
                    <Marked text={t('historyProblem', markUntrusted(p.title ?? p.id), say(p.message))} />
                  </li>
                ))}
              </ul>
            </details>
          )}
        </div>
      )}
      {banner?.kind === 'undone' && (
        <div class="report" role="status" data-testid="undo-banner">
          <p>
            <strong>{t('dupUndone')}:</strong> {t('dupUndoneReport', describeUndone(banner.result))}
          </p>
        </div>
      )}

      {scanProgress && <ProgressBar label={scanPhaseLabel(scanProgress.phase)} done={scanProgress.step} total={scanProgress.steps} />}
      {checkingSince !== null && (
        <p role="status" class="muted" data-testid="scan-checking">
          {t('dupCheckingLastScan', formatDateTime(checkingSince))}
        </p>
      )}
      {error && !stale && (
        <p role="alert" class="error" data-testid="duplicates-error">
          {error}
        </p>
      )}
      {stale && error && (
        <div role="alert" class="error" data-testid="stale-scan">
          <p>{error}</p>
          <button type="button" class="primary" onClick={() => void runScan()} disabled={busy}>
            {t('dupScanAgain')}
          </button>
        </div>
      )}

      {!scan && !scanProgress && (
        <div class="actions">
          <button type="button" class="primary" onClick={() => void runScan()} disabled={busy}>
            {t('dupScan')}
          </button>
        </div>
      )}

      {scan && (
        <section class="summary-card" aria-labelledby="summary-heading" data-testid="scan-summary">
          <h2 id="summary-heading" data-testid="summary-groups">
            {scan.totals.duplicateGroups
              ? plural('dupGroupsAmong', scan.totals.duplicateGroups, plural('dupBookmarks', scan.totals.bookmarks))
              : t('dupNoneAmong', plural('dupBookmarks', scan.totals.bookmarks))}
          </h2>
          {scan.folderSets.length > 0 && <p data-testid="summary-folders">{foldersFoundAndGoing(scan.folderSets, numbers)}</p>}
          <p class="numbers" data-testid="summary-numbers">
            {numbers ? describeCleanup(numbers, 'plan') : review.planError}
          </p>
          <p class="muted" data-testid="summary-details">
            {[
              decisions.left.size ? plural('dupGroupsLeftAlone', decisions.left.size) : '',
              scan.totals.cameBack ? plural('dupCameBack', scan.totals.cameBack) : '',
              scan.totals.excludedFolders ? plural('dupExcludedNotSearched', scan.totals.excludedFolders) : '',
            ]
              .filter(Boolean)
              .join(' · ') || t('dupSummaryHint')}
          </p>
          {applyProgress && applying ? (
            <CleanupProgressView progress={applyProgress} numbers={applying} paused={paused} onPause={togglePause} onCancel={() => applyJob.current?.cancel()} />
          ) : (
            <div class="actions">
              <button type="button" class="primary" data-testid="clean-up-all" onClick={() => void cleanUp()} disabled={busy || stale || nothingToDo}>
                {t('dupCleanUpAll')}
              </button>
              <button type="button" onClick={() => void runScan()} disabled={busy}>
                {t('dupScanAgain')}
              </button>
            </div>
          )}
        </section>
      )}

      {scan && (
        <>
          <section aria-labelledby="sets-heading">
            <h2 id="sets-heading">{scan.folderSets.length ? t('dupCopiedFoldersHeadingFound', foldersFound(scan.folderSets)) : t('dupCopiedFoldersHeading')}</h2>
            <fieldset class="bare" disabled={checking}>
              <FolderSets
                sets={scan.folderSets}
                choiceOf={(s) => setChoiceOf(decisions.sets, s)}
                onChoose={choices.chooseSet}
                preferredFolderPaths={scan.preferredFolderPaths}
                notes={choices.folderSetNotes}
              />
            </fieldset>
          </section>

          <section aria-labelledby="groups-heading">
            <h2 id="groups-heading">
              {shownGroups.length !== groups.length
                ? t('dupGroupsHeadingFiltered', formatNumber(shownGroups.length), plural('dupGroups', groups.length))
                : t('dupGroupsHeading', plural('dupGroups', groups.length))}
            </h2>
            <div class="filters">
              <div class="field">
                <label for="filter-text">{t('dupFilterText')}</label>
                <input id="filter-text" type="search" value={filters.text} onInput={(e) => setFilters({ ...filters, text: (e.target as HTMLInputElement).value })} />
              </div>
              <div class="field">
                <label for="filter-folder">{t('dupFilterFolder')}</label>
                <input
                  id="filter-folder"
                  type="search"
                  list="filter-folder-list"
                  value={filters.folder}
                  onInput={(e) => setFilters({ ...filters, folder: (e.target as HTMLInputElement).value })}
                />
                <datalist id="filter-folder-list">
                  {review.folderOptions.map((p) => (
                    <option key={p} value={p} />
                  ))}
                </datalist>
              </div>
              <div class="field">
                <label for="filter-rule">{t('dupFilterRule')}</label>
                <select id="filter-rule" value={filters.rule} onChange={(e) => setFilters({ ...filters, rule: (e.target as HTMLSelectElement).value as MatchRule | '' })}>
                  <option value="">{t('dupAnyRule')}</option>
                  {review.ruleOptions.map((r) => (
                    <option key={r} value={r}>
                      {matchRuleLabel(r)}
                    </option>
                  ))}
                </select>
              </div>
              <div class="field">
                <label for="group-order">{t('dupOrder')}</label>
                <select id="group-order" value={review.order} onChange={(e) => review.setOrder((e.target as HTMLSelectElement).value as GroupOrder)}>
                  {GROUP_ORDERS.map((o) => (
                    <option key={o.id} value={o.id}>
                      {groupOrderLabel(o.id)}
                    </option>
                  ))}
                </select>
              </div>
              <div class="field expand-buttons">
                <span class="visually-hidden">{t('dupGroupsHidden')}</span>
                <div class="actions">
                  <button type="button" onClick={() => review.expandAll(true)}>
                    {t('dupExpandAll')}
                  </button>
                  <button type="button" onClick={() => review.expandAll(false)}>
                    {t('dupCollapseAll')}
                  </button>
                </div>
              </div>
            </div>
            {review.rows.length ? (
              <GroupList
                rows={review.rows}
                groupCount={shownGroups.length}
                keeperOf={review.keeperOf}
                keptText={review.keptText}
                isLeft={(g) => decisions.left.has(g.key)}
                noteOf={(g) => choices.notes.get(g.key) ?? null}
                goesWith={review.goesWith}
                onKeep={choices.keep}
                onLeave={choices.leave}
                onToggle={review.toggle}
                onOpenFully={review.openFully}
                focusRow={review.focusRow}
                resetKey={review.resetKey}
                markerOf={markerOf}
                readOnly={checking}
              />
            ) : (
              <p class="muted">{groups.length ? t('dupNoGroupMatches') : t('dupNoDuplicates')}</p>
            )}
            {focusUrl && review.focusRow < 0 && (
              <p class="muted">
                <Marked text={t('dupUrlHasNoDuplicates', markUntrusted(showBidiControls(focusUrl)))} />
              </p>
            )}
          </section>

          <section aria-labelledby="empty-heading">
            <h2 id="empty-heading">{t('dupEmptyFoldersHeading')}</h2>
            <fieldset class="bare" disabled={checking}>
              <EmptyFolders
                folders={scan.emptyFolders}
                include={decisions.includeEmptyFolders}
                onInclude={(v) => choices.change((d) => ({ ...d, includeEmptyFolders: v }))}
              />
            </fieldset>
          </section>

          <details class="keep-rules" onToggle={(e) => (e.target as HTMLDetailsElement).open && setRulesOpen(true)}>
            <summary>{t('dupKeepRulesSummary')}</summary>
            {rulesOpen && <KeepRules onRulesChanged={() => void runScan()} decisionsRefreshKey={choices.version} onDecisionsForgotten={choices.forgotten} />}
          </details>

          <section aria-labelledby="plan-heading">
            <h2 id="plan-heading">{t('dupCleanUpHeading')}</h2>
            <p class="muted">{numbers ? t('dupSentence', describeCleanup(numbers, 'plan')) : review.planError}</p>
            <div class="actions">
              <button type="button" onClick={() => void fetchPlan()} disabled={busy || stale || nothingToDo}>
                {t('dupPreview')}
              </button>
              <button type="button" class="danger" disabled={busy || stale || nothingToDo} onClick={() => void cleanUp()}>
                {t('dupApply')}
              </button>
            </div>
            {plan && <CleanupPreview plan={plan} scan={scan} />}
          </section>
        </>
      )}
      {scan && (
        <CleanupHistory
          refreshKey={historyKey}
          onUndone={onUndone}
          onRedone={() => {
            setBanner(null);
            void runScan(true);
          }}
        />
      )}
      {confirmApply && plan && (
        <ConfirmDialog title={t('dupConfirmTitle')} confirmLabel={t('dupConfirmButton')} onCancel={() => setConfirmApply(false)} onConfirm={() => void apply()}>
          <p data-testid="confirm-numbers">{t('dupSentence', describeCleanup(plan.numbers, 'plan'))}</p>
          {decisions.left.size > 0 && <p>{plural('dupConfirmLeftAlone', decisions.left.size)}</p>}
          <p>{t('dupConfirmUndoable')}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
