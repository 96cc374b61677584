/**
 * How a dialect's server names its organizations and stores. The vendor's spec says only that
 * ids are strings: `opaque` ids hold what real systems put in them — letters of any script,
 * spaces, ":", ".", "/", "?", "#", "%" — so a client that builds paths, addresses or links from
 * them without encoding each as one segment, or that checks them against a pattern of its own,
 * fails here (decision record 69). Ids are given when the data is seeded (and when a store is
 * created), so the whole sandbox holds and answers them as they are.
 */
import type { AddressRec, Snapshot } from '../snapshot';

export type IdStyle =
  /** `org_…`, `loc_…` (the default). */
  | 'plain'
  /**
   * Organizations "Zentrale Süd/<tail>"; stores in three forms, "de:münchen-<tail>",
   * "Chicago <tail>/Süd?#%" and "Filiale <tail>.Paris – Nord" (which form: the tail's last
   * character). Never ":" in an organization id: it is the Basic-auth username.
   */
  | 'opaque';

const tailOf = (held: string): string => held.replace(/^(org|loc)_/, '');

/** An organization's opaque id, from its plain one. */
export const opaqueOrganizationId = (held: string): string => `Zentrale Süd/${tailOf(held)}`;

/** A store's opaque id, from its plain one and its address. */
export const opaqueLocationId = (
  held: string,
  address: Pick<AddressRec, 'city' | 'country'>,
): string => {
  const tail = tailOf(held);
  switch (tail.charCodeAt(tail.length - 1) % 3) {
    case 0:
      return `${address.country.toLowerCase()}:${address.city.toLowerCase()}-${tail}`;
    case 1:
      return `${address.city} ${tail}/Süd?#%`;
    default:
      return `Filiale ${tail}.${address.city} – Nord`;
  }
};

/**
 * A freshly seeded snapshot with the style's ids (everything that names one follows). Its
 * devices are changed in place: copies of 100,000 seeded records made them slow objects.
 */
export const withIds = (snap: Snapshot, style: IdStyle): Snapshot => {
  if (style === 'plain') return snap;
  const orgs = new Map(snap.orgs.map((o) => [o.id, opaqueOrganizationId(o.id)]));
  const locations = new Map(snap.locations.map((l) => [l.id, opaqueLocationId(l.id, l.address)]));
  const org = (id: string) => orgs.get(id) ?? id;
  return {
    ...snap,
    orgs: snap.orgs.map((o) => ({ ...o, id: org(o.id) })),
    users: snap.users.map((u) => ({ ...u, orgIds: u.orgIds.map(org) })),
    locations: snap.locations.map((l) => ({
      ...l,
      id: locations.get(l.id) ?? l.id,
      orgId: org(l.orgId),
    })),
    devices: snap.devices.map((d) => {
      d.orgId = org(d.orgId);
      if (d.locationId !== null) d.locationId = locations.get(d.locationId) ?? d.locationId;
      return d;
    }),
  };
};
