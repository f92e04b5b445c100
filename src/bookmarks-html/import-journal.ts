/**
 * An import as one operation of the journal (src/operation-history/journal.ts, kind 'import'), so that it is all or nothing:
 * every item is journaled ('created') before it is created, and the tags it brings are journaled ('tag-merge': the
 * tags each URL had before) and written along with the bookmarks, every TAG_BATCH bookmarks. A cancelled import, a
 * closed tab (the job is cancelled) and a crash (recovery at the next start) roll back what it created with the same
 * code as an undo (src/operation-history/undo.ts): what someone renamed, re-addressed or moved in the meantime stays,
 * tags included. A finished import can be undone from the same history.
 *
 * The items are journaled ahead, up to 32 in one write (`journalAhead`, driven by steps-ahead.ts for an import of a
 * bookmarks.html and a restore from a Firefox backup alike), with the outcome (id, or skip when Firefox refused it) of
 * every item journaled before: the creates then need no write of their own, and the ids are stored behind them, a few
 * at a time. So after a crash only the entries of the last write can have been created without their id stored, and
 * not before it was written (`journaledAt`, give or take the clocks' rounding). Of those, the ones created are the
 * first (one not created has its skip stored before the next create), each added no earlier than the one before:
 * recovery finds them in that order (src/operation-history/undo-created.ts matchInOrder; src/operation-history/
 * README.md "Items journaled ahead"), and an entry that was never created claims nothing, so a bookmark someone made
 * meanwhile with the same title and address in the same folder stays. An item create() is given that was not
 * journaled ahead is journaled alone, in a write of its own just before it (how every import went until 2026-12-08).
 *
 * The write is of relaxed durability: it resolves once the OS has it, so a killed Firefox keeps it; only a power loss
 * can take the last writes (src/bookmarks-html/README.md "Import speed": strict durability cost a flush per item).
 */
import type { BookmarkNode, Browser } from '../platform/browser';
import type { ImportedNumbers, WriteDeps } from '../operation-history';
import { kindOf } from '../platform/tree';
import { newSession, ProgressLog } from '../operation-history';
import { restoreSession, type UndoResult } from '../operation-history';
import { tagKey } from '../platform/tag-key';

/**
 * Ids of items journaled ahead stored together, behind the creates (one write per few items beside the creates, not one
 * per item): a kill leaves the last few items made to be found by their data (src/operation-history/undo-created.ts).
 */
const IDS_BEHIND = 8;

/** Bookmarks created between two writes of their tags. */
export const TAG_BATCH = 100;

type CreateDetails = Parameters<Browser['bookmarks']['create']>[0];

const quietCtx = { progress: () => undefined, checkpoint: async () => undefined };

export class ImportOperation {
  private sessionId: string | null = null;
  private log: ProgressLog | null = null;
  private readonly seqOfId = new Map<string, number>();
  private pendingTags = new Map<string, Set<string>>();
  private sinceTags = 0;
  /** Addresses given tags (a set: two batches may give one address tags). */
  private readonly tagged = new Set<string>();
  private readonly created = { bookmarks: 0, folders: 0, separators: 0 };
  /** Items journaled ahead (journalAhead), not created yet, in the order they come: their entry and what they are. */
  private ahead: { seq: number; key: string }[] = [];
  /** Writes of items journaled ahead so far (each write's entries share its number, `aheadBatch`). */
  private batches = 0;

  constructor(
    private readonly deps: WriteDeps,
    /** What the session is, for the history ("bookmarks.html: <title>"). */
    private readonly label: string,
    /** Where the items come from, when not a file: the history words a restore from a Firefox backup as one. */
    private readonly from?: ImportedNumbers['from'],
  ) {}

  /** The session, once anything was created. */
  get id(): string | null {
    return this.sessionId;
  }

  private async begin(): Promise<string> {
    if (this.sessionId) return this.sessionId;
    const id = this.deps.newSessionId?.() ?? crypto.randomUUID();
    const session = newSession(id, 'import', this.label, this.deps.now());
    await this.deps.journal.beginSession(session, []);
    this.sessionId = id;
    this.log = new ProgressLog(this.deps.journal, id);
    return id;
  }

