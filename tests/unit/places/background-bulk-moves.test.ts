import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { announceBulkRemoval } from '../../../src/app/bulk-operations';
import { createPlacesFeature } from '../../../src/places/background';
import { createClock, type Clock } from '../../../src/places/clock';
import { openTagStore } from '../../../src/tags/tag-store';
import { createFakeBrowser } from '../../fakes/browser';

let fake: ReturnType<typeof createFakeBrowser>;
let noted: string[];

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  fake = createFakeBrowser({ now: () => 1_000 });
  const tagStore = openTagStore();
  const clock: Clock = createClock({ browser: fake.browser, tagStore, now: () => 1_000, batchDelayMs: 1 });
  noted = [];
  const noteEvent = clock.noteEvent;
  clock.noteEvent = (kind, id, node) => {
    noted.push(`${kind}:${id}`);
    noteEvent(kind, id, node);
  };
  createPlacesFeature({ browser: fake.browser, now: () => 1_000, testBuild: true }, tagStore, clock);
});

describe('the Places clock listeners during a bulk removal', () => {
  it('skip moves of items announced for a bulk removal, and only while the announcement lasts', async () => {
    const b = fake.browser.bookmarks;
    const hold = await b.create({ parentId: 'unfiled_____', title: 'hold' });
    const doomed = await b.create({ parentId: 'toolbar_____', title: 'doomed', url: 'https://doomed.example/' });
    const other = await b.create({ parentId: 'toolbar_____', title: 'other', url: 'https://other.example/' });
    noted = [];

    const end = announceBulkRemoval([doomed.id]);
    await b.move(doomed.id, { parentId: hold.id });
    await b.move(other.id, { parentId: hold.id });
    end();
    expect(noted).toEqual([`moved:${other.id}`]);

    // A later move of the same item (the removal failed, the user moves it) counts again.
    await b.move(doomed.id, { parentId: 'toolbar_____' });
    expect(noted).toEqual([`moved:${other.id}`, `moved:${doomed.id}`]);
  });
});
