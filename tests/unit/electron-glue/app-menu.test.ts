import type { MenuItemConstructorOptions } from 'electron';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MENU_LABELS_EN } from '../../../electron/main/menu-labels';

const electron = vi.hoisted(() => ({
  Menu: {
    buildFromTemplate: vi.fn((template: unknown) => ({ template })),
    setApplicationMenu: vi.fn(),
  },
}));
vi.mock('electron', () => electron);

const { menuTemplate, setupAppMenu } = await import('../../../electron/main/app-menu');

const actions = () => ({ send: vi.fn(), showLogs: vi.fn(), exportDiagnostics: vi.fn() });
const options = (isPackaged: boolean, platform: NodeJS.Platform, acts = actions()) => ({
  isPackaged,
  platform,
  labels: MENU_LABELS_EN,
  actions: acts,
});

/** Every role in the template, lower-cased as Electron compares them. */
const rolesOf = (items: readonly MenuItemConstructorOptions[]): string[] =>
  items.flatMap((item) => [
    ...(item.role === undefined ? [] : [item.role.toLowerCase()]),
    ...(Array.isArray(item.submenu) ? rolesOf(item.submenu) : []),
  ]);

const itemsOf = (items: readonly MenuItemConstructorOptions[]): MenuItemConstructorOptions[] =>
  items.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? itemsOf(item.submenu) : [])]);

const byLabel = (items: readonly MenuItemConstructorOptions[], label: string) => {
  const found = itemsOf(items).find((item) => item.label === label);
  if (!found) throw new Error(`no menu item "${label}"`);
  return found;
};

/** Calls an item's click handler as Electron would (the arguments are not used). */
const click = (item: MenuItemConstructorOptions): void => (item.click as unknown as () => void)();

/**
 * Roles that are, or expand to, a reload or the developer tools. `viewMenu` is Electron's View
 * menu, which holds reload, forceReload and toggleDevTools.
 */
const DEV_ROLES = ['toggledevtools', 'reload', 'forcereload', 'viewmenu'];

const PLATFORMS: NodeJS.Platform[] = ['darwin', 'win32', 'linux'];

describe('application menu (mocked electron, runs without Electron)', () => {
  beforeEach(() => vi.clearAllMocks());

  it.each(PLATFORMS)('has no DevTools or Reload items in a packaged app on %s', (platform) => {
    const roles = rolesOf(menuTemplate(options(true, platform)));
    for (const role of DEV_ROLES) expect(roles).not.toContain(role);
    // Still a usable menu: edit shortcuts, zoom, window handling, help.
    expect(roles).toEqual(
      expect.arrayContaining([
        'filemenu',
        'editmenu',
        'windowmenu',
        'resetzoom',
        'zoomin',
        'zoomout',
        'help',
      ]),
    );
  });

  it('puts the app menu first on macOS only', () => {
    expect(menuTemplate(options(true, 'darwin'))[0]?.role).toBe('appMenu');
    for (const platform of ['win32', 'linux'] as const) {
      expect(rolesOf(menuTemplate(options(true, platform)))).not.toContain('appmenu');
    }
  });

  it('keeps the full View menu (reload, DevTools) for development runs', () => {
    const roles = rolesOf(menuTemplate(options(false, 'linux')));
    expect(roles).toContain('viewmenu');
  });

  it.each([
    ['darwin', 'Cmd+['],
    ['win32', 'Alt+Left'],
    ['linux', 'Alt+Left'],
  ] as const)('shows Back with its shortcut on %s and sends go-back', (platform, accelerator) => {
    const acts = actions();
    const back = byLabel(menuTemplate(options(true, platform, acts)), MENU_LABELS_EN.menu_back);
    expect(back.accelerator).toBe(accelerator);
    click(back);
    expect(acts.send).toHaveBeenCalledWith({ type: 'go-back' });
  });

  it('Scan and Search show shortcuts and navigate the renderer (search takes the focus)', () => {
    const acts = actions();
    const template = menuTemplate(options(true, 'win32', acts));
    const scan = byLabel(template, MENU_LABELS_EN.menu_scan);
    const search = byLabel(template, MENU_LABELS_EN.menu_search);
    expect(scan.accelerator).toBe('CmdOrCtrl+Shift+S');
    expect(search.accelerator).toBe('CmdOrCtrl+F');
    click(scan);
    click(search);
    expect(acts.send.mock.calls).toEqual([
      [{ type: 'navigate', path: '/scan', focusSearch: false }],
      [{ type: 'navigate', path: '/inventory', focusSearch: true }],
    ]);
  });

  it('Help has Show logs and Export diagnostics, calling into main', () => {
    const acts = actions();
    const template = menuTemplate(options(true, 'linux', acts));
    const help = template.find((item) => item.role === 'help');
    expect(help?.label).toBe('Help');
    click(byLabel(template, 'Show logs'));
    expect(acts.showLogs).toHaveBeenCalledOnce();
    click(byLabel(template, 'Export diagnostics…'));
    expect(acts.exportDiagnostics).toHaveBeenCalledOnce();
  });

  it('takes every label it shows from the labels it is given (for the message catalog)', () => {
    const labels = Object.fromEntries(
      Object.keys(MENU_LABELS_EN).map((key) => [key, `«${key}»`]),
    ) as unknown as typeof MENU_LABELS_EN;
    const template = menuTemplate({ ...options(true, 'linux'), labels });
    const shown = itemsOf(template)
      .map((item) => item.label)
      .filter((label): label is string => label !== undefined);
    expect(shown.length).toBeGreaterThan(5);
    for (const label of shown) expect(label).toMatch(/^«menu_[a-z_]+»$/);
  });

  it('installs the menu it built, replacing Electron’s default one', () => {
    const opts = options(true, 'linux');
    setupAppMenu(opts);
    const built = electron.Menu.buildFromTemplate.mock.results[0]?.value as unknown;
    expect(electron.Menu.setApplicationMenu).toHaveBeenCalledWith(built);
    expect(rolesOf(electron.Menu.buildFromTemplate.mock.calls[0]?.[0] as never)).toEqual(
      rolesOf(menuTemplate(opts)),
    );
  });
});
