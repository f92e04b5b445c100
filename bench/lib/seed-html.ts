/**
 * Writes seed data for benchmark profiles as a Netscape bookmarks.html, which Firefox imports at start-up
 * (prefs browser.places.importBookmarksHTML + browser.bookmarks.file): far faster than bookmarks.create.
 */
export interface SeedFolder {
  title: string;
  bookmarks?: { title: string; url: string; tags?: string[] }[];
  folders?: SeedFolder[];
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function writeFolder(folder: SeedFolder, depth: number, out: string[]) {
  const pad = '    '.repeat(depth);
  out.push(`${pad}<DT><H3 ADD_DATE="1700000000" LAST_MODIFIED="1700000000">${escape(folder.title)}</H3>`);
  out.push(`${pad}<DL><p>`);
  for (const sub of folder.folders ?? []) writeFolder(sub, depth + 1, out);
  for (const b of folder.bookmarks ?? []) {
    const tags = b.tags?.length ? ` TAGS="${escape(b.tags.join(','))}"` : '';
    out.push(`${pad}    <DT><A HREF="${escape(b.url)}" ADD_DATE="1700000000"${tags}>${escape(b.title)}</A>`);
  }
  out.push(`${pad}</DL><p>`);
}

/** Folders are placed in the Bookmarks Menu (Firefox's import target for top-level entries). */
export function seedHtml(folders: SeedFolder[]): string {
  const out = [
    '<!DOCTYPE NETSCAPE-Bookmark-file-1>',
    '<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">',
    '<TITLE>Bookmarks</TITLE>',
    '<H1>Bookmarks Menu</H1>',
    '<DL><p>',
  ];
  for (const folder of folders) writeFolder(folder, 1, out);
  out.push('</DL>');
  return out.join('\n');
}

/** A flat folder of `count` distinct bookmarks with realistic-looking titles and URLs. */
export function flatFolder(title: string, count: number, prefix = 'item'): SeedFolder {
  const words = ['guide', 'release', 'notes', 'api', 'design', 'recipe', 'travel', 'news', 'review', 'tutorial', 'docs', 'blog'];
  const hosts = ['developer.mozilla.org', 'github.com', 'news.ycombinator.com', 'en.wikipedia.org', 'example.org', 'blog.example.com'];
  const bookmarks = Array.from({ length: count }, (_, i) => ({
    title: `${words[i % words.length]} ${words[(i * 7) % words.length]} ${prefix} ${i}`,
    url: `https://${hosts[i % hosts.length]}/${prefix}/${i}/${words[(i * 3) % words.length]}`,
  }));
  return { title, bookmarks };
}

/**
 * `n` bookmarks spread over folders of 50, as sync leaves loose copies across many folders. (One flat folder of
 * 5,000 would measure something else: Firefox renumbers every following sibling on each remove, about a second
 * per remove at the front of a 5,000-child folder.)
 */
export function spreadFolder(title: string, n: number, prefix: string): SeedFolder {
  const flat = flatFolder(title, n, prefix).bookmarks!;
  const folders: SeedFolder[] = [];
  for (let i = 0; i < flat.length; i += 50) folders.push({ title: `${title} ${i / 50}`, bookmarks: flat.slice(i, i + 50) });
  return { title, folders };
}

/**
 * `folders` folders of `perFolder` bookmarks (flatFolder's), grouped 50 to a parent folder: the organizer's and the
 * backups' 100,000-bookmark profile (5,000 folders of 20; one seed, so one cached profile for both).
 */
export function bigCollection(folders: number, perFolder: number): SeedFolder[] {
  const groups: SeedFolder[] = [];
  for (let g = 0; g < folders / 50; g++) {
    const sub: SeedFolder[] = [];
    for (let f = 0; f < 50; f++) sub.push(flatFolder(`Folder ${g}-${f}`, perFolder, `item-${g}-${f}`));
    groups.push({ title: `Group ${g}`, folders: sub });
  }
  return groups;
}
