/**
 * A 5,101-bookmark collection multiplied the way sync multiplies real ones, as a Netscape bookmarks.html that
 * Firefox imports at start-up (prefs browser.places.importBookmarksHTML + browser.bookmarks.file). The Duplicates
 * page's e2e test and bench (bench/options-duplicates.bench.ts) use it. Deterministic. What it holds:
 *   - a "Dev" folder of 400 bookmarks (four subfolders of 100) three times in the Bookmarks Menu: one set of three;
 *   - one page saved 154 times over 12 folders of Other Bookmarks › Synced (same day, minutes apart);
 *   - one page saved 484 times in Other Bookmarks › Inbox;
 *   - 51 pages saved as variants: trailing slash, utm_ parameters, an empty "#", index.html, a title that is the bare
 *     URL (49 of them 4 times, 2 of them 3 times);
 *   - 3,061 distinct pages in the Toolbar and the Menu, two empty folders.
 * With the default rules: 453 groups; 1,587 copies to remove: 787 loose, 800 inside 2 copied folders; and 13 empty
 * folders (the two, and 11 of the 12 Synced folders, which hold only copies of the page x154: issue 29).
 */
export const SYNC_COLLECTION = {
  bookmarks: 5101,
  groups: 453,
  copies: 1587,
  loose: 787,
  insideFolders: 800,
  copiedFolders: 2,
  /** The plan's: 2 empty before, 11 the cleanup empties. */
  emptyFolders: 13,
  devFolderSize: 400,
  /** The pages copied 154 and 484 times. */
  page154: 'https://developer.mozilla.org/en-US/docs/Web/JavaScript',
  page484: 'https://news.example.org/front-page',
} as const;

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

interface Mark {
  title: string;
  url: string;
  /** Seconds since the epoch. */
  added: number;
}

const BASE = 1_700_000_000; // Nov 14, 2023

function folder(title: string, items: string[], attrs = '', added = BASE): string {
  return `<DT><H3 ADD_DATE="${added}" LAST_MODIFIED="${added}"${attrs}>${escape(title)}</H3>\n<DL><p>\n${items.join('\n')}\n</DL><p>`;
}

function mark(m: Mark): string {
  return `<DT><A HREF="${escape(m.url)}" ADD_DATE="${m.added}">${escape(m.title)}</A>`;
}

const TOPICS = ['JavaScript', 'Rust', 'Python', 'Web APIs'];

/** The bookmarks.html of the collection described above. */
export function syncCollectionHtml(): string {
  // Dev: 4 subfolders of 100, the same content in each of its three copies (sync copied it whole, twice).
  const dev = (copy: number) =>
    folder(
      'Dev',
      TOPICS.map((topic, t) =>
        folder(
          topic,
          Array.from({ length: 100 }, (_, i) =>
            mark({ title: `${topic} reference ${i}`, url: `https://docs.example.dev/${topic.toLowerCase().replace(' ', '-')}/${i}`, added: BASE + t * 100 + i }),
          ),
          '',
          BASE + copy * 86_400,
        ),
      ),
      '',
      BASE + copy * 86_400,
    );
  const menuUniques = (n: number, from: number) =>
    Array.from({ length: n }, (_, i) =>
      mark({
        title: `Article ${from + i}: notes on topic ${(from + i) % 97}`,
        url: `https://blog.example.net/${2015 + ((from + i) % 10)}/post-${from + i}`,
        added: BASE + 1000 + from + i,
      }),
    );

  // 51 pages saved as variants. Each has its clean copy with a real title and three variants (two have only two).
  const variants: string[] = [];
  for (let p = 0; p < 51; p++) {
    const url = `https://guides.example.com/guide/${p}`;
    const title = `Guide ${p}: how to do thing ${p}`;
    const copies: Mark[] = [
      { title: url, url: `${url}/`, added: BASE + 10 + p }, // a bare-URL title, the oldest
      { title, url: `${url}?utm_source=newsletter&utm_medium=email`, added: BASE + 20 + p },
      { title, url, added: BASE + 30 + p },
    ];
    if (p < 49) copies.push({ title, url: p % 2 ? `${url}#` : `${url}/index.html`, added: BASE + 40 + p });
    variants.push(...copies.map(mark));
  }

  // The page saved 154 times: 12 folders of Other Bookmarks › Synced, 10 to 16 copies each, minutes apart.
  const synced: string[] = [];
  let left = 154;
  for (let f = 0; f < 12; f++) {
    const n = f === 11 ? left : 10 + (f % 7);
    left -= n;
    synced.push(
      folder(
        `Folder ${f}`,
        Array.from({ length: n }, (_, i) => mark({ title: 'JavaScript | MDN', url: SYNC_COLLECTION.page154, added: BASE + 50_000 + f * 600 + i * 60 })),
      ),
    );
  }
  const inbox = Array.from({ length: 484 }, (_, i) => mark({ title: 'Front page', url: SYNC_COLLECTION.page484, added: BASE + 90_000 + i * 30 }));

  // 3,061 distinct pages: the Toolbar's folders of 50 and the Menu's Reading folders.
  const toolbarFolders: string[] = [];
  for (let f = 0; f < 40; f++) {
    toolbarFolders.push(
      folder(
        `Project ${f}`,
        Array.from({ length: 50 }, (_, i) =>
          mark({ title: `Issue ${f * 50 + i} of project ${f}`, url: `https://tracker.example.io/project-${f}/issue/${i}`, added: BASE + 2000 + f * 50 + i }),
        ),
      ),
    );
  }
  const reading = Array.from({ length: 21 }, (_, f) => folder(`Reading ${f}`, menuUniques(50, f * 50)));
  const readingRest = menuUniques(11, 21 * 50);

  const menu = [dev(0), ...reading.slice(0, 10), dev(1), ...reading.slice(10), dev(2), ...readingRest, folder('Old stuff', []), folder('Variants', variants)];
  const toolbar = folder('Bookmarks Toolbar', toolbarFolders, ' PERSONAL_TOOLBAR_FOLDER="true"');
  const other = folder('Other Bookmarks', [folder('Synced', synced), folder('Inbox', inbox), folder('To sort', [])], ' UNFILED_BOOKMARKS_FOLDER="true"');
  return [
    '<!DOCTYPE NETSCAPE-Bookmark-file-1>',
    '<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">',
    '<TITLE>Bookmarks</TITLE>',
    '<H1>Bookmarks Menu</H1>',
    '<DL><p>',
    ...menu,
    toolbar,
    other,
    '</DL>',
  ].join('\n');
}
