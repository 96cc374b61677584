/** The count line above the inventory list. */
import type { DeviceWindow } from '../../../electron/contract';
import { formatNumber } from './format';

/**
 * "1,234 devices", "12 of 1,234 devices", or "10,000+ of 1,000,000 devices" when the core
 * stopped counting matches (a count of every match of a short search would cost more than
 * the search itself; `matched` is then a lower bound).
 */
export const deviceCountText = (
  counts: Pick<DeviceWindow, 'matched' | 'matchedCapped' | 'total'>,
  filtered: boolean,
): string => {
  const { matched, matchedCapped, total } = counts;
  const noun = (n: number) => (n === 1 ? 'device' : 'devices');
  if (matchedCapped) return `${formatNumber(matched)}+ of ${formatNumber(total)} devices`;
  if (filtered || matched !== total)
    return `${formatNumber(matched)} of ${formatNumber(total)} ${noun(total)}`;
  return `${formatNumber(matched)} ${noun(matched)}`;
};
