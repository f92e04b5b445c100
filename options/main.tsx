import browser from 'webextension-polyfill';
import { render } from 'preact';
import { startPageText } from '../src/i18n';
import { client } from '../src/app-protocol/page-client-with-scans';
import { startOpenedView } from '../src/options-ui/open-view';
import './options.css';

await startPageText(browser.i18n);

// The opened view's code and, on Duplicates, its first scan are asked for before the page's shell loads.
startOpenedView(location.hash, client);
const { OptionsApp } = await import('../src/options-ui/OptionsApp');
render(<OptionsApp client={client} hostAccess={browser.permissions} />, document.getElementById('app')!);
