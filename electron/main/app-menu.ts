/**
 * The application menu. Without one Electron installs its default menu, whose View menu has
 * Reload, Force Reload and Toggle Developer Tools (with their shortcuts) — in a packaged app
 * that is a console next to the technician's session and a reload that drops a half-done
 * form. Packaged builds get a menu built from roles only, with a View menu that just zooms;
 * development runs keep Electron's full View menu.
 */
import { Menu, type MenuItemConstructorOptions } from 'electron';

export interface MenuOptions {
  isPackaged: boolean;
  platform: NodeJS.Platform;
}

/** Zoom and full screen only: a small laptop screen, a technician standing at arm's length. */
const ZOOM_ONLY_VIEW: MenuItemConstructorOptions = {
  label: 'View',
  submenu: [
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
    { type: 'separator' },
    { role: 'togglefullscreen' },
  ],
};

export const menuTemplate = ({
  isPackaged,
  platform,
}: MenuOptions): MenuItemConstructorOptions[] => [
  // macOS puts About, Hide and Quit in the app menu; elsewhere the File menu has Quit.
  ...(platform === 'darwin' ? [{ role: 'appMenu' } as const] : []),
  { role: 'fileMenu' },
  // Cut, copy and paste shortcuts come from these items (and select-all in the serial field).
  { role: 'editMenu' },
  // `viewMenu` expands to reload, forceReload and toggleDevTools: development only.
  isPackaged ? ZOOM_ONLY_VIEW : { role: 'viewMenu' },
  { role: 'windowMenu' },
];

export const setupAppMenu = (options: MenuOptions): void => {
  Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate(options)));
};
