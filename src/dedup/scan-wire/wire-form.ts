/**
 * The wire form of a scan: how the 'dedup.scan' job replies and how the last scan is stored in IndexedDB
 * ('tidymarks-dedup-scan'), one JSON text written once (src/dedup/scan/feature.ts). The rest of the code sees
 * ScanResult (src/dedup/scan/scan-types.ts); only this module knows the form. A module of its own, below the pages'
 * messaging client and the dedup feature alike: the client decodes the reply without loading the scan's code.
 *
 * The duplicate groups are nearly all of a scan (10.99 of 11.06 MB as plain JSON at 100,000 bookmarks), and as
 * objects every copy repeats its keys, its folder's path and its folder id. Here the copies of every group travel as
 * columns (one array per field, group after group), folders (parent id and path) once in a table and referred to by
 * number, rule lists, keep reasons and tag lists through tables of their distinct values, a URL equal to the
 * previous copy's in its group as null, and the rare optional fields (inRedundantFolderId, cameBack) as sparse
 * lists. Everything else of the scan (totals, folder sets, ...) travels as it is.
 *
 * `wire` is the form's version and the first key of the text: a stored scan of another form (an older version's
 * plain JSON) is not read (isScanWire), it counts as no last scan.
 */
import type { ComebackFlag, DuplicateCopy, DuplicateGroup, KeepReason, ScanResult } from '../scan';
import type { MatchRule } from '../../url-matching';

export const SCAN_WIRE_VERSION = 2;
/** How every text of this form begins (JSON.stringify writes keys in insertion order). */
const PREFIX = `{"wire":${SCAN_WIRE_VERSION},`;

interface GroupColumns {
  keys: string[];
  /** Index into `ruleSets`. */
  rules: number[];
  /** The suggested keeper's position among the group's copies (its id when it is none of them). */
  keepers: (number | string)[];
  /** Index into `reasons`. */
  keptBecause: number[];
  /** How many copies each group has (its copies follow the previous group's in the copy columns). */
  sizes: number[];
  /** [group index, removedAt, sessionId] for groups with a cameBack. */
  cameBack: [number, number, string][];
}

interface CopyColumns {
  ids: string[];
  /** Index into `folders`. */
  folders: number[];
  titles: string[];
  /** null: the same URL as the previous copy of its group. */
  urls: (string | null)[];
  dateAdded: number[];
  indexes: number[];
  siblings: number[];
  /** Index into `tagSets`. */
  tags: number[];
  visits: number[];
  /** Index into `ruleSets`. */
  rules: number[];
  /** [copy index, folder id] (copy index counts over all groups). */
  inRedundantFolder: [number, string][];
  /** [copy index, removedAt, sessionId]. */
  cameBack: [number, number, string][];
}

interface ScanWire {
  wire: typeof SCAN_WIRE_VERSION;
  /** Every other field of the scan, as it is. */
  rest: Record<string, unknown>;
  /** [parentId, path] of the folders holding copies. */
  folders: [string, string][];
  ruleSets: MatchRule[][];
  reasons: KeepReason[][];
  tagSets: string[][];
  groups: GroupColumns;
  copies: CopyColumns;
}

/** Numbers distinct values by a string key (first seen, first numbered). */
function table<T>(keyOf: (value: T) => string) {
  const values: T[] = [];
  const at = new Map<string, number>();
  return {
    values,
    ref(value: T): number {
      const key = keyOf(value);
      let i = at.get(key);
      if (i === undefined) at.set(key, (i = values.push(value) - 1));
      return i;
    },
  };
}

