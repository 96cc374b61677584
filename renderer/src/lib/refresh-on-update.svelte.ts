import { untrack } from 'svelte';
import type { SessionState } from './session.svelte';

interface Refreshable {
  refresh(): Promise<void>;
}

/** Loads the reads when a screen opens and again on every 'data-updated' push event.
 * Call during component initialisation (it creates an effect owned by the component). */
export const refreshOnDataUpdate = (session: SessionState, ...reads: Refreshable[]): void => {
  $effect(() => {
    void session.dataVersion;
    untrack(() => {
      for (const read of reads) void read.refresh();
    });
  });
};
