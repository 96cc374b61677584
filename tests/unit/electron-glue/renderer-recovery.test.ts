import { describe, expect, it, vi } from 'vitest';
import { setupRendererRecovery, stoppedDialog } from '../../../electron/main/renderer-recovery';

type Listener = (...args: unknown[]) => void;

/** A mocked electron BrowserWindow and its webContents. */
const mockedWindow = () => {
  const windowListeners = new Map<string, Listener>();
  const contentListeners = new Map<string, Listener>();
  const contents = {
    on: (name: string, listener: Listener) => contentListeners.set(name, listener),
    reload: vi.fn(),
    forcefullyCrashRenderer: vi.fn(),
  };
  return {
    window: {
      webContents: contents,
      isDestroyed: () => false,
      on: (name: string, listener: Listener) => windowListeners.set(name, listener),
    },
    contents,
    gone: (reason: string) =>
      contentListeners.get('render-process-gone')?.({}, { reason, exitCode: 9 }),
    hang: () => windowListeners.get('unresponsive')?.(),
  };
};

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('renderer recovery (mocked electron window)', () => {
  it('reloads once after the page process died, then asks the technician', async () => {
    const m = mockedWindow();
    const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const showMessage = vi.fn(async () => ({ response: 0 }));
    const quit = vi.fn();
    setupRendererRecovery(m.window as never, { log, showMessage, quit, locale: () => 'en' });

    m.gone('crashed');
    expect(m.contents.reload).toHaveBeenCalledTimes(1);
    expect(showMessage).not.toHaveBeenCalled();
    expect(log.error).toHaveBeenCalledWith('The window process ended', {
      reason: 'crashed',
      exitCode: 9,
    });

    m.gone('oom');
    expect(showMessage).toHaveBeenCalledWith(stoppedDialog('en'));
    await flush();
    expect(m.contents.reload).toHaveBeenCalledTimes(2); // "Reload" chosen
    expect(quit).not.toHaveBeenCalled();
  });

  it('a hung page is ended before the reload; Quit quits', async () => {
    const m = mockedWindow();
    const showMessage = vi.fn(async () => ({ response: 1 }));
    const quit = vi.fn();
    setupRendererRecovery(m.window as never, {
      log: { info: vi.fn(), warn: vi.fn(), error: vi.fn() },
      showMessage,
      quit,
      locale: () => 'de',
    });
    m.hang();
    expect(m.contents.forcefullyCrashRenderer).toHaveBeenCalledTimes(1);
    expect(m.contents.reload).toHaveBeenCalledTimes(1);
    m.hang();
    m.hang(); // one dialog at a time
    expect(showMessage).toHaveBeenCalledTimes(1);
    // In the language main speaks, with the menu's own words for where to find the export.
    expect(showMessage).toHaveBeenCalledWith(
      expect.objectContaining({
        message: 'Das Fenster von Field Installer funktioniert erneut nicht mehr.',
        buttons: ['Neu laden', 'Beenden'],
        detail: expect.stringContaining('Hilfe → Diagnosedaten exportieren und'),
      }),
    );
    await flush();
    expect(quit).toHaveBeenCalled();
  });

  it('says the English dialog as before, naming Help → Export diagnostics', () => {
    expect(stoppedDialog('en', 'win32')).toMatchObject({
      message: 'Field Installer’s window stopped working again.',
      buttons: ['Reload', 'Quit'],
      detail: expect.stringContaining('use Help → Export diagnostics and send the file'),
    });
    expect(stoppedDialog('ja', 'darwin').buttons).toEqual(['再読み込み', '終了']);
  });

  it('ignores a clean exit (the window closing)', () => {
    const m = mockedWindow();
    const showMessage = vi.fn(async () => ({ response: 0 }));
    setupRendererRecovery(m.window as never, {
      log: { info: vi.fn(), warn: vi.fn(), error: vi.fn() },
      showMessage,
      quit: vi.fn(),
      locale: () => 'en',
    });
    m.gone('clean-exit');
    expect(m.contents.reload).not.toHaveBeenCalled();
  });
});
