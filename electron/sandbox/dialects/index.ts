/**
 * Dialects: the same sandbox data answered with other choices for everything the vendor's spec
 * leaves "not shown" (paging, list envelopes, address and foot-traffic shapes, error bodies and
 * codes, write answers, extra device fields). What the spec fixes never changes: paths, Basic
 * auth, the Device fields and the `{data, meta?}` envelope of GET /locations/{loc_id}/devices.
 * Routes render the default's shapes; the helpers in answers.ts respell them at the edge.
 * docs/api/openapi.yaml (`x-dialects`) documents this table.
 */
import type { AddressStyle } from './address';
import type { ListEnvelope } from './envelope';
import { DEFAULT_ERRORS, type ErrorStyle } from './errors';
import type { TrafficScope, TrafficStyle } from './foot-traffic';
import type { IdStyle } from './ids';
import type { PagingStyle } from './paging';
import type { NeverStyle, NotInstalledStyle, SingleStyle } from './resources';
import type { SerialStyle } from './serials';
import type { ValidatorStyle } from './validators';
import type { CreateStyle, DeviceWriteStyle } from './writes';

export interface Dialect {
  name: string;
  summary: string;
  paging: PagingStyle;
  // Decision record 32; absent = the default's choice.
  /** Validators on GET answers and 304s for requests naming them: 'etag' (default). */
  validators?: ValidatorStyle;
  /** GET /devices and /uninstalled-devices filter on `?updated_since=` and echo it (default true). */
  updatedSince?: boolean;
  envelope: ListEnvelope;
  address: AddressStyle;
  traffic: TrafficStyle;
  errors: ErrorStyle;
  deviceWrite: DeviceWriteStyle;
  createLocation: CreateStyle;
  /** Adds `vendor_ext: {…}` to every device. */
  deviceExtras: boolean;
  // The tolerant reader's classes (decision record 37); absent = the default's choice.
  /** GETs of one device, location or organization: `{data}` (default), bare, a named root. */
  single?: SingleStyle;
  /** A device that is not installed: `location: null` (default), a zero value, omitted. */
  notInstalled?: NotInstalledStyle;
  /** A time that never happened (a device never checked in): null (default), a zero value. */
  never?: NeverStyle;
  /** GET /foot-traffic/locations: the request's organization (default) or all of the user's. */
  trafficScope?: TrafficScope;
  /** How serials are spelled and looked up (default 'as-held'). */
  serials?: SerialStyle;
  // Decision record 69's classes; absent = the default's choice.
  /** How organizations and stores are named (default 'plain'). */
  ids?: IdStyle;
  /** A device's foot-traffic series comes in pages of the lists' style (default: one answer). */
  seriesPaged?: boolean;
}

export const DEFAULT_DIALECT: Dialect = {
  name: 'default',
  summary: 'The documented assumptions of docs/api/openapi.yaml (training mode and the app).',
  paging: 'page',
  envelope: 'data-meta',
  address: 'lines',
  traffic: 'start-end-count',
  errors: DEFAULT_ERRORS,
  deviceWrite: 'wrapped',
  createLocation: 'wrapped',
  deviceExtras: false,
};

const CURSOR_META: Dialect = {
  name: 'cursor-meta',
  summary:
    'cursor paging with meta.next_cursor inside {data, meta}, street/postcode/state, country names.',
  paging: 'cursor-token',
  validators: 'last-modified',
  envelope: 'data-meta',
  address: 'street-country-name',
  traffic: 'bucket-value',
  errors: {
    validation: 'flat',
    client: 'list',
    server: 'string',
    validationStatus: 400,
    forbiddenStatus: 404,
    challenge: false,
  },
  deviceWrite: 'bare-201',
  createLocation: 'bare-located',
  deviceExtras: true,
};

