import { describe, expect, test } from 'vitest';
import { seedSnapshot } from '../../../electron/sandbox/seed-data';

const NOW = Date.parse('2026-05-01T12:00:00Z');

describe('sandbox seed data', () => {
  test('is deterministic per seed and differs between seeds', () => {
    expect(seedSnapshot(5, 50, NOW)).toEqual(seedSnapshot(5, 50, NOW));
    expect(seedSnapshot(6, 50, NOW).users[0]?.apiKey).not.toBe(
      seedSnapshot(5, 50, NOW).users[0]?.apiKey,
    );
  });

  test('three organizations; user 1 in two of them, user 2 in the third; real-looking keys', () => {
    const s = seedSnapshot(1, 10, NOW);
    expect(s.orgs).toHaveLength(3);
    const [u1, u2] = s.users;
    expect(u1?.orgIds).toEqual([s.orgs[0]?.id, s.orgs[1]?.id]);
    expect(u2?.orgIds).toEqual([s.orgs[2]?.id]);
    for (const u of s.users) expect(u.apiKey).toMatch(/^sbx_[0-9a-f]{32}$/);
  });

  test('24–40 locations per organization with addresses in several countries', () => {
    const s = seedSnapshot(2, 10, NOW);
    for (const o of s.orgs) {
      const n = s.locations.filter((l) => l.orgId === o.id).length;
      expect(n).toBeGreaterThanOrEqual(24);
      expect(n).toBeLessThanOrEqual(40);
    }
    expect(new Set(s.locations.map((l) => l.address.country)).size).toBeGreaterThanOrEqual(5);
    for (const l of s.locations) {
      expect(l.address.country).toMatch(/^[A-Z]{2}$/);
      expect(l.timezone).toMatch(/^[A-Z][a-z]+\/[A-Za-z_]+$/);
    }
  });

  test('devices: unique serials, about a third uninstalled, some installed ones silent for hours or days', () => {
    const s = seedSnapshot(3, 3000, NOW);
    expect(s.devices).toHaveLength(9000);
    expect(new Set(s.devices.map((d) => d.serial)).size).toBe(9000);
    for (const d of s.devices.slice(0, 500)) expect(d.serial).toMatch(/^FTC-[A-HJ-NP-Z2-9]{8}$/);
    const out = s.devices.filter((d) => d.locationId === null).length / s.devices.length;
    expect(out).toBeGreaterThan(0.28);
    expect(out).toBeLessThan(0.39);
    const silent = s.devices.filter((d) => d.silent);
    expect(silent.length).toBeGreaterThan(50);
    for (const d of silent) {
      expect(d.locationId).not.toBeNull();
      expect(NOW - (d.frozenCheckinMs ?? NOW)).toBeGreaterThanOrEqual(2 * 3_600_000);
    }
    // Per organization the list order is by serial (lists never sort at request time).
    const org0 = s.devices.filter((d) => d.orgId === s.orgs[0]?.id).map((d) => d.serial);
    expect(org0).toEqual([...org0].sort());
  });
});
