/**
 * Synthetic but realistic bookmarks and history for the search benchmarks: titles made of common English and
 * technical words, URLs over a few thousand hosts with word paths, folder paths, a Zipf-like visit count, and
 * queries that are typed prefixes (1..n letters) of words that occur in the data. Deterministic for a seed.
 */

const WORDS = (
  'the guide how to learn rust javascript python typescript react preact firefox mozilla bookmark history search ' +
  'index query fast simple complete tutorial reference documentation api design pattern performance memory ' +
  'network security privacy browser extension manifest storage database postgres sqlite redis cache server ' +
  'client request response stream async await promise error handling testing unit integration benchmark ' +
  'linux kernel windows macos android mobile desktop layout css html grid flex color font image video audio ' +
  'music recipe kitchen garden travel weather news sport football tennis finance market stock invest budget ' +
  'health running yoga sleep coffee tea bread pizza pasta salad chicken vegetarian climate energy solar wind ' +
  'science physics chemistry biology math algebra geometry statistics machine learning neural model data ' +
  'visualization chart map city country europe asia america africa history museum art painting photography ' +
  'camera lens review comparison best cheap free open source project release notes changelog roadmap issue ' +
  'pull discussion forum blog article paper book chapter lecture course university school student teacher'
).split(' ');

const TLDS = ['com', 'org', 'net', 'io', 'dev', 'de', 'fr', 'co.uk', 'edu'];
const FOLDERS = ['Bookmarks Menu', 'Bookmarks Toolbar', 'Other Bookmarks'];
const SUBFOLDERS = ['Dev', 'Reading', 'Recipes', 'Travel', 'Work', 'News', 'Music', 'Research', 'Shopping', 'Tools'];

export interface CorpusBookmark {
  id: string;
  url: string;
  title: string;
  folders: string[];
  dateAdded: number;
}
export interface CorpusHistory {
  url: string;
  title: string;
  visitCount: number;
  lastVisit: number;
}

function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 0x100000000;
  };
}

/** A Zipf-ish pick: low indices are much more common, like real word frequencies. */
function zipf(random: () => number, n: number): number {
  return Math.min(n - 1, Math.floor(Math.pow(random(), 2.2) * n));
}

export function makeCorpus(bookmarkCount: number, historyCount: number, seed = 42) {
  const random = rng(seed);
  const word = () => WORDS[zipf(random, WORDS.length)]!;
  const cap = (w: string) => w[0]!.toUpperCase() + w.slice(1);
  const hosts = Array.from({ length: 4000 }, (_, i) => {
    const sub = random() < 0.3 ? ['docs', 'blog', 'www', 'news', 'shop'][i % 5] + '.' : '';
    return `${sub}${word()}${word()}${i}.${TLDS[i % TLDS.length]}`;
  });
  const makePage = (i: number) => {
    const host = hosts[zipf(random, hosts.length)]!;
    const pathWords = Array.from({ length: 1 + Math.floor(random() * 3) }, word);
    const url = `https://${host}/${pathWords.join('/')}/${i}${random() < 0.2 ? `?ref=${word()}` : ''}`;
    const title = Array.from({ length: 3 + Math.floor(random() * 6) }, (_, k) => (k === 0 ? cap(word()) : word())).join(' ');
    return { url, title };
  };
  const bookmarks: CorpusBookmark[] = [];
  for (let i = 0; i < bookmarkCount; i++) {
    const { url, title } = makePage(i);
    const folders = [FOLDERS[i % 3]!, SUBFOLDERS[zipf(random, SUBFOLDERS.length)]!];
    if (random() < 0.3) folders.push(cap(word()));
    bookmarks.push({ id: `b${i.toString(36).padStart(11, '0')}`, url, title, folders, dateAdded: 1_600_000_000_000 + i * 1000 });
  }
  const history: CorpusHistory[] = [];
  for (let i = 0; i < historyCount; i++) {
    // A fifth of the history is of bookmarked pages, as in real profiles.
    const page = i % 5 === 0 && bookmarks.length ? bookmarks[Math.floor(random() * bookmarks.length)]! : makePage(bookmarkCount + i);
    history.push({
      url: page.url,
      title: page.title,
      visitCount: 1 + Math.floor(Math.pow(random(), 4) * 200),
      lastVisit: 1_700_000_000_000 + i * 1000,
    });
  }
  return { bookmarks, history };
}

/** Keystroke queries: every prefix of 1-2 words from the corpus vocabulary, as typed one letter at a time. */
export function makeQueries(count: number, seed = 7): string[] {
  const random = rng(seed);
  const out: string[] = [];
  while (out.length < count) {
    const first = WORDS[zipf(random, WORDS.length)]!;
    const phrase = random() < 0.35 ? `${first} ${WORDS[Math.floor(random() * WORDS.length)]}` : first;
    for (let i = 1; i <= phrase.length && out.length < count; i++) {
      const typed = phrase.slice(0, i);
      if (!typed.endsWith(' ')) out.push(typed);
    }
  }
  return out;
}
