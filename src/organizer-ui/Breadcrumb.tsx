/**
 * Where the list is: the folders from the top down to the one shown, each above it a button that opens it (as in
 * Firefox's Library's location bar). Folder names are untrusted, each in its own isolate.
 */
import { t } from '../i18n';
import type { OrganizerTree } from '../organizer';
import { ROOT_ID } from '../platform/browser';
import { Untrusted } from '../ui';

/** `id` and the folders above it, the top first (without the invisible root). */
export function folderLine(tree: OrganizerTree, id: string): string[] {
  const out: string[] = [];
  for (let at: string | null | undefined = id; at && at !== ROOT_ID && tree.has(at); at = tree.get(at)?.parentId) out.unshift(at);
  return out;
}

export function Breadcrumb({ tree, folderId, onOpen }: { tree: OrganizerTree; folderId: string; onOpen(id: string): void }) {
  const line = folderLine(tree, folderId);
  const name = (id: string) => <Untrusted>{tree.titleOf(id) || t('organizerUntitled')}</Untrusted>;
  return (
    <nav class="org-breadcrumb" aria-label={t('organizerBreadcrumb')} data-testid="organizer-breadcrumb">
      <ol>
        {line.map((id, i) =>
          i === line.length - 1 ? (
            <li key={id} aria-current="location" class="org-crumb current">
              {name(id)}
            </li>
          ) : (
            <li key={id} class="org-crumb">
              <button type="button" onClick={() => onOpen(id)} title={tree.titleOf(id)}>
                {name(id)}
              </button>
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
