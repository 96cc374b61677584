import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openActivityLog, type NewActivityEntry } from '../../../electron/core/store/activity-log';
import { quarantinedFiles, recordingLogger, tempDir } from './test-helpers';

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => ({ dir, cleanup } = await tempDir()));
afterEach(() => cleanup());

const entry = (serial: string): NewActivityEntry => ({
  action: 'install',
  serial,
  locationId: 'loc-1',
  locationName: 'Main St',
  result: 'done',
  detail: 'Installed.',
});

describe('activity log', () => {
  it('adds entries with id and time, oldest first, and keeps them across reopen', async () => {
    const path = join(dir, 'activity.json');
    const log = await openActivityLog(path, recordingLogger(), {
      now: () => new Date('2025-03-01T10:00:00.000Z'),
    });
    const first = await log.add(entry('SN1'));
    await log.add(entry('SN2'));
    expect(first).toMatchObject({ ...entry('SN1'), at: '2025-03-01T10:00:00.000Z' });
    expect(first.id).toMatch(/^[0-9a-f-]{36}$/);
    const reopened = await openActivityLog(path, recordingLogger());
    expect(reopened.list().map((e) => e.serial)).toEqual(['SN1', 'SN2']);
  });

  it('drops the oldest entries beyond the cap', async () => {
    const path = join(dir, 'activity.json');
    const log = await openActivityLog(path, recordingLogger(), { cap: 3 });
    for (const n of [1, 2, 3, 4, 5]) await log.add(entry(`SN${n}`));
    expect(log.list().map((e) => e.serial)).toEqual(['SN3', 'SN4', 'SN5']);
    expect((await openActivityLog(path, recordingLogger(), { cap: 3 })).list()).toHaveLength(3);
  });

  it('clears for a new visit', async () => {
    const path = join(dir, 'activity.json');
    const log = await openActivityLog(path, recordingLogger());
    await log.add(entry('SN1'));
    await log.clear();
    expect((await openActivityLog(path, recordingLogger())).list()).toEqual([]);
  });

  it('quarantines a corrupt log and starts a new one', async () => {
    const path = join(dir, 'activity.json');
    await writeFile(path, '{"version":1,"entries":[{"id":');
    const logger = recordingLogger();
    const log = await openActivityLog(path, logger);
    expect(log.list()).toEqual([]);
    expect(await quarantinedFiles(dir, 'activity.json')).toHaveLength(1);
    expect(logger.lines.some((l) => l.level === 'warn')).toBe(true);
    await log.add(entry('SN1'));
    expect(log.list()).toHaveLength(1);
  });
});
