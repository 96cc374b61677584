/**
 * Foot traffic: asked of the server when online (it is about now) and kept, so the last answer
 * for the same range is still there offline. A range that had already ended when it was last
 * asked (a store's last seven whole days) is answered from that for a while: every screen that
 * re-reads on `data-updated` asked it again, a request each minute while a store was on screen.
 */
import type { DeviceTraffic, ParsedInput } from '../../shared';
import type { FootTraffic, LocationMetric } from '../api/records';
import { traitsOf } from '../../shared/error-traits';
import { AppError } from '../app-error';
import { requireScope, tracked, type ServiceContext, type SignedInScope } from './context';
import { readEitherCase } from './serial-spelling';

/** A past range's counts, asked again within this, are the answer kept (decision record 32). */
const PAST_RANGE_FRESH_MS = 60 * 60_000;

/**
 * The same query asked again while its request is out joins it: a store screen re-reads on
 * every data-updated event, and the events of its own first refreshes came before the week's
 * counts (hundreds of KB) were answered — three identical requests each time a store opened.
 */
const inFlight = new WeakMap<SignedInScope, Map<string, Promise<unknown>>>();

function kept<T>(
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
    if (ended && Date.now() - fetchedAt < PAST_RANGE_FRESH_MS) return Promise.resolve(last.value);
  }
  let out = inFlight.get(scope);
  if (!out) inFlight.set(scope, (out = new Map()));
  const joined = out.get(query) as Promise<T> | undefined;
  if (joined) return joined;
  const asked = ask(ctx, scope, query, fetch).finally(() => out.delete(query));
  out.set(query, asked);
  return asked;
}

async function ask<T>(
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
): Promise<DeviceTraffic<FootTraffic>> {
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
