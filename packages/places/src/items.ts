// SPDX-License-Identifier: MPL-2.0
/**
 * The snapshot items of the Places facade: Bookmark, Group and Separator, and the frozen roots MENU, TOOLBAR,
 * UNSORTED and MOBILE. Constructors validate at once and throw the SDK's messages, checking id, group, index,
 * updated, title, url and tags in that order. An item is a snapshot: reading it again gives a new object.
 */
import { MENU_ID, MOBILE_ID, ROOT_TITLES, TOOLBAR_ID, UNFILED_ID } from './support/browser';

export type ItemType = 'bookmark' | 'group' | 'separator';

/** A group given as a plain object ("duck" group), e.g. shared by several plain items of one save. */
export interface GroupLike {
  type: 'group';
  id?: string | null;
  group?: GroupRef | null;
  index?: number | null;
  updated?: number;
  title?: string;
  remove?: boolean;
  removed?: boolean;
}

/** What an item's `group` may be: a Group, a plain group object, or a group id. */
export type GroupRef = Group | GroupLike;
export type GroupInput = GroupRef | string;

export interface CommonProps {
  id?: string | null;
  group?: GroupInput | null;
  index?: number | null;
  updated?: number;
  remove?: boolean;
  removed?: boolean;
}
export interface BookmarkProps extends CommonProps {
  title?: string;
  url?: string;
  tags?: Iterable<string> | readonly string[] | null;
}
export interface GroupProps extends CommonProps {
  title?: string;
}
export type SeparatorProps = CommonProps;

export const MESSAGES = {
  id: 'The `id` property must be a string.',
  group: 'The `group` property must be a valid Group object.',
  index: 'The `index` property must be a number.',
  updated: 'The `updated` property must be a number.',
  title: 'The `title` property must be defined.',
  url: 'The `url` property must be a valid URL.',
  tags: 'The `tags` property must be a Set, or an array.',
  type: 'No type specified',
} as const;

function checkId(id: unknown): string | undefined {
  if (id === undefined || id === null) return undefined;
  if (typeof id !== 'string' || id === '') throw new TypeError(MESSAGES.id);
  return id;
}

export function isGroupLike(value: unknown): value is GroupRef {
  return value instanceof Group || (typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'group');
}

function checkGroup(group: unknown): GroupRef {
  if (group === undefined || group === null) return UNSORTED;
  if (typeof group === 'string') return ROOTS_BY_ID.get(group) ?? { type: 'group', id: checkId(group) };
  if (isGroupLike(group)) return group;
  throw new TypeError(MESSAGES.group);
}

function checkIndex(index: unknown): number {
  if (index === undefined || index === null) return -1;
  if (typeof index !== 'number' || !Number.isInteger(index) || index < -1) throw new TypeError(MESSAGES.index);
  return index;
}

function checkUpdated(updated: unknown): number | undefined {
  if (updated === undefined) return undefined;
  if (typeof updated !== 'number' || !Number.isFinite(updated)) throw new TypeError(MESSAGES.updated);
  return updated;
}

function checkTitle(title: unknown): string {
  if (typeof title !== 'string') throw new TypeError(MESSAGES.title);
  return title;
}

/** A URL the facade accepts: it parses with the URL parser. */
export function isValidUrl(url: unknown): url is string {
  if (typeof url !== 'string') return false;
  try {
    new URL(url);
    return true;
  } catch {
    return false;
  }
}

function checkUrl(url: unknown): string {
  if (!isValidUrl(url)) throw new TypeError(MESSAGES.url);
  return url;
}

function checkTags(tags: unknown): Set<string> {
  if (tags === undefined || tags === null) return new Set();
  if (tags instanceof Set) return new Set([...tags].map(String));
  if (Array.isArray(tags)) return new Set(tags.map(String));
  throw new TypeError(MESSAGES.tags);
}

function removeFlag(props: CommonProps): boolean | undefined {
  return props.remove === true || props.removed === true ? true : undefined;
}

/**
 * The classes behind Bookmark, Group and Separator. Code written for the SDK calls the constructors without `new`
 * (`Bookmark({...})`), so the exported names are callable wrappers around these (see `callable` below); `instanceof`
 * works with either. `remove` is declared, not initialized: a snapshot has no own `remove` key unless it is marked.
 */
