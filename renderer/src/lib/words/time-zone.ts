/**
 * Time zones as the server names them (IANA names: "Europe/Berlin"), kept only when this
 * browser knows them: Intl throws on a name it does not know, and a server's text must never
 * break a screen. Also the offset from UTC a zone has at an instant, for the CSV's times.
 */
const known = new Map<string, boolean>();

export const knownTimeZone = (zone: string | null | undefined): string | undefined => {
  if (!zone) return undefined;
  let ok = known.get(zone);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      ok = true;
    } catch {
      ok = false;
    }
    known.set(zone, ok);
  }
  return ok ? zone : undefined;
};

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** Minutes east of UTC in `zone` at `at` ("GMT+02:00" read back; the computer's without one). */
export const offsetMinutesIn = (zone: string | undefined, at: Date): number => {
  if (zone === undefined) return -at.getTimezoneOffset();
  let format = offsetFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    offsetFormats.set(zone, format);
  }
  const name = format.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? '';
  const found = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name);
  if (!found) return 0;
  const minutes = Number(found[2]) * 60 + Number(found[3] ?? 0);
  return found[1] === '-' ? -minutes : minutes;
};
