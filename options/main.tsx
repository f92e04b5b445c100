import browser from 'webextension-polyfill';
import { render } from 'preact';
import { startPageText } from '../src/i18n';
import { client } from '../src/app-protocol/page-client';
import { startEarlyScan } from '../src/options-ui/duplicates/early-scan';
import { viewFromHash } from '../src/options-ui/routing';
import './options.css';

await startPageText(browser.i18n);

// The Duplicates page opens on a scan: ask for it first, the background scans while the page's code loads.
if (viewFromHash(location.hash) === 'duplicates') startEarlyScan(client);
const { OptionsApp } = await import('../src/options-ui/OptionsApp');
render(<OptionsApp client={client} hostAccess={browser.permissions} />, document.getElementById('app')!);