class BookmarkItem {
  readonly type = 'bookmark' as const;
  id: string | undefined;
  group: GroupRef;
  index: number;
  updated: number | undefined;
  title: string;
  url: string;
  tags: Set<string>;
  declare remove?: boolean;

  constructor(props?: BookmarkProps) {
    const p = props ?? {};
    this.id = checkId(p.id);
    this.group = checkGroup(p.group);
    this.index = checkIndex(p.index);
    this.updated = checkUpdated(p.updated);
    this.title = checkTitle(p.title);
    this.url = checkUrl(p.url);
    this.tags = checkTags(p.tags);
    if (removeFlag(p)) this.remove = true;
  }

  /** `String(bookmark)` is '[object Bookmark]', as in the SDK. */
  get [Symbol.toStringTag](): string {
    return 'Bookmark';
  }
}

let makingRoot = false;

class GroupItem {
  readonly type = 'group' as const;
  id: string | undefined;
  /** The parent group; null only for the four roots. */
  group: GroupRef | null;
  index: number;
  updated: number | undefined;
  title: string;
  declare remove?: boolean;

  constructor(props?: GroupProps) {
    const p = props ?? {};
    this.id = checkId(p.id);
    this.group = makingRoot ? null : checkGroup(p.group);
    this.index = checkIndex(p.index);
    this.updated = checkUpdated(p.updated);
    this.title = checkTitle(p.title);
    if (removeFlag(p)) this.remove = true;
  }

  get [Symbol.toStringTag](): string {
    return 'Group';
  }
}

class SeparatorItem {
  readonly type = 'separator' as const;
  id: string | undefined;
  group: GroupRef;
  index: number;
  updated: number | undefined;
  declare remove?: boolean;

  constructor(props?: SeparatorProps) {
    const p = props ?? {};
    this.id = checkId(p.id);
    this.group = checkGroup(p.group);
    this.index = checkIndex(p.index);
    this.updated = checkUpdated(p.updated);
    if (removeFlag(p)) this.remove = true;
  }

  get [Symbol.toStringTag](): string {
    return 'Separator';
  }
}

/** A constructor that also works as a plain call: `Bookmark(props)` is `new Bookmark(props)`. */
export interface ItemConstructor<T, P> {
  new (props?: P): T;
  (props?: P): T;
  readonly prototype: T;
}

/**
 * Wraps a class so that calling it without `new` constructs it (the SDK's Class() allowed both). The wrapper shares
 * the class's prototype, so `instanceof` and `constructor` name the wrapper; with `new` its body returns the
 * class's own instance. (A Proxy did the same but made every construction four times slower.)
 */
function callable<T extends object, P>(cls: new (props?: P) => T): ItemConstructor<T, P> {
  const wrapper = function (props?: P) {
    return new cls(props);
  } as unknown as ItemConstructor<T, P>;
  Object.defineProperty(wrapper, 'name', { value: cls.name.replace(/Item$/, '') });
  (wrapper as { prototype: T }).prototype = cls.prototype;
  Object.defineProperty(cls.prototype, 'constructor', { value: wrapper, writable: true, configurable: true });
  return wrapper;
}

export type Bookmark = BookmarkItem;
export const Bookmark = callable<BookmarkItem, BookmarkProps>(BookmarkItem);
export type Group = GroupItem;
export const Group = callable<GroupItem, GroupProps>(GroupItem);
export type Separator = SeparatorItem;
export const Separator = callable<SeparatorItem, SeparatorProps>(SeparatorItem);

export type Item = Bookmark | Group | Separator;

/** What save() accepts: instances or plain objects carrying a `type`. */
export type ItemInput = Item | ({ type: ItemType } & BookmarkProps) | GroupLike;

function makeRoot(id: string, title: string, index: number): Group {
  makingRoot = true;
  try {
    return Object.freeze(new GroupItem({ id, title, index }));
  } finally {
    makingRoot = false;
  }
}

export const MENU: Group = makeRoot(MENU_ID, ROOT_TITLES[MENU_ID], 0);
export const TOOLBAR: Group = makeRoot(TOOLBAR_ID, ROOT_TITLES[TOOLBAR_ID], 1);
export const UNSORTED: Group = makeRoot(UNFILED_ID, ROOT_TITLES[UNFILED_ID], 2);
export const MOBILE: Group = makeRoot(MOBILE_ID, ROOT_TITLES[MOBILE_ID], 3);

