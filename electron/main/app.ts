/**
 * Electron entry (bundled to dist/electron/main.cjs). Wires the thin shell around the core:
 * protocol, permissions, navigation guards, IPC and the one window. No business logic here.
 */
import { join } from 'node:path';
import { app, BrowserWindow, dialog, session } from 'electron';
import type { Core } from '../core/core';
import { createCore } from '../core/create-core';
import { createKeychainCredentials } from '../core/credentials/keychain';
import { API_PARTITION, createApiFetch } from './api-fetch';
import { setupAppMenu } from './app-menu';
import { createMainWindow } from './main-window';
import { setupIpc } from './ipc';
import { savePdf } from './print-pdf';
import { setupNavigationGuards } from './navigation-guards';
import { setupPermissions } from './permissions';
import { registerAppScheme, setupProtocol } from './protocol';
import { createFileLogger } from '../common/redacting-logger';

// Dev and Playwright runs (never the packaged app) may point userData at a fresh folder.
const userDataOverride = process.env.FIELD_INSTALLER_USER_DATA_DIR;
if (!app.isPackaged && userDataOverride) app.setPath('userData', userDataOverride);

registerAppScheme();

let mainWindow: BrowserWindow | null = null;
let core: Core | null = null;

const openWindow = (): void => {
  mainWindow = createMainWindow(join(app.getAppPath(), 'dist', 'electron', 'preload.cjs'));
  mainWindow.on('closed', () => {
    mainWindow = null;
  });
};

const focusWindow = (): void => {
  if (mainWindow === null) return openWindow();
  if (mainWindow.isMinimized()) mainWindow.restore();
  mainWindow.focus();
};

const start = async (): Promise<void> => {
  const userData = app.getPath('userData');
  const log = createFileLogger(join(userData, 'logs'), app.isPackaged ? undefined : console.warn);
  log.info('Starting', { version: app.getVersion(), platform: process.platform });
  app.on('web-contents-created', (_event, contents) => setupNavigationGuards(contents));
  await app.whenReady();
  setupProtocol(join(app.getAppPath(), 'dist', 'renderer'));
  setupPermissions(session.defaultSession);
  setupAppMenu({ isPackaged: app.isPackaged, platform: process.platform });
  // Chromium's network stack (system proxy, OS certificates) in an in-memory session of the
  // API's own, created once, after ready (sessions cannot exist before): see api-fetch.ts.
  const apiFetch = createApiFetch(session.fromPartition(API_PARTITION, { cache: false }));
  try {
    core = await createCore({
      dataDir: join(userData, 'data'),
      fetch: apiFetch,
      credentials: createKeychainCredentials(),
      log,
    });
  } catch (error) {
    log.error('Could not start the core', { error });
    dialog.showErrorBox(
      'Field Installer could not start',
      'Its data folder could not be opened. Check that the disk is not full, then start it again.',
    );
    app.exit(1);
    return;
  }
  // `npm start -- --training`: the README's first command opens straight into training mode.
  if (process.argv.includes('--training')) {
    const started = await core.invoke('startTraining', {});
    if (!started.ok) log.warn('Training mode did not start', { kind: started.error.kind });
  }
  setupIpc({
    core,
    getWebContents: () => mainWindow?.webContents ?? null,
    log,
    mainOperations: { savePdf },
  });
  openWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) openWindow();
  });
};

if (!app.requestSingleInstanceLock()) {
  // Two instances would fight over the outbox files; the first one keeps them.
  app.quit();
} else {
  app.on('second-instance', focusWindow);
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  let closing = false;
  app.on('before-quit', (event) => {
    if (core === null || closing) return;
    // Let the core finish writing its files before the process ends.
    closing = true;
    event.preventDefault();
    void core.close().finally(() => app.quit());
  });
  void start();
}
