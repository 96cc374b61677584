import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { channelFor, OPERATION_NAMES, type ConnectionReport } from '../../../electron/shared';
import { problemWords } from '../../../renderer/src/lib/words/connection-report';

type Listener = (...args: unknown[]) => unknown;

/** The slice of Electron app.ts touches, recording what the entry point wires up. */
const electron = vi.hoisted(() => {
  const appListeners = new Map<string, Listener>();
  const windows: FakeWindow[] = [];
  class FakeWindow {
    static getAllWindows = () => windows;
    options: unknown;
    loaded: string | null = null;
    webContents = {
      isDestroyed: () => false,
      send: vi.fn(),
      mainFrame: {},
      listeners: new Map<string, Listener>(),
      on(name: string, listener: Listener) {
        this.listeners.set(name, listener);
      },
    };
    constructor(options: unknown) {
      this.options = options;
      windows.push(this);
    }
    once() {}
    on() {}
    isDestroyed = () => false;
    loadURL = async (url: string) => {
      this.loaded = url;
    };
    isMinimized = () => false;
    focus = vi.fn();
    restore = vi.fn();
  }
  const state = { lock: true, userData: '', languages: ['en-US'] };
  /** Chromium under redirect: 'manual' (Electron's ClientRequest): nobody follows, it dies. */
  const chromiumFetch = (_input: unknown, init?: RequestInit): Promise<Response> =>
    init?.redirect === 'manual'
      ? Promise.reject(new Error('Redirect was cancelled'))
      : Promise.resolve(new Response('<html>Wi-Fi sign-in</html>'));
  const apiSession = { fetch: vi.fn(chromiumFetch) };
  return {
    state,
    appListeners,
    windows,
    apiSession,
    chromiumFetch,
    module: {
      app: {
        isPackaged: true,
        requestSingleInstanceLock: () => state.lock,
        quit: vi.fn(),
        exit: vi.fn(),
        setPath: vi.fn(),
        setAppLogsPath: vi.fn(),
        commandLine: { appendSwitch: vi.fn() },
        isReady: () => true,
        setAsDefaultProtocolClient: vi.fn(() => true),
        on: (name: string, listener: Listener) => appListeners.set(name, listener),
        whenReady: vi.fn(async () => undefined),
        getPath: () => state.userData,
        getAppPath: () => '/opt/field-installer/resources/app.asar',
        getVersion: () => '0.1.0',
        getPreferredSystemLanguages: () => state.languages,
        getLocale: () => 'en-US',
      },
      BrowserWindow: FakeWindow,
      dialog: { showErrorBox: vi.fn(), showMessageBox: vi.fn() },
      crashReporter: { start: vi.fn() },
      net: { fetch: vi.fn(chromiumFetch), isOnline: vi.fn(() => true) },
      powerMonitor: { on: vi.fn(), off: vi.fn() },
      Menu: {
        buildFromTemplate: vi.fn((template: unknown) => ({ template })),
        setApplicationMenu: vi.fn(),
      },
      nativeTheme: { shouldUseDarkColors: false, on: vi.fn(), off: vi.fn() },
      screen: {
        getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1366, height: 728 } }],
        getPrimaryDisplay: () => ({ workArea: { x: 0, y: 0, width: 1366, height: 728 } }),
      },
      protocol: { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() },
      ipcMain: { handle: vi.fn(), removeHandler: vi.fn() },
      session: {
        defaultSession: {
          setPermissionRequestHandler: vi.fn(),
          setPermissionCheckHandler: vi.fn(),
          setDevicePermissionHandler: vi.fn(),
          fetch: vi.fn(chromiumFetch),
        },
        fromPartition: vi.fn((_partition: string, _options?: { cache: boolean }) => apiSession),
      },
      shell: { openExternal: vi.fn(), openPath: vi.fn() },
    },
  };
});
vi.mock('electron', () => electron.module);
const updater = vi.hoisted(() => ({
  autoUpdater: {
    setFeedURL: vi.fn(),
    checkForUpdates: vi.fn(async () => null),
    quitAndInstall: vi.fn(),
    on: vi.fn(),
    autoDownload: true,
    autoInstallOnAppQuit: true,
    logger: null,
  },
}));
vi.mock('electron-updater', () => updater);

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
};

