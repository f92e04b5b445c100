import browser from 'webextension-polyfill';
import { render } from 'preact';
import { startPageText } from '../src/i18n';
import { client } from '../src/app-protocol/page-client';
import { createPopupApi, loadPagePlaces, readOwnTab, tabIdFromSearch } from '../src/popup-ui/popup-api';
import { PopupApp } from '../src/popup-ui/PopupApp';
import './popup.css';

await startPageText(browser.i18n);

// The toolbar popup reads its own tab as it starts (popup-api.ts readOwnTab); a popup opened as a tab names one.
const api = createPopupApi(client, loadPagePlaces(client), readOwnTab(browser.tabs, location.search));
render(<PopupApp api={api} tabId={tabIdFromSearch(location.search)} baseUrl={location.href} close={() => window.close()} />, document.getElementById('app')!);
