/** Series helpers for the foot-traffic calls (the 7-day range: visitor-range.ts). */
import type { LocationMetric } from '../../../electron/contract';

export const metricsByLocation = (
  metrics: readonly LocationMetric[],
): Map<string, LocationMetric> => new Map(metrics.map((m) => [m.location.id, m]));

export const isoNow = (): string => new Date().toISOString();
