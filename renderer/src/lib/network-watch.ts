/**
 * The operating system's network state, told to the core at start and at every change (the
 * page's `online`/`offline` events): the core takes "offline" at once and asks the server at
 * once on "online" (electron/core/sync/connectivity.ts), instead of finding out at its next
 * probe. The badge then follows the core's answer, like every other state it shows.
 */
export function watchNetwork(
  target: Pick<Window, 'addEventListener' | 'removeEventListener' | 'navigator'>,
  report: (online: boolean) => void,
): () => void {
  const tell = () => report(target.navigator.onLine);
  target.addEventListener('online', tell);
  target.addEventListener('offline', tell);
  tell();
  return () => {
    target.removeEventListener('online', tell);
    target.removeEventListener('offline', tell);
  };
}
