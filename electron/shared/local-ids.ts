/**
 * Ids the app makes up itself. Kept apart from the contract (which imports zod) so the
 * renderer can import the value without bundling zod.
 */

/** A location id for a store created offline, until the server names it. */
export const LOCAL_LOCATION_PREFIX = 'local-';

export const isLocalLocationId = (id: string): boolean => id.startsWith(LOCAL_LOCATION_PREFIX);
