import { beforeEach, describe, expect, it, vi } from 'vitest';

const theme = vi.hoisted(() => ({ shouldUseDarkColors: false }));
vi.mock('electron', () => ({ nativeTheme: theme }));

const { createWindowOptions, BACKGROUND_DARK, BACKGROUND_LIGHT } =
  await import('../../../electron/main/window-options');

describe('window options (mocked electron, runs without Electron)', () => {
  beforeEach(() => {
    theme.shouldUseDarkColors = false;
  });

  it('locks the renderer down with every security flag set explicitly', () => {
    const options = createWindowOptions('/app/dist/electron/preload.cjs');
    expect(options.webPreferences).toEqual({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      spellcheck: false,
      disableBlinkFeatures: 'Auxclick',
      preload: '/app/dist/electron/preload.cjs',
    });
  });

  it('stays hidden until ready-to-show and keeps a usable minimum size', () => {
    const options = createWindowOptions('/p.cjs');
    expect(options.show).toBe(false);
    expect(options.minWidth).toBeGreaterThanOrEqual(600);
    expect(options.minHeight).toBeGreaterThanOrEqual(480);
    expect(options.width).toBeGreaterThanOrEqual(options.minWidth ?? 0);
    expect(options.height).toBeGreaterThanOrEqual(options.minHeight ?? 0);
  });

  it('paints the background in the OS theme so no flash shows before the first frame', () => {
    expect(createWindowOptions('/p.cjs').backgroundColor).toBe(BACKGROUND_LIGHT);
    theme.shouldUseDarkColors = true;
    expect(createWindowOptions('/p.cjs').backgroundColor).toBe(BACKGROUND_DARK);
  });
});
