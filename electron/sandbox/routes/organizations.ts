/** Cross-organization endpoints: the Basic-auth username is ignored, the key decides. */
import { ApiError, notFound, pageOfArray, parsePaging, route, type Route } from '../http-kit';
import { orgJson } from '../render';
import type { OrgRec } from '../snapshot';

export const organizationRoutes: Route[] = [
  route('GET', '/organizations', 'cross', ({ state, query, user }) => {
    const paging = parsePaging(query);
    const orgs = user.orgIds
      .map((id) => state.orgs.get(id))
      .filter((o): o is OrgRec => o !== undefined);
    const page = pageOfArray(orgs, paging, orgJson);
    return {
      status: 200,
      body: { data: page.data, meta: { ...page.meta, user: { id: user.id, name: user.name } } },
    };
  }),
  route('GET', '/organizations/:org_id', 'cross', ({ state, params, user }) => {
    const org = state.orgs.get(params.org_id ?? '');
    if (!org) throw notFound('Organization');
    if (!user.orgIds.includes(org.id))
      throw new ApiError(403, 'forbidden', 'This API key has no access to this organization.');
    return { status: 200, body: { data: orgJson(org) } };
  }),
];
