import browser from 'webextension-polyfill';
import { render } from 'preact';
import { textDirection, uiLocale, useBrowserMessages } from '../src/i18n';
import { client } from '../src/messaging/page-client';
import { createPopupApi, loadPagePlaces } from '../src/popup-ui/popup-api';
import { PopupApp } from '../src/popup-ui/PopupApp';
import './popup.css';

useBrowserMessages(browser.i18n);
document.documentElement.lang = uiLocale();
document.documentElement.dir = textDirection();

// ?tabId=N names the tab to speak about (tests open the popup as a tab); otherwise the active tab.
const tabParam = new URLSearchParams(location.search).get('tabId');
const tabId = tabParam !== null && /^\d+$/.test(tabParam) ? Number(tabParam) : undefined;

render(
  <PopupApp api={createPopupApi(client, loadPagePlaces(client))} tabId={tabId} baseUrl={location.href} close={() => window.close()} />,
  document.getElementById('app')!,
);
