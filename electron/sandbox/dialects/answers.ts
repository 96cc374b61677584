/**
 * The edge where routes hand over what they computed and the request's dialect spells it out.
 * Routes build the default's typed JSON (render.ts) and call these; nothing else in a route
 * knows which dialect is speaking.
 */
import type { Device, Location } from '../../core/api/wire';
import type { Ctx, Reply, Slice, Window } from '../http-kit';
import type { AddressRec, DeviceRec } from '../snapshot';
import { renderAddress } from './address';
import { vendorExtras } from './device-extras';
import { listBody, specListBody } from './envelope';
import { renderBucket, renderLocationTraffic, type Bucket } from './foot-traffic';
import { pagingInfo, readWindow } from './paging';
import { heldSerial, servedSerial } from './serials';
import { deviceWritten, locationCreated, type DeviceWrite } from './writes';

/** The page of a list the request asks for, in the dialect's paging parameters. */
export const windowOf = (ctx: Ctx): Window => readWindow(ctx.dialect.paging, ctx.query);

/** A paged list answer; `extras` are facts about the list (its user, its time range). */
export const listReply = (
  ctx: Ctx,
  slice: Slice<unknown>,
  extras?: Record<string, unknown>,
): Reply => {
  const info = pagingInfo(ctx.dialect.paging, slice.window, slice.total, ctx.url);
  return {
    status: 200,
    body: listBody(ctx.dialect.envelope, slice.items, info, extras),
    ...(Object.keys(info.headers).length > 0 ? { headers: info.headers } : {}),
  };
};

/** GET /locations/{loc_id}/devices: `{data, meta?}` in every dialect (the spec fixes it). */
export const specListReply = (ctx: Ctx, slice: Slice<unknown>): Reply => {
  const info = pagingInfo(ctx.dialect.paging, slice.window, slice.total, ctx.url);
  return {
    status: 200,
    body: specListBody(slice.items, info),
    ...(Object.keys(info.headers).length > 0 ? { headers: info.headers } : {}),
  };
};

/** A list that is not paged (a device's foot-traffic series). */
export const seriesReply = (
  ctx: Ctx,
  items: unknown[],
  extras: Record<string, unknown>,
): Reply => ({
  status: 200,
  body: listBody(ctx.dialect.envelope, items, null, extras),
});

// The sandbox's own locations always have every address line (snapshot.ts AddressRec).
export const locationOut = (ctx: Ctx, l: Location): unknown =>
  ctx.dialect.address === 'lines' || !l.address
    ? l
    : { ...l, address: renderAddress(ctx.dialect.address, l.address as AddressRec) };

export const deviceOut = (ctx: Ctx, json: Device, rec: DeviceRec): unknown => {
  const spelled = { ...json, serial_number: serialOut(ctx, json.serial_number) };
  return ctx.dialect.deviceExtras ? { ...spelled, ...vendorExtras(rec) } : spelled;
};

/** A serial as the dialect spells it. */
export const serialOut = (ctx: Ctx, held: string): string =>
  servedSerial(ctx.dialect.serials ?? 'as-held', held);

/** The organization's device a request path names, in the dialect's spelling only. */
export const deviceNamed = (ctx: Ctx, served: string): DeviceRec | undefined => {
  const held = heldSerial(ctx.dialect.serials ?? 'as-held', served);
  return held === undefined ? undefined : ctx.state.device(ctx.orgId, held);
};

export const deviceWriteReply = (ctx: Ctx, write: DeviceWrite, device: unknown): Reply =>
  deviceWritten(ctx.dialect.deviceWrite, write, device);

export const locationCreatedReply = (ctx: Ctx, id: string, location: unknown): Reply =>
  locationCreated(ctx.dialect.createLocation, id, location, ctx.url.origin);

export const bucketOut = (ctx: Ctx, b: Bucket, granularity: string): unknown =>
  renderBucket(ctx.dialect.traffic, b, granularity);

export const locationTrafficOut = (
  ctx: Ctx,
  location: { id: string; name: string },
  buckets: Bucket[],
  granularity: string,
): unknown => renderLocationTraffic(ctx.dialect.traffic, location, buckets, granularity);
