import browser from 'webextension-polyfill';
import { render } from 'preact';
import { startPageText } from '../src/i18n';
import { client } from '../src/app-protocol/page-client';
import { createPopupApi, loadPagePlaces, tabIdFromSearch } from '../src/popup-ui/popup-api';
import { PopupApp } from '../src/popup-ui/PopupApp';
import './popup.css';

await startPageText(browser.i18n);

render(
  <PopupApp api={createPopupApi(client, loadPagePlaces(client))} tabId={tabIdFromSearch(location.search)} baseUrl={location.href} close={() => window.close()} />,
  document.getElementById('app')!,
);
