import { mount } from 'svelte';
import type { SessionStatus } from '$shared';
import './app.css';
import App from './App.svelte';
import { FALLBACK_LOCALE, localeFor } from '../../i18n/locales';
import { prepareFormats } from './lib/words/format';
import { setLocaleSource } from './lib/words/active-locale';
import { loadMessages, loadShellWords, loadWords } from './lib/words/i18n';
import { loadErrorText } from './lib/words/error-text-loader.svelte';
import { loadPreferences } from './lib/state/preferences';
import { HOME, pathToRoute } from './lib/navigation/route-paths';
import { screen } from './lib/navigation/screens';
import { startErrorReporting } from './lib/transport/error-reporting';
import { call, initTransport } from './lib/transport/transport';

// User-timing marks for the bench's cold-start phases (tests/bench/phases.ts): every module
// above has been fetched, parsed and run; a mark costs a microsecond and is never read here.
performance.mark('fi:main');
// Take the bridge token out of the address bar before anything else runs.
initTransport();
// Uncaught errors and unhandled rejections go to the app's log.
startErrorReporting(window, (report) => call('reportRendererError', report));
// Asked before the words below load: the bridge's socket opens and the core answers while the
// language chunk is on its way, instead of after the first render. App reports a failure; the
// empty catch only keeps the wait from counting as an unhandled rejection meanwhile.
const firstStatus = call('sessionStatus', {});
// Kept once it is in: when it came before the words (the desktop app's answer over IPC takes a
// millisecond or two, the words' chunk longer), App opens on it at once instead of building
// "Starting…" and tearing it down again in the same moment, a render and a layout of a
// screen nobody sees.
let knownStatus: SessionStatus | undefined;
firstStatus.then(
  (status) => (knownStatus = status),
  () => undefined,
);

// The start language's words (lib/words/i18n.ts): the shell's before the first render, the
// first screen's before it is shown, so nothing is ever said in a language the technician did not ask
// for. The desktop app's OS languages may still change it a moment later (PreferencesState,
// which takes over as the active language's source when App mounts).
const start = localeFor(
  loadPreferences(globalThis.localStorage).language,
  globalThis.navigator.languages,
);
setLocaleSource(() => start);
// Asked first: the page has a few connections to the bridge, and the screen's chunk pulls in
// several files that would otherwise queue ahead of the words.
// The mount waits for the shell's words only: the first screen is shown by ScreenView once its
// chunk and its words are in, and the shell (the navigation, sign-in) need not wait for them.
const words = loadShellWords(start.messages).catch(() => loadMessages(FALLBACK_LOCALE.messages));
// The screen the address names is a chunk of its own (lib/navigation/screens.ts), with its
// words in the start language: asked now, beside the shell's words, so it is in by the time
// App shows it. A failure is shown by the screen.
const firstScreen = screen((pathToRoute(location.hash) ?? HOME).name);
if (firstScreen instanceof Promise) firstScreen.catch(() => undefined);
// Meanwhile, on a main thread that would only wait: the formatters every screen uses. In a
// task of its own: the chunk's request leaves only once this task has ended.
setTimeout(() => prepareFormats(start.format), 0);
await words;
performance.mark('fi:words');

const target = document.getElementById('app');
if (!target) throw new Error('#app missing from index.html');
export default mount(App, { target, props: { firstStatus: knownStatus ?? firstStatus } });

// When the page is idle after the first paint: the words the shell says only when something
// fails (decision 82), so an error rarely waits for them (ErrorMessage waits if it must).
const whenIdle = (run: () => void): void => {
  if ('requestIdleCallback' in globalThis) requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 200);
};
whenIdle(() => {
  void Promise.all([loadWords('shell'), loadErrorText()]).catch(() => undefined);
});
