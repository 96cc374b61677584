/** The inventory's search field and filters, and the query they make. Matching itself happens
 * in the core's database (see `queryDevices` in the contract). */
import type { OperationInput } from '$shared';

export interface DeviceFilter {
  query: string;
  type: string;
  firmware: string;
}

export type InventoryView = OperationInput<'queryDevices'>['view'];

export const EMPTY_FILTER: DeviceFilter = { query: '', type: '', firmware: '' };

/** The contract's longest search text. */
export const MAX_QUERY_LENGTH = 100;

/** Empty fields are left out: "" would ask for devices whose type is empty. */
export const queryInput = (
  view: InventoryView,
  filter: DeviceFilter,
  rows: { offset: number; limit: number },
): OperationInput<'queryDevices'> => {
  const q = filter.query.trim().slice(0, MAX_QUERY_LENGTH);
  return {
    view,
    ...(q === '' ? {} : { q }),
    ...(filter.type === '' ? {} : { deviceType: filter.type }),
    ...(filter.firmware === '' ? {} : { firmware: filter.firmware }),
    offset: rows.offset,
    limit: rows.limit,
  };
};

/** Two filters that ask the same question (spaces around the text do not count). */
export const sameFilter = (a: DeviceFilter, b: DeviceFilter): boolean =>
  a.query.trim() === b.query.trim() && a.type === b.type && a.firmware === b.firmware;

export const isFiltered = (filter: DeviceFilter): boolean =>
  filter.query.trim() !== '' || filter.type !== '' || filter.firmware !== '';

/** Filter options, keeping the chosen one even when it is no longer in the list (a refresh
 * must not silently blank the select while its filter still applies). */
export const optionsWith = (options: readonly string[], chosen: string): readonly string[] =>
  chosen === '' || options.includes(chosen) ? options : [chosen, ...options];
