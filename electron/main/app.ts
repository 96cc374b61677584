/**
 * Electron entry (bundled to dist/electron/main.cjs). Wires the thin shell around the core:
 * protocol, permissions, navigation guards, IPC, menu, deep links and the one window. No
 * business logic here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { app, BrowserWindow, crashReporter, dialog, net, session, shell } from 'electron';
import { autoUpdater } from 'electron-updater';
import type { PushEvent } from '../shared';
import type { Core } from '../core/core';
import { createCore } from '../core/create-core';
import { createKeychainCredentials, keychainServiceFromEnv } from '../core/credentials/keychain';
import { readManagedSettings } from '../common/managed/read-policy';
import { createFileLogger } from '../common/redacting-logger';
import { restrictNewFiles } from '../common/private-dir';
import { API_PARTITION, createApiFetch, createProxyAuthenticator } from './api-fetch';
import { answerProxyLogin, createProxyLogin, type ProxyChallenge } from './proxy-login';
import { setupAppMenu } from './app-menu';
import { applyChromiumSwitches } from './chromium-switches';
import { setupDeepLinks } from './deep-links';
import { devReloadEnabled, watchRendererForReload } from './dev-reload';
import { exportDiagnostics } from './diagnostics-export';
import { setupIpc } from './ipc';
import { setupNetworkWatch } from './network-watch';
import { createMainWindow } from './main-window';
import { menuLabels } from './menu-labels';
import { savePdf } from './print-pdf';
import { applyLanguage } from './set-language';
import { setupNavigationGuards } from './navigation-guards';
import { setupPermissions } from './permissions';
import { restoredPlacement, trackWindowState } from './window-state';
import { mainLocale, setMainLocale, systemLanguages } from './system-languages';
import { m } from '../../i18n/paraglide/messages.js';
import { registerAppScheme, setupProtocol } from './protocol';
import { setupRendererRecovery } from './renderer-recovery';
import { checkForUpdatesNow } from './update-check-dialog';
import { builtInUpdateUrl, updateDecision } from './update-policy';
import { setupUpdates, type Updates } from './updates';
import { sendToRenderer } from './send-to-renderer';
import { startTrainingLazily } from '../sandbox/training-lazy';

// Dev and Playwright runs (never the packaged app) may point userData at a fresh folder.
const userDataOverride = process.env.FIELD_INSTALLER_USER_DATA_DIR;
if (!app.isPackaged && userDataOverride) {
  app.setPath('userData', userDataOverride);
  app.setAppLogsPath(join(userDataOverride, 'logs'));
}

// Before anything writes a file: what this process creates (databases and their logs,
// Chromium's profile, crash dumps, exports) is this user's only.
restrictNewFiles();
registerAppScheme();
applyChromiumSwitches(app.commandLine);
// Crash dumps stay on this computer (app.getPath('crashDumps')): Export diagnostics lists them,
// never sends or includes them — a dump can hold memory, the API key included.
crashReporter.start({ uploadToServer: false });

/** electron-builder's appId: the macOS managed-preferences domain. */
const BUNDLE_ID = 'com.fieldinstaller.app';

let mainWindow: BrowserWindow | null = null;
let core: Core | null = null;
let updates: Updates | null = null;
/** True once the window's page has loaded (and subscribed to events). */
let pageLoaded = false;

// Where each OS keeps an app's logs (~/Library/Logs/<name> on macOS, userData/logs elsewhere).
const logsDir = app.getPath('logs');
const log = createFileLogger(logsDir, app.isPackaged ? undefined : console.warn);

const send = (event: PushEvent): boolean =>
  pageLoaded && sendToRenderer(mainWindow?.webContents ?? null, event);

const keychain = createKeychainCredentials(
  app.isPackaged ? undefined : keychainServiceFromEnv(process.env),
);
/** The proxy's sign-in, asked once in the page (proxy-login.ts). */
const proxyLogin = createProxyLogin({ send, keychain, log });
/** Electron's `login` (the page's own requests, electron-updater's downloads): proxies only. */
const answerLogin = (challenge: ProxyChallenge, callback: (user?: string, pass?: string) => void) =>
  void proxyLogin.credentials(challenge).then(
    (c) => (c ? callback(c.username, c.password) : callback()),
    () => callback(),
  );
app.on('login', (event, _contents, _details, authInfo, callback) => {
  if (!authInfo.isProxy) return;
  event.preventDefault();
  answerLogin(authInfo, callback);
});
// electron-updater's callback cancels with empty credentials.
autoUpdater.on('login', (authInfo, callback) =>
  answerLogin(authInfo, (user, pass) => callback(user ?? '', pass ?? '')),
);

const openWindow = (): void => {
  pageLoaded = false;
  const userData = app.getPath('userData');
  const window = createMainWindow(
    join(app.getAppPath(), 'dist', 'electron', 'preload.cjs'),
    restoredPlacement(userData),
  );
  trackWindowState(window, userData, log);
  setupRendererRecovery(window, {
    log,
    showMessage: (options) => dialog.showMessageBox(window, options),
    quit: () => app.quit(),
    locale: mainLocale,
  });
  mainWindow = window;
  window.webContents.on('did-finish-load', () => {
    pageLoaded = true;
    deepLinks?.rendererReady();
    updates?.rendererReady();
  });
  window.on('closed', () => {
    if (mainWindow === window) mainWindow = null;
  });
};

