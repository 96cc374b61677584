/** Public types of the sandbox (see index.ts). Other parts code against these; keep them stable. */

/** `unknown_shape` (failNext only): a 200 whose JSON list holds items in no shape any client
 * reads, e.g. foot traffic a real server might send in a format the app does not know. */
export type FaultKind =
  'error' | 'rate_limit' | 'drop' | 'malformed' | 'stall' | 'html' | 'unknown_shape';

export interface Faults {
  /** Added to every matching /v1 answer. */
  latencyMs: number;
  /** Up to this much extra latency, drawn from the seeded PRNG. */
  jitterMs: number;
  /** Probability (0..1) of a 500/502/503. */
  errorRate: number;
  /** Probability (0..1) of a 429 with Retry-After. */
  rateLimitRate: number;
  retryAfterS: number;
  /** Probability (0..1) the socket is destroyed without an answer. */
  dropRate: number;
  /** Probability (0..1) of a 200 with truncated JSON. */
  malformedRate: number;
  /** Probability (0..1) of headers + half a body, then silence until the client gives up. */
  stallRate: number;
  /** Probability (0..1) of a 200 text/html "proxy login page". */
  htmlRate: number;
  /** Regex tested against the request path (e.g. '/v1/devices/.+/install'); faults apply only on a match. */
  pathPattern?: string;
  /** Upper-case methods; faults apply only to these. */
  methods?: string[];
  /**
   * Deterministic faults for tests: the next `count` matching /v1 requests get `kind`.
   * `status` picks the 5xx for 'error'. With `afterHandling` the request is processed first
   * (state changes happen) and only the answer is replaced: "the server did it, the reply was lost".
   */
  failNext?: { count: number; kind: FaultKind; status?: number; afterHandling?: boolean };
}

export interface SandboxOptions {
  /** 0 = a free port (default). */
  port?: number;
  /** Default '127.0.0.1'. */
  host?: string;
  /** Default 1. */
  seed?: number;
  /** Load state from here at start (if present) and save mutations to it. */
  dataFile?: string;
  /** Devices per organization, default 300. */
  devices?: number;
  /** Serve HTTPS with a self-signed certificate generated at start. */
  tls?: boolean;
  /** Seconds from install to the device's first check-in, default 5. */
  firstCheckinDelayS?: number;
  /** Seconds in a bucket of a device's "minute" foot traffic, default 60. */
  minuteBucketS?: number;
  /** Millisecond clock, default Date.now. */
  now?: () => number;
  faults?: Partial<Faults>;
  log?: (line: string) => void;
  /**
   * How answers spell what the vendor's spec leaves "not shown" (docs/api/openapi.yaml,
   * x-dialects): 'default', 'offset-flat', 'cursor-links', 'link-header-bare', 'cursor-meta',
   * 'lower-hex', 'drf-opaque', 'offset-link-pending'.
   * An unknown name is an error listing the known ones.
   */
  dialect?: string;
  /** Wall-clock ms before a write the dialect accepts for later is made (default 1,500). */
  acceptedDelayMs?: number;
}

export interface SandboxUser {
  name: string;
  api_key: string;
  organizations: { id: string; name: string }[];
}

export interface RequestLogEntry {
  method: string;
  /** Path with query string. */
  path: string;
  /** Basic-auth username (organization id; '' on cross-organization calls); null without credentials. */
  username: string | null;
  /** 0 when the connection was dropped on purpose. */
  status: number;
  /**
   * When the request arrived (epoch ms). Entries are logged when the answer is sent, so a
   * request that came before a moment can be logged after it (its client may have gone).
   */
  receivedAt: number;
}

export interface RunningSandbox {
  /** e.g. 'http://127.0.0.1:PORT/v1' */
  baseUrl: string;
  /** e.g. 'http://127.0.0.1:PORT' (control routes live under /_sandbox here). */
  origin: string;
  /** The dialect it answers in ('default' unless asked). */
  dialect: string;
  users: SandboxUser[];
  setFaults(f: Partial<Faults>): void;
  clearFaults(): void;
  /** These take a serial as the dialect spells it, or as the sandbox holds it (seeded). */
  walkThrough(serial: string, count: number): void;
  /** People cross a device's line; it counts `errorPercent` (default 3) of them short. */
  peopleCross(
    serial: string,
    people: { in: number; out: number },
    errorPercent?: number,
  ): { in: number; out: number };
  /** The length of a device's "minute" buckets from now on. */
  setMinuteBucketSeconds(seconds: number): void;
  setSilent(serial: string, silent: boolean): void;
  checkIn(serial: string): void;
  deviceLocation(serial: string): { id: string; name: string } | null;
  /** A serial as the sandbox holds it (as seeded), from the dialect's spelling of it. */
  heldSerial(serial: string): string;
  /** From now on, writes the dialect accepts for later are made this long after (Infinity: never). */
  setAcceptedDelay(ms: number): void;
  /**
   * Installs devices of the store's organization there until it has `count` (from other
   * stores first, then from the inventory): for tests of a store with many devices. Answers
   * the serials installed, as held.
   */
  fillLocation(locationId: string, count: number): string[];
  /**
   * Adds a person with a key of their own to existing organizations (the seed has no two
   * users sharing one); kept in the data file like the rest of the state.
   */
  addUser(name: string, organizationIds: readonly string[]): SandboxUser;
  requestLog(): ReadonlyArray<RequestLogEntry>;
  close(): Promise<void>;
}
