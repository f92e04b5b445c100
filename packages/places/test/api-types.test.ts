// SPDX-License-Identifier: MPL-2.0
/**
 * Type tests of the public API as another extension imports it (the package's exported entries, by name): what an
 * author writes against the declarations. `tsc -b` checks them in npm test (a type that changed fails the typecheck,
 * `@ts-expect-error` lines included: one that stops being an error fails too); vitest runs them as plain tests.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { Bookmark, Group, Separator, type Item, type PlacesApi, type PlacesEvent, type PlainItem, type Resolver, type SearchQuery } from '@tidymarks/places';
import { createPagePlaces, type PagePlacesOptions } from '@tidymarks/places/page';
import type { PlacesEngineOptions } from '@tidymarks/places/background';

describe('the public types of @tidymarks/places', () => {
  it('items: a snapshot says what it is, a bookmark has its address, title and tags', () => {
    const bookmark = new Bookmark({ url: 'https://a.example/', title: 'A', tags: ['x'] });
    expectTypeOf(bookmark.type).toEqualTypeOf<'bookmark'>();
    expectTypeOf(bookmark.url).toEqualTypeOf<string>();
    expectTypeOf(bookmark.title).toEqualTypeOf<string>();
    expectTypeOf(bookmark.tags).toEqualTypeOf<Set<string>>();
    expectTypeOf(bookmark.id).toEqualTypeOf<string | undefined>();
    expectTypeOf(new Group({ title: 'G' }).type).toEqualTypeOf<'group'>();
    expectTypeOf(new Separator().type).toEqualTypeOf<'separator'>();
    expectTypeOf(bookmark).toMatchTypeOf<Item>();
    // @ts-expect-error an address is a string
    void (() => new Bookmark({ url: 42 }));
    // @ts-expect-error a group has no address
    void (() => new Group({ url: 'https://a.example/' }));
    expect(bookmark.tags.has('x')).toBe(true);
  });

  it('the API: save takes items and a resolver of (mine, theirs), search takes queries, both can be awaited', () => {
    expectTypeOf<Resolver>().parameters.toEqualTypeOf<[mine: PlainItem, theirs: PlainItem]>();
    expectTypeOf<PlacesApi['save']>().toBeFunction();
    expectTypeOf<Awaited<ReturnType<PlacesApi['search']>>>().toEqualTypeOf<Item[]>();
    expectTypeOf<Parameters<PlacesApi['search']>[0]>().toEqualTypeOf<SearchQuery | readonly SearchQuery[] | undefined>();
    expectTypeOf<{ query: string; tags: string[]; url: string }>().toMatchTypeOf<SearchQuery>();
    expectTypeOf<PlacesApi['history']['search']>().toBeFunction();
    expectTypeOf<PlacesApi['events']['on']>().toBeFunction();
    expectTypeOf<PlacesEvent['type']>().toMatchTypeOf<string>();
  });

  it('the page client and the engine take their options', () => {
    expectTypeOf(createPagePlaces).parameter(0).toEqualTypeOf<PagePlacesOptions | undefined>();
    expectTypeOf(createPagePlaces).returns.toEqualTypeOf<PlacesApi>();
    expectTypeOf<PlacesEngineOptions>().toHaveProperty('searchIndex');
  });
});
