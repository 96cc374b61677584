import { describe, expect, it } from 'vitest';
import type { Cached, DeviceView as Device } from '../../../electron/shared';
import { handOverDevice, takeHandedDevice } from '../../../renderer/src/lib/state/read-handoff';

const read = (serial: string): Cached<Device> => ({
  value: { serial: serial, location: null } as Device,
  fetchedAt: '2026-11-27T10:00:00.000Z',
  source: 'cache',
  refreshing: false,
});

describe('the device a lookup read, handed to the screen it opens', () => {
  it('is taken once, by the screen of its serial', () => {
    handOverDevice('FTC-1', 3, read('FTC-1'));
    expect(takeHandedDevice('FTC-1', 3)?.value.serial).toBe('FTC-1');
    expect(takeHandedDevice('FTC-1', 3)).toBeNull();
  });

  it('is not taken by the screen of another device, and is gone after that try', () => {
    handOverDevice('FTC-1', 3, read('FTC-1'));
    expect(takeHandedDevice('FTC-2', 3)).toBeNull();
    expect(takeHandedDevice('FTC-1', 3)).toBeNull();
  });

  it('is not taken once data changed since it was asked: the screen reads again', () => {
    handOverDevice('FTC-1', 3, read('FTC-1'));
    expect(takeHandedDevice('FTC-1', 4)).toBeNull();
  });
});
