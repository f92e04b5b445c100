/** Duplicated folder pairs with a merge decision each, and the empty folders the scan found. */
import type { EmptyFolder, FolderPair } from '../../dedup/scan-types';

export type PairChoice = 'keep' | 'other' | 'leave';

export const pairKey = (p: FolderPair) => `${p.keep.id}|${p.other.id}`;

export function FolderPairs({ pairs, choiceOf, onChoose }: { pairs: FolderPair[]; choiceOf(p: FolderPair): PairChoice; onChoose(p: FolderPair, c: PairChoice): void }) {
  if (!pairs.length) return <p class="muted">No duplicated folders.</p>;
  return (
    <ul class="plain-list pairs" data-testid="folder-pairs">
      {pairs.map((p) => {
        const id = `pair-${pairKey(p)}`;
        return (
          <li key={pairKey(p)}>
            <span>
              {p.keep.path} ↔ {p.other.path}: {p.shared} shared, {p.uniqueToKeep + p.uniqueToOther} unique
              {p.kind === 'contained' ? ' (one holds everything the other has)' : ''}
            </span>
            <label for={id} class="visually-hidden">
              Decision for {p.keep.path} and {p.other.path}
            </label>
            <select id={id} value={choiceOf(p)} onChange={(e) => onChoose(p, (e.target as HTMLSelectElement).value as PairChoice)}>
              <option value="keep">Merge into {p.keep.path}</option>
              <option value="other">Merge into {p.other.path}</option>
              <option value="leave">Leave both</option>
            </select>
          </li>
        );
      })}
    </ul>
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
