/** Time ranges and series helpers for the foot-traffic calls. */
import type { FootTraffic, LocationMetric } from '../../../electron/contract';

const DAY_MS = 86_400_000;

/** The last seven whole days up to now, as the ISO range the contract wants. */
export const lastSevenDays = (now: number = Date.now()): { from: string; to: string } => {
  const end = new Date(now);
  end.setUTCMinutes(0, 0, 0);
  return { from: new Date(end.getTime() - 7 * DAY_MS).toISOString(), to: end.toISOString() };
};

export const metricsByLocation = (
  metrics: readonly LocationMetric[],
): Map<string, LocationMetric> => new Map(metrics.map((m) => [m.location.id, m]));

export const counts = (series: readonly FootTraffic[]): number[] => series.map((b) => b.count);

export const isoNow = (): string => new Date().toISOString();
