/**
 * The keyboard as a person uses it: Firefox ESR headful on this test's own X display (Xvfb + openbox), keys pressed
 * through the X server with xdotool, so Firefox's own shortcut handling, menu-bar access keys and popup focus all
 * take part (tests that call the command handler directly cannot see any of that).
 *
 * "Nothing else opens" is read from the X server: a menu or panel Firefox shows is a new override-redirect window,
 * and the tab and window counts come from the harness page. The first test shows the check can fail: Firefox's own
 * Alt+Shift+B opens its Bookmarks menu, which the same check sees.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EXTENSION_ORIGIN, launchFirefox, type Firefox } from './firefox';
import { closeOtherTabs, openTab, startLocalSite, type LocalSite } from './local-site';
import { startXDisplay, type MappedWindow, type XDisplay } from '../../scripts/x-display';

const PAGES: Record<string, string> = {
  '/article': '<!doctype html><title>A local article</title><h1>Article</h1><p>Text</p>',
  '/one': '<!doctype html><title>Zebra one</title><p>one</p>',
  '/two': '<!doctype html><title>Zebra two</title><p>two</p>',
};

interface Screen {
  /** Override-redirect windows bigger than a pixel other than notifications: Firefox's open menus and panels. */
  overlays: string[];
  /** Notification windows (Firefox's own alerts, _NET_WM_WINDOW_TYPE_NOTIFICATION), apart: they come and go on their own. */
  notifications: string[];
  tabs: number;
  windows: number;
}

/** Id, name, class, role, type and size: a failure says what opened (a menu, a panel, a tooltip, an alert). */
const describeWindow = (w: MappedWindow) => `${w.id} ${w.name} ${w.wmClass.join('/')} ${w.role} ${w.type} ${w.width}x${w.height}`;
const isNotification = (w: MappedWindow) => w.type === 'NOTIFICATION';

