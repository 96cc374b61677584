/**
 * Turns whatever a scanner or a person produced into a device serial, or null.
 *
 * Labels in the field carry the serial in many wrappers: a plain code, a URL printed as a QR
 * code, a `key=value` payload, a small JSON object, or a GS1 element string with the serial in
 * Application Identifier (21). Everything is reduced to the serial itself: no whitespace, and
 * the rule for a typed serial (`isTypedSerial`: letters, digits, ".", "_", "-"). Its case is
 * kept: the core finds the server's own spelling of it (electron/shared/serial-key.ts), so
 * "PC00338396" opens the device the server calls "PC 0033 8396", and a server may spell serials
 * in lower case.
 */
import { isTypedSerial } from '$shared/id-patterns';

/** Names that carry the serial (URL query parameters, JSON keys). */
const SERIAL_KEYS = ['serial', 'serial_number', 'serialnumber', 'sn', 's/n'];
/** Weaker hints, tried only after the URL path. */
const FALLBACK_KEYS = ['device', 'id'];

/** "SN=…", "serial: …", "S/N …", "Serial No. …" — a separator is required after the key so
 * that serials that merely start with "SN" are left intact. */
const KEY_VALUE =
  /^(?:s\/n|sn|ser(?:ial)?(?:[ ._-]?(?:no|nr|number|num))?\.?)\s*(?:[:=#]\s*|\s+)(.+)$/i;
const S_SLASH_N = /^s\/n\s*(.+)$/i;

/** Payloads often carry more fields after the serial: "SN=X;MAC=…". */
const FIELD_END = /[;&,|\n\r]/;

// Scanners may send AIM symbology identifiers (]C1 = GS1-128, ]Q3 = GS1 QR, ]d2 = GS1 DataMatrix)
// and ASCII control characters such as GS (FNC1) between GS1 fields.
const SYMBOLOGY_ID = /^\][A-Za-z][0-9A-Za-z]/;
const GS1_SYMBOLOGY_ID = /^\](?:C1|e0|d2|Q3|J1)/;
const GS = '\u001d';

const stripControlChars = (text: string): string =>
  Array.from(text)
    .filter((c) => c.charCodeAt(0) > 0x1f && c !== '\u007f')
    .join('');

export function normaliseSerial(raw: string): string | null {
  const candidate = unwrap(raw);
  if (candidate === null) return null;
  return clean(candidate);
}

function clean(candidate: string): string | null {
  const serial = candidate.replace(/\s+/g, '');
  return isTypedSerial(serial) ? serial : null;
}

function unwrap(raw: string): string | null {
  const gs1Hint = GS1_SYMBOLOGY_ID.test(raw) || raw.includes(GS);
  let text = raw.replace(SYMBOLOGY_ID, '').trim();
  const gs1 = fromGs1(text, gs1Hint);
  if (gs1 !== null) return gs1;
  text = stripControlChars(text).trim();
  if (text === '') return null;

  if (text.startsWith('{')) return fromJson(text);
  const url = parseUrl(text);
  if (url) return fromUrl(url);

  const keyed = KEY_VALUE.exec(text) ?? S_SLASH_N.exec(text);
  if (keyed?.[1] !== undefined) return firstField(keyed[1]);
  return text;
}

function firstField(value: string): string {
  return value.split(FIELD_END)[0] ?? '';
}

/** GS1: "(21)SERIAL" (human-readable form) or "01<14 digits>21SERIAL<GS>…" (raw form). */
function fromGs1(text: string, gs1Hint: boolean): string | null {
  const bracketed = /\(21\)([^(]+)/.exec(text);
  if (bracketed?.[1] !== undefined) return bracketed[1];
  // Without a symbology identifier or GS the raw form is indistinguishable from a numeric serial.
  if (!gs1Hint) return null;
  // The serial is variable length, so it ends at GS (FNC1) or at the end of the payload.
  const firstGroup = text.split(GS).find((f) => f !== '') ?? '';
  const withGtin = /^01\d{14}(?:1[0-7]\d{6})*21(.+)$/.exec(firstGroup);
  if (withGtin?.[1] !== undefined) return withGtin[1];
  const field = text.split(GS).find((f) => f.startsWith('21'));
  return field === undefined ? null : field.slice(2);
}

function fromJson(text: string): string | null {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const byKey = new Map<string, unknown>();
    for (const [key, found] of Object.entries(value)) byKey.set(key.toLowerCase(), found);
    for (const key of [...SERIAL_KEYS, ...FALLBACK_KEYS]) {
      const found = byKey.get(key);
      if (typeof found === 'string') return found;
    }
  } catch {
    // Not JSON after all: fall through to "not a serial".
  }
  return null;
}

function parseUrl(text: string): URL | null {
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text);
  // "example.com/d/FTC-1" (no scheme) is still a URL; a bare serial has no slash or dot-host.
  const looksLikeHost = /^[a-z0-9-]+(?:\.[a-z0-9-]+)+(?::\d+)?[/?]/i.test(text);
  if (!hasScheme && !looksLikeHost) return null;
  try {
    return new URL(hasScheme ? text : `https://${text}`);
  } catch {
    return null;
  }
}

function fromUrl(url: URL): string | null {
  const params = new Map<string, string>();
  for (const [key, value] of url.searchParams) params.set(key.toLowerCase(), value);
  const candidates = [
    ...SERIAL_KEYS.map((k) => params.get(k)),
    lastPathSegment(url),
    ...FALLBACK_KEYS.map((k) => params.get(k)),
  ];
  // First candidate that can be a serial wins, so "/d/FTC-1?id=7" yields FTC-1, not 7.
  for (const candidate of candidates) {
    if (candidate !== undefined && clean(candidate) !== null) return candidate;
  }
  return null;
}

function lastPathSegment(url: URL): string | undefined {
  const last = url.pathname
    .split('/')
    .filter((s) => s !== '')
    .at(-1);
  if (last === undefined) return undefined;
  try {
    return decodeURIComponent(last);
  } catch {
    return undefined;
  }
}
