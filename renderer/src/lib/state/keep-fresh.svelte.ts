/**
 * What is on screen stays fresh while it is seen (decision record 32): the store's devices and the device
 * being looked at are read again every minute while the window is visible, and at once when
 * it becomes visible again. The read answers from the local database at once; the core asks
 * the server only for what is older than half a minute (read-service.ts), and the screen reads
 * again when that answer is stored. A hidden window asks nothing; the full lists are the sync
 * engine's, hours apart.
 */
import { KEEP_FRESH_MS } from './keep-fresh-pace';

interface Refreshable {
  refresh(): Promise<void>;
}

/** Call during component initialisation (it creates an effect owned by the component). */
export const keepFresh = (...reads: Refreshable[]): void => {
  $effect(() => {
    const refresh = () => {
      if (document.visibilityState !== 'visible') return;
      for (const read of reads) void read.refresh();
    };
    const timer = setInterval(refresh, KEEP_FRESH_MS);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', refresh);
    };
  });
};