  /** The entry an item is journaled as: its folder by id, or by the entry of a folder this operation created. */
  private intentOf(details: CreateDetails, journaledAt: number) {
    const type = kindOf(details);
    const parentSeq = details.parentId !== undefined ? (this.seqOfId.get(details.parentId) ?? null) : null;
    return {
      role: 'created' as const,
      parentId: parentSeq === null ? (details.parentId ?? null) : null,
      parentSeq,
      type,
      title: details.title ?? '',
      url: type === 'bookmark' ? (details.url ?? null) : null,
      journaledAt,
    };
  }

  /**
   * Journals the next items ahead, in ONE write that also stores the outcome of every item before (see the head of
   * this file): create() then takes them in this order with no write of its own. No item of the list may go into a
   * folder created by another item of the list (its id is known only once that folder is made: the caller ends the
   * list before such an item). Items still ahead from an earlier call are taken back first (never created).
   */
  async journalAhead(list: readonly CreateDetails[]): Promise<void> {
    await this.dropAhead();
    if (!list.length) return;
    const sessionId = await this.begin();
    const journaledAt = this.deps.now();
    const aheadBatch = this.batches++;
    const intents = list.map((details) => ({ ...this.intentOf(details, journaledAt), aheadBatch }));
    const stored = await this.log!.writeWith((progress) => this.deps.journal.append(sessionId, intents, { ...(progress && { progress }), durability: 'relaxed' }));
    this.ahead = stored.map((entry, i) => ({ seq: entry.seq, key: aheadKey(intents[i]!) }));
  }

  /** How many items journaled ahead are still to be created. */
  get aheadCount(): number {
    return this.ahead.length;
  }

  /**
   * The next item journaled ahead will not be created (its folder went, say): its skip is stored at once, so that
   * of the items journaled together those created are always the first ones (undo-created.ts relies on it).
   */
  async skipAhead(): Promise<void> {
    const next = this.ahead.shift();
    if (!next) return;
    this.log!.note({ skipped: [next.seq] });
    await this.log!.write();
  }

  /** Every item still journaled ahead will not be created: their skips are stored. */
  private async dropAhead(): Promise<void> {
    if (!this.ahead.length) return;
    this.log!.note({ skipped: this.ahead.map((a) => a.seq) });
    this.ahead = [];
    await this.log!.write();
  }

  /**
   * Creates one item: journaled first (with the outcome of the one before), then created, then its id noted. The
   * next item journaled ahead (journalAhead) is created without a write of its own when `details` are that item's.
   */
  async create(details: CreateDetails): Promise<BookmarkNode> {
    const sessionId = await this.begin();
    const intent = this.intentOf(details, this.deps.now());
    let seq: number;
    if (this.ahead.length && this.ahead[0]!.key === aheadKey(intent)) {
      seq = this.ahead.shift()!.seq;
    } else {
      await this.dropAhead();
      // One write, with what is noted of the items before (see the head of this file).
      const [entry] = await this.log!.writeWith((progress) => this.deps.journal.append(sessionId, [intent], { ...(progress && { progress }), durability: 'relaxed' }));
      seq = entry.seq;
    }
    let node: BookmarkNode;
    try {
      node = await this.deps.browser.bookmarks.create(details);
    } catch (error) {
      this.log!.note({ skipped: [seq] });
      // More journaled ahead: this one's skip is stored before any of them is created.
      if (this.ahead.length) await this.log!.write();
      throw error;
    }
    this.seqOfId.set(node.id, seq);
    this.log!.note({ ids: [{ seq, id: node.id }], done: [seq] });
    // Journaled ahead: the ids are stored behind the next creates, a few at a time.
    if (this.ahead.length) this.log!.writeBehind(IDS_BEHIND);
    this.created[kindOf(node) === 'bookmark' ? 'bookmarks' : kindOf(node) === 'folder' ? 'folders' : 'separators']++;
    if (kindOf(node) === 'bookmark' && ++this.sinceTags >= TAG_BATCH) await this.writeTags();
    return node;
  }