describe('app entry (mocked electron, runs without Electron)', () => {
  beforeEach(async () => {
    vi.resetModules();
    vi.clearAllMocks();
    electron.apiSession.fetch.mockImplementation(electron.chromiumFetch);
    electron.appListeners.clear();
    electron.windows.length = 0;
    electron.state.userData = await mkdtemp(join(tmpdir(), 'fi-app-'));
  });

  afterEach(async () => {
    await rm(electron.state.userData, { recursive: true, force: true });
  });

  it('quits at once when another instance holds the lock', async () => {
    electron.state.lock = false;
    await import('../../../electron/main/app');
    expect(electron.module.app.quit).toHaveBeenCalled();
    expect(electron.module.protocol.handle).not.toHaveBeenCalled();
    expect(electron.windows).toHaveLength(0);
  });

  it('wires protocol, permissions, the real core, IPC and one window on the app origin', async () => {
    electron.state.lock = true;
    await import('../../../electron/main/app');
    expect(electron.module.protocol.registerSchemesAsPrivileged).toHaveBeenCalled();
    await until(() => electron.windows.length === 1);
    const { module } = electron;
    expect(module.protocol.handle).toHaveBeenCalledWith('app', expect.any(Function));
    expect(module.session.defaultSession.setPermissionRequestHandler).toHaveBeenCalled();
    expect(module.session.defaultSession.setDevicePermissionHandler).toHaveBeenCalled();
    expect(new Set(module.ipcMain.handle.mock.calls.map(([c]) => c))).toEqual(
      new Set(OPERATION_NAMES.map(channelFor)),
    );
    const [window] = electron.windows;
    expect(window?.loaded).toBe('app://installer/index.html');
    expect(window?.options).toMatchObject({
      webPreferences: {
        sandbox: true,
        contextIsolation: true,
        preload: '/opt/field-installer/resources/app.asar/dist/electron/preload.cjs',
      },
    });
    // The core hears the OS's network state after a wake (electron/main/network-watch.ts).
    expect(module.net.isOnline).toHaveBeenCalled();
    expect(module.powerMonitor.on).toHaveBeenCalledWith('resume', expect.any(Function));
    // A packaged app ignores the user-data override meant for test runs.
    expect(module.app.setPath).not.toHaveBeenCalled();

    // A second launch focuses the existing window instead of opening another.
    electron.appListeners.get('second-instance')?.({}, ['field-installer'], '/');
    expect(window?.focus).toHaveBeenCalled();
    expect(electron.windows).toHaveLength(1);

    // A second launch with a deep link: registered as the handler, routed once the page loaded.
    expect(module.app.setAsDefaultProtocolClient).toHaveBeenCalledWith('fieldinstaller');
    // No managed update URL on this machine: updates stay off, nothing is fetched.
    expect(updater.autoUpdater.setFeedURL).not.toHaveBeenCalled();
    expect(updater.autoUpdater.checkForUpdates).not.toHaveBeenCalled();
    // Crash dumps are kept locally only.
    expect(module.crashReporter.start).toHaveBeenCalledWith({ uploadToServer: false });
    window?.webContents.listeners.get('did-finish-load')?.();
    electron.appListeners.get('second-instance')?.(
      {},
      ['field-installer', 'fieldinstaller://locations/loc-1'],
      '/',
    );
    expect(window?.webContents.send).toHaveBeenCalledWith('installer:event', {
      type: 'navigate',
      path: '/locations/loc-1',
      focusSearch: false,
    });

    // Quitting waits for the core to close, then quits for real.
    const quitEvent = { preventDefault: vi.fn() };
    electron.appListeners.get('before-quit')?.(quitEvent);
    expect(quitEvent.preventDefault).toHaveBeenCalled();
    await until(() => module.app.quit.mock.calls.length > 0);
  });

  it.skipIf(process.platform === 'win32')(
    'sets umask 0077 at import, before anything writes a file (mocked Electron: no binary here)',
    async () => {
      electron.state.lock = true;
      const before = process.umask(0o022);
      try {
        await import('../../../electron/main/app');
        expect(process.umask(0o022).toString(8)).toBe('77');
      } finally {
        process.umask(before);
      }
    },
  );

  it('answers a proxy’s sign-in (app login, electron-updater login) and no server’s', async () => {
    electron.state.lock = true;
    await import('../../../electron/main/app');
    const login = electron.appListeners.get('login');
    expect(login).toBeDefined();
    const server = { preventDefault: vi.fn() };
    const serverCallback = vi.fn();
    login?.(server, null, {}, { isProxy: false, host: 'api.example.com' }, serverCallback);
    // A server's own sign-in keeps Electron's default: cancelled.
    expect(server.preventDefault).not.toHaveBeenCalled();
    const proxy = { preventDefault: vi.fn() };
    const proxyCallback = vi.fn();
    login?.(
      proxy,
      null,
      {},
      { isProxy: true, host: 'proxy', port: 3128, realm: 'r', scheme: 'basic' },
      proxyCallback,
    );
    expect(proxy.preventDefault).toHaveBeenCalled();
    // No page loaded to ask in: cancelled, not left hanging.
    await until(() => proxyCallback.mock.calls.length === 1);
    expect(proxyCallback).toHaveBeenCalledWith();
    expect(updater.autoUpdater.on).toHaveBeenCalledWith('login', expect.any(Function));
  });

  it("turns off Chromium's post-input task deferral before the app is ready", async () => {
    electron.state.lock = true;
    await import('../../../electron/main/app');
    // Switches only take effect when set before 'ready': at import, before any listener runs.
    expect(electron.module.app.commandLine.appendSwitch).toHaveBeenCalledWith(
      'disable-features',
      'DeferRendererTasksAfterInput',
    );
    const [ready] = electron.module.app.whenReady.mock.invocationCallOrder;
    const [switched] = electron.module.app.commandLine.appendSwitch.mock.invocationCallOrder;
    expect(switched).toBeLessThan(ready ?? Number.POSITIVE_INFINITY);
  });

  it('sets a menu without DevTools or Reload in the packaged app, in the OS language', async () => {
    electron.state.lock = true;
    electron.state.languages = ['de-AT', 'en-GB'];
    await import('../../../electron/main/app');
    await until(() => electron.windows.length === 1);
    const { Menu } = electron.module;
    expect(Menu.setApplicationMenu).toHaveBeenCalledTimes(1);
    const [template] = Menu.buildFromTemplate.mock.calls[0] ?? [];
    const roles = JSON.stringify(template).toLowerCase();
    for (const role of ['toggledevtools', '"reload"', 'forcereload', 'viewmenu']) {
      expect(roles).not.toContain(role);
    }
    const labels = (template as { label?: string }[]).map((item) => item.label);
    expect(labels).toEqual(expect.arrayContaining(['Bearbeiten', 'Ansicht', 'Fenster', 'Hilfe']));
    electron.state.languages = ['en-US'];
  });

  it('calls the API in an in-memory session with no HTTP cache; a captive portal reads as a redirect', async () => {
    electron.state.lock = true;
    await import('../../../electron/main/app');
    await until(() => electron.windows.length === 1);
    const { module, apiSession } = electron;
    // One session for the API, created once, not persisted to disk (no "persist:" prefix).
    expect(module.session.fromPartition).toHaveBeenCalledTimes(1);
    const [partition, options] = module.session.fromPartition.mock.calls[0] ?? [];
    expect(partition).not.toMatch(/^persist:/);
    expect(options).toEqual({ cache: false });

    // The renderer asks for a connection check; the core's request goes out through that session.
    const [window] = electron.windows;
    const contents = window?.webContents;
    const handler = module.ipcMain.handle.mock.calls.find(
      ([channel]) => channel === channelFor('checkConnection'),
    )?.[1] as (event: unknown, input: unknown) => Promise<string>;
    const event = {
      sender: contents,
      senderFrame: { parent: null, url: 'app://installer/index.html' },
    };
    const answer = JSON.parse(
      await handler(event, { baseUrl: 'https://api.example.com/v1', apiKey: 'key-key-key-key' }),
    ) as { ok: boolean; value: ConnectionReport };

    expect(apiSession.fetch).toHaveBeenCalled();
    for (const [, init] of apiSession.fetch.mock.calls) {
      expect(init).toMatchObject({ cache: 'no-store', redirect: 'manual' });
    }
    expect(module.net.fetch).not.toHaveBeenCalled();
    expect(module.session.defaultSession.fetch).not.toHaveBeenCalled();
    expect(answer.ok).toBe(true);
    const [first] = answer.value.steps;
    expect(first?.problem?.kind).toBe('bad_response');
    expect(problemWords(first!.problem!)).toMatch(/sent the request somewhere else/);
  });
});
