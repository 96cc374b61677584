/** Foot traffic: always live (it is about now), so no cache; offline is a clear error. */
import type { DeviceTraffic, ParsedInput } from '../../contract';
import { requireScope, type ServiceContext } from './context';
import { tracked } from './read-service';

export function locationsFootTraffic(
  ctx: ServiceContext,
  input: ParsedInput<'locationsFootTraffic'>,
) {
  const scope = requireScope(ctx);
  return tracked(ctx, () => scope.api.locationsFootTraffic(input));
}

export async function deviceFootTraffic(
  ctx: ServiceContext,
  input: ParsedInput<'deviceFootTraffic'>,
): Promise<DeviceTraffic> {
  const scope = requireScope(ctx);
  const { serial, ...range } = input;
  const { series, total } = await tracked(ctx, () => scope.api.deviceFootTraffic(serial, range));
  return { serial, series, total };
}
