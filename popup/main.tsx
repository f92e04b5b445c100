import browser from 'webextension-polyfill';
import { render } from 'preact';
import { startPageText } from '../src/i18n';
import { client } from '../src/app-protocol/page-client';
import { createPopupApi, loadPagePlaces, readOwnTab, tabIdFromSearch } from '../src/popup-ui/popup-api';
import { PopupApp } from '../src/popup-ui/PopupApp';
import './popup.css';

const tabId = tabIdFromSearch(location.search);
// The toolbar popup's own tab, asked for before anything else (popup-api.ts readOwnTab).
const ownTab = readOwnTab(browser.tabs, tabId);

await startPageText(browser.i18n);

render(
  <PopupApp api={createPopupApi(client, loadPagePlaces(client), ownTab)} tabId={tabId} baseUrl={location.href} close={() => window.close()} />,
  document.getElementById('app')!,
);
