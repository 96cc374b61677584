/** Stores: the list, one store, creating and deleting one, its devices and its visitors. */
import { type Cached, op } from './operation';
import type { DeviceView, LocationTraffic, LocationView } from './views';
import { Empty, Id, RULE, Range } from './fields';
import type { OutboxItem } from './outbox';
import { isCountryCode } from '../country-codes';
import { z } from 'zod';

const AddressInput = z
  .object({
    line1: z.string().trim().min(1, RULE.street_required).max(200, RULE.street_too_long),
    line2: z.string().trim().max(200, RULE.line2_too_long).optional(),
    city: z.string().trim().min(1, RULE.city_required).max(100, RULE.city_too_long),
    region: z.string().trim().max(100, RULE.region_too_long).optional(),
    postal_code: z.string().trim().max(20, RULE.postal_code_too_long).optional(),
    // An assigned ISO 3166-1 code: "GE" is Georgia, so a truncated "Germany" must not pass.
    country: z
      .string()
      .trim()
      .toUpperCase()
      .min(1, RULE.country_required)
      .refine(isCountryCode, RULE.country_unknown),
  })
  .strict();

/** `L`: the core builds it with the vendor's location and answers it as the app's view. */
export type LocationResult<L = LocationView> =
  { status: 'done'; location: L } | { status: 'queued'; location: L; item: OutboxItem };

export const locationOperations = {
  listLocations: op(Empty).returns<Cached<LocationView[]>>(),
  getLocation: op(z.object({ locationId: Id }).strict()).returns<Cached<LocationView>>(),
  createLocation: op(
    z
      .object({
        name: z.string().trim().min(1, RULE.name_required).max(120, RULE.name_too_long),
        address: AddressInput,
      })
      .strict(),
  ).returns<LocationResult>(),
  deleteLocation: op(z.object({ locationId: Id }).strict()).returns<{
    status: 'done' | 'queued';
  }>(),
  listLocationDevices: op(z.object({ locationId: Id }).strict()).returns<Cached<DeviceView[]>>(),
  locationsFootTraffic: op(
    z.object({ ...Range, granularity: z.enum(['hour', 'day']) }).strict(),
  ).returns<LocationTraffic[]>(),
};
