import { mount } from 'svelte';
import './app.css';
import App from './App.svelte';
import { initTransport } from './lib/transport';

// Take the bridge token out of the address bar before anything else runs.
initTransport();

const target = document.getElementById('app');
if (!target) throw new Error('#app missing from index.html');
export default mount(App, { target });
