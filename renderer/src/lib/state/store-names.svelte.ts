/**
 * Names a store the way people tell stores apart, from a bare `{id, name}` reference (what a
 * device, a conflict or an error carries): organizations have several stores with the same
 * name, so the city from the cached locations goes with it (`storeLabel`). One shared copy
 * of the cached list, read again when the data or the organization changes.
 */
import { untrack } from 'svelte';
import type { LocationView, LocationRefView } from '$shared';
import { getAppContext } from './context';
import { referenceLabel } from '../words/format';
import { call } from '../transport/transport';

let byId = $state.raw<ReadonlyMap<string, LocationView>>(new Map());
let loadedFor: string | null = null;

async function load(key: string): Promise<void> {
  if (loadedFor === key) return;
  loadedFor = key;
  try {
    const { value } = await call('listLocations', {});
    if (loadedFor === key) byId = new Map(value.map((l) => [l.id, l]));
  } catch {
    // Names without a city are still names; the next data update tries again.
    if (loadedFor === key) loadedFor = null;
  }
}

/** "Name (City)" for a reference; the bare name, or "Unknown store (id …)", when the store is
 * not cached (yet); `fallback` when there is none (format.ts referenceLabel). */
export const storeName = (ref: LocationRefView | null | undefined, fallback = ''): string =>
  referenceLabel(ref, ref ? byId.get(ref.id) : undefined, fallback);

/**
 * Keeps the shared list current while the calling component lives. Call during component
 * initialisation (it creates an effect), then use `storeName`.
 */
export const watchStoreNames = (): void => {
  const { session } = getAppContext();
  $effect(() => {
    const org = session.status?.organization?.id ?? null;
    const key = `${org}:${session.dataVersion}`;
    if (!session.signedIn) return;
    untrack(() => void load(key));
  });
};
