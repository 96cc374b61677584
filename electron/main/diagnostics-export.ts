/**
 * Help → Export diagnostics: gathers the core's facts, builds the zip
 * (electron/common/diagnostics/diagnostics-zip.ts), asks where to save it, saves it and shows
 * it in the file manager. Failures are told in a dialog, never thrown.
 */
import { writeFile } from 'node:fs/promises';
import { PRIVATE_FILE_MODE } from '../common/private-dir';
import { join } from 'node:path';
import { release, type } from 'node:os';
import { app, dialog, shell, type BrowserWindow } from 'electron';
import type { MessageLocale } from '../../i18n/locales';
import { m } from '../../i18n/paraglide/messages.js';
import type { Core } from '../core/core';
import type { Logger } from '../common/logger';
import {
  buildDiagnosticsZip,
  diagnosticsFileName,
  gatherCoreFacts,
} from '../common/diagnostics/diagnostics-zip';

export interface ExportOptions {
  core: Core | null;
  window: BrowserWindow | null;
  logsDir: string;
  log: Logger;
  now?: Date;
  /** The language of the dialogs: what main speaks. */
  locale: MessageLocale;
  /** The updater's state (updates.ts), for updates.json. */
  updates?: object | null;
}

export const exportDiagnostics = async (options: ExportOptions): Promise<string | null> => {
  const now = options.now ?? new Date();
  const { locale } = options;
  try {
    const facts = options.core
      ? await gatherCoreFacts((name, input) => options.core!.invoke(name, input))
      : { session: null, managed: null, sync: null, queue: null, connectionReport: null };
    const zip = await buildDiagnosticsZip({
      ...facts,
      versions: {
        app: app.getVersion(),
        electron: process.versions.electron ?? null,
        chrome: process.versions.chrome ?? null,
        node: process.versions.node,
        os: `${type()} ${release()} (${process.platform} ${process.arch})`,
      },
      updates: options.updates ?? null,
      logsDir: options.logsDir,
      crashDumpsDir: app.getPath('crashDumps'),
      now,
    });
    const defaultPath = join(app.getPath('downloads'), diagnosticsFileName(now));
    const filters = [{ name: m.main_diagnostics_filter({}, { locale }), extensions: ['zip'] }];
    const choice = options.window
      ? await dialog.showSaveDialog(options.window, { defaultPath, filters })
      : await dialog.showSaveDialog({ defaultPath, filters });
    if (choice.canceled || !choice.filePath) return null;
    await writeFile(choice.filePath, zip, { mode: PRIVATE_FILE_MODE });
    options.log.info('Diagnostics exported', { bytes: zip.byteLength });
    shell.showItemInFolder(choice.filePath);
    return choice.filePath;
  } catch (error) {
    options.log.error('Could not export diagnostics', { error });
    dialog.showErrorBox(
      m.main_diagnostics_failed_title({}, { locale }),
      m.main_diagnostics_failed({}, { locale }),
    );
    return null;
  }
};
