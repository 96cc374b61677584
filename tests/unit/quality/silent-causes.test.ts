/**
 * The likely causes of a device that does not check in, ordered by the store's other devices
 * (electron/shared/silent-causes.ts): the guide's own order kept within each scope.
 */
import { describe, expect, it } from 'vitest';
import {
  orderCauses,
  storeEvidence,
  type GuideCause,
} from '../../../electron/shared/silent-causes';
import { DEFAULT_GUIDE } from '../../../electron/core/service/silent-guide-defaults';

const cause = (id: string, scope: GuideCause['scope']): GuideCause => ({ id, scope, text: null });
/** A guide written store causes first, as an IT file may. */
const GUIDE = [
  cause('dhcp', 'store'),
  cause('power', 'device'),
  cause('firewall', 'store'),
  cause('cable_poe', 'device'),
];
const ids = (causes: GuideCause[]) => causes.map((c) => c.id);

describe('the store’s evidence', () => {
  it('others that check in, none that does, nobody to compare with', () => {
    expect(storeEvidence(3, 1)).toBe('others_checking_in');
    expect(storeEvidence(3, 0)).toBe('none_checking_in');
    expect(storeEvidence(0, 0)).toBe('no_others');
  });
});

describe('ordering the causes', () => {
  it('others at the store check in: the device’s own power and cable first, in the guide’s order', () => {
    expect(ids(orderCauses(GUIDE, 'others_checking_in'))).toEqual([
      'power',
      'cable_poe',
      'dhcp',
      'firewall',
    ]);
  });

  it('none at the store checks in: the store’s network (DHCP, firewall) first', () => {
    expect(ids(orderCauses(GUIDE, 'none_checking_in'))).toEqual([
      'dhcp',
      'firewall',
      'power',
      'cable_poe',
    ]);
  });

  it('nothing to compare with: the guide’s order stands', () => {
    expect(ids(orderCauses(GUIDE, 'no_others'))).toEqual(ids(GUIDE));
  });

  it('the shipped guide puts power first when others check in and DHCP first when none does', () => {
    const shipped = DEFAULT_GUIDE.otherDeviceTypes;
    expect(orderCauses(shipped, 'others_checking_in')[0]?.id).toBe('power');
    expect(orderCauses(shipped, 'none_checking_in')[0]?.id).toBe('dhcp');
  });
});
