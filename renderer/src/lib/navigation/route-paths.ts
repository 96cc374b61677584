/**
 * The one table between screens and addresses (`location.hash`). Other parts build on these
 * exact paths (desktop deep links, links between screens), so change them only here:
 *
 *   #/locations                     #/inventory        #/activity[?check={receipt code}]
 *   #/locations/{id}                #/inventory/all    #/settings
 *   #/locations/{id}/scan           #/scan             #/receipts/{visitId}
 *   #/locations/{id}/replace        #/pick-list
 *   #/locations/{id}/pick-list
 *   #/devices/{serial}[?at={locationId}]
 *   #/verify/{serial}?at={locationId}&since={installedAt}
 *
 * Segments and query values are encodeURIComponent'd (an id's "/", "?", "#", "%" and spaces
 * too: ids and serials are the server's opaque strings) and decoded exactly once; they are
 * checked with the contract's own rules, so an address typed or edited by hand can never reach
 * the core with a bad id.
 */
import { isId, isSerial } from '$shared/id-patterns';
import type { Route } from './routes';
import { isReceiptCode } from '../visit/receipt-code';

export const HOME: Route = { name: 'locations' };
export const HOME_PATH = '#/locations';

const enc = encodeURIComponent;

export function routeToPath(route: Route): string {
  switch (route.name) {
    case 'locations':
      return HOME_PATH;
    case 'location':
      return `#/locations/${enc(route.locationId)}`;
    case 'scan':
      return route.locationId ? `#/locations/${enc(route.locationId)}/scan` : '#/scan';
    case 'replace':
      return `#/locations/${enc(route.locationId)}/replace`;
    case 'pick-list':
      return route.locationId ? `#/locations/${enc(route.locationId)}/pick-list` : '#/pick-list';
    case 'receipt':
      return `#/receipts/${enc(route.visitId)}`;
    case 'device':
      return `#/devices/${enc(route.serial)}${route.locationId ? `?at=${enc(route.locationId)}` : ''}`;
    case 'verify':
      return `#/verify/${enc(route.serial)}?at=${enc(route.locationId)}&since=${enc(route.installedAt)}`;
    case 'inventory':
      return route.view === 'all' ? '#/inventory/all' : '#/inventory';
    case 'activity':
      return route.check ? `#/activity?check=${enc(route.check)}` : '#/activity';
    case 'settings':
      return '#/settings';
  }
}

const decode = (segment: string): string | null => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null; // a lone "%" and the like
  }
};

/** A path segment, decoded once; a query value (URLSearchParams decoded it already) as it is. */
const id = (segment: string | undefined): string | null => {
  const value = segment === undefined ? null : decode(segment);
  return value !== null && isId(value) ? value : null;
};
const idValue = (value: string | null): string | null =>
  value !== null && isId(value) ? value : null;
const serial = (segment: string | undefined): string | null => {
  const value = segment === undefined ? null : decode(segment);
  // As written: the core sends the server's spelling of it (electron/shared/serial-key.ts).
  return value !== null && isSerial(value) ? value : null;
};
const isTime = (value: string | null): value is string =>
  value !== null && value.length <= 40 && !Number.isNaN(Date.parse(value));

/** The screen a hash names, or null when it names none (unknown, or an id no id can be). */
export function pathToRoute(hash: string): Route | null {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  const [pathPart = '', queryPart = ''] = raw.split('?', 2);
  const parts = pathPart.split('/');
  if (parts.shift() !== '') return null; // paths start with "/"
  const query = new URLSearchParams(queryPart);
  const [head, a, b, ...rest] = parts;
  if (rest.length > 0) return null;
  switch (head) {
    case undefined:
      return null;
    case 'locations': {
      if (a === undefined) return HOME;
      const locationId = id(a);
      if (!locationId) return null;
      if (b === undefined) return { name: 'location', locationId };
      if (b === 'scan') return { name: 'scan', locationId };
      if (b === 'pick-list') return { name: 'pick-list', locationId };
      return b === 'replace' ? { name: 'replace', locationId } : null;
    }
    case 'receipts': {
      const visitId = b === undefined ? id(a) : null;
      return visitId ? { name: 'receipt', visitId } : null;
    }
    case 'scan':
      return a === undefined ? { name: 'scan', locationId: null } : null;
    case 'pick-list':
      return a === undefined ? { name: 'pick-list', locationId: null } : null;
    case 'devices': {
      const s = b === undefined ? serial(a) : null;
      if (!s) return null;
      const at = query.get('at');
      if (at === null) return { name: 'device', serial: s, locationId: null };
      const locationId = idValue(at);
      return locationId ? { name: 'device', serial: s, locationId } : null;
    }
    case 'verify': {
      const s = b === undefined ? serial(a) : null;
      const locationId = idValue(query.get('at'));
      const since = query.get('since');
      if (!s || !locationId || !isTime(since)) return null;
      return { name: 'verify', serial: s, locationId, installedAt: since };
    }
    case 'inventory':
      if (a === undefined) return { name: 'inventory', view: 'uninstalled' };
      return a === 'all' && b === undefined ? { name: 'inventory', view: 'all' } : null;
    case 'activity': {
      if (a !== undefined) return null;
      const check = query.get('check');
      if (check === null) return { name: 'activity' };
      return isReceiptCode(check) ? { name: 'activity', check } : null;
    }
    case 'settings':
      return a === undefined ? { name: head } : null;
    default:
      return null;
  }
}
