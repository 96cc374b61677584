/**
 * The page died (`render-process-gone`) or hangs (`unresponsive`): reload it once — the queue
 * and everything acknowledged live in the core, so a reload loses at most a half-typed form —
 * and if it happens again, tell the technician in a dialog instead of reloading in a loop.
 */
import type { BrowserWindow, MessageBoxOptions, RenderProcessGoneDetails } from 'electron';
import type { MessageLocale } from '../../i18n/locales';
import { m } from '../../i18n/paraglide/messages.js';
import type { Logger } from '../common/logger';
import { menuLabels } from './menu-labels';

export interface RecoveryOptions {
  log: Logger;
  /** dialog.showMessageBox bound to the window (replaced in tests). */
  showMessage(options: MessageBoxOptions): Promise<{ response: number }>;
  quit(): void;
  /** The language main speaks now (it may change while the window lives). */
  locale(): MessageLocale;
}

/** The second failure's dialog, in the language main speaks (its menus' words for Help →
 * Export diagnostics, so the path it names is the one on screen). */
export const stoppedDialog = (
  locale: MessageLocale,
  platform: NodeJS.Platform = process.platform,
): MessageBoxOptions => {
  const menu = menuLabels(locale, platform);
  return {
    type: 'error',
    title: 'Field Installer',
    message: m.main_stopped_message({}, { locale }),
    detail: m.main_stopped_detail(
      { help: menu.help, export: menu.exportDiagnostics.replace(/\s*…$/, '') },
      { locale },
    ),
    buttons: [m.main_reload({}, { locale }), m.main_quit({}, { locale })],
    defaultId: 0,
    cancelId: 0,
  };
};

export const setupRendererRecovery = (window: BrowserWindow, options: RecoveryOptions): void => {
  const contents = window.webContents;
  let reloaded = false;
  let asking = false;

  const recover = (what: string, detail: Record<string, unknown>, hung: boolean): void => {
    if (window.isDestroyed()) return;
    options.log.error(`The window ${what}`, detail);
    if (!reloaded) {
      reloaded = true;
      // A hung page cannot run its unload; end its process so the reload gets a fresh one.
      if (hung) contents.forcefullyCrashRenderer();
      contents.reload();
      return;
    }
    if (asking) return;
    asking = true;
    void options
      .showMessage(stoppedDialog(options.locale()))
      .then(({ response }) => {
        if (window.isDestroyed()) return;
        if (response === 1) options.quit();
        else {
          if (hung) contents.forcefullyCrashRenderer();
          contents.reload();
        }
      })
      .finally(() => (asking = false));
  };

  contents.on('render-process-gone', (_event, details: RenderProcessGoneDetails) => {
    if (details.reason === 'clean-exit') return;
    recover('process ended', { reason: details.reason, exitCode: details.exitCode }, false);
  });
  window.on('unresponsive', () => recover('stopped responding', {}, true));
};
