import { mount } from 'svelte';
import './app.css';
import App from './App.svelte';
import { startErrorReporting } from './lib/error-reporting';
import { call, initTransport } from './lib/transport';

// Take the bridge token out of the address bar before anything else runs.
initTransport();
// Uncaught errors and unhandled rejections go to the app's log.
startErrorReporting(window, (report) => call('reportRendererError', report));

const target = document.getElementById('app');
if (!target) throw new Error('#app missing from index.html');
export default mount(App, { target });
