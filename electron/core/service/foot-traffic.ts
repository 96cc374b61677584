/**
 * Foot traffic: asked of the server when online (it is about now) and kept, so the last answer
 * for the same range is still there offline. A range that had already ended when it was last
 * asked (a store's last seven whole days) is answered from that for a while: every screen that
 * re-reads on `data-updated` asked it again, a request each minute while a store was on screen.
 */
import type { DeviceTraffic, LocationMetric, ParsedInput } from '../../contract';
import { traitsOf } from '../../error-traits';
import { AppError } from '../app-error';
import { requireScope, tracked, type ServiceContext, type SignedInScope } from './context';
import { readEitherCase } from './serial-spelling';

/** A past range's counts, asked again within this, are the answer kept (issue 26). */
const PAST_RANGE_FRESH_MS = 60 * 60_000;

async function kept<T>(
  ctx: ServiceContext,
  scope: SignedInScope,
  query: string,
  fetch: () => Promise<T>,
  rangeEnd: string,
): Promise<T> {
  const last = scope.store.cache.traffic.get<T>(query);
  if (last) {
    const fetchedAt = Date.parse(last.fetchedAt);
    const ended = Date.parse(rangeEnd) <= fetchedAt;
    if (ended && Date.now() - fetchedAt < PAST_RANGE_FRESH_MS) return last.value;
  }
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
  return kept(
    ctx,
    scope,
    `locations:${JSON.stringify(input)}`,
    () => scope.api.locationsFootTraffic(input),
    input.to,
  );
}

export async function deviceFootTraffic(
  ctx: ServiceContext,
  input: ParsedInput<'deviceFootTraffic'>,
): Promise<DeviceTraffic> {
  const scope = requireScope(ctx);
  const { serial, ...range } = input;
  const { series, total } = await kept(
    ctx,
    scope,
    `device:${JSON.stringify(input)}`,
    () => readEitherCase(serial, (spelling) => scope.api.deviceFootTraffic(spelling, range)),
    input.to,
  );
  return { serial, series, total };
}
