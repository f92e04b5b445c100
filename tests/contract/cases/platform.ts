/**
 * Other APIs the fake imitates. These run in the harness page, so they touch only their own storage keys and menu
 * ids (the background's settings and menus live in the same extension).
 */
import type { Browser } from '../../../src/platform/browser';
import { assert } from '../assert';
import type { ContractCase } from './kit';

export const platformCases: ContractCase[] = [
  {
    name: 'storage.local reports every set (also of the same value), keeps no undefined, and ignores no-op removals',
    async run(b) {
      const keys = ['contract.a', 'contract.u'];
      const marker = 'contract.marker';
      await b.storage.local.remove([...keys, marker]);
      const seen: unknown[] = [];
      let markerSeen!: () => void;
      const markerArrived = new Promise<void>((resolve) => (markerSeen = resolve));
      const listener = (changes: Record<string, unknown>, area: string) => {
        if (marker in changes) markerSeen();
        else if (Object.keys(changes).some((k) => keys.includes(k))) seen.push([area, changes]);
      };
      b.storage.onChanged.addListener(listener);
      try {
        await b.storage.local.set({ 'contract.a': 1 });
        await b.storage.local.set({ 'contract.a': 1 });
        await b.storage.local.set({ 'contract.u': undefined });
        await b.storage.local.remove(['contract.a', 'contract.missing']);
        await b.storage.local.remove('contract.missing');
        // Firefox may still be delivering storage.onChanged when a call resolves, even after a later read (measured: the
        // last event once came after a get): the events come in the order of the calls, so once a marker written last
        // is reported, every event of the calls before it (and none of the no-op removals) is in.
        await b.storage.local.set({ [marker]: 1 });
        await markerArrived;
        assert.equal(
          seen,
          [
            ['local', { 'contract.a': { newValue: 1 } }],
            ['local', { 'contract.a': { oldValue: 1, newValue: 1 } }],
            ['local', { 'contract.u': {} }],
            ['local', { 'contract.a': { oldValue: 1 } }],
          ],
          'events',
        );
        assert.equal(await b.storage.local.get(keys), {}, 'nothing stored');
        await assert.rejects(() => b.storage.local.set({ 'contract.f': { run: () => 1 } }), 'DataCloneError: Function object could not be cloned.', 'a function');
      } finally {
        b.storage.onChanged.removeListener(listener);
        await b.storage.local.remove([...keys, marker, 'contract.f']);
      }
    },
  },
  {
    name: 'menus.create reports a duplicate id or a missing parent through runtime.lastError; remove of an unknown id rejects',
    async run(b) {
      const lastErrorAfter = (props: Parameters<Browser['menus']['create']>[0]) =>
        new Promise<string | undefined>((resolve) => {
          b.menus.create(props, () => resolve(b.runtime.lastError?.message));
        });
      try {
        assert.equal(await lastErrorAfter({ id: 'contract-menu', title: 'Contract', contexts: ['page'] }), undefined, 'first create');
        assert.equal(
          await lastErrorAfter({ id: 'contract-menu', title: 'Again', contexts: ['page'] }),
          'The menu id contract-menu already exists in menus.create.',
          'duplicate',
        );
        assert.equal(
          await lastErrorAfter({ id: 'contract-orphan', parentId: 'contract-nope', title: 'x' }),
          'Cannot find menu item with id contract-nope',
          'missing parent',
        );
        await assert.rejects(() => b.menus.remove('contract-never'), 'Cannot find menu item with id contract-never', 'remove unknown');
        await assert.rejects(() => b.menus.update('contract-never', { title: 'x' }), 'Cannot find menu item with id contract-never', 'update unknown');
      } finally {
        await b.menus.remove('contract-menu').catch(() => undefined);
      }
    },
  },
  {
    name: 'notifications.create checks options synchronously; clear of an unknown id resolves false',
    async run(b) {
      assert.throwsSync(
        () => b.notifications.create({ type: 'basic', message: 'M' } as Parameters<Browser['notifications']['create']>[0]),
        'Type error for parameter options (Property "title" is required) for notifications.create.',
      );
      const id = await b.notifications.create('contract-note', { type: 'basic', title: 'T', message: 'M' });
      assert.equal(id, 'contract-note', 'given id');
      await b.notifications.clear(id);
      assert.equal(await b.notifications.clear('contract-never'), false, 'unknown id');
    },
  },
  {
    name: 'commands.getAll lists the manifest commands (localized, as getManifest shows them) with description null when none',
    async run(b) {
      const declared = (b.runtime.getManifest() as { commands?: Record<string, { description?: string; suggested_key?: { default?: string } }> }).commands ?? {};
      const expected = Object.entries(declared).map(([name, c]) => ({ name, description: c.description ?? null, shortcut: c.suggested_key?.default ?? '' }));
      assert.ok(expected.length > 0, 'the manifest declares commands');
      assert.ok(
        expected.every((c) => !String(c.description).startsWith('__MSG_')),
        'getManifest is localized',
      );
      assert.equal(await b.commands.getAll(), expected, 'commands');
    },
  },
];
