import { describe, expect, it } from 'vitest';
import { Bookmark, Group, MENU, MOBILE, Separator, TOOLBAR, UNSORTED, remove, toInstance, toPlain } from '@tidymarks/places';

describe('items', () => {
  it('#1 MENU/TOOLBAR/UNSORTED/MOBILE are the platform roots, frozen', () => {
    expect(MENU.id).toBe('menu________');
    expect(TOOLBAR.id).toBe('toolbar_____');
    expect(UNSORTED.id).toBe('unfiled_____');
    expect(MOBILE.id).toBe('mobile______');
    for (const root of [MENU, TOOLBAR, UNSORTED, MOBILE]) {
      expect(Object.isFrozen(root)).toBe(true);
      expect(root).toBeInstanceOf(Group);
    }
  });

  it('#2 constructor validation messages', () => {
    expect(() => new Bookmark({ title: 'a' })).toThrow('The `url` property must be a valid URL.');
    expect(() => new Bookmark({ title: 'a', url: 'not a url' })).toThrow('The `url` property must be a valid URL.');
    expect(() => new Bookmark({ url: 'https://mozilla.org/' })).toThrow('The `title` property must be defined.');
    expect(() => new Bookmark()).toThrow('The `title` property must be defined.');
    expect(() => new Group()).toThrow('The `title` property must be defined.');
    expect(() => new Bookmark({ title: 'a', url: 'https://mozilla.org/', tags: 'a,b' as never })).toThrow('The `tags` property must be a Set, or an array.');
  });

  it('checks id, group, index, updated before title, url and tags', () => {
    expect(() => new Bookmark({ index: 'x' as never })).toThrow('The `index` property must be a number.');
    expect(() => new Bookmark({ group: 5 as never })).toThrow('The `group` property must be a valid Group object.');
    expect(() => new Bookmark({ id: 3 as never })).toThrow('The `id` property must be a string.');
    expect(() => new Bookmark({ updated: 'yesterday' as never, title: 'a' })).toThrow('The `updated` property must be a number.');
  });

  it('defaults: group UNSORTED, index -1, tags a Set (from an array or null)', () => {
    const b = new Bookmark({ title: 't', url: 'https://a.example/', tags: ['x', 'y'] });
    expect(b.group).toBe(UNSORTED);
    expect(b.index).toBe(-1);
    expect(b.tags).toEqual(new Set(['x', 'y']));
    expect(new Bookmark({ title: 't', url: 'https://a.example/', tags: null }).tags).toEqual(new Set());
    expect(new Separator({ group: MENU }).group).toBe(MENU);
    expect(new Bookmark({ title: 't', url: 'https://a.example/', group: 'toolbar_____' }).group).toBe(TOOLBAR);
  });

  it('a plain object with no known type is refused with "No type specified"', () => {
    expect(() => toInstance({ title: 'x', url: 'https://a.example/' })).toThrow('No type specified');
    expect(toInstance({ type: 'separator' })).toBeInstanceOf(Separator);
  });

  it('#20 remove() marks every item and returns them as an array', () => {
    const items = [new Bookmark({ title: 'a', url: 'https://a.example/' }), { type: 'separator' as const }];
    const marked = remove(items);
    expect(marked).toHaveLength(2);
    expect(marked.every((i) => i.remove === true)).toBe(true);
    expect(remove(items[0])).toEqual([items[0]]);
  });

  it('toPlain gives tags as an array and group as its id', () => {
    const g = new Group({ id: 'g1', title: 'G' });
    const plain = toPlain(new Bookmark({ id: 'b1', group: g, title: 't', url: 'https://a.example/', tags: ['x'], updated: 5 }));
    expect(plain).toEqual({ type: 'bookmark', id: 'b1', group: 'g1', index: -1, updated: 5, title: 't', url: 'https://a.example/', tags: ['x'] });
  });

  it("type tags: String() gives '[object Bookmark]', '[object Group]', '[object Separator]' as in the SDK", () => {
    expect(String(new Bookmark({ title: 't', url: 'https://a.example/' }))).toBe('[object Bookmark]');
    expect(String(new Group({ title: 'g' }))).toBe('[object Group]');
    expect(String(new Separator())).toBe('[object Separator]');
    expect(Object.prototype.toString.call(UNSORTED)).toBe('[object Group]');
    expect(`${new Separator({ group: MENU })}`).toBe('[object Separator]');
  });

  it('constructors work without `new`, as SDK code calls them, and give the same instances', () => {
    const b = Bookmark({ title: 't', url: 'https://a.example/', tags: ['x'] });
    expect(b).toBeInstanceOf(Bookmark);
    expect(b).toEqual(new Bookmark({ title: 't', url: 'https://a.example/', tags: ['x'] }));
    expect(Object.getPrototypeOf(b)).toBe(Bookmark.prototype);
    expect(b.constructor).toBe(Bookmark);
    expect(Bookmark.name).toBe('Bookmark');
    const g = Group({ title: 'g', group: MENU });
    expect(g).toBeInstanceOf(Group);
    expect(g.group).toBe(MENU);
    expect(Separator({ group: TOOLBAR })).toBeInstanceOf(Separator);
    expect(Separator()).not.toBeInstanceOf(Bookmark);
    // Validation runs the same way either way.
    expect(() => Bookmark({ title: 'a' })).toThrow('The `url` property must be a valid URL.');
    expect(() => Group()).toThrow('The `title` property must be defined.');
  });

  it('snapshots have no own `remove` key unless marked (Object.keys shows only real fields)', () => {
    const b = new Bookmark({ title: 't', url: 'https://a.example/' });
    expect(Object.keys(b)).not.toContain('remove');
    expect(Object.hasOwn(b, 'remove')).toBe(false);
    expect(Object.keys(new Group({ title: 'g' }))).not.toContain('remove');
    expect(Object.keys(new Separator())).not.toContain('remove');
    expect(Object.keys(UNSORTED)).not.toContain('remove');
    expect(new Bookmark({ title: 't', url: 'https://a.example/', remove: true }).remove).toBe(true);
    expect(new Separator({ removed: true }).remove).toBe(true);
  });
});
