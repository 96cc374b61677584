/** The count line above the inventory list. */
import type { DeviceWindow } from '$shared';
import { formatNumber } from '../words/format';
import { m } from '../words/i18n';

/**
 * "1,234 devices", "12 of 1,234 devices", or "10,000+ of 1,000,000 devices" when the core
 * stopped counting matches (a count of every match of a short search would cost more than
 * the search itself; `matched` is then a lower bound). The noun agrees with the total.
 */
export const deviceCountText = (
  counts: Pick<DeviceWindow, 'matched' | 'matchedCapped' | 'total'>,
  filtered: boolean,
): string => {
  const { matched, matchedCapped, total } = counts;
  const of = { count: total, shown: formatNumber(total), matched: formatNumber(matched) };
  if (matchedCapped) return m.inventory_count_capped(of);
  if (filtered || matched !== total) return m.inventory_count_of(of);
  return m.inventory_count({ count: matched, shown: formatNumber(matched) });
};