const focusWindow = (): void => {
  // Before the core is up (a link at first start) the window opens when start() gets there.
  if (!app.isReady() || core === null) return;
  if (mainWindow === null) return openWindow();
  if (mainWindow.isMinimized()) mainWindow.restore();
  mainWindow.focus();
};

let deepLinks: ReturnType<typeof setupDeepLinks> | null = null;

/** The menu in the language main speaks now; built again when the renderer's changes. */
const buildMenu = (): void =>
  setupAppMenu({
    isPackaged: app.isPackaged,
    platform: process.platform,
    labels: menuLabels(mainLocale(), process.platform),
    actions: {
      send,
      showLogs: () => void shell.openPath(logsDir),
      exportDiagnostics: () =>
        void exportDiagnostics({
          core,
          window: mainWindow,
          logsDir,
          log,
          locale: mainLocale(),
          updates: updates?.state() ?? null,
        }),
      checkForUpdates: () => {
        const running = updates;
        if (running === null) return;
        void checkForUpdatesNow(
          () => running.checkNow(),
          (options) =>
            mainWindow
              ? dialog.showMessageBox(mainWindow, options)
              : dialog.showMessageBox(options),
          mainLocale(),
        );
      },
    },
  });

/** The renderer's `setLanguage`: menus and dialogs follow Settings → Language. */
const setLanguage = (_contents: unknown, input: unknown): Promise<string> =>
  Promise.resolve(
    JSON.stringify(
      applyLanguage(input, (locale) => {
        if (locale === mainLocale()) return;
        setMainLocale(locale);
        buildMenu();
      }),
    ),
  );

/** The update feed built into this package (build/update-feed.cjs), if any. */
const builtInFeed = (): string | null => {
  try {
    return builtInUpdateUrl(
      JSON.parse(readFileSync(join(app.getAppPath(), 'package.json'), 'utf8')),
    );
  } catch (error) {
    log.warn('Could not read the built-in update feed', { error });
    return null;
  }
};

const start = async (): Promise<void> => {
  const userData = app.getPath('userData');
  log.info('Starting', { version: app.getVersion(), platform: process.platform });
  app.on('web-contents-created', (_event, contents) => setupNavigationGuards(contents));
  await app.whenReady();
  setupProtocol(join(app.getAppPath(), 'dist', 'renderer'));
  setupPermissions(session.defaultSession);
  buildMenu();
  // Chromium's network stack (system proxy, OS certificates) in an in-memory session of the
  // API's own, created once, after ready (sessions cannot exist before): see api-fetch.ts.
  // A proxy that asks for a sign-in is answered by proxyLogin (the page asks once).
  const apiSession = session.fromPartition(API_PARTITION, { cache: false });
  const apiFetch = createApiFetch(
    apiSession,
    createProxyAuthenticator((options) => net.request(options), apiSession, proxyLogin),
  );
  const policy = await readManagedSettings({ platform: process.platform, bundleId: BUNDLE_ID });
  for (const problem of policy.problems) log.warn('Managed setting ignored', { problem });
  if (policy.settings.source) log.info('Managed settings', { source: policy.settings.source });
  try {
    core = await createCore({
      managed: policy.settings,
      installUpdate: () => updates?.install() ?? false,
      dataDir: join(userData, 'data'),
      fetch: apiFetch,
      credentials: keychain,
      log,
      systemLanguages,
      startTrainingSandbox: startTrainingLazily,
    });
  } catch (error) {
    log.error('Could not start the core', { error });
    const locale = mainLocale();
    dialog.showErrorBox(
      m.main_start_failed_title({}, { locale }),
      m.main_start_failed({}, { locale }),
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
    mainOperations: {
      savePdf: (contents, input) => savePdf(contents, input, mainLocale()),
      setLanguage,
      answerProxyLogin: async (_contents, input) =>
        JSON.stringify(await answerProxyLogin(proxyLogin, input)),
    },
  });
  updates = setupUpdates({
    updater: autoUpdater,
    decision: updateDecision(policy.settings, app.isPackaged, builtInFeed()),
    currentVersion: app.getVersion(),
    log,
    send,
  });
  const watched = updates;
  core.onEvent((event) => {
    if (event.type === 'session') watched.queueChanged(event.status.queued);
  });
  const started = core;
  setupNetworkWatch((online) => void started.invoke('networkChanged', { online }));
  openWindow();
  if (devReloadEnabled(app.isPackaged, process.env)) {
    watchRendererForReload(
      join(app.getAppPath(), 'dist', 'renderer'),
      () => mainWindow?.webContents ?? null,
    );
  }
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) openWindow();
  });
};

if (!app.requestSingleInstanceLock()) {
  // Two instances would fight over the outbox files; the first one keeps them (and gets this
  // process's argv, deep link included, through 'second-instance').
  app.quit();
} else {
  // Before 'ready': macOS delivers the link that launched the app as an early 'open-url'.
  deepLinks = setupDeepLinks({
    app,
    argv: process.argv,
    send,
    focus: focusWindow,
    log,
    execPath: process.execPath,
    appPath: app.getAppPath(),
  });
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
