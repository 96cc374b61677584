import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { channelFor, OPERATION_NAMES } from '../../../electron/contract';

type Listener = (...args: unknown[]) => unknown;

/** The slice of Electron app.ts touches, recording what the entry point wires up. */
const electron = vi.hoisted(() => {
  const appListeners = new Map<string, Listener>();
  const windows: FakeWindow[] = [];
  class FakeWindow {
    static getAllWindows = () => windows;
    options: unknown;
    loaded: string | null = null;
    webContents = { isDestroyed: () => false, send: () => undefined, mainFrame: {} };
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
  const state = { lock: true, userData: '' };
  return {
    state,
    appListeners,
    windows,
    module: {
      app: {
        isPackaged: true,
        requestSingleInstanceLock: () => state.lock,
        quit: vi.fn(),
        exit: vi.fn(),
        setPath: vi.fn(),
        on: (name: string, listener: Listener) => appListeners.set(name, listener),
        whenReady: async () => undefined,
        getPath: () => state.userData,
        getAppPath: () => '/opt/field-installer/resources/app.asar',
        getVersion: () => '0.1.0',
      },
      BrowserWindow: FakeWindow,
      dialog: { showErrorBox: vi.fn() },
      net: { fetch: vi.fn() },
      nativeTheme: { shouldUseDarkColors: false, on: vi.fn(), off: vi.fn() },
      protocol: { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() },
      ipcMain: { handle: vi.fn(), removeHandler: vi.fn() },
      session: {
        defaultSession: {
          setPermissionRequestHandler: vi.fn(),
          setPermissionCheckHandler: vi.fn(),
          setDevicePermissionHandler: vi.fn(),
        },
      },
      shell: { openExternal: vi.fn() },
    },
  };
});
vi.mock('electron', () => electron.module);

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
};

describe('app entry (mocked electron, runs without Electron)', () => {
  beforeEach(async () => {
    vi.resetModules();
    vi.clearAllMocks();
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
    // A packaged app ignores the user-data override meant for test runs.
    expect(module.app.setPath).not.toHaveBeenCalled();

    // A second launch focuses the existing window instead of opening another.
    electron.appListeners.get('second-instance')?.();
    expect(window?.focus).toHaveBeenCalled();
    expect(electron.windows).toHaveLength(1);

    // Quitting waits for the core to close, then quits for real.
    const quitEvent = { preventDefault: vi.fn() };
    electron.appListeners.get('before-quit')?.(quitEvent);
    expect(quitEvent.preventDefault).toHaveBeenCalled();
    await until(() => module.app.quit.mock.calls.length > 0);
  });
});
