import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OutboxItem } from '../../../electron/contract';
import { AppError } from '../../../electron/core/app-error';
import { openOutbox, type EnqueueInput } from '../../../electron/core/store/outbox-store';
import { quarantinedFiles, recordingLogger, tempDir } from './test-helpers';

let dir: string;
let path: string;
let cleanup: () => Promise<void>;
beforeEach(async () => {
  ({ dir, cleanup } = await tempDir());
  path = join(dir, 'outbox.json');
});
afterEach(() => cleanup());

const install = (serial: string, locationId = 'loc-1'): EnqueueInput => ({
  kind: 'install',
  serial,
  locationId,
  locationName: 'Main St',
  fromLocationId: null,
});

describe('outbox store', () => {
  it('starts empty when there is no file', async () => {
    const outbox = await openOutbox(path, recordingLogger());
    expect(outbox.list()).toEqual([]);
    expect(outbox.quarantine).toBeNull();
  });

  it('has an enqueued item on disk by the time enqueue resolves', async () => {
    const outbox = await openOutbox(
      path,
      recordingLogger(),
      () => new Date('2025-03-01T10:00:00.000Z'),
    );
    const item = await outbox.enqueue(install('SN1'));
    expect(item).toMatchObject({
      kind: 'install',
      serial: 'SN1',
      state: 'queued',
      attempts: 0,
      lastError: null,
      conflictLocation: null,
      createdAt: '2025-03-01T10:00:00.000Z',
    });
    expect(item.id).toMatch(/^[0-9a-f-]{36}$/);
    const onDisk = JSON.parse(await readFile(path, 'utf8')) as { items: OutboxItem[] };
    expect(onDisk.items).toEqual([item]);
  });

  it('keeps order across reopen, and persists updates and removals', async () => {
    const outbox = await openOutbox(path, recordingLogger());
    const a = await outbox.enqueue(install('SN1'));
    const b = await outbox.enqueue({
      kind: 'uninstall',
      serial: 'SN2',
      locationId: null,
      locationName: null,
      fromLocationId: null,
    });
    const c = await outbox.enqueue({
      kind: 'move',
      serial: 'SN3',
      locationId: 'loc-2',
      locationName: 'Mall',
      fromLocationId: 'loc-1',
    });
    await outbox.update(b.id, { state: 'failed', attempts: 2 });
    await outbox.remove(a.id);
    const reopened = await openOutbox(path, recordingLogger());
    expect(reopened.list().map((i) => [i.serial, i.state, i.attempts])).toEqual([
      ['SN2', 'failed', 2],
      ['SN3', 'queued', 0],
    ]);
    expect(reopened.list()[1]).toEqual(c);
  });

  it('keeps every item of many concurrent enqueues', async () => {
    const outbox = await openOutbox(path, recordingLogger());
    await Promise.all(Array.from({ length: 25 }, (_, i) => outbox.enqueue(install(`SN${i}`))));
    const reopened = await openOutbox(path, recordingLogger());
    expect(reopened.list().map((i) => i.serial)).toEqual(
      Array.from({ length: 25 }, (_, i) => `SN${i}`),
    );
  });

  it('puts items a crash left in "syncing" back in the queue', async () => {
    const outbox = await openOutbox(path, recordingLogger());
    const item = await outbox.enqueue(install('SN1'));
    await outbox.update(item.id, { state: 'syncing', attempts: 1 });
    const reopened = await openOutbox(path, recordingLogger());
    expect(reopened.list()[0]).toMatchObject({ id: item.id, state: 'queued', attempts: 1 });
  });

  it('rejects updates of unknown ids with a not_found AppError, and ignores their removal', async () => {
    const outbox = await openOutbox(path, recordingLogger());
    await expect(outbox.update('nope', { state: 'queued' })).rejects.toBeInstanceOf(AppError);
    await expect(outbox.update('nope', { state: 'queued' })).rejects.toMatchObject({
      kind: 'not_found',
    });
    await outbox.remove('nope');
  });

  it('never changes an id or creation time through update', async () => {
    const outbox = await openOutbox(path, recordingLogger());
    const item = await outbox.enqueue(install('SN1'));
    const sneaky = { id: 'other', createdAt: 'then', state: 'failed' } as unknown as Parameters<
      typeof outbox.update
    >[1];
    const updated = await outbox.update(item.id, sneaky);
    expect(updated).toMatchObject({ id: item.id, createdAt: item.createdAt, state: 'failed' });
  });

  it('tells listeners after each change and stops after unsubscribe', async () => {
    const outbox = await openOutbox(path, recordingLogger());
    const seen: number[] = [];
    const unsubscribe = outbox.onChange((items) => seen.push(items.length));
    const a = await outbox.enqueue(install('SN1'));
    await outbox.enqueue(install('SN2'));
    await outbox.remove(a.id);
    unsubscribe();
    await outbox.enqueue(install('SN3'));
    expect(seen).toEqual([1, 2, 1]);
  });

  it('hands out copies: changing a listed item does not change the outbox', async () => {
    const outbox = await openOutbox(path, recordingLogger());
    await outbox.enqueue(install('SN1'));
    const listed = outbox.list()[0];
    if (listed) listed.state = 'done';
    expect(outbox.list()[0]?.state).toBe('queued');
  });

  it('quarantines a truncated outbox, logs how many actions it may have held, and keeps working', async () => {
    const outbox = await openOutbox(path, recordingLogger());
    await outbox.enqueue(install('SN1'));
    await outbox.enqueue(install('SN2'));
    await outbox.enqueue(install('SN3'));
    const full = await readFile(path, 'utf8');
    const truncated = full.slice(0, full.length - 40);
    await writeFile(path, truncated);

    const log = recordingLogger();
    const reopened = await openOutbox(path, log);

    const [quarantined] = await quarantinedFiles(dir, 'outbox.json');
    expect(await readFile(quarantined ?? '', 'utf8')).toBe(truncated);
    expect(reopened.quarantine).toEqual({
      quarantinedPath: quarantined,
      itemsMayHaveHeld: 3,
      itemsRecovered: 0,
    });
    const warning = log.lines.find((l) => l.level === 'warn' && l.message.startsWith('Outbox'));
    expect(warning?.data).toMatchObject({ itemsMayHaveHeld: 3 });
    expect(reopened.list()).toEqual([]);
    await reopened.enqueue(install('SN4'));
    expect((await openOutbox(path, recordingLogger())).list().map((i) => i.serial)).toEqual([
      'SN4',
    ]);
  });

  it('recovers the valid items of an outbox whose JSON parses but has one bad item', async () => {
    const outbox = await openOutbox(path, recordingLogger());
    await outbox.enqueue(install('SN1'));
    await outbox.enqueue(install('SN2'));
    const file = JSON.parse(await readFile(path, 'utf8')) as { items: Record<string, unknown>[] };
    if (file.items[0]) file.items[0].state = 'teleported';
    await writeFile(path, JSON.stringify(file));

    const reopened = await openOutbox(path, recordingLogger());
    expect(reopened.list().map((i) => i.serial)).toEqual(['SN2']);
    expect(reopened.quarantine).toMatchObject({ itemsMayHaveHeld: 2, itemsRecovered: 1 });
    expect(await quarantinedFiles(dir, 'outbox.json')).toHaveLength(1);
    expect((await openOutbox(path, recordingLogger())).list().map((i) => i.serial)).toEqual([
      'SN2',
    ]);
  });
});
