import browser from 'webextension-polyfill';
import { render } from 'preact';
import { startPageText } from '../src/i18n';
import { client } from '../src/app-protocol/page-client';
import { createPopupApi, loadPagePlaces, pageTabOf, tabIdFromSearch } from '../src/popup-ui/popup-api';
import { PopupApp } from '../src/popup-ui/PopupApp';
import './popup.css';

const tabId = tabIdFromSearch(location.search);
// The tab this toolbar popup is about (its window's active tab), asked for before anything else: the background
// then looks up its copies without asking Firefox about tabs first.
const ownTab =
  tabId === undefined
    ? browser.tabs
        .query({ active: true, currentWindow: true })
        .then(([tab]) => pageTabOf(tab))
        .catch(() => undefined)
    : undefined;

await startPageText(browser.i18n);

render(
  <PopupApp api={createPopupApi(client, loadPagePlaces(client), ownTab)} tabId={tabId} baseUrl={location.href} close={() => window.close()} />,
  document.getElementById('app')!,
);
