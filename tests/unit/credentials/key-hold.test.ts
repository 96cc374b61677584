import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdKey } from '../../../electron/core/credentials/key-hold';

describe('holdKey', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads the keychain once for a burst of calls, including calls made while reading', async () => {
    const read = vi.fn(() => Promise.resolve('k1'));
    const hold = holdKey(read, 1_000);
    const keys = await Promise.all([hold.get(), hold.get(), hold.get()]);
    expect(keys).toEqual(['k1', 'k1', 'k1']);
    expect(await hold.get()).toBe('k1');
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('drops the key after the hold time, so the next call reads the keychain again', async () => {
    vi.useFakeTimers();
    let n = 0;
    const hold = holdKey(() => Promise.resolve(`k${++n}`), 1_000);
    expect(await hold.get()).toBe('k1');
    await vi.advanceTimersByTimeAsync(999);
    expect(await hold.get()).toBe('k1');
    await vi.advanceTimersByTimeAsync(2);
    expect(await hold.get()).toBe('k2');
  });

  it('forget() drops the key at once', async () => {
    let n = 0;
    const hold = holdKey(() => Promise.resolve(`k${++n}`), 60_000);
    expect(await hold.get()).toBe('k1');
    hold.forget();
    expect(await hold.get()).toBe('k2');
  });

  it('does not keep a key whose read was still in flight when forget() was called', async () => {
    vi.useFakeTimers();
    let release: (key: string) => void = () => {};
    let reads = 0;
    const hold = holdKey(() => {
      reads += 1;
      return reads === 1
        ? new Promise<string>((resolve) => (release = resolve))
        : Promise.resolve('new-key');
    }, 60_000);
    const early = hold.get();
    hold.forget();
    release('old-key');
    expect(await early).toBe('old-key');
    expect(await hold.get()).toBe('new-key');
    // No timer was armed for the forgotten read: nothing is pending.
    expect(vi.getTimerCount()).toBe(1);
  });

  it('does not hold a failed read: the next call tries the keychain again', async () => {
    const read = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('keychain locked'))
      .mockResolvedValueOnce('k1');
    const hold = holdKey(read, 1_000);
    await expect(hold.get()).rejects.toThrow('keychain locked');
    expect(await hold.get()).toBe('k1');
    expect(read).toHaveBeenCalledTimes(2);
  });
});
