/** The city of each store named in some activity (from the local database; unknown: ""), by
 * the server's store id (a Map: an id is the server's text). */
import type { ActivityEntry } from '$shared';
import { call } from '../transport/transport';

export async function storeCities(
  entries: readonly ActivityEntry[],
): Promise<ReadonlyMap<string, string>> {
  const ids = [...new Set(entries.map((e) => e.locationId).filter((id) => id !== null))];
  const found = await Promise.all(
    ids.map((locationId) =>
      call('getLocation', { locationId }).then(
        (l) => [locationId, l.value.address?.city ?? ''] as const,
        () => [locationId, ''] as const,
      ),
    ),
  );
  return new Map(found);
}
