import { render } from 'preact';
import { usePageText } from '../src/i18n/page-text';
import { client } from '../src/messaging/page-client';
import { createPopupApi, loadPagePlaces, tabIdFromQuery } from '../src/popup-ui/popup-api';
import { PopupApp } from '../src/popup-ui/PopupApp';
import './popup.css';

usePageText();

render(
  <PopupApp api={createPopupApi(client, loadPagePlaces(client))} tabId={tabIdFromQuery(location.search)} baseUrl={location.href} close={() => window.close()} />,
  document.getElementById('app')!,
);
