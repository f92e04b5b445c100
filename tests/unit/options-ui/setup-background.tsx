/** Component tests run the real background on the fake browser and give the component a real client. */
import type { ComponentChildren } from 'preact';
import { createFakeBrowser } from '../../fakes/browser';
import { createClient } from '../../../src/messaging/client';
import { startBackground } from '../../../src/app/start-background';
import { ClientContext } from '../../../src/options-ui/client-context';

export async function backgroundForPage() {
  const fake = createFakeBrowser();
  const app = startBackground({ browser: fake.browser, now: () => Date.now(), testBuild: true });
  const client = createClient(fake.control.transport);
  await client.call('test.reset', {});
  const wrap = (children: ComponentChildren) => <ClientContext.Provider value={client}>{children}</ClientContext.Provider>;
  return { ...fake, app, client, wrap };
}
