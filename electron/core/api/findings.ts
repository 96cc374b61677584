/**
 * What the tolerant readers adapted to in a server's answers, for the connection check to name
 * in its report (support sees which of the spec's "not shown" parts this server fills its own
 * way). Kinds and parameters only: the renderer words them (lib/words/connection-report.ts).
 * Declared once as a schema: the type is inferred, and a kept report is read back with it.
 */
import { z } from 'zod';

export const ApiFinding = z.discriminatedUnion('kind', [
  /** A device that is not installed came with a location without an id ({id: "", name: ""}),
   * or with `installed: false` beside a location. */
  z.object({ kind: z.literal('not_installed_empty_location') }),
  /** A time written as a zero value (0001-01-01T00:00:00Z, 0, "") was read as "never". */
  z.object({ kind: z.literal('zero_time_is_never') }),
  /** A single resource came wrapped in a named root ({"device": {…}}). */
  z.object({ kind: z.literal('named_root') }),
  /** The locations' foot traffic came as one record per location and time bucket. */
  z.object({ kind: z.literal('traffic_flat_records'), granularity: z.enum(['hour', 'day']) }),
  /** The locations' foot traffic included locations of other organizations (left out). */
  z.object({ kind: z.literal('traffic_other_organizations'), locations: z.number().int().min(0) }),
]);
export type ApiFinding = z.infer<typeof ApiFinding>;

/** Told of each finding as a reader makes it; the same finding may be told many times. */
export type FindingSink = (finding: ApiFinding) => void;

export const ignoreFindings: FindingSink = () => undefined;
