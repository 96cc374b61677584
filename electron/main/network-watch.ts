/**
 * The main process's view of the network, for the core's connectivity (sync/connectivity.ts):
 * Electron's `net.isOnline()` at start and whenever the computer wakes or is unlocked — a
 * laptop carried asleep from one store's Wi-Fi to the next — so the badge does not wait for
 * the next probe. Changes while awake come from the page's online/offline events
 * (renderer/src/lib/transport/network-watch.ts); both say the same OS state.
 */
import { net, powerMonitor } from 'electron';

export function setupNetworkWatch(tell: (online: boolean) => void): () => void {
  const check = () => tell(net.isOnline());
  powerMonitor.on('resume', check);
  powerMonitor.on('unlock-screen', check);
  check();
  return () => {
    powerMonitor.off('resume', check);
    powerMonitor.off('unlock-screen', check);
  };
}
