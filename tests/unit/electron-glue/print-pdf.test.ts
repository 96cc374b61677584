/**
 * "Save as PDF" in the desktop app (electron/main/print-pdf.ts). Electron cannot start on this
 * machine, so this runs against a mocked `electron` module; the file it writes is real.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { WebContents } from 'electron';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorWords } from '../../../renderer/src/lib/words/error-text';

const electron = vi.hoisted(() => ({
  showSaveDialog: vi.fn(),
  fromWebContents: vi.fn(() => ({ id: 1 })),
}));
vi.mock('electron', () => ({
  dialog: { showSaveDialog: electron.showSaveDialog },
  BrowserWindow: { fromWebContents: electron.fromWebContents },
}));

const { savePdf } = await import('../../../electron/main/print-pdf');

const PDF = Buffer.from('%PDF-1.7 receipt');
let dir: string;
const printToPDF = vi.fn(async () => PDF);
const contents = { printToPDF } as unknown as WebContents;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fi-pdf-'));
  vi.clearAllMocks();
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('savePdf (mocked electron)', () => {
  it('prints the window to PDF and writes it where the technician chose', async () => {
    const target = join(dir, 'receipt.pdf');
    electron.showSaveDialog.mockResolvedValue({ canceled: false, filePath: target });
    const answer = JSON.parse(await savePdf(contents, { fileName: 'visit-2026-05-04.pdf' }));
    expect(answer).toEqual({ ok: true, value: { saved: true } });
    expect(electron.showSaveDialog.mock.calls[0]?.[1]).toMatchObject({
      defaultPath: 'visit-2026-05-04.pdf',
    });
    expect(printToPDF).toHaveBeenCalledWith(expect.objectContaining({ printBackground: true }));
    expect(await readFile(target)).toEqual(PDF);
  });

  it('writes nothing when the save dialog is cancelled', async () => {
    electron.showSaveDialog.mockResolvedValue({ canceled: true, filePath: '' });
    expect(JSON.parse(await savePdf(contents, { fileName: 'a.pdf' }))).toEqual({
      ok: true,
      value: { saved: false },
    });
    expect(printToPDF).not.toHaveBeenCalled();
  });

  it('refuses a file name with a path in it, in words, before any dialog', async () => {
    const answer = JSON.parse(await savePdf(contents, { fileName: '../../etc/x.pdf' }));
    expect(answer).toMatchObject({
      ok: false,
      error: { kind: 'validation', code: 'pdf_bad_file_name' },
    });
    expect(errorWords(answer.error).message).toBe(
      'The file name must end in .pdf and have no slashes.',
    );
    expect(electron.showSaveDialog).not.toHaveBeenCalled();
  });

  it('says so in words when the file cannot be written', async () => {
    electron.showSaveDialog.mockResolvedValue({
      canceled: false,
      filePath: join(dir, 'missing-folder', 'r.pdf'),
    });
    const answer = JSON.parse(await savePdf(contents, { fileName: 'r.pdf' }));
    expect(answer).toMatchObject({ ok: false, error: { code: 'pdf_not_saved' } });
    expect(errorWords(answer.error).message).toBe('The receipt could not be saved as PDF.');
  });
});
