/**
 * The client wired to the real runtime, for extension pages. `client` reads plain JSON replies: the popup and the
 * sidebar, which never ask for a scan, so their bundles do not name the scan's decoder (popup budget: 30 kB,
 * scripts/popup-bundle.mjs). The options page and the test harness use page-client-with-scans.ts.
 */
import browser from 'webextension-polyfill';
import { createClient, type Client, type Transport } from './client';
import type { PortLike } from '../messaging/router';

export const runtimeTransport: Transport = {
  sendMessage: (message) => browser.runtime.sendMessage(message),
  connect: (name) => browser.runtime.connect({ name }) as unknown as PortLike,
};

export const client: Client = createClient(runtimeTransport);
