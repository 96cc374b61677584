import type { LocationView } from '$shared';

/** Case, accents and full width (a Japanese IME's "ＭＵＮＣＨＥＮ") do not matter, as in the
 * core's search (electron/core/db/search-text.ts): "munchen" finds München. */
const fold = (text: string): string => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/** "Search locations" matches name, city and address, every word somewhere. */
export const filterLocations = (
  locations: readonly LocationView[],
  query: string,
): readonly LocationView[] => {
  const words = fold(query).trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return locations;
  return locations.filter((l) => {
    const a = l.address;
    const text = fold(
      [l.name, a?.line1, a?.line2, a?.city, a?.region, a?.postalCode, a?.country, a?.text]
        .filter(Boolean)
        .join(' '),
    );
    return words.every((w) => text.includes(w));
  });
};
