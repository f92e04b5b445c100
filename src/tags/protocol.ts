import * as v from 'valibot';
import { request, type RequestDef, noInput } from '../messaging/define';
import type { TagCount, UrlTags } from './tag-store';
import type { TaggedAddresses } from './tagged-bookmarks';

/** Tag names are validated by the tag store (tag-name.ts) for a clear message; here only their size. */
const tag = v.pipe(v.string(), v.maxLength(1000));
const tagList = v.pipe(v.array(tag), v.minLength(1), v.maxLength(1000));
const url = v.pipe(v.string(), v.minLength(1), v.maxLength(65536));
const urlList = v.pipe(v.array(url), v.minLength(1), v.maxLength(100_000));

/** This feature's part of the protocol table (see src/app-protocol/protocol.ts). */
export const tagsProtocol = {
  /** Every tag with the number of URLs that have it, by name. */
  'tags.list': request<TagCount[]>()(noInput),
  'tags.forUrls': request<UrlTags[]>()(v.strictObject({ urls: urlList })),
  'tags.urlsWithTag': request<string[]>()(v.strictObject({ tag })),
  /** A tag's page: its addresses in natural order, each with its bookmarks' titles and folders. */
  'tags.addressesWithTag': request<TaggedAddresses>()(v.strictObject({ tag })),
  /** Renames a tag everywhere (onto an existing tag: merges). Replies with the number of URLs changed. */
  'tags.rename': request<{ changed: number }>()(v.strictObject({ from: tag, to: tag })),
  'tags.merge': request<{ changed: number }>()(v.strictObject({ from: tagList, into: tag })),
  'tags.delete': request<{ changed: number }>()(v.strictObject({ tag })),
  'tags.add': request<{ changed: number }>()(v.strictObject({ urls: urlList, tags: tagList })),
  'tags.remove': request<{ changed: number }>()(v.strictObject({ urls: urlList, tags: tagList })),
} satisfies Record<string, RequestDef>;
