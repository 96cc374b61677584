import { nativeTheme, type BrowserWindowConstructorOptions } from 'electron';
import { DEFAULT_SIZE, MIN_SIZE, type Placement } from './window-placement';

/** Matches the renderer's page background so no white flash shows before first paint. */
export const BACKGROUND_LIGHT = '#f8fafc';
export const BACKGROUND_DARK = '#0f172a';

/**
 * The one place the window's security settings are written down. Every flag is explicit even
 * where it equals Electron's default, so a future default change (or a copy-pasted template)
 * cannot silently weaken the window.
 */
export const createWindowOptions = (
  preloadPath: string,
  placement: Placement = { ...DEFAULT_SIZE, maximized: false },
): BrowserWindowConstructorOptions => ({
  // Restored by window-state.ts onto a display that exists (window-placement.ts).
  ...(placement.x === undefined || placement.y === undefined
    ? {}
    : { x: placement.x, y: placement.y }),
  width: placement.width,
  height: placement.height,
  // A small laptop beside a ceiling-mounted counter: still usable at half a 1366px screen.
  minWidth: MIN_SIZE.width,
  minHeight: MIN_SIZE.height,
  title: 'Field Installer',
  backgroundColor: nativeTheme.shouldUseDarkColors ? BACKGROUND_DARK : BACKGROUND_LIGHT,
  show: false,
  autoHideMenuBar: true,
  webPreferences: {
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    spellcheck: false,
    // Middle-click would otherwise open links in new windows; every new window is denied anyway.
    disableBlinkFeatures: 'Auxclick',
    preload: preloadPath,
  },
});
