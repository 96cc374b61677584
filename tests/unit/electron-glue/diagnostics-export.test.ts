import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const electron = vi.hoisted(() => ({
  state: { dir: '' },
  app: {
    getVersion: () => '0.1.0',
    getPath: vi.fn((name: string) => `${electron.state.dir}/${name}`),
  },
  dialog: { showSaveDialog: vi.fn(), showErrorBox: vi.fn() },
  shell: { showItemInFolder: vi.fn() },
}));
vi.mock('electron', () => electron);

const { exportDiagnostics } = await import('../../../electron/main/diagnostics-export');
const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };

describe('Export diagnostics glue (mocked electron)', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    electron.state.dir = mkdtempSync(join(tmpdir(), 'fi-export-'));
  });
  afterEach(() => rmSync(electron.state.dir, { recursive: true, force: true }));

  it('asks where to save (proposing Downloads), writes the zip and shows it', async () => {
    const target = join(electron.state.dir, 'out.zip');
    electron.dialog.showSaveDialog.mockResolvedValue({ canceled: false, filePath: target });
    const core = { invoke: vi.fn(async () => ({ ok: true, value: null })) };
    const saved = await exportDiagnostics({
      core: core as never,
      window: null,
      logsDir: join(electron.state.dir, 'logs'),
      log,
      locale: 'en',
      now: new Date('2026-02-03T04:05:06.789Z'),
    });
    expect(saved).toBe(target);
    expect(electron.dialog.showSaveDialog).toHaveBeenCalledWith(
      expect.objectContaining({
        defaultPath: `${electron.state.dir}/downloads/field-installer-diagnostics-2026-02-03T04-05-06-789Z.zip`,
      }),
    );
    expect(electron.app.getPath).toHaveBeenCalledWith('crashDumps');
    expect(Object.keys(unzipSync(readFileSync(target)))).toContain('versions.json');
    expect(electron.shell.showItemInFolder).toHaveBeenCalledWith(target);
    expect(core.invoke).toHaveBeenCalledWith('syncStatus', {});
  });

  it('does nothing when the technician cancels', async () => {
    electron.dialog.showSaveDialog.mockResolvedValue({ canceled: true, filePath: undefined });
    expect(
      await exportDiagnostics({ core: null, window: null, logsDir: '/none', log, locale: 'en' }),
    ).toBeNull();
    expect(electron.shell.showItemInFolder).not.toHaveBeenCalled();
  });

  it('says so in a dialog when the file cannot be written', async () => {
    electron.dialog.showSaveDialog.mockResolvedValue({
      canceled: false,
      filePath: join(electron.state.dir, 'missing-folder', 'out.zip'),
    });
    expect(
      await exportDiagnostics({ core: null, window: null, logsDir: '/none', log, locale: 'en' }),
    ).toBeNull();
    expect(electron.dialog.showErrorBox).toHaveBeenCalledWith(
      'Diagnostics could not be saved',
      expect.stringMatching(/writable/),
    );
  });

  it('says the failure and names the file type in the language main speaks', async () => {
    electron.dialog.showSaveDialog.mockResolvedValue({
      canceled: false,
      filePath: join(electron.state.dir, 'missing-folder', 'out.zip'),
    });
    await exportDiagnostics({ core: null, window: null, logsDir: '/none', log, locale: 'de' });
    expect(electron.dialog.showSaveDialog).toHaveBeenCalledWith(
      expect.objectContaining({ filters: [{ name: 'ZIP-Archiv', extensions: ['zip'] }] }),
    );
    expect(electron.dialog.showErrorBox).toHaveBeenCalledWith(
      'Diagnosedaten konnten nicht gespeichert werden',
      expect.stringMatching(/Festplatte/),
    );
  });
});