export const DIALECTS: readonly Dialect[] = [
  DEFAULT_DIALECT,
  {
    name: 'offset-flat',
    summary:
      'offset/limit with a total, flat {items, offset, limit, total}, address1/zip/town/state.',
    paging: 'offset',
    validators: 'none',
    updatedSince: false,
    envelope: 'items',
    address: 'address1-zip',
    traffic: 'timestamp-count',
    errors: {
      validation: 'list',
      client: 'flat',
      server: 'text',
      validationStatus: 400,
      forbiddenStatus: 404,
      challenge: false,
    },
    deviceWrite: 'bare-201',
    createLocation: 'bare-located',
    deviceExtras: true,
  },
  {
    name: 'cursor-links',
    summary:
      'cursor paging with an absolute links.next URL, {results, links}, street_address/locality/province/postcode, country names.',
    paging: 'cursor-link',
    envelope: 'results',
    address: 'street-address-locality',
    traffic: 'date-visitors',
    errors: {
      validation: 'string',
      client: 'string',
      server: 'html',
      validationStatus: 400,
      forbiddenStatus: 404,
      challenge: false,
    },
    deviceWrite: 'no-content',
    createLocation: 'id-only',
    deviceExtras: true,
  },
  {
    name: 'link-header-bare',
    summary:
      'bare JSON arrays paged by an RFC 8288 Link header, one-line addresses, plain-text errors.',
    paging: 'link-header',
    // A bare array has nowhere to say that the filter was applied.
    updatedSince: false,
    envelope: 'bare',
    address: 'one-line',
    traffic: 'in-out',
    errors: {
      validation: 'text',
      client: 'text',
      server: 'html',
      validationStatus: 400,
      forbiddenStatus: 404,
      challenge: false,
    },
    deviceWrite: 'empty',
    createLocation: 'id-located',
    deviceExtras: true,
  },
  CURSOR_META,
  {
    name: 'go-zero',
    summary:
      'Go-style zero values: a device not installed has location {id: "", name: ""}, a time that never happened is 0001-01-01T00:00:00Z; single resources bare; offset/limit in flat {items, …}.',
    paging: 'offset',
    envelope: 'items',
    address: 'address1-zip',
    traffic: 'timestamp-count',
    errors: {
      validation: 'flat',
      client: 'flat',
      server: 'text',
      validationStatus: 400,
      forbiddenStatus: 404,
      challenge: false,
    },
    deviceWrite: 'bare-201',
    createLocation: 'bare-located',
    deviceExtras: true,
    single: 'bare',
    notInstalled: 'zero-value',
    never: 'go-zero',
  },
  {
    name: 'rails-root',
    summary:
      'Rails-style named roots ({device: …}, {location: …}, {organization: …}) on reads and writes, install answered {status: "ok"} and uninstall 204, no location but installed: false on devices not installed; bare arrays paged by a Link header.',
    paging: 'link-header',
    // A bare array has nowhere to say that the filter was applied.
    updatedSince: false,
    envelope: 'bare',
    address: 'street-address-locality',
    traffic: 'date-visitors',
    errors: {
      validation: 'list',
      client: 'string',
      server: 'html',
      validationStatus: 400,
      forbiddenStatus: 404,
      challenge: false,
    },
    deviceWrite: 'rails',
    createLocation: 'named-root',
    deviceExtras: true,
    single: 'named-root',
    notInstalled: 'omitted-flag',
  },
  {
    name: 'flat-traffic',
    summary:
      'foot traffic as flat records (one per location and bucket, spread over pages) for every organization of the user, a device series whose total counts records; offset paging inside {data, meta}; "" for a time that never happened.',
    paging: 'offset',
    envelope: 'data-meta',
    address: 'street-country-name',
    traffic: 'flat-records',
    errors: {
      validation: 'string',
      client: 'list',
      server: 'flat',
      validationStatus: 400,
      forbiddenStatus: 404,
      challenge: false,
    },
    deviceWrite: 'empty',
    createLocation: 'id-located',
    deviceExtras: true,
    never: 'empty-string',
    trafficScope: 'user',
  },
  {
    ...CURSOR_META,
    name: 'lower-hex',
    summary:
      'lower-case hex serials looked up case-sensitively (any other spelling is a 404), with cursor-meta’s other choices.',
    serials: 'lower-hex',
  },
  {
    name: 'drf-opaque',
    summary:
      'Django REST Framework style: ?page= only, 20 a page whatever is asked, {count, next, previous, results} with next null on the short last page; opaque ids (letters of any script, spaces, ":", "/", "?", "#", "%") and serials spelled with spaces (PC 2401 3006 …), found only so; schema.org-style addresses; device writes answered 202 Accepted {task_id} and made 1.5 s later; a device’s foot traffic in pages too; single resources bare.',
    paging: 'page-number',
    validators: 'none',
    updatedSince: false,
    envelope: 'results',
    address: 'schema-org',
    traffic: 'timestamp-count',
    errors: {
      validation: 'string',
      client: 'flat',
      server: 'html',
      validationStatus: 400,
      forbiddenStatus: 404,
      challenge: false,
    },
    deviceWrite: 'accepted-202',
    createLocation: 'id-located',
    deviceExtras: true,
    single: 'bare',
    ids: 'opaque',
    serials: 'spaced-digits',
    seriesPaged: true,
  },
  {
    name: 'offset-link-pending',
    summary:
      'offset/limit cut to 20 without a word, {items, offset, limit} with no total and an RFC 8288 Link header while there is more — a device’s foot traffic too; opaque ids; addresses as address_lines / municipality / province / zip / country name; device writes answered 200 {status: "pending", job} and made 1.5 s later; single resources in a named root.',
    paging: 'offset-link',
    updatedSince: false,
    envelope: 'items',
    address: 'lines-municipality',
    traffic: 'date-visitors',
    errors: {
      validation: 'flat',
      client: 'list',
      server: 'text',
      validationStatus: 400,
      forbiddenStatus: 404,
      challenge: false,
    },
    deviceWrite: 'pending-200',
    createLocation: 'bare-located',
    deviceExtras: true,
    single: 'named-root',
    ids: 'opaque',
    seriesPaged: true,
  },
];

export const dialectNames = (): string[] => DIALECTS.map((d) => d.name);

class UnknownDialectError extends Error {
  constructor(readonly requested: string) {
    super(`unknown dialect "${requested}"; known dialects: ${dialectNames().join(', ')}`);
  }
}

/** undefined = the default. */
export const resolveDialect = (name: string | undefined): Dialect => {
  if (name === undefined) return DEFAULT_DIALECT;
  const found = DIALECTS.find((d) => d.name === name);
  if (!found) throw new UnknownDialectError(name);
  return found;
};
