/** The client wired to the real runtime, for extension pages (popup, options, test harness). */
import browser from 'webextension-polyfill';
import { createClient, type Client } from './client';
import type { PortLike } from '../messaging/router';

export const client: Client = createClient({
  sendMessage: (message) => browser.runtime.sendMessage(message),
  connect: (name) => browser.runtime.connect({ name }) as unknown as PortLike,
});
