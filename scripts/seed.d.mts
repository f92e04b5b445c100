export declare const DEFAULT_SEED: number;
export interface SeedBookmark {
  kind: 'bookmark';
  url: string;
  title: string;
  tags?: string[];
  addDate: number;
}
export interface SeedFolder {
  kind: 'folder';
  title: string;
  children: SeedNode[];
  addDate: number;
  special?: string;
}
export interface SeedSeparator {
  kind: 'separator';
  addDate: number;
}
export type SeedNode = SeedBookmark | SeedFolder | SeedSeparator;
export interface SeedCollection {
  menu: SeedNode[];
  toolbar: SeedNode[];
  unfiled: SeedNode[];
}
export interface SeedStats {
  bookmarks: number;
  folders: number;
  separators: number;
  emptyFolders: number;
  tagged: number;
  distinctUrls: number;
  exactDuplicates: number;
  mostCopies: number;
  rootChildren: { menu: number; toolbar: number; unfiled: number };
}
export declare const VARIANTS: Record<string, (url: string) => string>;
export declare function generateCollection(seed?: number): SeedCollection;
export declare function toBookmarksHtml(collection: SeedCollection): string;
export declare function describeCollection(collection: SeedCollection): SeedStats;
export declare function tagsOf(collection: SeedCollection): { tag: string; urls: string[] }[];
export declare function writeSeed(outFile: string, seed?: number): { file: string; stats: SeedStats; tags: { tag: string; urls: string[] }[] };
