/** Typed context: the shell provides these once; screens read them without prop drilling. */
import { getContext, setContext } from 'svelte';
import type { PreferencesState } from './preferences.svelte';
import type { Router } from '../navigation/router.svelte';
import type { SessionState } from './session.svelte';
import type { SyncProgress } from './sync-progress.svelte';

export interface AppContext {
  router: Router;
  session: SessionState;
  preferences: PreferencesState;
  sync: SyncProgress;
}

const KEY = Symbol('app');

export const setAppContext = (value: AppContext): AppContext => setContext(KEY, value);

export const getAppContext = (): AppContext => {
  const value = getContext<AppContext | undefined>(KEY);
  if (!value) throw new Error('getAppContext() used outside the app shell');
  return value;
};
