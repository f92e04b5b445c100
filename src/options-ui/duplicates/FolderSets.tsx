/**
 * Copied folders: each set of N copies of one folder, every copy told apart (its path, its place among its siblings,
 * date added, how many bookmarks it holds and how many pages only it holds), the copy that stays chosen by a radio
 * button (the keep rules' suggestion first, with the reason), what merges into it, and "leave them all" per set.
 * And the empty folders the scan found.
 */
import type { EmptyFolder, FolderSet, FolderSetMember } from '../../dedup';
import { count, distinctDates, ordinal } from '../format';
import { keptBecause } from './kept-because';
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
  return `${ordinal(m.index + 1)} of ${m.siblings} in ${m.parentTitle}`;
}

function mergeText(set: FolderSet, keeper: FolderSetMember): string {
  const others = set.members.length - 1;
  if (!keeper.movesIfKept.length) return `Holds everything the other ${others === 1 ? 'copy holds' : `${others} copies hold`}: nothing moves; ${others === 1 ? 'it goes' : 'they go'} whole.`;
  const from = set.members.find((m) => m.id === set.suggestedKeepId)!;
  const bookmarks = keeper.movesIfKept.reduce((n, m) => n + m.bookmarks, 0);
  return `${count(keeper.movesIfKept.length, 'item', 'items')} (${count(bookmarks, 'bookmark', 'bookmarks')}) it lacks move into it from ${from.path} (${positionText(from)}) first; then the other ${others === 1 ? 'copy goes' : `${others} copies go`} whole.`;
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
  if (!sets.length) return <p class="muted">No copied folders.</p>;
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
              “{set.title}”: {count(set.members.length, 'copy', 'copies')}, {count(set.pages, 'page', 'pages')} in all
            </legend>
            {notes?.get(set.id) && (
              <p class="note" data-testid="set-note">
                Your remembered choice: {notes.get(set.id)}.
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
                      <span class="visually-hidden">Keep </span>
                      <Path path={m.path} />
                      <span class="member-facts">
                        {positionText(m)} · added {dates[i]} · {count(m.bookmarkCount, 'bookmark', 'bookmarks')} ·{' '}
                        {m.unique ? `${count(m.unique, 'page', 'pages')} only in this copy` : 'nothing only here'}
                      </span>
                      {kept && choice.merge && (
                        <span class="member-kept">
                          Stays{m.id === set.suggestedKeepId ? ` — kept because ${keptBecause(set.keptBecause, 'folder', preferredFolderPaths)}` : ' — your choice'}.{' '}
                          {mergeText(set, keeper)}
                        </span>
                      )}
                    </label>
                  </li>
                );
              })}
            </ul>
            <div class="check">
              <input type="checkbox" id={`set-${set.id}-leave`} checked={!choice.merge} onChange={(e) => onChoose(set, { ...choice, merge: !(e.target as HTMLInputElement).checked })} />
              <label for={`set-${set.id}-leave`}>Leave all {count(set.members.length, 'copy', 'copies')} of “{set.title}” as they are</label>
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}

export function EmptyFolders({ folders, include, onInclude }: { folders: EmptyFolder[]; include: boolean; onInclude(v: boolean): void }) {
  if (!folders.length) return <p class="muted">No empty folders.</p>;
  return (
    <div>
      <div class="check">
        <input type="checkbox" id="include-empty" checked={include} onChange={(e) => onInclude((e.target as HTMLInputElement).checked)} />
        <label for="include-empty">{folders.length === 1 ? 'Remove the empty folder' : `Remove the ${folders.length} empty folders`}</label>
      </div>
      <details>
        <summary>Show them</summary>
        <ul class="plain-list empties">
          {folders.map((f) => (
            <li key={f.id}>{f.path}</li>
          ))}
        </ul>
      </details>
    </div>
  );
}
