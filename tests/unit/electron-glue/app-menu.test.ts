import type { MenuItemConstructorOptions } from 'electron';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { menuLabels, type MenuLabels } from '../../../electron/main/menu-labels';

const electron = vi.hoisted(() => ({
  Menu: {
    buildFromTemplate: vi.fn((template: unknown) => ({ template })),
    setApplicationMenu: vi.fn(),
  },
}));
vi.mock('electron', () => electron);

const { menuTemplate, setupAppMenu } = await import('../../../electron/main/app-menu');

const actions = () => ({
  send: vi.fn(),
  showLogs: vi.fn(),
  exportDiagnostics: vi.fn(),
  checkForUpdates: vi.fn(),
});
const options = (isPackaged: boolean, platform: NodeJS.Platform, acts = actions()) => ({
  isPackaged,
  platform,
  labels: menuLabels('en', platform),
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
    const back = byLabel(menuTemplate(options(true, platform, acts)), 'Back');
    expect(back.accelerator).toBe(accelerator);
    click(back);
    expect(acts.send).toHaveBeenCalledWith({ type: 'go-back' });
  });

  it('Scan and Search show shortcuts and navigate the renderer (search takes the focus)', () => {
    const acts = actions();
    const template = menuTemplate(options(true, 'win32', acts));
    const scan = byLabel(template, 'Scan a device');
    const search = byLabel(template, 'Search inventory');
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

  it.each(PLATFORMS)('has Check for updates… (Help; the app menu on macOS) on %s', (platform) => {
    const acts = actions();
    const template = menuTemplate(options(true, platform, acts));
    const mac = platform === 'darwin';
    const item = byLabel(template, mac ? 'Check for Updates…' : 'Check for updates…');
    const holder = template.find((menu) =>
      (menu.submenu as MenuItemConstructorOptions[] | undefined)?.includes(item),
    );
    expect(holder?.role).toBe(mac ? 'appMenu' : 'help');
    click(item);
    expect(acts.checkForUpdates).toHaveBeenCalledOnce();
  });

  it.each(PLATFORMS)('takes every label it shows from the labels it is given on %s', (platform) => {
    const english = menuLabels('en', platform);
    const labels = Object.fromEntries(
      Object.keys(english).map((key) => [key, `«${key}»`]),
    ) as unknown as MenuLabels;
    const template = menuTemplate({ ...options(true, platform), labels });
    const items = itemsOf(template).filter((item) => item.type !== 'separator');
    expect(items.length).toBeGreaterThan(12);
    // Every item but macOS's app menu (named by the OS after the app) has a label of its own.
    for (const item of items)
      if (item.role !== 'appMenu') expect(item.label).toMatch(/^«[a-zA-Z]+»$/);
  });

  it.each(PLATFORMS)('keeps Electron’s roles for every edit and window item on %s', (platform) => {
    const roles = rolesOf(menuTemplate(options(true, platform)));
    for (const role of ['undo', 'redo', 'cut', 'copy', 'paste', 'selectall', 'minimize'])
      expect(roles).toContain(role);
    expect(roles).toContain(platform === 'darwin' ? 'front' : 'quit');
  });

  it.each(PLATFORMS)('in German (mocked electron) every menu is German on %s', (platform) => {
    const mac = platform === 'darwin';
    const template = menuTemplate({
      ...options(true, platform),
      labels: menuLabels('de', platform),
    });
    const top = template.filter((item) => item.role !== 'appMenu').map((item) => item.label);
    expect(top).toEqual([
      mac ? 'Ablage' : 'Datei',
      'Bearbeiten',
      mac ? 'Darstellung' : 'Ansicht',
      'Gehe zu',
      'Fenster',
      'Hilfe',
    ]);
    expect(byLabel(template, 'Kopieren').role).toBe('copy');
    expect(byLabel(template, mac ? 'Einsetzen' : 'Einfügen').role).toBe('paste');
    expect(byLabel(template, 'Zurück').accelerator).toBe(mac ? 'Cmd+[' : 'Alt+Left');
    expect(byLabel(template, mac ? 'Field Installer beenden' : 'Beenden').role).toBe('quit');
    // Still no reload or developer tools in a packaged build, in any language.
    for (const role of DEV_ROLES) expect(rolesOf(template)).not.toContain(role);
    const english = new Set(Object.values(menuLabels('en', platform)));
    const german = itemsOf(template)
      .map((item) => item.label)
      .filter((label): label is string => label !== undefined);
    // Words that are the same in both languages ("Firmware"-like loanwords) are few.
    expect(german.filter((label) => english.has(label))).toEqual([]);
  });

  it('speaks each platform’s own vocabulary (mocked electron): Dutch and Japanese on macOS and Windows', () => {
    expect(menuLabels('nl', 'darwin').edit).toBe('Wijzig');
    expect(menuLabels('nl', 'win32').edit).toBe('Bewerken');
    expect(menuLabels('fr', 'darwin').view).toBe('Présentation');
    expect(menuLabels('fr', 'win32').view).toBe('Affichage');
    expect(menuLabels('ja', 'darwin')).toMatchObject({
      edit: '編集',
      view: '表示',
      window: 'ウインドウ',
      help: 'ヘルプ',
    });
    expect(menuLabels('ja', 'win32').window).toBe('ウィンドウ');
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
