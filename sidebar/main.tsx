import browser from 'webextension-polyfill';
import { render } from 'preact';
import { textDirection, uiLocale, useBrowserMessages } from '../src/i18n';
import { client } from '../src/messaging/page-client';
import { OrganizerView } from '../src/organizer-ui/OrganizerView';
import './sidebar.css';

useBrowserMessages(browser.i18n);
document.documentElement.lang = uiLocale();
document.documentElement.dir = textDirection();
render(<OrganizerView client={client} narrow />, document.getElementById('app')!);