const ROOTS_BY_ID = new Map<string, Group>([MENU, TOOLBAR, UNSORTED, MOBILE].map((g) => [g.id!, g]));

/** The frozen root object for a root id, if it is one. */
export function rootById(id: string | undefined): Group | undefined {
  return id === undefined ? undefined : ROOTS_BY_ID.get(id);
}

/**
 * Turns one input of save() into an instance: instances stay as they are, plain objects are constructed from their
 * `type` (throwing the constructor's message), anything else is refused with "No type specified".
 */
export function toInstance(input: unknown): Item {
  if (input instanceof Bookmark || input instanceof Group || input instanceof Separator) return input;
  if (typeof input !== 'object' || input === null) throw new TypeError(MESSAGES.type);
  const props = input as BookmarkProps & { type?: unknown };
  switch (props.type) {
    case 'bookmark':
      return new BookmarkItem(props);
    case 'group':
      return new GroupItem(props);
    case 'separator':
      return new SeparatorItem(props);
    default:
      throw new TypeError(MESSAGES.type);
  }
}

/** The fields of a snapshot the engine read back: valid by construction. */
export interface SnapshotFields {
  id: string;
  group: GroupRef;
  index: number;
  updated: number;
  title: string;
  url: string;
  tags: readonly string[];
}

/**
 * Snapshots of what the engine read back (search results, saved items), built without the constructors' checks:
 * the data is valid already, and a search returns thousands. The fields are set in the constructors' order, so the
 * objects look exactly like constructed ones.
 */
export function snapshotOf(type: ItemType, f: SnapshotFields): Item {
  if (type === 'bookmark') {
    const b = Object.create(BookmarkItem.prototype) as { -readonly [K in keyof BookmarkItem]: BookmarkItem[K] };
    b.type = 'bookmark';
    b.id = f.id;
    b.group = f.group;
    b.index = f.index;
    b.updated = f.updated;
    b.title = f.title;
    b.url = f.url;
    b.tags = new Set(f.tags);
    return b as BookmarkItem;
  }
  if (type === 'group') {
    const g = Object.create(GroupItem.prototype) as { -readonly [K in keyof GroupItem]: GroupItem[K] };
    g.type = 'group';
    g.id = f.id;
    g.group = f.group;
    g.index = f.index;
    g.updated = f.updated;
    g.title = f.title;
    return g as GroupItem;
  }
  const sep = Object.create(SeparatorItem.prototype) as { -readonly [K in keyof SeparatorItem]: SeparatorItem[K] };
  sep.type = 'separator';
  sep.id = f.id;
  sep.group = f.group;
  sep.index = f.index;
  sep.updated = f.updated;
  return sep as SeparatorItem;
}

/** True when an input asks to be removed (`remove` or the article's `removed`). */
export function wantsRemoval(input: unknown): boolean {
  const p = input as { remove?: unknown; removed?: unknown } | null;
  return !!p && (p.remove === true || p.removed === true);
}

/** Marks every item for removal and returns them as an array, ready for save(). */
export function remove<T extends object>(items: T | readonly T[]): (T & { remove: true })[] {
  const list = (Array.isArray(items) ? [...items] : [items]) as (T & { remove: true })[];
  for (const item of list) item.remove = true;
  return list;
}

/** The plain copy resolve() receives: tags as an array, group as its id. */
export interface PlainItem {
  type: ItemType;
  id?: string;
  group?: string;
  index: number;
  updated?: number;
  title?: string;
  url?: string;
  tags?: string[];
}

export function toPlain(item: Item): PlainItem {
  const plain: PlainItem = { type: item.type, index: item.index };
  if (item.id !== undefined) plain.id = item.id;
  const groupId = item.group?.id ?? undefined;
  if (groupId) plain.group = groupId;
  if (item.updated !== undefined) plain.updated = item.updated;
  if (item instanceof Bookmark || item instanceof Group) plain.title = item.title;
  if (item instanceof Bookmark) {
    plain.url = item.url;
    plain.tags = [...item.tags];
  }
  return plain;
}
