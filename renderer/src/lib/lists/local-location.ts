/** Locations created offline: the core names them `local-…` until the server has them. */
import type { OutboxItem } from '$shared';
import { isLocalLocationId } from '$shared/local-ids';

export const isLocalLocation = isLocalLocationId;

/** The queued "create location" of a location made offline, if it is still in the outbox. */
export const createIntentOf = (
  outbox: readonly OutboxItem[],
  locationId: string,
): OutboxItem | null =>
  outbox.find((i) => i.kind === 'create_location' && i.locationId === locationId) ?? null;

/** The server's id for the location that outbox item `itemId` created, once it is sent. */
export const createdLocationId = (outbox: readonly OutboxItem[], itemId: string): string | null => {
  const item = outbox.find((i) => i.id === itemId);
  return item?.locationId && !isLocalLocation(item.locationId) ? item.locationId : null;
};
