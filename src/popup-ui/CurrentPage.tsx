import type { CurrentPageCopy, CurrentPageReply } from '../search/types';
import { countLabel } from '../i18n/count';
import { FolderPath } from './FolderPath';
import { folderLabel } from './format';

interface Props {
  page: CurrentPageReply | null;
  error: string | null;
  duplicatesHref: (url: string) => string;
  onAdd(): void;
  onEdit(copy: CurrentPageCopy): void;
  onRemove(copy: CurrentPageCopy): void;
  onOpenLink(href: string): void;
}

/** Whether the page the user is on is bookmarked, where, how many copies; add, edit, remove. */
export function CurrentPage({ page, error, duplicatesHref, onAdd, onEdit, onRemove, onOpenLink }: Props) {
  let body;
  if (error) {
    body = (
      <p class="error" role="alert">
        {error}
      </p>
    );
  } else if (!page) {
    body = <p class="muted">Checking this page…</p>;
  } else if (!page.tab) {
    body = <p class="muted">No open page.</p>;
  } else if (!page.bookmarkable) {
    body = <p class="muted">This page cannot be bookmarked.</p>;
  } else if (page.copies.length === 0) {
    body = (
      <div class="page-row">
        <p data-testid="page-status">Not bookmarked</p>
        <button type="button" class="primary" onClick={onAdd}>
          Bookmark this page
        </button>
      </div>
    );
  } else {
    const n = page.copies.length;
    const href = duplicatesHref(page.tab.url);
    body = (
      <>
        <div class="page-row">
          <p data-testid="page-status">{n === 1 ? 'Bookmarked' : `Bookmarked ${countLabel(n, { one: 'time', other: 'times' })}`}</p>
          <a
            href={href}
            class="dup-link"
            onClick={(e) => {
              e.preventDefault();
              onOpenLink(href);
            }}
          >
            {n > 1 ? 'Clean up copies' : 'Show in duplicates'}
          </a>
        </div>
        <ul class="copies" aria-label="Where this page is bookmarked">
          {page.copies.map((copy) => (
            <li key={copy.id} class="copy">
              <FolderPath class="copy-path" folders={copy.folders} />
              {copy.tags.length > 0 && (
                <span class="copy-tags">
                  {copy.tags.map((t) => (
                    <span class="tag" key={t} title={`#${t}`}>
                      #{t}
                    </span>
                  ))}
                </span>
              )}
              <span class="copy-actions">
                <button type="button" onClick={() => onEdit(copy)} aria-label={`Edit the bookmark in ${folderLabel(copy.folders)}`}>
                  Edit
                </button>
                <button type="button" onClick={() => onRemove(copy)} aria-label={`Remove the bookmark in ${folderLabel(copy.folders)}`}>
                  Remove
                </button>
              </span>
            </li>
          ))}
        </ul>
      </>
    );
  }
  return (
    <section class="current-page" aria-label="This page" data-testid="current-page">
      {page?.tab && <p class="page-title">{page.tab.title || page.tab.url}</p>}
      {body}
    </section>
  );
}
