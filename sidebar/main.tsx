import browser from 'webextension-polyfill';
import { render } from 'preact';
import { startPageText } from '../src/i18n';
import { client } from '../src/app-protocol/page-client';
import { OrganizerView } from '../src/organizer-ui';
import './sidebar.css';

await startPageText(browser.i18n);
render(<OrganizerView client={client} narrow />, document.getElementById('app')!);
