/**
 * What the tolerant readers adapted to in a server's answers, for the connection check to name
 * in its report (support sees which of the spec's "not shown" parts this server fills its own
 * way). Kinds and parameters only: the renderer words them (lib/words/connection-report.ts).
 */
export type ApiFinding =
  /** A device that is not installed came with a location without an id ({id: "", name: ""}),
   * or with `installed: false` beside a location. */
  | { kind: 'not_installed_empty_location' }
  /** A time written as a zero value (0001-01-01T00:00:00Z, 0, "") was read as "never". */
  | { kind: 'zero_time_is_never' }
  /** A single resource came wrapped in a named root ({"device": {…}}). */
  | { kind: 'named_root' }
  /** The locations' foot traffic came as one record per location and time bucket. */
  | { kind: 'traffic_flat_records'; granularity: 'hour' | 'day' }
  /** The locations' foot traffic included locations of other organizations (left out). */
  | { kind: 'traffic_other_organizations'; locations: number };

/** Told of each finding as a reader makes it; the same finding may be told many times. */
export type FindingSink = (finding: ApiFinding) => void;

export const ignoreFindings: FindingSink = () => undefined;
