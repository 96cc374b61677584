/**
 * The operating system's network state, told to the core at start and at every change (the
 * page's `online`/`offline` events): the core takes "offline" at once and asks the server at
 * once on "online" (electron/core/sync/connectivity.ts), instead of finding out at its next
 * probe. The badge then follows the core's answer, like every other state it shows.
 *
 * With it goes what Chromium's `navigator.connection` says of the link (issue 26): whether the
 * user saves data and how fast the link is, so the core holds a scheduled refresh of the full
 * lists back on a slow or metered link. Neither Electron nor the browser tells a page the
 * operating system's own "metered connection" setting.
 */
import type { OperationInput } from '../../../electron/contract';

export type NetworkReport = OperationInput<'networkChanged'>;

/** Chromium's Network Information API (not in the DOM types: not every browser has it). */
interface ConnectionInfo extends EventTarget {
  saveData?: boolean;
  effectiveType?: string;
}

const EFFECTIVE_TYPES = ['slow-2g', '2g', '3g', '4g'] as const;

/** What the page knows now, as the core's operation takes it. */
const networkReport = (navigator: Navigator): NetworkReport => {
  const connection = (navigator as Navigator & { connection?: ConnectionInfo }).connection;
  const type = EFFECTIVE_TYPES.find((t) => t === connection?.effectiveType);
  return {
    online: navigator.onLine,
    ...(typeof connection?.saveData === 'boolean' ? { saveData: connection.saveData } : {}),
    ...(type ? { effectiveType: type } : {}),
  };
};

export function watchNetwork(
  target: Pick<Window, 'addEventListener' | 'removeEventListener' | 'navigator'>,
  report: (state: NetworkReport) => void,
): () => void {
  const tell = () => report(networkReport(target.navigator));
  const connection = (target.navigator as Navigator & { connection?: ConnectionInfo }).connection;
  target.addEventListener('online', tell);
  target.addEventListener('offline', tell);
  connection?.addEventListener('change', tell);
  tell();
  return () => {
    target.removeEventListener('online', tell);
    target.removeEventListener('offline', tell);
    connection?.removeEventListener('change', tell);
  };
}
