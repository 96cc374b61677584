import { untrack } from 'svelte';
import type { SessionState } from './session.svelte';

interface Refreshable {
  refresh(): Promise<void>;
  /** Opened with its answer already (CachedRead's `handed`): no load when the screen opens. */
  readonly handed?: boolean;
}

/**
 * Loads the reads when a screen opens and again on every 'data-updated' push event.
 * Call during component initialisation (it creates an effect owned by the component).
 *
 * The first load is asked at once, while the screen's elements are still being made: an
 * effect would run only after the whole screen was built, and the question would leave tens
 * of milliseconds later on a slow machine, with the core's answer waiting behind it. A read
 * handed its answer (read-handoff.ts) has it for this data version already.
 */
export const refreshOnDataUpdate = (session: SessionState, ...reads: Refreshable[]): void => {
  const refreshAll = (opening: boolean) =>
    untrack(() => {
      for (const read of reads) if (!(opening && read.handed === true)) void read.refresh();
    });
  let loadedFor = untrack(() => session.dataVersion);
  refreshAll(true);
  $effect(() => {
    const version = session.dataVersion;
    if (version === loadedFor) return;
    loadedFor = version;
    refreshAll(false);
  });
};
