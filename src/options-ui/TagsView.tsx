/**
 * The tag manager: every tag with its count, in natural order; rename, merge, delete (asks first, with counts); a
 * tag's addresses with the title and folder of each bookmark; add or remove a tag on many bookmarks at once (found by
 * search, picked with checkboxes; the actions stay in view above the results). With no tags yet, it explains how
 * Firefox's own tags come in (extensions cannot read them: export from Firefox, then "Only Firefox's tags").
 */
import { Fragment } from 'preact';
import { useCallback, useEffect, useMemo, useState } from 'preact/hooks';
import { formatNumber, plural, t } from '../i18n';
import type { TagCount } from '../tags';
import type { SearchResultItem } from '../search/types';
import { compareNatural } from '../i18n/natural-order';
import type { TaggedAddresses } from '../tags';
import { errorMessage, useClient } from './client-context';
import { ConfirmDialog } from './ConfirmDialog';
import { showBidiControls, Untrusted, UntrustedCode } from '../ui';

type Pending = { kind: 'delete'; tag: string; count: number } | { kind: 'merge'; from: string[]; into: string; count: number };

const addresses = (n: number) => plural('tagsAddresses', n);
/** A tag or an address inside a sentence (a status, a label): its bidirectional controls shown, so none can turn the words around. */
const code = showBidiControls;

/** What to do when there are no tags: Firefox's own tags are invisible to extensions. */
function NoTagsYet() {
  return (
    <div class="empty-state" data-testid="tags-empty">
      <p>{t('tagsNoneIntro')}</p>
      <ol>
        <li>
          {t('tagsNoneStep1')} <strong>{t('tagsNoneStep1Menu')}</strong> {t('tagsNoneStep1Note')}
        </li>
        <li>
          {t('tagsNoneStep2')} <a href="#import-export">{t('tagsNoneStep2Link')}</a> {t('tagsNoneStep2Choose')} <strong>{t('tagsNoneStep2Option')}</strong>{' '}
          {t('tagsNoneStep2End')}
        </li>
      </ol>
      <p data-testid="tags-empty-backups">
        {t('tagsNoneBackups')} <a href="#backups">{t('tagsNoneBackupsLink')}</a> {t('tagsNoneBackupsEnd')}
      </p>
      <p class="muted">{t('tagsNoneAlso')}</p>
    </div>
  );
}

