/**
 * The server's resources as the client answers them and the core keeps them (the cache, the
 * queue, replay): the vendor's JSON after the readers validated and normalised it. The rest of
 * the core names these, never the vendor module itself (wire.ts: the shapes, parsed only inside
 * api/); the renderer gets the app's views made by to-view.ts (decision 79).
 */
export type {
  Device,
  FootTraffic,
  Location,
  LocationMetric,
  LocationRef,
  Organization,
} from './wire';
/** The stored session and earlier versions' files hold these records as JSON: re-read with the
 * same schemas the client reads answers with. */
export { LocationRef as StoredLocationRef, Organization as StoredOrganization } from './wire';
/** Which fields of each record the app reads (the connection check names the others), and the
 * one reading of "is this device installed". */
export { DEVICE_FIELDS, LOCATION_FIELDS, ORGANIZATION_FIELDS, installedLocation } from './wire';
