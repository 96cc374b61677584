/** Series helpers for the foot-traffic calls (the 7-day range: visitor-range.ts). */
import type { AppErrorShape, LocationTraffic } from '$shared';
import { toErrorShape } from '../transport/app-failure';

/**
 * The one failure of a foot-traffic call that is shown where the counts would be: the server's
 * format is one the app does not read (saying so beats an empty place). Offline and other
 * failures give null: the counts are decoration and the screen works without them.
 */
export const unreadableTraffic = (error: unknown): AppErrorShape | null => {
  const shape = toErrorShape(error);
  return shape.code === 'traffic_unknown_format' ? shape : null;
};

export const metricsByLocation = (
  metrics: readonly LocationTraffic[],
): Map<string, LocationTraffic> => new Map(metrics.map((m) => [m.location.id, m]));
