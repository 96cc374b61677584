/**
 * The application menu. Without one Electron installs its default menu, whose View menu has
 * Reload, Force Reload and Toggle Developer Tools (with their shortcuts) — in a packaged app
 * that is a console next to the technician's session and a reload that drops a half-done
 * form. Packaged builds get a menu built from roles only, with a View menu that just zooms;
 * development runs keep Electron's full View menu.
 *
 * Go → Back / Scan / Search show their shortcuts in the menu and send a push event to the
 * renderer, which navigates (renderer/src/lib/app-commands.ts). Help → Show logs / Export
 * diagnostics / Check for updates… (macOS: in the app menu) call into main. Labels come in as a parameter (menu-labels.ts builds them from
 * the catalog for a locale and platform); `setupAppMenu` is called again when the language
 * changes.
 */
import { Menu, type MenuItemConstructorOptions } from 'electron';
import type { PushEvent } from '../contract';
import type { MenuLabels } from './menu-labels';

interface MenuActions {
  /** Sends an event to the window's renderer (no-op while no window is open). */
  send(event: PushEvent): void;
  showLogs(): void;
  exportDiagnostics(): void;
  checkForUpdates(): void;
}

export interface MenuOptions {
  isPackaged: boolean;
  platform: NodeJS.Platform;
  labels: MenuLabels;
  actions: MenuActions;
}

/** Back follows each OS's browser convention: Cmd+[ on macOS, Alt+Left elsewhere. */
const shortcuts = (platform: NodeJS.Platform) => ({
  back: platform === 'darwin' ? 'Cmd+[' : 'Alt+Left',
  scan: 'CmdOrCtrl+Shift+S',
  search: 'CmdOrCtrl+F',
});

/** Zoom and full screen only: a small laptop screen, a technician standing at arm's length. */
const zoomOnlyView = (labels: MenuLabels): MenuItemConstructorOptions => ({
  label: labels.view,
  submenu: [
    { role: 'resetZoom', label: labels.actualSize },
    { role: 'zoomIn', label: labels.zoomIn },
    { role: 'zoomOut', label: labels.zoomOut },
    { type: 'separator' },
    { role: 'togglefullscreen', label: labels.fullScreen },
  ],
});

/** Electron's role menus, item for item (its roles.ts), each with its label from the catalog:
 * a role menu given a submenu uses that submenu instead of its English default. */
const appMenu = (labels: MenuLabels, actions: MenuActions): MenuItemConstructorOptions => ({
  role: 'appMenu',
  submenu: [
    { role: 'about', label: labels.about },
    // Where macOS apps put it, right below About.
    { label: labels.checkForUpdates, click: () => actions.checkForUpdates() },
    { type: 'separator' },
    { role: 'services', label: labels.services },
    { type: 'separator' },
    { role: 'hide', label: labels.hide },
    { role: 'hideOthers', label: labels.hideOthers },
    { role: 'unhide', label: labels.showAll },
    { type: 'separator' },
    { role: 'quit', label: labels.quit },
  ],
});

const fileMenu = (mac: boolean, labels: MenuLabels): MenuItemConstructorOptions => ({
  role: 'fileMenu',
  label: labels.file,
  submenu: [mac ? { role: 'close', label: labels.close } : { role: 'quit', label: labels.quit }],
});

const editMenu = (mac: boolean, labels: MenuLabels): MenuItemConstructorOptions => ({
  role: 'editMenu',
  label: labels.edit,
  submenu: [
    { role: 'undo', label: labels.undo },
    { role: 'redo', label: labels.redo },
    { type: 'separator' },
    { role: 'cut', label: labels.cut },
    { role: 'copy', label: labels.copy },
    { role: 'paste', label: labels.paste },
    ...(mac
      ? ([
          { role: 'pasteAndMatchStyle', label: labels.pasteAndMatchStyle },
          { role: 'delete', label: labels.delete },
          { role: 'selectAll', label: labels.selectAll },
          { type: 'separator' },
          {
            label: labels.speech,
            submenu: [
              { role: 'startSpeaking', label: labels.startSpeaking },
              { role: 'stopSpeaking', label: labels.stopSpeaking },
            ],
          },
        ] satisfies MenuItemConstructorOptions[])
      : ([
          { role: 'delete', label: labels.delete },
          { type: 'separator' },
          { role: 'selectAll', label: labels.selectAll },
        ] satisfies MenuItemConstructorOptions[])),
  ],
});

const windowMenu = (mac: boolean, labels: MenuLabels): MenuItemConstructorOptions => ({
  role: 'windowMenu',
  label: labels.window,
  submenu: [
    { role: 'minimize', label: labels.minimize },
    ...(mac
      ? ([
          { role: 'zoom', label: labels.zoom },
          { type: 'separator' },
          { role: 'front', label: labels.front },
        ] satisfies MenuItemConstructorOptions[])
      : ([{ role: 'close', label: labels.close }] satisfies MenuItemConstructorOptions[])),
  ],
});

const goMenu = ({ platform, labels, actions }: MenuOptions): MenuItemConstructorOptions => {
  const keys = shortcuts(platform);
  return {
    label: labels.go,
    submenu: [
      {
        label: labels.back,
        accelerator: keys.back,
        click: () => actions.send({ type: 'go-back' }),
      },
      { type: 'separator' },
      {
        label: labels.scan,
        accelerator: keys.scan,
        click: () => actions.send({ type: 'navigate', path: '/scan', focusSearch: false }),
      },
      {
        label: labels.search,
        accelerator: keys.search,
        click: () => actions.send({ type: 'navigate', path: '/inventory', focusSearch: true }),
      },
    ],
  };
};

const helpMenu = ({ platform, labels, actions }: MenuOptions): MenuItemConstructorOptions => ({
  role: 'help',
  label: labels.help,
  submenu: [
    { label: labels.showLogs, click: () => actions.showLogs() },
    { label: labels.exportDiagnostics, click: () => actions.exportDiagnostics() },
    // On macOS it is in the app menu.
    ...(platform === 'darwin'
      ? []
      : ([
          { type: 'separator' },
          { label: labels.checkForUpdates, click: () => actions.checkForUpdates() },
        ] satisfies MenuItemConstructorOptions[])),
  ],
});

export const menuTemplate = (options: MenuOptions): MenuItemConstructorOptions[] => {
  const mac = options.platform === 'darwin';
  const { labels } = options;
  return [
    // macOS puts About, Hide and Quit in the app menu; elsewhere the File menu has Quit.
    ...(mac ? [appMenu(labels, options.actions)] : []),
    fileMenu(mac, labels),
    // Cut, copy, paste, undo, select all: the roles give every text field its shortcuts.
    editMenu(mac, labels),
    // `viewMenu` expands to reload, forceReload and toggleDevTools: development only (its
    // items keep Electron's English labels there).
    options.isPackaged ? zoomOnlyView(labels) : { role: 'viewMenu', label: labels.view },
    goMenu(options),
    windowMenu(mac, labels),
    helpMenu(options),
  ];
};

export const setupAppMenu = (options: MenuOptions): void => {
  Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate(options)));
};
