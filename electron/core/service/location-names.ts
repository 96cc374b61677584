/** Location names for queued actions and the activity log, from the cache (works offline). */
import { z } from 'zod';
import { Location } from '../api/wire';
import type { SignedInScope } from './context';

const Locations = z.array(Location);

export async function locationName(
  scope: SignedInScope,
  locationId: string,
): Promise<string | null> {
  const one = await scope.cache.get(`location:${locationId}`, Location);
  if (one) return one.value.name;
  const all = await scope.cache.get('locations', Locations);
  return all?.value.find((l) => l.id === locationId)?.name ?? null;
}
