/**
 * The toolbar button's per-tab values. The tabs stay inactive: Tidymarks' own background (running during the
 * Firefox run) only updates the button of active tabs.
 */
import type { Browser } from '../../../src/platform/browser';
import { assert, ContractFailure } from '../assert';
import type { ContractCase } from './kit';

/** Resolves once the tab shows `url` and has loaded it (Firefox loads asynchronously; the fake at once): tabs.onUpdated. */
async function loadedTab(b: Browser, tabId: number, url: string, guardMs = 10_000): Promise<void> {
  let listener!: (id: number) => void;
  try {
    await new Promise<void>((resolve, reject) => {
      const guard = setTimeout(() => reject(new ContractFailure(`the tab never finished loading ${url}`)), guardMs);
      const check = async () => {
        const tab = await b.tabs.get(tabId);
        if (tab.url === url && tab.status === 'complete') {
          clearTimeout(guard);
          resolve();
        }
      };
      listener = (id) => void (id === tabId && check().catch(reject));
      b.tabs.onUpdated.addListener(listener);
      check().catch(reject);
    });
  } finally {
    b.tabs.onUpdated.removeListener(listener);
  }
}

export const actionCases: ContractCase[] = [
  {
    name: 'action: a tab’s own title and badge win for that tab, other tabs and calls without a tab get the global ones, null drops the tab’s own',
    async run(b) {
      const tab = await b.tabs.create({ url: 'about:blank', active: false });
      const other = await b.tabs.create({ url: 'about:blank', active: false });
      try {
        await loadedTab(b, tab.id!, 'about:blank');
        const globalTitle = await b.action.getTitle({});
        await b.action.setTitle({ tabId: tab.id!, title: 'Own title' });
        await b.action.setBadgeText({ tabId: tab.id!, text: '3' });
        assert.equal(await b.action.getTitle({ tabId: tab.id! }), 'Own title', 'own title');
        assert.equal(await b.action.getBadgeText({ tabId: tab.id! }), '3', 'own badge');
        assert.equal(await b.action.getTitle({ tabId: other.id! }), globalTitle, 'other tab title');
        assert.equal(await b.action.getBadgeText({ tabId: other.id! }), '', 'other tab badge');
        assert.equal(await b.action.getTitle({}), globalTitle, 'global title');
        await b.action.setTitle({ tabId: tab.id!, title: null });
        assert.equal(await b.action.getTitle({ tabId: tab.id! }), globalTitle, 'title after null');
        assert.equal(await b.action.getBadgeText({ tabId: tab.id! }), '3', 'badge stays');
      } finally {
        await b.tabs.remove([tab.id!, other.id!]);
      }
    },
  },
  {
    name: 'action: a tab’s own values are dropped when the tab loads another page',
    async run(b) {
      const tab = await b.tabs.create({ url: 'about:blank', active: false });
      try {
        await loadedTab(b, tab.id!, 'about:blank');
        const globalTitle = await b.action.getTitle({});
        await b.action.setTitle({ tabId: tab.id!, title: 'Before the load' });
        await b.action.setBadgeText({ tabId: tab.id!, text: '2' });
        const next = b.runtime.getURL('tests/harness/index.html');
        await b.tabs.update(tab.id!, { url: next });
        await loadedTab(b, tab.id!, next);
        assert.equal(await b.action.getTitle({ tabId: tab.id! }), globalTitle, 'title after the load');
        assert.equal(await b.action.getBadgeText({ tabId: tab.id! }), '', 'badge after the load');
      } finally {
        await b.tabs.remove(tab.id!);
      }
    },
  },
  {
    name: 'action: tab-specific calls for a tab that does not exist reject with "Invalid tab ID: N"',
    async run(b) {
      const tab = await b.tabs.create({ url: 'about:blank', active: false });
      await b.tabs.remove(tab.id!);
      await assert.rejects(() => b.action.setBadgeText({ tabId: tab.id!, text: '1' }), `Invalid tab ID: ${tab.id}`, 'setBadgeText');
      await assert.rejects(() => b.action.getTitle({ tabId: tab.id! }), `Invalid tab ID: ${tab.id}`, 'getTitle');
    },
  },
];
