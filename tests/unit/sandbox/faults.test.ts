import { describe, expect, test } from 'vitest';
import { FaultEngine } from '../../../electron/sandbox/test-kit/faults';

describe('sandbox fault decisions', () => {
  test('no faults by default; failNext is consumed exactly count times', () => {
    const f = new FaultEngine(1);
    expect(f.decide('GET', '/v1/devices').kind).toBeNull();
    f.merge({ failNext: { count: 2, kind: 'rate_limit' } });
    expect(f.decide('GET', '/v1/devices').kind).toBe('rate_limit');
    expect(f.current().failNext?.count).toBe(1);
    expect(f.decide('POST', '/v1/locations').kind).toBe('rate_limit');
    expect(f.decide('GET', '/v1/devices').kind).toBeNull();
    expect(f.current().failNext).toBeUndefined();
  });

  test('pathPattern and methods restrict which requests are affected (and do not consume failNext)', () => {
    const f = new FaultEngine(1, {
      failNext: { count: 1, kind: 'drop' },
      pathPattern: '/install$',
      methods: ['post'],
    });
    expect(f.decide('GET', '/v1/devices/FTC-1/install').kind).toBeNull();
    expect(f.decide('POST', '/v1/devices/FTC-1/uninstall').kind).toBeNull();
    expect(f.decide('POST', '/v1/devices/FTC-1/install').kind).toBe('drop');
  });

  test('rates follow the seeded PRNG: same seed, same sequence; rates roughly respected', () => {
    const roll = (seed: number) => {
      const f = new FaultEngine(seed, {
        errorRate: 0.2,
        htmlRate: 0.1,
        latencyMs: 10,
        jitterMs: 5,
      });
      return Array.from({ length: 2000 }, () => f.decide('GET', '/v1/x'));
    };
    const a = roll(9);
    expect(a).toEqual(roll(9));
    const errors = a.filter((d) => d.kind === 'error').length / a.length;
    const html = a.filter((d) => d.kind === 'html').length / a.length;
    expect(errors).toBeGreaterThan(0.15);
    expect(errors).toBeLessThan(0.25);
    expect(html).toBeGreaterThan(0.06);
    expect(html).toBeLessThan(0.14);
    expect(a.every((d) => d.delayMs >= 10 && d.delayMs < 15)).toBe(true);
    expect(new Set(a.filter((d) => d.kind === 'error').map((d) => d.status))).toEqual(
      new Set([500, 502, 503]),
    );
  });

  test('clear() removes every fault', () => {
    const f = new FaultEngine(1, { errorRate: 1, latencyMs: 50 });
    f.clear();
    expect(f.decide('GET', '/v1/devices')).toEqual({
      delayMs: 0,
      kind: null,
      status: 0,
      afterHandling: false,
    });
  });
});
