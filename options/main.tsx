import { render } from 'preact';
import { OptionsApp } from '../src/options-ui/OptionsApp';

render(<OptionsApp />, document.getElementById('app')!);
