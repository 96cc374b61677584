/**
 * The operating system's network state, told to the core at start and at every change (the
 * page's `online`/`offline` events): the core takes "offline" at once and asks the server at
 * once on "online" (electron/core/sync/connectivity.ts), instead of finding out at its next
 * probe. The badge then follows the core's answer, like every other state it shows.
 *
 * The page also asks the core to check the server when it opens (a start or a reload) and when
 * its window comes back to the front: the network may have changed meanwhile without the OS
 * saying so, and the badge must not say "Online" for a server nobody reached since.
 *
 * With it goes what Chromium's `navigator.connection` says of the link (decision record 32): whether the
 * user saves data and how fast the link is, so the core holds a scheduled refresh of the full
 * lists back on a slow or metered link. Neither Electron nor the browser tells a page the
 * operating system's own "metered connection" setting.
 */
import type { OperationInput } from '$shared';

export type NetworkReport = OperationInput<'networkChanged'>;

/** Chromium's Network Information API (not in the DOM types: not every browser has it). */
interface ConnectionInfo extends EventTarget {
  saveData?: boolean;
  effectiveType?: string;
}

const EFFECTIVE_TYPES = ['slow-2g', '2g', '3g', '4g'] as const;

/** Coming to the front fires focus and visibilitychange together (within milliseconds): one
 * check for both. Any later one is a new question: the server may have gone a second ago. */
const RECHECK_GAP_MS = 300;

/** What the page knows now, as the core's operation takes it. */
const networkReport = (navigator: Navigator, recheck: boolean): NetworkReport => {
  const connection = (navigator as Navigator & { connection?: ConnectionInfo }).connection;
  const type = EFFECTIVE_TYPES.find((t) => t === connection?.effectiveType);
  return {
    online: navigator.onLine,
    ...(recheck ? { recheck: true } : {}),
    ...(typeof connection?.saveData === 'boolean' ? { saveData: connection.saveData } : {}),
    ...(type ? { effectiveType: type } : {}),
  };
};

export function watchNetwork(
  target: Pick<Window, 'addEventListener' | 'removeEventListener' | 'navigator'> & {
    document: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
  },
  report: (state: NetworkReport) => void,
  now: () => number = Date.now,
): () => void {
  const tell = () => report(networkReport(target.navigator, false));
  let rechecked = -Infinity;
  const ask = () => {
    rechecked = now();
    report(networkReport(target.navigator, true));
  };
  const recheck = () => {
    if (target.document.visibilityState === 'hidden' || now() - rechecked < RECHECK_GAP_MS) return;
    ask();
  };
  const connection = (target.navigator as Navigator & { connection?: ConnectionInfo }).connection;
  target.addEventListener('online', tell);
  target.addEventListener('offline', tell);
  target.addEventListener('focus', recheck);
  target.document.addEventListener('visibilitychange', recheck);
  connection?.addEventListener('change', tell);
  // Opened or reloaded: the server is asked now.
  ask();
  return () => {
    target.removeEventListener('online', tell);
    target.removeEventListener('offline', tell);
    target.removeEventListener('focus', recheck);
    target.document.removeEventListener('visibilitychange', recheck);
    connection?.removeEventListener('change', tell);
  };
}
