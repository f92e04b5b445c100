/** The real background on the fake browser, reset, with a client as a page has it: the organizer's unit tests start here. */
import { startBackground } from '../../../src/app/start-background';
import { createClient } from '../../../src/messaging/client';
import { createFakeBrowser } from '../../fakes/browser';

export async function organizerBackground() {
  const fake = createFakeBrowser();
  const app = startBackground({ browser: fake.browser, now: () => Date.now(), testBuild: true });
  const client = createClient(fake.control.transport);
  await client.call('test.reset', {});
  const b = fake.browser.bookmarks;
  /** The titles of a folder's children, in order. */
  const titles = async (id: string) => (await b.getChildren(id)).map((c) => c.title);
  return { ...fake, app, client, b, titles };
}
