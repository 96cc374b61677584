/** Locations of the organization named in the Basic-auth username. */
import { ApiError, notFound, pageOf, parsePaging, route, type Ctx, type Route } from '../http-kit';
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
  route('GET', '/locations', 'org', ({ state, orgId, query }) => {
    const paging = parsePaging(query);
    const q = (query.get('q') ?? '').trim().toLowerCase();
    const list = state.locationsByOrg.get(orgId) ?? [];
    return {
      status: 200,
      body: pageOf(
        list,
        paging,
        (l) => q === '' || matches(l, q),
        (l) => locationJson(state, l),
      ),
    };
  }),
  route('GET', '/locations/:location_id', 'org', (ctx) => ({
    status: 200,
    body: { data: locationJson(ctx.state, findLocation(ctx)) },
  })),
  route('GET', '/locations/:location_id/devices', 'org', (ctx) => {
    const loc = findLocation(ctx);
    const paging = parsePaging(ctx.query);
    const now = ctx.state.now();
    const installed = ctx.state.installed.get(loc.id) ?? new Set();
    return {
      status: 200,
      body: pageOf(
        installed,
        paging,
        () => true,
        (d) => deviceJson(ctx.state, d, now),
      ),
    };
  }),
  route('POST', '/locations', 'org', ({ state, orgId, body }) => {
    const loc = state.createLocation(orgId, parseLocationInput(body));
    return {
      status: 201,
      body: { data: locationJson(state, loc) },
      headers: { location: `/v1/locations/${loc.id}` },
    };
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
