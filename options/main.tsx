import { render } from 'preact';
import { client } from '../src/messaging/page-client';
import { OptionsApp } from '../src/options-ui/OptionsApp';
import './options.css';

render(<OptionsApp client={client} />, document.getElementById('app')!);
