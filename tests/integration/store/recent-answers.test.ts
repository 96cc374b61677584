/**
 * When the server's answer about a device may plan a first send instead of a read
 * (service/recent-answers.ts), against a real cache.db: only while it is young, only while the
 * cached row still holds it, and never when this app sent a change to the device after the
 * question was asked (an answer overtaken by our own write is not the state).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Logger } from '../../../electron/common/logger';
import type { Device } from '../../../electron/core/api/wire';
import type { SignedInScope } from '../../../electron/core/service/context';
import {
  changeSent,
  recentAnswer,
  rememberAnswer,
} from '../../../electron/core/service/recent-answers';
import { openAccountStore, type AccountStore } from '../../../electron/core/store/account-store';
import { memoryRecordKey } from '../../helpers/record-key';

const log: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };
const FRESH_MS = 50_000;
const T0 = Date.parse('2026-11-28T09:00:00.000Z');

let dir: string;
let store: AccountStore;
let scope: SignedInScope;

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: T0 });
  dir = await mkdtemp(join(tmpdir(), 'fi-recent-answers-'));
  store = openAccountStore(join(dir, 'scope'), log, { recordKey: memoryRecordKey() });
  await store.checked;
  // The module reads the scope's store only.
  scope = { store } as unknown as SignedInScope;
});

afterEach(async () => {
  vi.useRealTimers();
  store.close();
  await rm(dir, { recursive: true, force: true });
});

const device = (serial: string, at: string | null): Device => ({
  serial_number: serial,
  device_type_name: 'Door Counter DC-200',
  location: at === null ? null : { id: at, name: at },
});

/** A read as read-service makes it: asked now, answered `tookMs` later, stored and kept. */
function answered(answer: Device, tookMs = 200): void {
  const askedAt = Date.now();
  vi.setSystemTime(askedAt + tookMs);
  const fetchedAt = new Date().toISOString();
  store.cache.devices.put(answer, fetchedAt);
  rememberAnswer(scope, answer, fetchedAt, askedAt);
}

const later = (ms: number) => vi.setSystemTime(Date.now() + ms);

describe('recent answers', () => {
  it('stand for the device while younger than the limit, then not', () => {
    answered(device('FTC-1', null));
    later(FRESH_MS - 1_000);
    expect(recentAnswer(scope, 'FTC-1', FRESH_MS)).toEqual(device('FTC-1', null));
    later(1_000);
    expect(recentAnswer(scope, 'FTC-1', FRESH_MS)).toBeNull();
    expect(recentAnswer(scope, 'FTC-2', FRESH_MS), 'never read').toBeNull();
  });

  it('stand while the technician’s own pending change shows in the row, not after a newer write', () => {
    answered(device('FTC-1', null));
    const row = store.cache.devices.get('FTC-1')!;
    // The install just taken shows at once and keeps the row's fetch time (local-changes.ts).
    store.cache.devices.put({ ...row.device, location: { id: 'A', name: 'A' } }, row.fetchedAt);
    expect(recentAnswer(scope, 'FTC-1', FRESH_MS)?.location).toBeNull();
    // A store's list brought the device since: the row holds a newer answer.
    later(5_000);
    store.cache.devices.confirm(['FTC-1'], new Date().toISOString());
    expect(recentAnswer(scope, 'FTC-1', FRESH_MS)).toBeNull();
  });

  it('do not stand when this app sent a change after the question went out', () => {
    // Asked, then our install went out, then the (older) answer came and was stored.
    const askedAt = Date.now();
    later(100);
    changeSent(scope, 'FTC-1');
    later(100);
    const fetchedAt = new Date().toISOString();
    store.cache.devices.put(device('FTC-1', null), fetchedAt);
    rememberAnswer(scope, device('FTC-1', null), fetchedAt, askedAt);
    expect(recentAnswer(scope, 'FTC-1', FRESH_MS)).toBeNull();
    // Asked after that change: it stands.
    later(100);
    answered(device('FTC-1', 'A'));
    expect(recentAnswer(scope, 'FTC-1', FRESH_MS)?.location?.id).toBe('A');
  });

  it('keep the last 256 devices read', () => {
    for (let n = 0; n <= 256; n++) answered(device(`FTC-${n}`, null), 0);
    expect(recentAnswer(scope, 'FTC-0', FRESH_MS), 'the oldest, dropped').toBeNull();
    expect(recentAnswer(scope, 'FTC-1', FRESH_MS)).not.toBeNull();
    expect(recentAnswer(scope, 'FTC-256', FRESH_MS)).not.toBeNull();
  });
});
