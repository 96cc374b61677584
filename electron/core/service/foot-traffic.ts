/**
 * Foot traffic: asked of the server when online (it is about now) and kept, so the last answer
 * for the same range is still there offline.
 */
import type { DeviceTraffic, LocationMetric, ParsedInput } from '../../contract';
import { traitsOf } from '../../error-traits';
import { AppError } from '../app-error';
import { requireScope, tracked, type ServiceContext, type SignedInScope } from './context';
import { readEitherCase } from './serial-spelling';

async function kept<T>(
  ctx: ServiceContext,
  scope: SignedInScope,
  query: string,
  fetch: () => Promise<T>,
): Promise<T> {
  try {
    const value = await tracked(ctx, fetch);
    try {
      scope.store.cache.traffic.put(query, value, new Date().toISOString());
    } catch (error) {
      ctx.options.log.warn('could not keep foot traffic', { error: String(error) });
    }
    return value;
  } catch (error) {
    const offline = error instanceof AppError && traitsOf(error.kind).connectivity;
    const last = offline ? scope.store.cache.traffic.get<T>(query) : null;
    if (last) return last.value;
    throw error;
  }
}

export function locationsFootTraffic(
  ctx: ServiceContext,
  input: ParsedInput<'locationsFootTraffic'>,
): Promise<LocationMetric[]> {
  const scope = requireScope(ctx);
  return kept(ctx, scope, `locations:${JSON.stringify(input)}`, () =>
    scope.api.locationsFootTraffic(input),
  );
}

export async function deviceFootTraffic(
  ctx: ServiceContext,
  input: ParsedInput<'deviceFootTraffic'>,
): Promise<DeviceTraffic> {
  const scope = requireScope(ctx);
  const { serial, ...range } = input;
  const { series, total } = await kept(ctx, scope, `device:${JSON.stringify(input)}`, () =>
    readEitherCase(serial, (spelling) => scope.api.deviceFootTraffic(spelling, range)),
  );
  return { serial, series, total };
}
