import type { MenuItemConstructorOptions } from 'electron';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const electron = vi.hoisted(() => ({
  Menu: {
    buildFromTemplate: vi.fn((template: unknown) => ({ template })),
    setApplicationMenu: vi.fn(),
  },
}));
vi.mock('electron', () => electron);

const { menuTemplate, setupAppMenu } = await import('../../../electron/main/app-menu');

/** Every role in the template, lower-cased as Electron compares them. */
const rolesOf = (items: readonly MenuItemConstructorOptions[]): string[] =>
  items.flatMap((item) => [
    ...(item.role === undefined ? [] : [item.role.toLowerCase()]),
    ...(Array.isArray(item.submenu) ? rolesOf(item.submenu) : []),
  ]);

/**
 * Roles that are, or expand to, a reload or the developer tools. `viewMenu` is Electron's View
 * menu, which holds reload, forceReload and toggleDevTools.
 */
const DEV_ROLES = ['toggledevtools', 'reload', 'forcereload', 'viewmenu'];

const PLATFORMS: NodeJS.Platform[] = ['darwin', 'win32', 'linux'];

describe('application menu (mocked electron, runs without Electron)', () => {
  beforeEach(() => vi.clearAllMocks());

  it.each(PLATFORMS)('has no DevTools or Reload items in a packaged app on %s', (platform) => {
    const roles = rolesOf(menuTemplate({ isPackaged: true, platform }));
    for (const role of DEV_ROLES) expect(roles).not.toContain(role);
    // Still a usable menu: edit shortcuts, zoom, window handling.
    expect(roles).toEqual(
      expect.arrayContaining([
        'filemenu',
        'editmenu',
        'windowmenu',
        'resetzoom',
        'zoomin',
        'zoomout',
      ]),
    );
  });

  it('puts the app menu first on macOS only', () => {
    expect(menuTemplate({ isPackaged: true, platform: 'darwin' })[0]?.role).toBe('appMenu');
    for (const platform of ['win32', 'linux'] as const) {
      expect(rolesOf(menuTemplate({ isPackaged: true, platform }))).not.toContain('appmenu');
    }
  });

  it('keeps the full View menu (reload, DevTools) for development runs', () => {
    const roles = rolesOf(menuTemplate({ isPackaged: false, platform: 'linux' }));
    expect(roles).toContain('viewmenu');
  });

  it('installs the menu it built, replacing Electron’s default one', () => {
    setupAppMenu({ isPackaged: true, platform: 'linux' });
    expect(electron.Menu.buildFromTemplate).toHaveBeenCalledWith(
      menuTemplate({ isPackaged: true, platform: 'linux' }),
    );
    const built = electron.Menu.buildFromTemplate.mock.results[0]?.value as unknown;
    expect(electron.Menu.setApplicationMenu).toHaveBeenCalledWith(built);
  });
});
