import { describe, expect, it } from 'vitest';
import type { OutboxItem } from '../../../electron/shared';
import {
  holdsActions,
  pendingBadge,
  pendingFor,
  sentText,
} from '../../../renderer/src/lib/state/pending-action';
import { outboxItem } from '../../helpers/outbox-item';

let n = 0;
const item = (patch: Partial<OutboxItem>): OutboxItem => outboxItem({ id: `o${++n}`, ...patch });

describe("a device's action in the queue, as every screen of that device shows it", () => {
  it('follows the item through its states, and is gone once the queue no longer has it', () => {
    const install = item({});
    expect(pendingFor([install], 'FTC-1')).toBe(install);
    const sending = { ...install, state: 'syncing' as const };
    expect(pendingFor([sending], 'FTC-1')).toBe(sending);
    expect(pendingBadge(sending).text).toBe('Syncing');
    // Accepted by the server and not shown yet: waiting for the server, queued or being read.
    const accepted = { ...install, acceptedAt: '2026-03-04T15:30:00.000Z' };
    expect(pendingBadge(accepted)).toEqual({ text: 'Waiting for the server', tone: 'info' });
    expect(pendingBadge({ ...accepted, state: 'syncing' }).text).toBe('Waiting for the server');
    expect(pendingBadge({ ...accepted, state: 'conflict' }).text).toBe('Conflict');
    expect(pendingFor([], 'FTC-1')).toBeNull();
    // Another device's action is not this one's.
    expect(pendingFor([item({ serial: 'FTC-2' })], 'FTC-1')).toBeNull();
  });

  it('prefers the action that holds the others over a settings change queued first', () => {
    const edit = item({ kind: 'update_device' });
    const install = item({});
    expect(pendingFor([edit, install], 'FTC-1')).toBe(install);
    expect(pendingFor([edit], 'FTC-1')).toBe(edit);
    expect(holdsActions(edit)).toBe(false);
    // A stopped settings change holds what comes after it (the lane waits behind it).
    expect(holdsActions({ ...edit, state: 'failed' })).toBe(true);
  });

  it('is the action of both devices of a replace: the new one and the broken one', () => {
    const replace = item({ kind: 'replace', serial: 'FTC-NEW', replaces: 'FTC-OLD' });
    expect(pendingFor([replace], 'FTC-NEW')).toBe(replace);
    expect(pendingFor([replace], 'FTC-OLD')).toBe(replace);
    expect(sentText(replace, 'FTC-NEW')).toBe('Installed FTC-NEW.');
    expect(sentText(replace, 'FTC-OLD')).toBe('Uninstalled FTC-OLD.');
  });

  it('says what a sent action did', () => {
    expect(sentText(item({}), 'FTC-1')).toBe('Installed FTC-1.');
    expect(sentText(item({ kind: 'move' }), 'FTC-1')).toBe('Moved FTC-1.');
    expect(sentText(item({ kind: 'uninstall' }), 'FTC-1')).toBe('Uninstalled FTC-1.');
  });
});
