import type { CurrentPageCopy, CurrentPageReply } from '../search/types';
import { plural, t } from '../i18n';
import type { BookmarkSnapshots } from '../link-health';
import { ArchivedCopy, FolderPath, folderLabel, LinkMarker, Untrusted, UntrustedCode } from '../ui';

interface Props {
  page: CurrentPageReply | null;
  /** The archived copies of bookmarks, by id. */
  archived: Readonly<BookmarkSnapshots>;
  error: string | null;
  duplicatesHref: (url: string) => string;
  onAdd(): void;
  onEdit(copy: CurrentPageCopy): void;
  onRemove(copy: CurrentPageCopy): void;
  onOpenLink(href: string): void;
}

/**
 * Whether the page the user is on is bookmarked, where, how many copies; add, edit, remove. The page is the active
 * tab's (src/search/current-page.ts), named by its title and address, so it is plain which page this is about, also
 * when that tab cannot be bookmarked. The link to the Duplicates page is there only when there are copies to clean up.
 * A copy the Wayback rescue found an archived copy for links to it (in the tab order).
 */
export function CurrentPage({ page, archived, error, duplicatesHref, onAdd, onEdit, onRemove, onOpenLink }: Props) {
  let body;
  if (error) {
    body = (
      <p class="error" role="alert">
        {error}
      </p>
    );
  } else if (!page) {
    body = <p class="muted">{t('popupCheckingPage')}</p>;
  } else if (!page.tab) {
    body = <p class="muted">{t('popupNoOpenPage')}</p>;
  } else if (!page.bookmarkable) {
    body = <p class="muted">{t('popupNotBookmarkable')}</p>;
  } else if (page.copies.length === 0) {
    body = (
      <div class="page-row">
        <p data-testid="page-status">{t('popupNotBookmarked')}</p>
        <button type="button" class="primary" onClick={onAdd}>
          {t('popupAddHeading')}
        </button>
      </div>
    );
  } else {
    const n = page.copies.length;
    const href = duplicatesHref(page.tab.url);
    body = (
      <>
        <div class="page-row">
          <p data-testid="page-status">{n === 1 ? t('popupBookmarkedOnce') : plural('popupBookmarkedTimes', n)}</p>
          {n > 1 && (
            <a
              href={href}
              class="dup-link"
              onClick={(e) => {
                e.preventDefault();
                onOpenLink(href);
              }}
            >
              {t('popupCleanUpCopies')}
            </a>
          )}
        </div>
        <ul class="copies" aria-label={t('popupWhereBookmarked')}>
          {page.copies.map((copy) => (
            <li key={copy.id} class="copy">
              <FolderPath class="copy-path" folders={copy.folders} />
              {(copy.marker || copy.tags.length > 0 || archived[copy.id]) && (
                <span class="copy-tags">
                  {copy.marker && <LinkMarker marker={copy.marker} />}
                  {archived[copy.id] && <ArchivedCopy snapshot={archived[copy.id]!} />}
                  {copy.tags.map((tag) => (
                    <span class="tag" key={tag} title={`#${tag}`}>
                      #<UntrustedCode text={tag} />
                    </span>
                  ))}
                </span>
              )}
              <span class="copy-actions">
                <button type="button" onClick={() => onEdit(copy)} aria-label={t('popupEditIn', folderLabel(copy.folders))}>
                  {t('popupEdit')}
                </button>
                <button type="button" onClick={() => onRemove(copy)} aria-label={t('popupRemoveIn', folderLabel(copy.folders))}>
                  {t('popupRemove')}
                </button>
              </span>
            </li>
          ))}
        </ul>
      </>
    );
  }
  return (
    <section class="current-page" aria-label={t('popupThisPage')} data-testid="current-page">
      {page?.tab && (
        <div class="page-name">
          {page.tab.title && (
            <p class="page-title" data-testid="page-title">
              <Untrusted>{page.tab.title}</Untrusted>
            </p>
          )}
          <p class="page-url" data-testid="page-url" title={page.tab.url}>
            <UntrustedCode text={page.tab.url} />
          </p>
        </div>
      )}
      {body}
    </section>
  );
}
