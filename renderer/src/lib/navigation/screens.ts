/**
 * Every screen is a chunk of its own (decision 76): the page parses and runs only the code of
 * the screen it opens, and the charts, the camera, the audit, the receipt and the pick list
 * come when their screen is opened. main.ts asks for the first screen's chunk while the words
 * load, so it is rarely waited for; a screen already loaded is handed over at once (no
 * promise), so moving between screens renders in the same task as before. A screen's words
 * in the active language come with its chunk (decision 78): it is handed over once both are in.
 */
import { loadWords } from '../words/i18n';
import type { Route } from './routes';

// One literal import() per screen, so Vite sees every chunk (vite.config.ts).
const LOADERS = {
  locations: () => import('../../screens/LocationsScreen.svelte'),
  location: () => import('../../screens/LocationScreen.svelte'),
  scan: () => import('../../screens/ScanScreen.svelte'),
  'pick-list': () => import('../../screens/PickListScreen.svelte'),
  replace: () => import('../../screens/ReplaceScreen.svelte'),
  device: () => import('../../screens/DeviceScreen.svelte'),
  verify: () => import('../../screens/VerifyScreen.svelte'),
  inventory: () => import('../../screens/InventoryScreen.svelte'),
  activity: () => import('../../screens/ActivityScreen.svelte'),
  receipt: () => import('../../screens/ReceiptScreen.svelte'),
  settings: () => import('../../screens/SettingsScreen.svelte'),
} satisfies Record<Route['name'], () => Promise<{ default: unknown }>>;

type ScreenName = keyof typeof LOADERS;
/** The screen component a route name shows. */
export type ScreenOf<K extends ScreenName> = Awaited<ReturnType<(typeof LOADERS)[K]>>['default'];

const loaded = new Map<ScreenName, unknown>();
const loading = new Map<ScreenName, Promise<unknown>>();

/**
 * The screen's component: itself when its chunk is in, else a promise of it. A failed load
 * (a damaged install) is forgotten, so opening the screen again tries again.
 */
export function screen<K extends ScreenName>(name: K): ScreenOf<K> | Promise<ScreenOf<K>> {
  if (loaded.has(name)) return loaded.get(name) as ScreenOf<K>;
  let pending = loading.get(name) as Promise<ScreenOf<K>> | undefined;
  if (!pending) {
    const code = LOADERS[name]() as Promise<{ default: ScreenOf<K> }>;
    pending = Promise.all([code, loadWords(name)]).then(
      ([module]) => {
        loaded.set(name, module.default);
        loading.delete(name);
        return module.default;
      },
      (error: unknown) => {
        loading.delete(name);
        throw error;
      },
    );
    loading.set(name, pending);
  }
  return pending;
}
