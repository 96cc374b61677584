/**
 * The app's own views of the server's resources: what the renderer reads, in the app's names and
 * types. The vendor's JSON shapes live in one vendor module in the core (`core/api/wire.ts`),
 * and one mapping module (`core/api/to-view.ts`) turns them into these where a service answers
 * the renderer (decision 79): a server that renames a field changes the core, never a screen.
 * Ids and serials stay the server's opaque strings; a field the server did not send is null.
 */

/** A store as a device, a conflict or a count names it; `name` null when the server gave none.
 * A type, not an interface: the core stores one where the server's looser record goes. */
export type LocationRefView = { id: string; name: string | null };

/** An address as the server spelt it, read into parts; `text` is the whole line. */
export interface AddressView {
  line1?: string | null;
  line2?: string | null;
  city?: string | null;
  region?: string | null;
  postalCode?: string | null;
  /** ISO 3166-1 alpha-2 when it could be told, else as the server sent it. */
  country?: string | null;
  text?: string | null;
}

export interface LocationView {
  id: string;
  name: string | null;
  address: AddressView | null;
  timezone: string | null;
  /** Devices installed here now, when the server says (the list shows it without N calls). */
  deviceCount: number | null;
}

export interface DeviceView {
  serial: string;
  /** The technician's free-text label for it. */
  label: string | null;
  type: string | null;
  board: string | null;
  firmware: string | null;
  lastCheckinAt: string | null;
  /** How often it checks in, in seconds; null: the server did not say. */
  updateIntervalS: number | null;
  /** Where it is installed; null when it is not. */
  location: LocationRefView | null;
  /** When the current installation happened, when the server says. */
  installedAt: string | null;
}

/** One time bucket of counted visitors; `in`/`out` where the server tells them apart. */
export interface TrafficBucket {
  start: string;
  end: string;
  count: number;
  in?: number;
  out?: number;
}

/** One store's visitors over the asked range. */
export interface LocationTraffic {
  location: LocationRefView;
  total: number;
  series: TrafficBucket[];
}

export interface OrganizationView {
  id: string;
  name: string;
  timezone?: string | null;
}

/** The bucket sizes the foot-traffic operations take. */
export type Granularity = 'minute' | 'hour' | 'day';
