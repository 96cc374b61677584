/** Locations of the organization named in the Basic-auth username. */
import {
  deviceOut,
  listReply,
  locationCreatedReply,
  locationOut,
  oneReply,
  specListReply,
  windowOf,
} from '../dialects/answers';
import { ApiError, notFound, pageOf } from '../http-kit';
import { route, type Ctx, type Route } from '../routing';
import { deviceJson, locationJson } from '../render';
import type { LocationRec } from '../snapshot';
import { parseLocationInput } from './location-input';

const findLocation = ({ state, orgId, params }: Ctx): LocationRec => {
  const loc = state.location(orgId, params.location_id ?? '');
  if (!loc) throw notFound('Location');
  return loc;
};

const matches = (l: LocationRec, q: string): boolean =>
  l.name.toLowerCase().includes(q) ||
  l.address.city.toLowerCase().includes(q) ||
  l.address.line1.toLowerCase().includes(q);

export const locationRoutes: Route[] = [
  route('GET', '/locations', 'org', (ctx) => {
    const { state, orgId, query } = ctx;
    const window = windowOf(ctx);
    const q = (query.get('q') ?? '').trim().toLowerCase();
    const list = state.locationsByOrg.get(orgId) ?? [];
    return listReply(
      ctx,
      pageOf(
        list,
        window,
        (l) => q === '' || matches(l, q),
        (l) => locationOut(ctx, locationJson(state, l)),
      ),
    );
  }),
  route('GET', '/locations/:location_id', 'org', (ctx) =>
    oneReply(ctx, 'location', locationOut(ctx, locationJson(ctx.state, findLocation(ctx)))),
  ),
  route('GET', '/locations/:location_id/devices', 'org', (ctx) => {
    const loc = findLocation(ctx);
    const window = windowOf(ctx);
    const now = ctx.state.now();
    const installed = ctx.state.installed.get(loc.id) ?? new Set();
    return specListReply(
      ctx,
      pageOf(
        installed,
        window,
        () => true,
        (d) => deviceOut(ctx, deviceJson(ctx.state, d, now), d),
      ),
    );
  }),
  route('POST', '/locations', 'org', (ctx) => {
    const loc = ctx.state.createLocation(ctx.orgId, parseLocationInput(ctx.body));
    return locationCreatedReply(ctx, loc.id, locationOut(ctx, locationJson(ctx.state, loc)));
  }),
  route('DELETE', '/locations/:location_id', 'org', (ctx) => {
    const loc = findLocation(ctx);
    const count = ctx.state.deviceCount(loc.id);
    if (count > 0) {
      throw new ApiError(
        409,
        'location_has_devices',
        `${count} device(s) are still installed at this location; uninstall them first.`,
        { device_count: count },
      );
    }
    ctx.state.deleteLocation(loc);
    return { status: 204 };
  }),
];
