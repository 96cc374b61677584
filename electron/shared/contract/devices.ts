/** Devices: windows of the local inventory, one device, its actions (install, uninstall, move, replace, update) and its counts. */
import { type Cached, op } from './operation';
import type { DeviceView, TrafficBucket } from './views';
import { Empty, Id, Label, RULE, Range, Serial } from './fields';
import type { OutboxItem } from './outbox';
import { UPDATE_INTERVAL_MAX_S, UPDATE_INTERVAL_MIN_S } from '../field-limits';
import { z } from 'zod';

/** `D`: the core builds it with the vendor's device and answers it as the app's view. */
export type ActionResult<D = DeviceView> =
  { status: 'done'; device: D } | { status: 'queued'; item: OutboxItem };

/** A window of device rows and the counts around it, all from the local database. */
export interface DeviceWindow<D = DeviceView> {
  offset: number;
  rows: D[];
  /** Rows matching the query and filters (see `matchedCapped`). */
  matched: number;
  /** true when more rows match than were counted (`matched` is then a lower bound). */
  matchedCapped: boolean;
  /** All rows of the view, unfiltered. */
  total: number;
  /** When the list was last completely downloaded, null if never. */
  fetchedAt: string | null;
}

export interface DeviceFacets {
  types: string[];
  firmwares: string[];
}

export interface DeviceTraffic<B = TrafficBucket> {
  serial: string;
  total: number;
  series: B[];
}

export const deviceOperations = {
  // devices: windows of rows from the local database (the virtual list asks as it scrolls)
  queryDevices: op(
    z
      .object({
        view: z.enum(['uninstalled', 'all']),
        /** Free text: words of 3+ characters match anywhere (serial, type, firmware, label,
         * store, city); the whole text also matches as one serial with spaces and separators left
         * out ("FTC 2B5H97J8", "ftc2b5h97j8"), and 1–2 characters match a serial's last
         * characters. Accents, case and full width folded. */
        q: z.string().max(100, RULE.search_too_long).optional(),
        deviceType: z.string().max(200).optional(),
        firmware: z.string().max(200).optional(),
        offset: z.number().int().min(0).max(100_000_000),
        limit: z.number().int().min(1).max(500),
      })
      .strict(),
  ).returns<DeviceWindow>(),
  /** Type and firmware choices for the inventory filters (of every device of the account). */
  deviceFacets: op(Empty).returns<DeviceFacets>(),
  /**
   * Serials of the local inventory close to one that was not found ("Did you mean …").
   * Answers the server's spellings, closest first (a few at most).
   */
  nearSerials: op(z.object({ serial: Serial }).strict()).returns<string[]>(),
  /** `fresh`: ask the server now, even if the cache is recent (Verify polls check-ins). */
  getDevice: op(z.object({ serial: Serial, fresh: z.boolean().optional() }).strict()).returns<
    Cached<DeviceView>
  >(),
  updateDevice: op(
    z
      .object({
        serial: Serial,
        changes: z
          .object({
            name: Label.nullable().optional(),
            update_interval_s: z
              .number(RULE.update_interval)
              .int(RULE.update_interval)
              .min(UPDATE_INTERVAL_MIN_S, RULE.update_interval)
              .max(UPDATE_INTERVAL_MAX_S, RULE.update_interval)
              .optional(),
          })
          .strict(),
      })
      .strict(),
  ).returns<ActionResult>(),
  /** `label`: given while installing, PUT after the install by the same intent (blank: none). */
  installDevice: op(
    z.object({ serial: Serial, locationId: Id, label: Label.optional() }).strict(),
  ).returns<ActionResult>(),
  uninstallDevice: op(
    z.object({ serial: Serial, locationId: Id.optional() }).strict(),
  ).returns<ActionResult>(),
  moveDevice: op(
    z.object({ serial: Serial, fromLocationId: Id, toLocationId: Id }).strict(),
  ).returns<ActionResult>(),
  /** The broken `serial` at `locationId` is uninstalled and `newSerial` installed there, with
   * its label and update interval: one intent, resumed step by step like a move. */
  replaceDevice: op(
    z.object({ serial: Serial, newSerial: Serial, locationId: Id }).strict(),
  ).returns<ActionResult>(),
  deviceFootTraffic: op(
    z.object({ serial: Serial, ...Range, granularity: z.enum(['minute', 'hour', 'day']) }).strict(),
  ).returns<DeviceTraffic>(),
};
