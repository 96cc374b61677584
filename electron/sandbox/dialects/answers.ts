/**
 * The edge where routes hand over what they computed and the request's dialect spells it out.
 * Routes build the default's typed JSON (render.ts) and call these; nothing else in a route
 * knows which dialect is speaking.
 */
import type { Device, Location } from '../../core/api/wire';
import { pageOf, pageOfArray, type Reply, type Slice, type Window } from '../http-kit';
import type { Ctx } from '../routing';
import { locationRef } from '../render';
import type { AddressRec, DeviceRec, LocationRec } from '../snapshot';
import { renderAddress } from './address';
import { vendorExtras } from './device-extras';
import { listBody, specListBody } from './envelope';
import {
  flatTrafficRecords,
  renderBucket,
  renderLocationTraffic,
  seriesFacts,
  type Bucket,
} from './foot-traffic';
import { pagingInfo, readWindow } from './paging';
import { singleBody, spellNothing, type ResourceRoot } from './resources';
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

/**
 * A device's foot-traffic series; `facts` say its range and total. One answer, or — in
 * dialects that page it — pages in the lists' style, with no visitors' total beside them.
 */
export const deviceSeriesReply = (
  ctx: Ctx,
  buckets: Bucket[],
  granularity: string,
  facts: Record<string, unknown>,
): Reply => {
  const items = buckets.map((b) => renderBucket(ctx.dialect.traffic, b, granularity));
  if (ctx.dialect.seriesPaged) {
    const { total: _visitors, ...listFacts } = facts;
    return listReply(
      ctx,
      pageOfArray(items, windowOf(ctx), (b) => b),
      listFacts,
    );
  }
  return {
    status: 200,
    body: listBody(
      ctx.dialect.envelope,
      items,
      null,
      seriesFacts(ctx.dialect.traffic, facts, items.length),
    ),
  };
};

/** GET of one device, location or organization, in the dialect's envelope. */
export const oneReply = (ctx: Ctx, root: ResourceRoot, resource: unknown): Reply => ({
  status: 200,
  body: singleBody(ctx.dialect.single ?? 'data', root, resource),
});

// The sandbox's own locations always have every address line (snapshot.ts AddressRec).
export const locationOut = (ctx: Ctx, l: Location): unknown =>
  ctx.dialect.address === 'lines' || !l.address
    ? l
    : { ...l, address: renderAddress(ctx.dialect.address, l.address as AddressRec) };

export const deviceOut = (ctx: Ctx, json: Device, rec: DeviceRec): unknown => {
  const { notInstalled = 'null', never = 'null' } = ctx.dialect;
  const served = { ...json, serial_number: serialOut(ctx, json.serial_number) };
  const spelled =
    notInstalled === 'null' && never === 'null'
      ? served
      : spellNothing(served, notInstalled, never);
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

/** Whose locations GET /foot-traffic/locations answers for: the request's organization, or
 * every organization of the user in dialects that ignore it. */
export const trafficLocations = (ctx: Ctx): LocationRec[] => {
  const orgIds = ctx.dialect.trafficScope === 'user' ? ctx.user.orgIds : [ctx.orgId];
  return orgIds.flatMap((id) => ctx.state.locationsByOrg.get(id) ?? []);
};

/**
 * GET /foot-traffic/locations: a page of locations with their series, or, flat, a page of
 * records (every location's series is then counted, the records being bucket by bucket).
 */
export const locationsTrafficReply = (
  ctx: Ctx,
  locations: LocationRec[],
  seriesOf: (l: LocationRec) => Bucket[],
  granularity: string,
  facts: Record<string, unknown>,
): Reply => {
  const style = ctx.dialect.traffic;
  const window = windowOf(ctx);
  if (style === 'flat-records') {
    const all = locations.map((l) => ({
      location: locationRef(l),
      organizationId: l.orgId,
      buckets: seriesOf(l),
    }));
    return listReply(
      ctx,
      pageOfArray(flatTrafficRecords(all, granularity), window, (r) => r),
      facts,
    );
  }
  const page = pageOf(
    locations,
    window,
    () => true,
    (l) => renderLocationTraffic(style, locationRef(l), seriesOf(l), granularity),
  );
  return listReply(ctx, page, facts);
};
