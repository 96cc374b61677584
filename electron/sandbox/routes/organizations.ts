/** Cross-organization endpoints: the Basic-auth username is ignored, the key decides. */
import { listReply, oneReply, windowOf } from '../dialects/answers';
import { ApiError, notFound, pageOfArray } from '../http-kit';
import { route, type Route } from '../routing';
import { orgJson } from '../render';
import type { OrgRec } from '../snapshot';

export const organizationRoutes: Route[] = [
  route('GET', '/organizations', 'cross', (ctx) => {
    const { state, user } = ctx;
    const orgs = user.orgIds
      .map((id) => state.orgs.get(id))
      .filter((o): o is OrgRec => o !== undefined);
    return listReply(ctx, pageOfArray(orgs, windowOf(ctx), orgJson), {
      user: { id: user.id, name: user.name },
    });
  }),
  route('GET', '/organizations/:org_id', 'cross', (ctx) => {
    const { state, params, user } = ctx;
    const org = state.orgs.get(params.org_id ?? '');
    if (!org) throw notFound('Organization');
    if (!user.orgIds.includes(org.id))
      throw new ApiError(403, 'forbidden', 'This API key has no access to this organization.');
    return oneReply(ctx, 'organization', orgJson(org));
  }),
];
