import { BrowserWindow, nativeTheme } from 'electron';
import { APP_ENTRY_URL } from './app-origin';
import type { Placement } from './window-placement';
import { BACKGROUND_DARK, BACKGROUND_LIGHT, createWindowOptions } from './window-options';

/** Creates the single app window; it appears only once the first frame is ready. */
export const createMainWindow = (preloadPath: string, placement?: Placement): BrowserWindow => {
  const window = new BrowserWindow(createWindowOptions(preloadPath, placement));
  window.once('ready-to-show', () => {
    if (placement?.maximized) window.maximize();
    window.show();
  });
  const followTheme = (): void => {
    if (!window.isDestroyed()) {
      window.setBackgroundColor(
        nativeTheme.shouldUseDarkColors ? BACKGROUND_DARK : BACKGROUND_LIGHT,
      );
    }
  };
  nativeTheme.on('updated', followTheme);
  window.on('closed', () => nativeTheme.off('updated', followTheme));
  void window.loadURL(APP_ENTRY_URL);
  return window;
};
