/**
 * The page died (`render-process-gone`) or hangs (`unresponsive`): reload it once — the queue
 * and everything acknowledged live in the core, so a reload loses at most a half-typed form —
 * and if it happens again, tell the technician in a dialog instead of reloading in a loop.
 */
import type { BrowserWindow, MessageBoxOptions, RenderProcessGoneDetails } from 'electron';
import type { Logger } from '../core/core';

export interface RecoveryOptions {
  log: Logger;
  /** dialog.showMessageBox bound to the window (replaced in tests). */
  showMessage(options: MessageBoxOptions): Promise<{ response: number }>;
  quit(): void;
}

export const STOPPED_DIALOG: MessageBoxOptions = {
  type: 'error',
  title: 'Field Installer',
  message: 'Field Installer’s window stopped working again.',
  detail:
    'Your queued actions are safe: they are saved and will be sent. Reload the window to go on; if this keeps happening, use Help → Export diagnostics and send the file to support.',
  buttons: ['Reload', 'Quit'],
  defaultId: 0,
  cancelId: 0,
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
      .showMessage(STOPPED_DIALOG)
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