/** The scan (and whatever it carries besides, e.g. its id) as the JSON text of the wire form. */
export function encodeScan<T extends ScanResult>(scan: T): string {
  const { groups, ...rest } = scan;
  const folders = table<[string, string]>(([id, path]) => `${id}\n${path}`);
  const ruleSets = table<MatchRule[]>((rules) => rules.join(','));
  const reasons = table<KeepReason[]>((r) => JSON.stringify(r));
  const tagSets = table<string[]>((tags) => JSON.stringify(tags));
  const g: GroupColumns = { keys: [], rules: [], keepers: [], keptBecause: [], sizes: [], cameBack: [] };
  const c: CopyColumns = {
    ids: [],
    folders: [],
    titles: [],
    urls: [],
    dateAdded: [],
    indexes: [],
    siblings: [],
    tags: [],
    visits: [],
    rules: [],
    inRedundantFolder: [],
    cameBack: [],
  };
  groups.forEach((group, gi) => {
    g.keys.push(group.key);
    g.rules.push(ruleSets.ref(group.rules));
    const keeper = group.copies.findIndex((copy) => copy.id === group.suggestedKeeperId);
    g.keepers.push(keeper >= 0 ? keeper : group.suggestedKeeperId);
    g.keptBecause.push(reasons.ref(group.keptBecause));
    g.sizes.push(group.copies.length);
    if (group.cameBack) g.cameBack.push([gi, group.cameBack.removedAt, group.cameBack.sessionId]);
    let previousUrl: string | null = null;
    for (const copy of group.copies) {
      const ci = c.ids.push(copy.id) - 1;
      c.folders.push(folders.ref([copy.parentId, copy.path]));
      c.titles.push(copy.title);
      c.urls.push(copy.url === previousUrl ? null : copy.url);
      previousUrl = copy.url;
      c.dateAdded.push(copy.dateAdded);
      c.indexes.push(copy.index);
      c.siblings.push(copy.siblings);
      c.tags.push(tagSets.ref(copy.tags));
      c.visits.push(copy.visits);
      c.rules.push(ruleSets.ref(copy.rules));
      if (copy.inRedundantFolderId !== undefined) c.inRedundantFolder.push([ci, copy.inRedundantFolderId]);
      if (copy.cameBack) c.cameBack.push([ci, copy.cameBack.removedAt, copy.cameBack.sessionId]);
    }
  });
  const wire: ScanWire = {
    wire: SCAN_WIRE_VERSION,
    rest,
    folders: folders.values,
    ruleSets: ruleSets.values,
    reasons: reasons.values,
    tagSets: tagSets.values,
    groups: g,
    copies: c,
  };
  return JSON.stringify(wire);
}

/** True when `text` is a scan in this form (not, e.g., a scan stored by an older version). */
export function isScanWire(text: string): boolean {
  return text.startsWith(PREFIX);
}

const keeperId = (keeper: number | string, copies: DuplicateCopy[]): string => (typeof keeper === 'string' ? keeper : copies[keeper]!.id);
const flag = (removedAt: number, sessionId: string): ComebackFlag => ({ removedAt, sessionId });

/** The scan from the parsed wire form, or null when `value` is not of this form. */
export function fromScanWire<T extends ScanResult = ScanResult>(value: unknown): T | null {
  if (typeof value !== 'object' || value === null || (value as { wire?: unknown }).wire !== SCAN_WIRE_VERSION) return null;
  const { rest, folders, ruleSets, reasons, tagSets, groups: g, copies: c } = value as ScanWire;
  const copyRedundant = new Map(c.inRedundantFolder);
  const copyCameBack = new Map(c.cameBack.map(([i, at, session]) => [i, flag(at, session)]));
  const groupCameBack = new Map(g.cameBack.map(([i, at, session]) => [i, flag(at, session)]));
  const groups: DuplicateGroup[] = [];
  let ci = 0;
  for (let gi = 0; gi < g.keys.length; gi++) {
    const copies: DuplicateCopy[] = [];
    let previousUrl = '';
    for (const end = ci + g.sizes[gi]!; ci < end; ci++) {
      const [parentId, path] = folders[c.folders[ci]!]!;
      const url = c.urls[ci] ?? previousUrl;
      previousUrl = url;
      const copy: DuplicateCopy = {
        id: c.ids[ci]!,
        parentId,
        path,
        title: c.titles[ci]!,
        url,
        dateAdded: c.dateAdded[ci]!,
        index: c.indexes[ci]!,
        siblings: c.siblings[ci]!,
        tags: [...tagSets[c.tags[ci]!]!],
        visits: c.visits[ci]!,
        rules: [...ruleSets[c.rules[ci]!]!],
      };
      const redundant = copyRedundant.get(ci);
      if (redundant !== undefined) copy.inRedundantFolderId = redundant;
      const cameBack = copyCameBack.get(ci);
      if (cameBack) copy.cameBack = cameBack;
      copies.push(copy);
    }
    const group: DuplicateGroup = {
      key: g.keys[gi]!,
      rules: [...ruleSets[g.rules[gi]!]!],
      suggestedKeeperId: keeperId(g.keepers[gi]!, copies),
      keptBecause: reasons[g.keptBecause[gi]!]!.map((reason) => ({ ...reason })),
      copies,
    };
    const cameBack = groupCameBack.get(gi);
    if (cameBack) group.cameBack = cameBack;
    groups.push(group);
  }
  return { ...rest, groups } as unknown as T;
}

/** The scan from the JSON text of the wire form, or null when the text is of another form (an older version's). */
export function decodeScan<T extends ScanResult = ScanResult>(text: string): T | null {
  return isScanWire(text) ? fromScanWire<T>(JSON.parse(text)) : null;
}