describe('real key presses in headful Firefox (Xvfb, openbox, xdotool)', () => {
  let x: XDisplay | undefined;
  let ff: Firefox | undefined;
  let site: LocalSite | undefined;
  let harness: Page;
  let origin: string;

  beforeAll(async () => {
    x = await startXDisplay();
    site = await startLocalSite(PAGES);
    origin = site.origin;
    // Firefox's own alerts: there is no notification daemon on this display.
    ff = await launchFirefox({ headless: false, env: x.env, prefs: { 'alerts.useSystemBackend': false } });
    harness = await ff.harness();
    // Every notification Firefox shows for Tidymarks, by id, recorded in the harness page (reset before each test).
    await harness.evaluate(() => {
      const w = window as unknown as { shownNotifications: string[] };
      w.shownNotifications = [];
      window.tm.browser.notifications.onShown.addListener((id) => w.shownNotifications.push(id));
    });
  });
  afterAll(async () => {
    await ff?.close();
    await site?.close();
    await x?.stop();
  });
  beforeEach(async () => {
    await ff!.reset();
    await closeOtherTabs(harness);
    // A notification left by an earlier test would count as something a key opened.
    await clearNotifications();
    await harness.evaluate(() => void ((window as unknown as { shownNotifications: string[] }).shownNotifications = []));
  });

  const display = () => x!;

  const shownNotifications = () => harness.evaluate(() => (window as unknown as { shownNotifications: string[] }).shownNotifications);

  /** Clears Tidymarks' notifications and waits until no notification window is left on the display. */
  async function clearNotifications(): Promise<void> {
    await harness.evaluate(async () => {
      const b = window.tm.browser;
      await Promise.all(Object.keys(await b.notifications.getAll()).map((id) => b.notifications.clear(id)));
    });
    await expect.poll(async () => (await screen()).notifications).toEqual([]);
  }

  /**
   * Gives the Firefox window the X keyboard focus, as clicking its title bar would. The browser window is the one
   * of instance "Navigator": Firefox's menus ("Firefox") and its alert windows ("Alert") share the class.
   */
  function focusFirefoxWindow(): void {
    const ids = display().xdotool('search', '--onlyvisible', '--classname', '^Navigator$').trim().split('\n').filter(Boolean);
    expect(ids.length).toBeGreaterThan(0);
    display().xdotool('windowactivate', '--sync', ids[0]!);
  }

  async function screen(): Promise<Screen> {
    const shown = display()
      .mappedWindows()
      .filter((w) => w.overrideRedirect && w.width > 1 && w.height > 1);
    const overlays = shown.filter((w) => !isNotification(w)).map(describeWindow);
    const notifications = shown.filter(isNotification).map(describeWindow);
    const counts = await harness.evaluate(async () => ({
      tabs: (await window.tm.browser.tabs.query({})).length,
      windows: (await (window.tm.browser as unknown as { windows: { getAll(): Promise<unknown[]> } }).windows.getAll()).length,
    }));
    return { overlays, notifications, ...counts };
  }

  const bookmarksWithUrl = (url: string) => harness.evaluate(async (u) => (await window.tm.browser.bookmarks.search({ url: u })).map((b) => b.title), url);

  /** The toolbar popup's state, read from its document through extension.getViews (null when it is closed). */
  const popupState = () =>
    harness.evaluate(() => {
      const view = (window.tm.browser as unknown as { extension: { getViews(f: { type: 'popup' }): Window[] } }).extension.getViews({ type: 'popup' })[0];
      if (!view) return null;
      const input = view.document.querySelector<HTMLInputElement>('input.search');
      return {
        ready: view.performance.getEntriesByName('tidymarks-popup-ready').length > 0,
        hasFocus: view.document.hasFocus(),
        value: input?.value ?? null,
        searchFocused: view.document.activeElement === input,
        /** The search box's focus ring as drawn. */
        ring: input ? `${view.getComputedStyle(input).outlineStyle} ${view.getComputedStyle(input).outlineWidth}` : null,
        activeOption: input?.getAttribute('aria-activedescendant') ?? null,
        results: [...view.document.querySelectorAll('[role="option"] .result-title')].map((el) => el.textContent),
        listLabel: view.document.querySelector('[role="listbox"]')?.getAttribute('aria-label') ?? null,
        /** The text the list answers: an earlier, partial text's list stays until the new answer is in. */
        answered: view.document.querySelector('.results-section')?.getAttribute('data-answered') ?? null,
      };
    });

  /** Records the keys the popup's page receives (keydown), kept in the harness page. */
  const recordPopupKeys = () =>
    harness.evaluate(() => {
      const view = (window.tm.browser as unknown as { extension: { getViews(f: { type: 'popup' }): Window[] } }).extension.getViews({ type: 'popup' })[0]!;
      const seen: string[] = [];
      (window as unknown as { popupKeys: string[] }).popupKeys = seen;
      view.addEventListener('keydown', (e) => seen.push(e.key), true);
    });
  const recordedPopupKeys = () => harness.evaluate(() => (window as unknown as { popupKeys?: string[] }).popupKeys ?? []);

  /** Types into the toolbar popup through the X server and waits until its list answers that text with `results`. */
  async function typeInPopup(text: string, results: string[]): Promise<void> {
    display().type(text);
    const answer = async () => {
      const state = await popupState();
      return { answered: state?.answered, results: state?.results };
    };
    await expect.poll(answer).toEqual({ answered: text, results });
  }

  async function openPopupWithKey(): Promise<void> {
    // A panel still open or still closing (an earlier test's popup) would take the key as "close".
    await expect.poll(async () => (await screen()).overlays).toEqual([]);
    display().key('alt+shift+2');
    await expect.poll(async () => (await popupState())?.ready, { timeout: 15_000 }).toBe(true);
    // Firefox gives the panel the keyboard a frame after it is shown (ExtensionPopups.sys.mjs, Extension:GrabFocus).
    await expect.poll(async () => (await popupState())?.hasFocus).toBe(true);
  }

  it('the manifest’s keys are what Firefox registered: Alt+Shift+1 bookmarks, Alt+Shift+2 opens the popup, Alt+Shift+3 the sidebar', async () => {
    const commands = await harness.evaluate(() => window.tm.browser.commands.getAll());
    expect(commands.map((c) => [c.name, c.shortcut]).sort()).toEqual([
      ['_execute_action', 'Alt+Shift+2'],
      ['_execute_sidebar_action', 'Alt+Shift+3'],
      ['quick-bookmark', 'Alt+Shift+1'],
    ]);
  });

  it('Firefox’s Bookmarks menu opens on Alt+Shift+B (its menu-bar access key) and nothing is bookmarked: why the shortcut is not a letter', async () => {
    await openTab(harness, `${origin}/article`, 'A local article', true);
    focusFirefoxWindow();
    const before = await screen();
    display().key('alt+shift+b');
    await expect.poll(async () => (await screen()).overlays.length).toBeGreaterThan(before.overlays.length);
    expect(await bookmarksWithUrl(`${origin}/article`)).toEqual([]);
    display().key('Escape');
    display().key('Escape');
    await expect.poll(async () => (await screen()).overlays).toEqual(before.overlays);
  });

  it('Alt+Shift+3 opens the Tidymarks sidebar with the organizer, opens no menu, tab or window, and closes it again', async () => {
    await harness.evaluate(() => window.tm.browser.bookmarks.create({ parentId: 'toolbar_____', title: 'Seen in the sidebar', url: 'https://sidebar.example/' }));
    await openTab(harness, `${origin}/article`, 'A local article', true);
    focusFirefoxWindow();
    const before = await screen();
    /** The sidebar's document, read through extension.getViews (null when it is closed). */
    const sidebar = () =>
      harness.evaluate(() => {
        const view = (window.tm.browser as unknown as { extension: { getViews(f: { type: 'sidebar' }): Window[] } }).extension.getViews({ type: 'sidebar' })[0];
        if (!view) return null;
        return {
          tree: view.document.querySelector('[role="tree"]') !== null,
          rows: [...view.document.querySelectorAll('[role="listbox"] [role="option"]')].map((el) => el.textContent ?? ''),
          width: view.innerWidth,
        };
      });
    display().key('alt+shift+3');
    await expect.poll(async () => (await sidebar())?.tree, { timeout: 15_000 }).toBe(true);
    await expect.poll(async () => (await sidebar())?.rows.some((r) => r.includes('Seen in the sidebar'))).toBe(true);
    console.info('sidebar width (px):', (await sidebar())?.width);
    // The sidebar is part of the window: no menu or panel opened, no new tab or window.
    expect(await screen()).toEqual(before);
    display().key('alt+shift+3');
    await expect.poll(sidebar).toBeNull();
  });

  it('Alt+Shift+1 bookmarks the active tab, and nothing else opens: no menu, no tab, no window, only its notification', async () => {
    const url = `${origin}/article`;
    await openTab(harness, url, 'A local article', true);
    focusFirefoxWindow();
    const before = await screen();
    expect(before.notifications).toEqual([]);
    display().key('alt+shift+1');
    await expect.poll(() => bookmarksWithUrl(url)).toEqual(['A local article']);
    // The press also shows the quick bookmark's notification (Firefox's own alert window on this display): wait for
    // it, then everything else must be as it was.
    await expect.poll(shownNotifications).toEqual(['tidymarks-quick-bookmark']);
    const alert = expect.objectContaining({ overrideRedirect: true, wmClass: ['Alert', expect.any(String)], role: 'alert', type: 'NOTIFICATION' });
    await expect.poll(() => display().mappedWindows().filter(isNotification)).toEqual([alert]);
    expect(await screen()).toEqual({ ...before, notifications: [expect.any(String)] });

    // A second press finds the bookmark and creates nothing; its notification replaces the first and says where
    // the bookmark is.
    display().key('alt+shift+1');
    await expect.poll(shownNotifications).toEqual(['tidymarks-quick-bookmark', 'tidymarks-quick-bookmark']);
    expect(await bookmarksWithUrl(url)).toEqual(['A local article']);
    await expect.poll(() => display().mappedWindows().filter(isNotification)).toEqual([alert]);
    expect(await screen()).toEqual({ ...before, notifications: [expect.any(String)] });
    await clearNotifications();
    expect(await screen()).toEqual(before);
  });

  it('Alt+Shift+2 opens the toolbar popup with the keyboard in its search box: typed text, ↓ and Enter open the chosen result in the tab', async () => {
    await harness.evaluate(async (o) => {
      const b = window.tm.browser;
      await b.bookmarks.create({ parentId: 'unfiled_____', title: 'Zebra one', url: `${o}/one` });
      await b.bookmarks.create({ parentId: 'unfiled_____', title: 'Zebra two', url: `${o}/two` });
    }, origin);
    const tabId = await openTab(harness, `${origin}/article`, 'A local article', true);
    focusFirefoxWindow();
    const before = await screen();
    await openPopupWithKey();
    expect(await popupState()).toMatchObject({ searchFocused: true, value: '', ring: 'solid 2px' });
    // The popup is a panel of its own: the only new overlay, no new tab or window.
    const open = await screen();
    expect(open.overlays.filter((id) => !before.overlays.includes(id))).toHaveLength(1);
    expect({ tabs: open.tabs, windows: open.windows }).toEqual({ tabs: before.tabs, windows: before.windows });

    await typeInPopup('zebra', ['Zebra one', 'Zebra two']);
    expect(await popupState()).toMatchObject({ value: 'zebra', listLabel: 'Search results', activeOption: 'result-0' });
    display().key('Down');
    await expect.poll(async () => (await popupState())?.activeOption).toBe('result-1');
    display().key('Up');
    await expect.poll(async () => (await popupState())?.activeOption).toBe('result-0');
    display().key('Down');
    await expect.poll(async () => (await popupState())?.activeOption).toBe('result-1');
    display().key('Return');
    await expect.poll(() => harness.evaluate(async (id) => (await window.tm.browser.tabs.get(id)).url, tabId)).toBe(`${origin}/two`);
    await expect.poll(popupState).toBeNull();
    expect((await screen()).tabs).toBe(before.tabs);
  });

  it('Esc in the toolbar popup: Firefox closes the panel itself and the page never receives the key, so the box cannot be cleared with Esc there (the clear button does it)', async () => {
    await openTab(harness, `${origin}/article`, 'A local article', true);
    focusFirefoxWindow();
    await openPopupWithKey();
    await recordPopupKeys();
    display().type('zeb');
    await expect.poll(async () => (await popupState())?.value).toBe('zeb');
    // The clear button follows the box in tab order; Enter on it empties the box and gives it the focus back.
    display().key('Tab');
    display().key('Return');
    await expect.poll(popupState).toMatchObject({ value: '', searchFocused: true });
    display().type('zeb');
    await expect.poll(async () => (await popupState())?.value).toBe('zeb');
    display().key('Escape');
    await expect.poll(popupState).toBeNull();
    const keys = await recordedPopupKeys();
    expect(keys).toContain('z');
    expect(keys).not.toContain('Escape');
  });

  /** The toolbar popup's form state: which form, the focused field, the folder list. */
  const popupForm = () =>
    harness.evaluate(() => {
      const view = (window.tm.browser as unknown as { extension: { getViews(f: { type: 'popup' }): Window[] } }).extension.getViews({ type: 'popup' })[0];
      if (!view) return null;
      const d = view.document;
      const form = d.querySelector('form.bookmark-form');
      const folder = d.querySelector<HTMLInputElement>('#bm-folder');
      const highlighted = folder?.getAttribute('aria-activedescendant');
      return {
        form: form?.getAttribute('aria-label') ?? null,
        focused: d.activeElement?.id || d.activeElement?.className || null,
        folderListOpen: folder?.getAttribute('aria-expanded') === 'true',
        highlighted: highlighted ? (d.getElementById(highlighted)?.textContent ?? null) : null,
        chosen: d.querySelector('[data-testid="folder-current"]')?.textContent ?? null,
        notice: d.querySelector('.notice')?.textContent ?? null,
      };
    });

  /** The value of a text field of the toolbar popup, by id (null when the popup or the field is not there). */
  const popupFieldValue = (fieldId: string) =>
    harness.evaluate((f) => {
      const view = (window.tm.browser as unknown as { extension: { getViews(o: { type: 'popup' }): Window[] } }).extension.getViews({ type: 'popup' })[0];
      return view?.document.querySelector<HTMLInputElement>(`#${f}`)?.value ?? null;
    }, fieldId);

  /** Closes the toolbar popup with Esc (Firefox closes the panel) and waits until its window is gone from the display. */
  async function closePopupWithKey(): Promise<void> {
    display().key('Escape');
    await expect.poll(popupState).toBeNull();
    // Pressed while the panel is still closing, Alt+Shift+2 would only close it.
    await expect.poll(async () => (await screen()).overlays).toEqual([]);
  }

  /** Opens the toolbar popup by its key over a local page, finds "Zebra one" and renames it with Ctrl+E, keys only. */
  async function renameZebraInPopup(title: string): Promise<void> {
    await openTab(harness, `${origin}/article`, 'A local article', true);
    focusFirefoxWindow();
    // A popup an earlier test left open goes first: the key toggles it.
    if (await popupState()) await closePopupWithKey();
    await openPopupWithKey();
    await typeInPopup('zebra', ['Zebra one']);
    display().key('ctrl+e');
    await expect.poll(popupForm).toMatchObject({ form: 'Edit bookmark', focused: 'bm-title' });
    display().key('ctrl+a');
    display().type(title);
    display().key('Return');
  }

  const bookmarkById = (id: string) =>
    harness.evaluate(async (bookmarkId) => {
      const found = await window.tm.browser.bookmarks.search({}).then((all) => all.filter((n) => n.id === bookmarkId));
      return found[0] ? { title: found[0].title, url: found[0].url, parentId: found[0].parentId, index: found[0].index } : null;
    }, id);

  it('Esc in the real popup while a bookmark form, its folder list or its new-folder field is open: the panel closes, nothing is saved or created', async () => {
    const ids = await harness.evaluate(async (o) => {
      const b = window.tm.browser;
      const animals = await b.bookmarks.create({ parentId: 'toolbar_____', title: 'Animals' });
      const zebra = await b.bookmarks.create({ parentId: animals.id, title: 'Zebra one', url: `${o}/one` });
      return { animals: animals.id, zebra: zebra.id };
    }, origin);
    const original = await bookmarkById(ids.zebra);
    // Every bookmark change from now on, whoever makes it.
    await harness.evaluate(() => {
      const w = window as unknown as { bookmarkChanges: string[] };
      w.bookmarkChanges = [];
      const b = window.tm.browser.bookmarks;
      b.onCreated.addListener((id, node) => w.bookmarkChanges.push(`created ${node.title}`));
      b.onChanged.addListener((id, info) => w.bookmarkChanges.push(`changed ${id} ${JSON.stringify(info)}`));
      b.onMoved.addListener((id) => w.bookmarkChanges.push(`moved ${id}`));
      b.onRemoved.addListener((id) => w.bookmarkChanges.push(`removed ${id}`));
    });
    const bookmarkChanges = () => harness.evaluate(() => (window as unknown as { bookmarkChanges: string[] }).bookmarkChanges);
    await openTab(harness, `${origin}/article`, 'A local article', true);
    focusFirefoxWindow();
    const before = await screen();

    /** Opens the popup with its key, finds the bookmark and opens its form with `formKey`. */
    const openForm = async (formKey: string, form: Record<string, unknown>) => {
      await openPopupWithKey();
      // A popup opened again starts afresh: no form, an empty box.
      expect(await popupForm()).toMatchObject({ form: null, folderListOpen: false });
      expect(await popupState()).toMatchObject({ value: '', searchFocused: true });
      await recordPopupKeys();
      await typeInPopup('zebra', ['Zebra one']);
      display().key(formKey);
      await expect.poll(popupForm).toMatchObject(form);
    };
    /** Esc: Firefox closes the panel before the page sees the key; nothing else is left on screen. */
    const escapeCloses = async () => {
      display().key('Escape');
      await expect.poll(popupState).toBeNull();
      expect(await recordedPopupKeys()).not.toContain('Escape');
      await expect.poll(screen).toEqual(before);
    };

    // 1. The edit form with a new title typed but not saved.
    await openForm('ctrl+e', { form: 'Edit bookmark', focused: 'bm-title' });
    display().key('ctrl+a');
    display().type('Half typed');
    await expect.poll(() => popupFieldValue('bm-title')).toBe('Half typed');
    await escapeCloses();

    // 2. The move form with its folder list open and another folder highlighted.
    await openForm('ctrl+shift+e', { form: 'Move bookmark', focused: 'bm-folder', folderListOpen: true, chosen: 'Bookmarks Toolbar › Animals' });
    display().type('other');
    await expect.poll(async () => (await popupForm())?.highlighted).toBe('Other Bookmarks');
    await escapeCloses();

    // 3. "New folder" in place, its name in the field, not confirmed: a name no folder has leaves only "New folder"
    // in the list, and Enter on it takes the typed text as the name.
    await openForm('ctrl+shift+e', { form: 'Move bookmark', focused: 'bm-folder', folderListOpen: true });
    display().type('Half folder');
    await expect.poll(async () => (await popupForm())?.highlighted).toBe('New folder in Animals…');
    display().key('Return');
    await expect.poll(async () => (await popupForm())?.focused).toBe('bm-folder-new');
    expect(await popupFieldValue('bm-folder-new')).toBe('Half folder');
    await escapeCloses();

    // The popup opened once more (a full round trip through the background) finds everything as it was: the
    // bookmark unchanged, no folder created, not one bookmark event since the start.
    await openPopupWithKey();
    expect(await popupForm()).toMatchObject({ form: null });
    expect(await bookmarkById(ids.zebra)).toEqual(original);
    expect(await harness.evaluate(async (animals) => (await window.tm.browser.bookmarks.getChildren(animals)).map((c) => c.title), ids.animals)).toEqual(['Zebra one']);
    expect(await harness.evaluate(async () => (await window.tm.browser.bookmarks.search({ query: 'Half' })).length)).toBe(0);
    expect(await bookmarkChanges()).toEqual([]);
    display().key('Escape');
    await expect.poll(popupState).toBeNull();
  });

  it('a search result is edited, moved (folder picker by keyboard, New folder included) and removed with undo, keys only, in the real popup', async () => {
    const ids = await harness.evaluate(async (o) => {
      const b = window.tm.browser;
      const animals = await b.bookmarks.create({ parentId: 'toolbar_____', title: 'Animals' });
      const archive = await b.bookmarks.create({ parentId: 'unfiled_____', title: 'Archive' });
      await b.bookmarks.create({ parentId: animals.id, title: 'Lion', url: `${o}/lion` });
      const zebra = await b.bookmarks.create({ parentId: animals.id, title: 'Zebra one', url: `${o}/one` });
      return { animals: animals.id, archive: archive.id, zebra: zebra.id };
    }, origin);
    // Edit: Ctrl+E, the title has the keyboard; a new title, Enter saves.
    await renameZebraInPopup('Zebra renamed');
    await expect.poll(() => bookmarkById(ids.zebra)).toMatchObject({ title: 'Zebra renamed', parentId: ids.animals });
    await expect.poll(popupState).toMatchObject({ searchFocused: true, value: 'zebra' });

    // Move: Ctrl+Shift+E opens the same form at the folder list; typing filters, ↓/Enter pick, Enter saves.
    display().key('ctrl+shift+e');
    await expect.poll(popupForm).toMatchObject({ form: 'Move bookmark', focused: 'bm-folder', folderListOpen: true, chosen: 'Bookmarks Toolbar › Animals' });
    display().type('other');
    await expect.poll(async () => (await popupForm())?.highlighted).toBe('Other Bookmarks');
    display().key('Down');
    await expect.poll(async () => (await popupForm())?.highlighted).toBe('Other Bookmarks › Archive');
    display().key('Return');
    await expect.poll(popupForm).toMatchObject({ folderListOpen: false, chosen: 'Other Bookmarks › Archive' });
    // New folder in place, inside the chosen folder: ↓ opens the list, Up from the top stays, End of the list is it.
    display().key('Down');
    await expect.poll(async () => (await popupForm())?.folderListOpen).toBe(true);
    for (let i = 0; i < 12; i++) display().key('Down');
    await expect.poll(async () => (await popupForm())?.highlighted).toBe('New folder in Archive…');
    display().key('Return');
    await expect.poll(async () => (await popupForm())?.focused).toBe('bm-folder-new');
    display().type('Stripes');
    display().key('Return');
    await expect.poll(popupForm).toMatchObject({ chosen: 'Other Bookmarks › Archive › Stripes', focused: 'bm-folder' });
    display().key('Return');
    const stripes = await harness.evaluate(
      async (archive) => (await window.tm.browser.bookmarks.getChildren(archive)).find((c) => c.title === 'Stripes')?.id,
      ids.archive,
    );
    expect(stripes).toBeDefined();
    await expect.poll(() => bookmarkById(ids.zebra)).toMatchObject({ title: 'Zebra renamed', parentId: stripes });
    await expect.poll(popupState).toMatchObject({ searchFocused: true });

    // Remove: Shift+Delete; Ctrl+Z in the unchanged box puts it back where it was.
    const before = await bookmarkById(ids.zebra);
    display().key('shift+Delete');
    await expect.poll(() => bookmarkById(ids.zebra)).toBeNull();
    await expect.poll(async () => (await popupForm())?.notice).toMatch(/^Removed “Zebra renamed” from Other Bookmarks › Archive › Stripes\./);
    display().key('ctrl+z');
    await expect
      .poll(
        () =>
          harness.evaluate(
            async (u) => (await window.tm.browser.bookmarks.search({ url: u })).map((b) => ({ title: b.title, parentId: b.parentId, index: b.index })),
            `${origin}/one`,
          ),
        {
          timeout: 10_000,
        },
      )
      .toEqual([{ title: 'Zebra renamed', parentId: before!.parentId, index: before!.index }]);
    // The popup has heard the undo's result (so it knows what to redo) before the redo key.
    await expect.poll(async () => (await popupForm())?.notice).toMatch(/^Undone: Deleted “Zebra renamed”\./);
    // Ctrl+Shift+Z in the same box removes it again.
    display().key('ctrl+shift+z');
    await expect.poll(() => bookmarksWithUrl(`${origin}/one`)).toEqual([]);
    await expect.poll(async () => (await popupForm())?.notice).toMatch(/^Redone: Deleted “Zebra renamed”\./);
    // The popup stayed open all along: no Firefox shortcut (Ctrl+Shift+E is the network monitor's) took the keys.
    expect(await popupState()).not.toBeNull();
  });

  it('a change made in the toolbar popup is undone after the popup was closed and opened again: Ctrl+Z in its empty box, keys only', async () => {
    const zebra = await harness.evaluate(async (o) => {
      const animals = await window.tm.browser.bookmarks.create({ parentId: 'toolbar_____', title: 'Animals' });
      await window.tm.browser.bookmarks.create({ parentId: animals.id, title: 'Lion', url: `${o}/lion` });
      return (await window.tm.browser.bookmarks.create({ parentId: animals.id, title: 'Zebra one', url: `${o}/one` })).id;
    }, origin);
    await renameZebraInPopup('Zebra edited');
    await expect.poll(() => bookmarkById(zebra)).toMatchObject({ title: 'Zebra edited' });

    // Esc closes the panel (Firefox does it); Alt+Shift+2 opens a new popup, with an empty box.
    await closePopupWithKey();
    focusFirefoxWindow();
    await openPopupWithKey();
    expect(await popupState()).toMatchObject({ value: '', searchFocused: true });
    display().key('ctrl+z');
    await expect.poll(() => bookmarkById(zebra)).toMatchObject({ title: 'Zebra one' });
    await expect.poll(async () => (await popupForm())?.notice).toMatch(/^Undone: Edited “Zebra one”\./);
    // And Ctrl+Shift+Z gives it the new title again.
    display().key('ctrl+shift+z');
    await expect.poll(() => bookmarkById(zebra)).toMatchObject({ title: 'Zebra edited' });
    expect(await popupState()).not.toBeNull();
  });

  it('the toolbar popup opened over one of Tidymarks’ own pages names that tab and says it cannot be bookmarked, not the web page before it (issue 29)', async () => {
    const url = `${origin}/article`;
    await harness.evaluate((u) => window.tm.browser.bookmarks.create({ parentId: 'toolbar_____', title: 'A local article', url: u }), url);
    const webTab = await openTab(harness, url, 'A local article', true);
    const options = `${EXTENSION_ORIGIN}options/index.html`;
    await openTab(harness, options, 'Tidymarks', true);
    focusFirefoxWindow();
    if (await popupState()) await closePopupWithKey();
    await openPopupWithKey();
    /** The popup's "This page" section as shown. */
    const currentPage = () =>
      harness.evaluate(() => {
        const view = (window.tm.browser as unknown as { extension: { getViews(f: { type: 'popup' }): Window[] } }).extension.getViews({ type: 'popup' })[0];
        const section = view?.document.querySelector('[data-testid="current-page"]');
        if (!section) return null;
        return {
          title: section.querySelector('[data-testid="page-title"]')?.textContent ?? null,
          url: section.querySelector('[data-testid="page-url"]')?.textContent ?? null,
          says: [...section.querySelectorAll('p:not(.page-title):not(.page-url)')].map((p) => p.textContent),
          controls: [...section.querySelectorAll('button, a')].map((c) => c.textContent),
        };
      });
    await expect.poll(currentPage).toEqual({ title: 'Tidymarks', url: options, says: ['This page cannot be bookmarked.'], controls: [] });
    // The web page's bookmark is still there, and the popup over that tab speaks about it.
    await closePopupWithKey();
    await harness.evaluate((id) => window.tm.browser.tabs.update(id, { active: true }), webTab);
    focusFirefoxWindow();
    await openPopupWithKey();
    await expect.poll(currentPage).toEqual({ title: 'A local article', url, says: ['Bookmarked'], controls: ['Edit', 'Remove'] });
  });
});
