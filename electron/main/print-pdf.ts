/**
 * "Save as PDF" of a visit receipt in the desktop app: the window's contents printed with
 * Chromium's PDF printer (`webContents.printToPDF`, print CSS applies) and written where the
 * technician chooses. The one contract operation the main process answers itself: the core has
 * no window. Never sent anywhere; the file stays on this computer.
 */
import { writeFile } from 'node:fs/promises';
import { PRIVATE_FILE_MODE } from '../common/private-dir';
import { BrowserWindow, dialog, type WebContents } from 'electron';
import type { MessageLocale } from '../../i18n/locales';
import { m } from '../../i18n/paraglide/messages.js';
import { operations, type Envelope, type OperationResult } from '../shared';

type Answer = Envelope<OperationResult<'savePdf'>>;

const failed = (code: 'pdf_bad_file_name' | 'pdf_not_saved'): Answer => ({
  ok: false,
  error: { kind: 'validation', code },
});

export async function savePdf(
  contents: WebContents,
  input: unknown,
  locale: MessageLocale = 'en',
): Promise<string> {
  const parsed = operations.savePdf.input.safeParse(input);
  if (!parsed.success) {
    return JSON.stringify(failed('pdf_bad_file_name'));
  }
  const window = BrowserWindow.fromWebContents(contents);
  const options = {
    defaultPath: parsed.data.fileName,
    filters: [{ name: m.main_pdf_filter({}, { locale }), extensions: ['pdf'] }],
  };
  const choice = window
    ? await dialog.showSaveDialog(window, options)
    : await dialog.showSaveDialog(options);
  if (choice.canceled || !choice.filePath)
    return JSON.stringify({ ok: true, value: { saved: false } });
  try {
    const pdf = await contents.printToPDF({ printBackground: true, pageSize: 'A4' });
    await writeFile(choice.filePath, pdf, { mode: PRIVATE_FILE_MODE });
  } catch {
    return JSON.stringify(failed('pdf_not_saved'));
  }
  return JSON.stringify({ ok: true, value: { saved: true } } satisfies Answer);
}
