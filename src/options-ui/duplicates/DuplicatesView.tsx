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
 *
 * This file renders and wires; the state and the requests are in hooks: the scan and what went wrong
 * (use-duplicates-scan.ts), the person's decisions (use-decisions.ts), what the page shows of the scan under them
 * (use-review.ts), the cleanup with its preview, progress and report (use-cleanup-job.ts), and what the copy guard
 * told, with its two choices and its log (ArrivedCopies.tsx).
 */
import { useState } from 'preact/hooks';
import type { ScanProgress } from '../../dedup/protocol';
import type { ReviewedScan } from '../../dedup/protocol';
import type { MatchRule } from '../../url-matching';
import { formatNumber, plural, t } from '../../i18n';
import { ConfirmDialog } from '../ConfirmDialog';
import { describeCleanup } from '../../operation-words';
import { formatDateTime } from '../format';
import { ProgressBar } from '../ProgressBar';
import { RuleEditor } from '../RuleEditor';
import { useFolders } from '../useFolders';
import { useSettings } from '../useSettings';
import { ArrivalChoices, ArrivalLog, useArrivals } from './ArrivedCopies';
import { CleanupHistory } from './CleanupHistory';
import { CleanupProgressView } from './CleanupProgressView';
import { CleanupReport } from './CleanupReport';
import { EmptyFolders, FolderSets, setChoiceOf } from './FolderSets';
import { GroupList } from './GroupList';
import { CleanupPreview } from './CleanupPreview';
import { Marked, markUntrusted } from './Marked';
import { showBidiControls } from '../../ui';
import { foldersFound, foldersFoundAndGoing } from './folder-figures';
import { GROUP_ORDERS, groupOrderLabel, matchRuleLabel, type GroupOrder } from './rows';
import { useCleanupJob } from './use-cleanup-job';
import { useDecisions } from './use-decisions';
import { useDuplicatesScan } from './use-duplicates-scan';
import { useReview } from './use-review';

function scanPhaseLabel(phase: ScanProgress['phase']): string {
  if (phase === 'reading-tree') return t('scanPhaseReadingTree');
  if (phase === 'reading-history') return t('scanPhaseReadingHistory');
  if (phase === 'reading-tags') return t('scanPhaseReadingTags');
  return t('scanPhaseMatching');
}

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
  // The page's own state is in its hooks: the scan (and what went wrong), the decisions, the review of the scan under
  // them, the cleanup. A scan shown starts the decisions over from what it carries, and the list unless it is the
  // page's own scan replacing the last one shown meanwhile.
  const onShow = (shown: ReviewedScan, replacing: boolean) => {
    choices.reset(shown);
    if (!replacing) review.startOver();
  };
  const scanning = useDuplicatesScan(onShow);
  const { scan, checking, error, stale } = scanning;
  const cleanup = useCleanupJob(scanning);
  const choices = useDecisions({ readOnly: checking, onChange: cleanup.dropPlan, onError: scanning.report });
  const { decisions } = choices;
  const review = useReview(scan, decisions, focusUrl);
  const { groups, shownGroups, filters, setFilters, numbers, nothingToDo } = review;
  const { plan } = cleanup;
  const [rulesOpen, setRulesOpen] = useState(false);
  const busy = !!scanning.progress || !!cleanup.progress;
  // What the copy guard told: its choices on top, its log below (a removal is a cleanup: the page scans again after).
  const arrivals = useArrivals(cleanup.historyKey, () => void cleanup.scanAgain(true));

  return (
    <div class="view duplicates-view">
      <ArrivalChoices arrivals={arrivals} busy={!!cleanup.progress} />
      {cleanup.banner && <CleanupReport banner={cleanup.banner} />}

      {scanning.progress && <ProgressBar label={scanPhaseLabel(scanning.progress.phase)} done={scanning.progress.step} total={scanning.progress.steps} />}
      {scanning.checkingSince !== null && (
        <p role="status" class="muted" data-testid="scan-checking">
          {t('dupCheckingLastScan', formatDateTime(scanning.checkingSince))}
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
          <button type="button" class="primary" onClick={() => void cleanup.scanAgain()} disabled={busy}>
            {t('dupScanAgain')}
          </button>
        </div>
      )}

      {!scan && !scanning.progress && (
        <div class="actions">
          <button type="button" class="primary" onClick={() => void cleanup.scanAgain()} disabled={busy}>
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
          {cleanup.progress && cleanup.numbers ? (
            <CleanupProgressView progress={cleanup.progress} numbers={cleanup.numbers} paused={cleanup.paused} onPause={cleanup.togglePause} onCancel={cleanup.cancel} />
          ) : (
            <div class="actions">
              <button type="button" class="primary" data-testid="clean-up-all" onClick={() => void cleanup.cleanUp(decisions)} disabled={busy || stale || nothingToDo}>
                {t('dupCleanUpAll')}
              </button>
              <button type="button" onClick={() => void cleanup.scanAgain()} disabled={busy}>
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
                markerOf={scanning.markerOf}
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
            {rulesOpen && <KeepRules onRulesChanged={() => void cleanup.scanAgain()} decisionsRefreshKey={choices.version} onDecisionsForgotten={choices.forgotten} />}
          </details>

          <section aria-labelledby="plan-heading">
            <h2 id="plan-heading">{t('dupCleanUpHeading')}</h2>
            <p class="muted">{numbers ? t('dupSentence', describeCleanup(numbers, 'plan')) : review.planError}</p>
            <div class="actions">
              <button type="button" onClick={() => void cleanup.preview(decisions)} disabled={busy || stale || nothingToDo}>
                {t('dupPreview')}
              </button>
              <button type="button" class="danger" disabled={busy || stale || nothingToDo} onClick={() => void cleanup.cleanUp(decisions)}>
                {t('dupApply')}
              </button>
            </div>
            {plan && <CleanupPreview plan={plan} scan={scan} />}
          </section>
        </>
      )}
      {scan && <CleanupHistory refreshKey={cleanup.historyKey} onUndone={cleanup.undone} onRedone={cleanup.redone} />}
      <ArrivalLog arrivals={arrivals} />
      {cleanup.confirming && plan && (
        <ConfirmDialog title={t('dupConfirmTitle')} confirmLabel={t('dupConfirmButton')} onCancel={cleanup.cancelConfirm} onConfirm={() => void cleanup.apply()}>
          <p data-testid="confirm-numbers">{t('dupSentence', describeCleanup(plan.numbers, 'plan'))}</p>
          {decisions.left.size > 0 && <p>{plural('dupConfirmLeftAlone', decisions.left.size)}</p>}
          <p>{t('dupConfirmUndoable')}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
