/**
 * The application menu. Without one Electron installs its default menu, whose View menu has
 * Reload, Force Reload and Toggle Developer Tools (with their shortcuts) — in a packaged app
 * that is a console next to the technician's session and a reload that drops a half-done
 * form. Packaged builds get a menu built from roles only, with a View menu that just zooms;
 * development runs keep Electron's full View menu.
 *
 * Go → Back / Scan / Search show their shortcuts in the menu and send a push event to the
 * renderer, which navigates (renderer/src/lib/app-commands.ts). Help → Show logs / Export
 * diagnostics call into main. Labels come in as a parameter (menu-labels.ts).
 */
import { Menu, type MenuItemConstructorOptions } from 'electron';
import type { PushEvent } from '../contract';
import type { MenuLabels } from './menu-labels';

export interface MenuActions {
  /** Sends an event to the window's renderer (no-op while no window is open). */
  send(event: PushEvent): void;
  showLogs(): void;
  exportDiagnostics(): void;
}

export interface MenuOptions {
  isPackaged: boolean;
  platform: NodeJS.Platform;
  labels: MenuLabels;
  actions: MenuActions;
}

/** Back follows each OS's browser convention: Cmd+[ on macOS, Alt+Left elsewhere. */
export const shortcuts = (platform: NodeJS.Platform) => ({
  back: platform === 'darwin' ? 'Cmd+[' : 'Alt+Left',
  scan: 'CmdOrCtrl+Shift+S',
  search: 'CmdOrCtrl+F',
});

/** Zoom and full screen only: a small laptop screen, a technician standing at arm's length. */
const zoomOnlyView = (labels: MenuLabels): MenuItemConstructorOptions => ({
  label: labels.menu_view,
  submenu: [
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
    { type: 'separator' },
    { role: 'togglefullscreen' },
  ],
});

const goMenu = ({ platform, labels, actions }: MenuOptions): MenuItemConstructorOptions => {
  const keys = shortcuts(platform);
  return {
    label: labels.menu_go,
    submenu: [
      {
        label: labels.menu_back,
        accelerator: keys.back,
        click: () => actions.send({ type: 'go-back' }),
      },
      { type: 'separator' },
      {
        label: labels.menu_scan,
        accelerator: keys.scan,
        click: () => actions.send({ type: 'navigate', path: '/scan', focusSearch: false }),
      },
      {
        label: labels.menu_search,
        accelerator: keys.search,
        click: () => actions.send({ type: 'navigate', path: '/inventory', focusSearch: true }),
      },
    ],
  };
};

const helpMenu = ({ labels, actions }: MenuOptions): MenuItemConstructorOptions => ({
  role: 'help',
  label: labels.menu_help,
  submenu: [
    { label: labels.menu_show_logs, click: () => actions.showLogs() },
    { label: labels.menu_export_diagnostics, click: () => actions.exportDiagnostics() },
  ],
});

export const menuTemplate = (options: MenuOptions): MenuItemConstructorOptions[] => [
  // macOS puts About, Hide and Quit in the app menu; elsewhere the File menu has Quit.
  ...(options.platform === 'darwin' ? [{ role: 'appMenu' } as const] : []),
  { role: 'fileMenu' },
  // Cut, copy, paste, undo, select all: the roles give every text field its shortcuts.
  { role: 'editMenu' },
  // `viewMenu` expands to reload, forceReload and toggleDevTools: development only.
  options.isPackaged ? zoomOnlyView(options.labels) : { role: 'viewMenu' },
  goMenu(options),
  { role: 'windowMenu' },
  helpMenu(options),
];

export const setupAppMenu = (options: MenuOptions): void => {
  Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate(options)));
};
