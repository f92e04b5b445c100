/**
 * Copied folders: each set of N copies of one folder, every copy told apart (its path, its place among its siblings,
 * date added, how many bookmarks it holds and how many pages only it holds), the copy that stays chosen by a radio
 * button (the keep rules' suggestion first, with the reason), what merges into it, and "leave them all" per set.
 * And the empty folders the scan found.
 */
import type { EmptyFolder, FolderSet, FolderSetMember } from '../../dedup';
import { plural, t } from '../../i18n';
import { distinctDates, ordinal } from '../format';
import { keptBecause } from './kept-because';
import { Marked, markUntrusted } from './Marked';
import { Path } from './Path';

export interface SetChoice {
  keepId: string;
  merge: boolean;
}

export function setChoiceOf(choices: ReadonlyMap<string, SetChoice>, set: FolderSet): SetChoice {
  return choices.get(set.id) ?? { keepId: set.suggestedKeepId, merge: true };
}

/** "3rd of 5 in Bookmarks Menu". */
export function positionText(m: Pick<FolderSetMember, 'index' | 'siblings' | 'parentTitle'>): string {
  return t('dupPosition', ordinal(m.index + 1), m.siblings, markUntrusted(m.parentTitle));
}

function mergeText(set: FolderSet, keeper: FolderSetMember): string {
  const others = set.members.length - 1;
  if (!keeper.movesIfKept.length) return others === 1 ? t('dupHoldsEverythingOne') : t('dupHoldsEverything', others);
  const from = set.members.find((m) => m.id === set.suggestedKeepId)!;
  const bookmarks = keeper.movesIfKept.reduce((n, m) => n + m.bookmarks, 0);
  const items = plural('dupMergeItems', keeper.movesIfKept.length);
  const held = plural('dupBookmarks', bookmarks);
  return others === 1
    ? t('dupMergeFromOne', items, held, markUntrusted(from.path), positionText(from))
    : t('dupMergeFrom', items, held, markUntrusted(from.path), positionText(from), others);
}

export function FolderSets({
  sets,
  choiceOf,
  onChoose,
  preferredFolderPaths,
  notes,
}: {
  sets: readonly FolderSet[];
  choiceOf(set: FolderSet): SetChoice;
  onChoose(set: FolderSet, choice: SetChoice): void;
  preferredFolderPaths: readonly string[];
  /** Set id -> what the person should know about their remembered choice (the set changed, the chosen copy is gone). */
  notes?: ReadonlyMap<string, string>;
}) {
  if (!sets.length) return <p class="muted">{t('dupNoCopiedFolders')}</p>;
  return (
    <div class="folder-sets" data-testid="folder-sets">
      {sets.map((set) => {
        const choice = choiceOf(set);
        const dates = distinctDates(set.members.map((m) => m.dateAdded));
        const keeper = set.members.find((m) => m.id === choice.keepId)!;
        const legendId = `set-${set.id}-legend`;
        return (
          <fieldset key={set.id} class="folder-set" data-testid="folder-set" aria-labelledby={legendId}>
            <legend id={legendId}>
              <Marked text={t('dupSetLegend', markUntrusted(set.title), plural('dupCopies', set.members.length), plural('dupPages', set.pages))} />
            </legend>
            {notes?.get(set.id) && (
              <p class="note" data-testid="set-note">
                {t('dupSetNote', notes.get(set.id)!)}
              </p>
            )}
            <ul class="plain-list members">
              {set.members.map((m, i) => {
                const kept = m.id === choice.keepId;
                const id = `set-${set.id}-${m.id}`;
                return (
                  <li key={m.id} class={kept && choice.merge ? 'member keep' : 'member'} data-testid={kept ? 'kept-member' : 'member'}>
                    <input
                      type="radio"
                      id={id}
                      name={`set-${set.id}`}
                      checked={kept}
                      disabled={!choice.merge}
                      onChange={() => onChoose(set, { ...choice, keepId: m.id })}
                    />
                    <label for={id}>
                      <span class="visually-hidden">{t('dupKeepHidden')} </span>
                      <Path path={m.path} />
                      <span class="member-facts">
                        <Marked
                          text={t(
                            'dupMemberFacts',
                            positionText(m),
                            dates[i]!,
                            plural('dupBookmarks', m.bookmarkCount),
                            m.unique ? plural('dupOnlyInThisCopy', m.unique) : t('dupNothingOnlyHere'),
                          )}
                        />
                      </span>
                      {kept && choice.merge && (
                        <span class="member-kept">
                          <Marked
                            text={
                              m.id === set.suggestedKeepId ? t('dupStaysBecause', keptBecause(set.keptBecause, 'folder', preferredFolderPaths)) : t('dupStaysYourChoice')
                            }
                          />{' '}
                          <Marked text={mergeText(set, keeper)} />
                        </span>
                      )}
                    </label>
                  </li>
                );
              })}
            </ul>
            <div class="check">
              <input
                type="checkbox"
                id={`set-${set.id}-leave`}
                checked={!choice.merge}
                onChange={(e) => onChoose(set, { ...choice, merge: !(e.target as HTMLInputElement).checked })}
              />
              <label for={`set-${set.id}-leave`}>
                <Marked text={plural('dupLeaveSet', set.members.length, markUntrusted(set.title))} />
              </label>
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}

export function EmptyFolders({ folders, include, onInclude }: { folders: EmptyFolder[]; include: boolean; onInclude(v: boolean): void }) {
  if (!folders.length) return <p class="muted">{t('dupNoEmptyFolders')}</p>;
  return (
    <div>
      <div class="check">
        <input type="checkbox" id="include-empty" checked={include} onChange={(e) => onInclude((e.target as HTMLInputElement).checked)} />
        <label for="include-empty">{plural('dupRemoveEmptyFolders', folders.length)}</label>
      </div>
      <details>
        <summary>{t('dupShowThem')}</summary>
        <ul class="plain-list empties">
          {folders.map((f) => (
            <li key={f.id}>
              <Path path={f.path} />
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}
