import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ManagedSettings, PushEvent } from '../../../electron/contract';
import { installOnQuit, updateDecision } from '../../../electron/main/update-policy';
import { setupUpdates } from '../../../electron/main/updates';

const managed = (over: Partial<ManagedSettings> = {}): ManagedSettings => ({
  source: { kind: 'linux-file', where: '/etc/field-installer/policy.json' },
  apiBaseUrl: null,
  apiBaseUrlLocked: false,
  updateUrl: 'https://updates.example.com/fi',
  updatesEnabled: null,
  ...over,
});

describe('update policy (pure, runs for real)', () => {
  it('updates from the managed URL in a packaged app', () => {
    expect(updateDecision(managed(), true)).toEqual({
      enabled: true,
      url: 'https://updates.example.com/fi',
    });
    expect(updateDecision(managed({ updatesEnabled: true }), true).enabled).toBe(true);
  });

  it.each([
    ['the policy turns them off', managed({ updatesEnabled: false }), true, 'turned off by policy'],
    ['no URL is managed', managed({ updateUrl: null }), true, 'no update URL is set'],
    ['a development run', managed(), false, 'development run'],
  ] as const)('is off when %s', (_case, settings, packaged, reason) => {
    expect(updateDecision(settings, packaged)).toEqual({ enabled: false, reason });
  });

  it('installs on quit only while nothing is queued', () => {
    expect(installOnQuit(0)).toBe(true);
    expect(installOnQuit(1)).toBe(false);
    expect(installOnQuit(250)).toBe(false);
  });
});

/** A mocked electron-updater autoUpdater. */
const mockedUpdater = () => {
  const listeners = new Map<string, (arg: unknown) => void>();
  return {
    listeners,
    updater: {
      setFeedURL: vi.fn(),
      checkForUpdates: vi.fn(async () => null),
      quitAndInstall: vi.fn(),
      on: vi.fn((name: string, listener: (arg: unknown) => void) => listeners.set(name, listener)),
      autoDownload: false,
      autoInstallOnAppQuit: true,
      logger: null as unknown,
    },
  };
};
const log = () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() });

describe('update wiring (mocked electron-updater)', () => {
  afterEach(() => vi.useRealTimers());

  it('uses the generic provider at the managed URL, downloads quietly, never installs on its own', () => {
    vi.useFakeTimers();
    const m = mockedUpdater();
    const sent: PushEvent[] = [];
    const updates = setupUpdates({
      updater: m.updater as never,
      decision: { enabled: true, url: 'https://updates.example.com/fi' },
      log: log(),
      send: (event) => (sent.push(event), true),
    });
    expect(m.updater.setFeedURL).toHaveBeenCalledWith({
      provider: 'generic',
      url: 'https://updates.example.com/fi',
    });
    expect(m.updater.autoDownload).toBe(true);
    expect(m.updater.autoInstallOnAppQuit).toBe(false);
    expect(m.updater.checkForUpdates).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(4 * 60 * 60 * 1000);
    expect(m.updater.checkForUpdates).toHaveBeenCalledTimes(2);

    expect(updates.install()).toBe(false); // nothing ready yet
    m.listeners.get('update-downloaded')?.({ version: '0.2.0' });
    expect(sent).toEqual([{ type: 'update-ready', version: '0.2.0' }]);
    expect(m.updater.quitAndInstall).not.toHaveBeenCalled();

    // A reloaded page hears about it again.
    updates.rendererReady();
    expect(sent).toHaveLength(2);

    // Quitting installs only while the queue is empty.
    updates.queueChanged(3);
    expect(m.updater.autoInstallOnAppQuit).toBe(false);
    updates.queueChanged(0);
    expect(m.updater.autoInstallOnAppQuit).toBe(true);

    // The technician's choice restarts.
    expect(updates.install()).toBe(true);
    expect(m.updater.quitAndInstall).toHaveBeenCalledWith(false, true);
    updates.stop();
  });

  it('touches nothing when updates are off', () => {
    const m = mockedUpdater();
    const l = log();
    const updates = setupUpdates({
      updater: m.updater as never,
      decision: { enabled: false, reason: 'turned off by policy' },
      log: l,
      send: () => true,
    });
    expect(m.updater.setFeedURL).not.toHaveBeenCalled();
    expect(m.updater.checkForUpdates).not.toHaveBeenCalled();
    expect(updates.install()).toBe(false);
    expect(l.info).toHaveBeenCalledWith('Updates are off', { reason: 'turned off by policy' });
  });

  it('logs a failed check instead of throwing', async () => {
    const m = mockedUpdater();
    m.updater.checkForUpdates.mockRejectedValueOnce(new Error('net::ERR_NAME_NOT_RESOLVED'));
    const l = log();
    const updates = setupUpdates({
      updater: m.updater as never,
      decision: { enabled: true, url: 'https://u.example' },
      log: l,
      send: () => true,
    });
    await new Promise((r) => setTimeout(r, 0));
    expect(l.warn).toHaveBeenCalledWith('Update check failed', expect.anything());
    updates.stop();
  });
});
