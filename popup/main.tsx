import { render } from 'preact';
import { PopupApp } from '../src/popup-ui/PopupApp';

render(<PopupApp />, document.getElementById('app')!);
