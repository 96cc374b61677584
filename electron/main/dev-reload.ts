/**
 * `npm run dev` only (FIELD_INSTALLER_DEV_RELOAD=1 on an unpackaged app): reloads the window
 * after the renderer's watch build rewrote dist/renderer. A burst of files is one reload.
 */
import { watch } from 'node:fs';
import type { WebContents } from 'electron';

export const devReloadEnabled = (isPackaged: boolean, env: NodeJS.ProcessEnv): boolean =>
  !isPackaged && env.FIELD_INSTALLER_DEV_RELOAD === '1';

export const watchRendererForReload = (
  rendererRoot: string,
  getWebContents: () => WebContents | null,
  delayMs = 300,
): (() => void) => {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const watcher = watch(rendererRoot, { recursive: true }, () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      const contents = getWebContents();
      if (contents && !contents.isDestroyed()) contents.reloadIgnoringCache();
    }, delayMs);
  });
  return () => {
    if (timer) clearTimeout(timer);
    watcher.close();
  };
};
