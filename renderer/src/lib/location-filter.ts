import type { Location } from '../../../electron/contract';

/** "Search locations" matches name, city and address, every word somewhere. */
export const filterLocations = (
  locations: readonly Location[],
  query: string,
): readonly Location[] => {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return locations;
  return locations.filter((l) => {
    const a = l.address;
    const text = [
      l.name,
      a?.line1,
      a?.line2,
      a?.city,
      a?.region,
      a?.postal_code,
      a?.country,
      a?.text,
    ]
      .filter(Boolean)
      .join(' ')
      .toLowerCase();
    return words.every((w) => text.includes(w));
  });
};
