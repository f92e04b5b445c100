/**
 * boot() for component tests of the options page, the organizer and the i18n checks: the real background on the fake,
 * and `wrap`, which renders a component with the client a page gets from the options page.
 */
import type { ComponentChildren } from 'preact';
import { ClientContext } from '../../src/options-ui/client-context';
import { boot, type BootOptions } from './boot';

export async function bootPage(options?: BootOptions) {
  const env = await boot(options);
  const wrap = (children: ComponentChildren) => <ClientContext.Provider value={env.client}>{children}</ClientContext.Provider>;
  return Object.assign(env, { wrap });
}
