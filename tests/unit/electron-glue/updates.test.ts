import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ManagedSettings, PushEvent } from '../../../electron/shared';
import { NOT_MANAGED } from '../../../electron/common/managed/policy';
import { updateCheckMessage } from '../../../electron/main/update-check-dialog';
import {
  builtInUpdateUrl,
  installOnQuit,
  updateDecision,
} from '../../../electron/main/update-policy';
import { setupUpdates } from '../../../electron/main/updates';

const managed = (over: Partial<ManagedSettings> = {}): ManagedSettings => ({
  source: { kind: 'linux-file', where: '/etc/field-installer/policy.json' },
  apiBaseUrl: null,
  apiBaseUrlLocked: false,
  updateUrl: 'https://updates.example.com/fi',
  updatesEnabled: null,
  photoMaxSide: null,
  quality: { rules: null, organizations: null, checklistFile: null },
  auditPercent: null,
  auditMinCrossings: null,
  auditMinMinutes: null,
  auditPassRule: null,
  ...over,
});

const BUILT_IN = 'https://updates.vendor.example/field-installer';

describe('update policy (pure, runs for real)', () => {
  it('updates from the managed URL in a packaged app, over the built-in feed', () => {
    expect(updateDecision(managed(), true, BUILT_IN)).toEqual({
      enabled: true,
      url: 'https://updates.example.com/fi',
      source: 'policy',
    });
    expect(updateDecision(managed({ updatesEnabled: true }), true, null).enabled).toBe(true);
  });

  it('updates from the feed built into the package when no policy sets one', () => {
    expect(updateDecision(managed({ updateUrl: null }), true, BUILT_IN)).toEqual({
      enabled: true,
      url: BUILT_IN,
      source: 'build',
    });
    expect(updateDecision({ ...NOT_MANAGED }, true, BUILT_IN)).toMatchObject({ source: 'build' });
  });

  it.each([
    ['the policy turns them off', managed({ updatesEnabled: false }), true, BUILT_IN, 'policy'],
    ['no feed is built in or managed', managed({ updateUrl: null }), true, null, 'no-feed'],
    ['a development run', managed(), false, BUILT_IN, 'development'],
  ] as const)('is off when %s', (_case, settings, packaged, builtIn, reason) => {
    expect(updateDecision(settings, packaged, builtIn)).toEqual({ enabled: false, reason });
  });

  it('reads the built-in feed from the packaged package.json (https only)', () => {
    expect(builtInUpdateUrl({ name: 'field-installer', updateFeed: BUILT_IN })).toBe(BUILT_IN);
    for (const bad of [{}, { updateFeed: 'http://plain.example' }, { updateFeed: 7 }, null, 'x'])
      expect(builtInUpdateUrl(bad)).toBeNull();
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
      checkForUpdates: vi.fn(
        async (): Promise<{ isUpdateAvailable: boolean; updateInfo: { version: string } } | null> =>
          null,
      ),
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
      decision: { enabled: true, url: 'https://updates.example.com/fi', source: 'policy' },
      currentVersion: '0.1.0',
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
      decision: { enabled: false, reason: 'policy' },
      currentVersion: '0.1.0',
      log: l,
      send: () => true,
    });
    expect(m.updater.setFeedURL).not.toHaveBeenCalled();
    expect(m.updater.checkForUpdates).not.toHaveBeenCalled();
    expect(updates.install()).toBe(false);
    expect(l.info).toHaveBeenCalledWith('Updates are off', { reason: 'policy' });
  });

  it('logs a failed check instead of throwing', async () => {
    const m = mockedUpdater();
    m.updater.checkForUpdates.mockRejectedValueOnce(new Error('net::ERR_NAME_NOT_RESOLVED'));
    const l = log();
    const updates = setupUpdates({
      updater: m.updater as never,
      decision: { enabled: true, url: 'https://u.example', source: 'build' },
      currentVersion: '0.1.0',
      log: l,
      send: () => true,
    });
    await new Promise((r) => setTimeout(r, 0));
    expect(l.warn).toHaveBeenCalledWith('Update check failed', expect.anything());
    updates.stop();
  });

  it('"Check for updates…" says what it found; the state goes to diagnostics', async () => {
    const m = mockedUpdater();
    const times = [
      '2026-01-01T10:00:00.000Z',
      '2026-01-01T11:00:00.000Z',
      '2026-01-01T12:00:00.000Z',
    ];
    const updates = setupUpdates({
      updater: m.updater as never,
      decision: { enabled: true, url: BUILT_IN, source: 'build' },
      currentVersion: '0.1.0',
      log: log(),
      send: () => true,
      now: () => new Date(times.shift() ?? '2026-01-02T00:00:00.000Z'),
    });
    await new Promise((r) => setTimeout(r, 0)); // the check at start: nothing newer
    expect(updates.state()).toMatchObject({
      enabled: true,
      feed: { url: BUILT_IN, source: 'build' },
      lastCheck: { at: '2026-01-01T10:00:00.000Z', result: 'up-to-date' },
    });
    expect(await updates.checkNow()).toEqual({ kind: 'up-to-date', version: '0.1.0' });

    m.updater.checkForUpdates.mockResolvedValueOnce({
      isUpdateAvailable: true,
      updateInfo: { version: '0.2.0' },
    });
    m.listeners.get('update-available')?.({ version: '0.2.0' });
    expect(await updates.checkNow()).toEqual({ kind: 'downloading', version: '0.2.0' });
    expect(updates.state()).toMatchObject({ downloading: '0.2.0', ready: null });

    m.listeners.get('update-downloaded')?.({ version: '0.2.0' });
    expect(await updates.checkNow()).toEqual({ kind: 'ready', version: '0.2.0' });
    expect(updates.state()).toMatchObject({ downloading: null, ready: '0.2.0' });

    // A refused download (a wrong signature, say) is a failed check, told and recorded.
    m.listeners.get('error')?.(
      new Error('New version 0.3.0 is not signed by the application owner'),
    );
    expect(updates.state().lastCheck).toMatchObject({
      result: 'failed',
      error: 'New version 0.3.0 is not signed by the application owner',
    });
    // Offline: the check at start and the one asked for both fail.
    m.updater.checkForUpdates.mockRejectedValue(new Error('net::ERR_INTERNET_DISCONNECTED'));
    const again = setupUpdates({
      updater: m.updater as never,
      decision: { enabled: true, url: BUILT_IN, source: 'build' },
      currentVersion: '0.1.0',
      log: log(),
      send: () => true,
    });
    expect(await again.checkNow()).toEqual({ kind: 'failed' });
    updates.stop();
    again.stop();
  });

  it('when updates are off, "Check for updates…" says why', async () => {
    const m = mockedUpdater();
    for (const reason of ['policy', 'no-feed', 'development'] as const) {
      const updates = setupUpdates({
        updater: m.updater as never,
        decision: { enabled: false, reason },
        currentVersion: '0.1.0',
        log: log(),
        send: () => true,
      });
      expect(await updates.checkNow()).toEqual({ kind: 'off', reason });
      expect(updates.state()).toMatchObject({ enabled: false, offReason: reason, feed: null });
    }
    expect(m.updater.checkForUpdates).not.toHaveBeenCalled();
  });
});

describe('the answer to "Check for updates…", in words (catalog, 5 languages)', () => {
  it.each(['en', 'de', 'fr', 'nl', 'ja'] as const)(
    '%s: one distinct sentence per outcome',
    (locale) => {
      const outcomes = [
        { kind: 'up-to-date', version: '1.2.3' },
        { kind: 'downloading', version: '1.2.4' },
        { kind: 'ready', version: '1.2.4' },
        { kind: 'off', reason: 'policy' },
        { kind: 'off', reason: 'no-feed' },
        { kind: 'off', reason: 'development' },
        { kind: 'failed' },
      ] as const;
      const messages = outcomes.map((o) => updateCheckMessage(o, locale).message);
      expect(new Set(messages).size).toBe(outcomes.length);
      expect(messages[0]).toContain('1.2.3');
      expect(updateCheckMessage({ kind: 'failed' }, locale).type).toBe('warning');
    },
  );
});