  /** Tags the file gives a URL: written, journaled, with the next batch of bookmarks. */
  addTags(url: string, tags: readonly string[]): void {
    if (!tags.length) return;
    let set = this.pendingTags.get(url);
    if (!set) this.pendingTags.set(url, (set = new Set()));
    for (const tag of tags) set.add(tag);
  }

  /** Items created so far (bookmarks, folders and separators). */
  get createdCount(): number {
    return this.created.bookmarks + this.created.folders + this.created.separators;
  }

  /** Addresses that received tags so far (one that already had every tag the file gives it is not counted). */
  get taggedUrls(): number {
    return this.tagged.size;
  }

  /**
   * Writes the tags noted so far: each URL's tags before are journaled with the tags this adds, then the tags are
   * stored (one call per distinct list). Failures are reported per list (`report`, else the next call's).
   */
  async writeTags(report?: (tags: string[], error: unknown) => void): Promise<void> {
    this.sinceTags = 0;
    const pending = this.pendingTags;
    this.pendingTags = new Map();
    if (report) this.report = report;
    const urls = [...pending.keys()];
    const before = await this.deps.tags.getTagsForUrls(urls);
    const merges = urls.flatMap((url) => {
      const had = before.get(url) ?? [];
      const have = new Set(had.map(tagKey));
      const added: string[] = [];
      for (const tag of pending.get(url)!) {
        if (have.has(tagKey(tag))) continue;
        have.add(tagKey(tag));
        added.push(tag);
      }
      return added.length ? [{ role: 'tag-merge' as const, url, tagsBefore: had, tagsAdded: added }] : [];
    });
    // Tags every address already has change nothing: no entry, and no session begun for them (an import that
    // changes nothing leaves no operation in the history).
    if (!merges.length) {
      await this.log?.write();
      return;
    }
    const sessionId = await this.begin();
    const stored = await this.deps.journal.append(sessionId, merges);
    await this.log!.write();
    const byList = new Map<string, { tags: string[]; urls: string[]; seqs: number[] }>();
    for (const e of stored) {
      if (e.role !== 'tag-merge') continue;
      const key = JSON.stringify(e.tagsAdded);
      const group = byList.get(key) ?? { tags: e.tagsAdded, urls: [], seqs: [] };
      group.urls.push(e.url);
      group.seqs.push(e.seq);
      byList.set(key, group);
    }
    for (const { tags, urls: listUrls, seqs } of byList.values()) {
      try {
        await this.deps.tags.addTags(listUrls, tags);
        this.log!.note({ done: seqs });
        for (const url of listUrls) this.tagged.add(url);
      } catch (error) {
        this.log!.note({ skipped: seqs });
        this.report?.(tags, error);
      }
    }
  }

  private report: ((tags: string[], error: unknown) => void) | null = null;

  /**
   * The import finished: the session becomes undoable, and keeps for the history what the import did (`skipped`: the
   * file's entries it skipped as already bookmarked). An import that changed nothing has no session.
   */
  async finish({ skipped = 0 }: { skipped?: number } = {}): Promise<void> {
    if (!this.sessionId) return;
    await this.dropAhead();
    await this.log!.write();
    await this.deps.journal.updateSession(this.sessionId, {
      status: 'applied',
      cancelled: false,
      finishedAt: this.deps.now(),
      imported: { ...this.created, skipped, taggedUrls: this.tagged.size, ...(this.from && { from: this.from }) },
    });
  }

  /** Takes back everything the import created and the tags it added (what someone changed meanwhile stays). */
  async rollBack(note: string): Promise<UndoResult | null> {
    if (!this.sessionId) return null;
    await this.dropAhead();
    await this.log!.write();
    const result = await restoreSession(this.deps, this.sessionId, quietCtx, 'rollback');
    await this.deps.journal.updateSession(this.sessionId, {
      note,
      cancelled: true,
      imported: { ...this.created, taggedUrls: this.tagged.size, ...(this.from && { from: this.from }) },
    });
    return result;
  }
}

/** What an item journaled ahead is, to tell that create() is given that item: its folder, kind, title and address. */
function aheadKey(intent: { parentId: string | null; parentSeq: number | null; type: string; title: string; url: string | null }): string {
  return JSON.stringify([intent.parentId, intent.parentSeq, intent.type, intent.title, intent.url]);
}