export function TagsView() {
  const client = useClient();
  const [tags, setTags] = useState<TagCount[] | null>(null);
  const [filter, setFilter] = useState('');
  const [selectedTags, setSelectedTags] = useState<string[]>([]);
  const [open, setOpen] = useState<string | null>(null);
  const [openAddresses, setOpenAddresses] = useState<TaggedAddresses>({ total: 0, addresses: [] });
  const [renameTo, setRenameTo] = useState('');
  const [mergeInto, setMergeInto] = useState('');
  const [pending, setPending] = useState<Pending | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const reload = useCallback(async () => {
    try {
      setTags((await client.call('tags.list', {})).sort((a, b) => compareNatural(a.tag, b.tag)));
    } catch (e) {
      setError(errorMessage(e));
    }
  }, [client]);
  useEffect(() => void reload(), [reload]);
  useEffect(() => {
    if (!open) return;
    client.call('tags.addressesWithTag', { tag: open }).then(setOpenAddresses, (e) => setError(errorMessage(e)));
    setRenameTo(open);
  }, [client, open, tags]);

  const run = async (work: () => Promise<string>) => {
    setError(null);
    try {
      setStatus(await work());
      await reload();
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  const shown = useMemo(() => (tags ?? []).filter((item) => item.tag.toLowerCase().includes(filter.trim().toLowerCase())), [tags, filter]);
  const countOf = (tag: string) => tags?.find((item) => item.tag === tag)?.count ?? 0;
  const toggleTag = (tag: string) => setSelectedTags((s) => (s.includes(tag) ? s.filter((other) => other !== tag) : [...s, tag]));

  const rename = () =>
    open &&
    run(async () => {
      const to = renameTo.trim();
      const { changed } = await client.call('tags.rename', { from: open, to });
      setOpen(to);
      return t('tagsRenamed', code(open), code(to), addresses(changed));
    });

  return (
    <div class="view tags-view">
      <div aria-live="polite" class="status-line">
        {error && (
          <p role="alert" class="error" data-testid="tags-error">
            {error}
          </p>
        )}
        {status && !error && (
          <p role="status" data-testid="tags-status">
            {status}
          </p>
        )}
      </div>
      <div class="tags-layout">
        <section aria-labelledby="tag-list-heading" class="tag-list">
          <h2 id="tag-list-heading">{tags ? t('tagsHeadingCount', tags.length) : t('tagsHeading')}</h2>
          <label for="tag-filter" class="visually-hidden">
            {t('tagsFilter')}
          </label>
          <input id="tag-filter" type="search" placeholder={t('tagsFilter')} value={filter} onInput={(e) => setFilter((e.target as HTMLInputElement).value)} />
          {tags === null ? (
            <p>{t('optionsLoading')}</p>
          ) : tags.length === 0 ? (
            <NoTagsYet />
          ) : (
            <ul class="plain-list" data-testid="tag-list">
              {shown.map((item) => (
                <li key={item.tag} class={open === item.tag ? 'selected' : ''}>
                  <input
                    type="checkbox"
                    id={`tag-check-${item.tag}`}
                    aria-label={t('tagsSelect', code(item.tag))}
                    checked={selectedTags.includes(item.tag)}
                    onChange={() => toggleTag(item.tag)}
                  />
                  <button type="button" class="link tag-name" onClick={() => setOpen(item.tag)} aria-pressed={open === item.tag}>
                    <UntrustedCode text={item.tag} />
                  </button>
                  <span class="count" data-testid={`tag-count-${item.tag}`}>
                    {formatNumber(item.count)}
                  </span>
                </li>
              ))}
            </ul>
          )}
          {selectedTags.length >= 2 && (
            <div class="merge-row">
              <label for="merge-into">{t('tagsMergeSelected', selectedTags.length)}</label>
              <input
                id="merge-into"
                type="text"
                value={mergeInto}
                placeholder={selectedTags[0] && code(selectedTags[0])}
                onInput={(e) => setMergeInto((e.target as HTMLInputElement).value)}
              />
              <button
                type="button"
                onClick={() => {
                  const into = mergeInto.trim() || selectedTags[0]!;
                  const count = selectedTags.reduce((n, tag) => n + countOf(tag), 0);
                  setPending({ kind: 'merge', from: selectedTags.filter((tag) => tag !== into), into, count });
                }}
              >
                {t('tagsMergeButton')}
              </button>
            </div>
          )}
        </section>
        <section aria-labelledby="tag-detail-heading" class="tag-detail">
          {open ? (
            <>
              <h2 id="tag-detail-heading">
                <Untrusted>{t('tagsDetailHeading', code(open))}</Untrusted>
              </h2>
              <div class="field inline">
                <label for="rename-to">{t('tagsRenameTo')}</label>
                <input
                  id="rename-to"
                  type="text"
                  value={renameTo}
                  onInput={(e) => setRenameTo((e.target as HTMLInputElement).value)}
                  onKeyDown={(e) => e.key === 'Enter' && void rename()}
                />
                <button type="button" onClick={() => void rename()} disabled={!renameTo.trim() || renameTo.trim() === open}>
                  {t('tagsRename')}
                </button>
                <button type="button" class="danger" onClick={() => setPending({ kind: 'delete', tag: open, count: countOf(open) })}>
                  {t('tagsDeleteButton')}
                </button>
              </div>
              <h3>{plural('tagsWithThisTag', openAddresses.total)}</h3>
              <ul class="plain-list url-list" data-testid="tag-urls">
                {openAddresses.addresses.map(({ url: u, bookmarks }) => (
                  <li key={u} class="tagged-address">
                    <div class="tagged-what">
                      {bookmarks.length === 0 ? (
                        <span class="muted">{t('tagsNoBookmarkAnyMore')}</span>
                      ) : (
                        bookmarks.map((b) => (
                          <span key={b.id} class="tagged-bookmark" data-testid="tagged-bookmark">
                            <span class="tagged-title">{b.title ? <Untrusted>{b.title}</Untrusted> : <UntrustedCode text={u} />}</span>{' '}
                            {b.path && (
                              <small class="muted tagged-path">
                                <Untrusted>{t('tagsInPath', b.path)}</Untrusted>
                              </small>
                            )}
                          </span>
                        ))
                      )}
                      <small class="tagged-url">
                        <UntrustedCode text={u} />
                      </small>
                    </div>
                    <button
                      type="button"
                      aria-label={t('tagsRemoveFrom', code(open), code(u))}
                      onClick={() =>
                        void run(async () => {
                          await client.call('tags.remove', { urls: [u], tags: [open] });
                          return t('tagsRemovedFrom', code(open), code(u));
                        })
                      }
                    >
                      {t('tagsRemoveTag')}
                    </button>
                  </li>
                ))}
                {openAddresses.total > openAddresses.addresses.length && <li class="muted">{t('tagsAndMore', openAddresses.total - openAddresses.addresses.length)}</li>}
              </ul>
            </>
          ) : (
            <h2 id="tag-detail-heading" class="muted">
              {t('tagsChoose')}
            </h2>
          )}
          <BulkTagger onDone={(message) => void run(async () => message)} onError={setError} />
        </section>
      </div>
      {pending && (
        <ConfirmDialog
          title={pending.kind === 'delete' ? t('tagsDeleteTitle', code(pending.tag)) : t('tagsMergeTitle', pending.from.length + 1)}
          confirmLabel={pending.kind === 'delete' ? t('tagsDeleteConfirm') : t('tagsMergeConfirm')}
          onCancel={() => setPending(null)}
          onConfirm={() => {
            const p = pending;
            setPending(null);
            if (p.kind === 'delete') {
              void run(async () => {
                const { changed } = await client.call('tags.delete', { tag: p.tag });
                if (open === p.tag) setOpen(null);
                setSelectedTags([]);
                return t('tagsDeleted', code(p.tag), addresses(changed));
              });
            } else {
              void run(async () => {
                const { changed } = await client.call('tags.merge', { from: p.from, into: p.into });
                setSelectedTags([]);
                setMergeInto('');
                return t('tagsMerged', code(p.into), addresses(changed));
              });
            }
          }}
        >
          {pending.kind === 'delete' ? (
            <p>{t('tagsDeleteBody', addresses(pending.count))}</p>
          ) : (
            <p>{t('tagsMergeBody', pending.from.map((tag) => t('tagsQuoted', code(tag))).join(', '), code(pending.into), addresses(pending.count))}</p>
          )}
        </ConfirmDialog>
      )}
    </div>
  );
}

/** Find bookmarks, tick them, add or remove a tag on all of them at once. */
function BulkTagger({ onDone, onError }: { onDone(message: string): void; onError(message: string): void }) {
  const client = useClient();
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<SearchResultItem[]>([]);
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [tag, setTag] = useState('');
  const search = async () => {
    try {
      const reply = await client.call('search.query', { text: query, limit: 200 });
      setResults(reply.items.filter((i) => i.kind === 'bookmark'));
      setPicked(new Set());
    } catch (e) {
      onError(errorMessage(e));
    }
  };
  const urls = [...new Set(results.filter((r) => picked.has(r.id)).map((r) => r.url))];
  const apply = async (op: 'tags.add' | 'tags.remove') => {
    try {
      const { changed } = await client.call(op, { urls, tags: [tag.trim()] });
      onDone(op === 'tags.add' ? t('tagsAddedTo', code(tag.trim()), addresses(changed)) : t('tagsRemovedFrom', code(tag.trim()), addresses(changed)));
      await search();
    } catch (e) {
      onError(errorMessage(e));
    }
  };
  return (
    <section aria-labelledby="bulk-heading" class="bulk-tagger">
      <h2 id="bulk-heading">{t('tagsBulkHeading')}</h2>
      <form
        class="field inline"
        onSubmit={(e) => {
          e.preventDefault();
          void search();
        }}
      >
        <label for="bulk-query">{t('tagsFindBookmarks')}</label>
        <input id="bulk-query" type="search" value={query} onInput={(e) => setQuery((e.target as HTMLInputElement).value)} />
        <button type="submit">{t('tagsSearch')}</button>
      </form>
      {results.length > 0 && (
        <>
          <div class="field inline bulk-actions" data-testid="bulk-actions">
            <label for="bulk-tag">{t('tagsTag')}</label>
            <input id="bulk-tag" type="text" value={tag} onInput={(e) => setTag((e.target as HTMLInputElement).value)} />
            <button type="button" disabled={!urls.length || !tag.trim()} onClick={() => void apply('tags.add')}>
              {plural('tagsAddToSelected', urls.length)}
            </button>
            <button type="button" disabled={!urls.length || !tag.trim()} onClick={() => void apply('tags.remove')}>
              {plural('tagsRemoveFromSelected', urls.length)}
            </button>
          </div>
          <div class="check">
            <input
              type="checkbox"
              id="bulk-all"
              checked={picked.size === results.length}
              onChange={(e) => setPicked((e.target as HTMLInputElement).checked ? new Set(results.map((r) => r.id)) : new Set())}
            />
            <label for="bulk-all">{t('tagsSelectAll', results.length)}</label>
          </div>
          <ul class="plain-list url-list" data-testid="bulk-results">
            {results.map((r) => (
              <li key={r.id}>
                <input
                  type="checkbox"
                  id={`bulk-${r.id}`}
                  checked={picked.has(r.id)}
                  onChange={() =>
                    setPicked((s) => {
                      const next = new Set(s);
                      if (next.has(r.id)) next.delete(r.id);
                      else next.add(r.id);
                      return next;
                    })
                  }
                />
                <label for={`bulk-${r.id}`}>
                  {r.title ? <Untrusted>{r.title}</Untrusted> : <UntrustedCode text={r.url} />}{' '}
                  <small class="muted">
                    <UntrustedCode text={r.url} />
                  </small>{' '}
                  {r.tags.length > 0 && (
                    <small class="tags">
                      {r.tags.map((tag, i) => (
                        <Fragment key={tag}>
                          {i > 0 && ', '}
                          <UntrustedCode text={tag} />
                        </Fragment>
                      ))}
                    </small>
                  )}
                </label>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
