/**
 * The sync engine as the core wires it, driven alone (sync/sync-wiring.ts) with nobody signed
 * in: its progress and report pushed as events, a due full refresh held by the link, and a
 * failed download passed on (offline said, damage checked).
 */
import { describe, expect, it } from 'vitest';
import type { PushEvent } from '../../../electron/shared';
import type { CoreOptions } from '../../../electron/core/core';
import { AppError } from '../../../electron/core/app-error';
import { damageError } from '../../../electron/core/db/storage-error';
import type { ServiceContext } from '../../../electron/core/service/context';
import type { LinkInfo } from '../../../electron/core/sync/link-state';
import type { SyncJob } from '../../../electron/core/sync/sync-engine';
import { createCoreSync } from '../../../electron/core/sync/sync-wiring';
import { quietLog } from '../../helpers/temp-account-store';

function wired(link: LinkInfo = {}) {
  const events: PushEvent[] = [];
  const heard: string[] = [];
  const core = { log: quietLog } as CoreOptions;
  const ctx = {
    options: core,
    current: () => null,
    isOnline: () => true,
    emit: (event: PushEvent) => void events.push(event),
    reportOffline: () => void heard.push('offline'),
  } as unknown as ServiceContext;
  const engine = createCoreSync({
    core,
    ctx: () => ctx,
    replay: async () => null,
    link: () => link,
    damaged: () => void heard.push('damaged'),
  });
  return { engine, events, heard };
}

const failing = (error: unknown): SyncJob => ({
  resource: 'devices',
  locationId: null,
  run: () => Promise.reject(error),
});

describe('sync wiring', () => {
  it("pushes the run's progress and its report", async () => {
    const { engine, events } = wired();
    const report = await engine.run();
    engine.stop();
    expect(events.some((e) => e.type === 'sync-progress')).toBe(true);
    expect(events.filter((e) => e.type === 'sync')).toEqual([{ type: 'sync', report }]);
  });

  it('holds a due full refresh while the page says it saves data, never one asked for', async () => {
    const held = wired({ saveData: true });
    await held.engine.run([], 'scheduled');
    expect(held.engine.state().held).toBe('save_data');
    await held.engine.run([], 'asked');
    expect(held.engine.state().held).toBeNull();
    held.engine.stop();
  });

  it('says offline when a download found no network, and has damage checked', async () => {
    const { engine, heard } = wired();
    await engine.run([
      failing(new AppError({ kind: 'offline', code: 'offline', params: { host: 'loopback' } })),
    ]);
    await engine.run([failing(damageError('cache.db: a page is damaged'))]);
    engine.stop();
    expect(heard).toEqual(['offline', 'damaged']);
  });
});
