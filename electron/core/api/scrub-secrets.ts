/**
 * Every string that comes from a server is scrubbed of the key and the Basic token before it
 * leaves the API client. A server or a gateway that echoes the Authorization header back — in
 * a 422 field message, a 409 location name, a Link or Location header, any field of any
 * answer — would otherwise carry the key into the renderer, the outbox, the activity log and
 * the CSV export.
 */
export const SCRUBBED = '[removed]';

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** One base64 text as encoders spell it: padded or not, standard or URL-safe alphabet. */
const base64Spellings = (b64: string): string[] => {
  const url = b64.replace(/\+/g, '-').replace(/\//g, '_');
  return [b64, b64.replace(/=+$/, ''), url, url.replace(/=+$/, '')];
};

/**
 * The base64 texts a secret can hide in: the secret itself when it is a token (the Basic
 * token `org:key`, computed whole so its alignment is the one the client sends), and the
 * secret's own bytes alone or as `:secret` (the token without an organization). A base64 of
 * the key inside some other text is aligned differently and cannot be listed; the tokens the
 * client sends are exactly these.
 */
const base64Forms = (secret: string): string[] => [
  ...(BASE64.test(secret) && secret.length % 4 === 0 ? base64Spellings(secret) : []),
  ...base64Spellings(Buffer.from(secret, 'utf8').toString('base64')),
  ...base64Spellings(Buffer.from(`:${secret}`, 'utf8').toString('base64')),
];

const lowerHex = (text: string) => text.replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase());
const unicodeEscape = (code: number, upper: boolean) => {
  const hex = code.toString(16).padStart(4, '0');
  return `\\u${upper ? hex.toUpperCase() : hex}`;
};
const escapeChars = (text: string, which: (code: number) => boolean, upper: boolean) =>
  [...text]
    .map((ch) => {
      // Code units, not code points: JSON escapes a character outside the BMP as a pair.
      const units = [...Array(ch.length).keys()].map((i) => ch.charCodeAt(i));
      return units.some(which) ? units.map((u) => unicodeEscape(u, upper)).join('') : ch;
    })
    .join('');

/**
 * How a text can be written inside another text: as is; percent-encoded (upper or lower-case
 * hex, a path or a query component, a form with '+' for space); inside a JSON string (only
 * non-ASCII escaped as `\u00e9`, every character escaped, '/' as '\/'); and as UTF-16 bytes
 * read as single-byte characters.
 */
const textForms = (text: string): string[] => {
  const component = encodeURIComponent(text);
  const uri = encodeURI(text);
  const form = new URLSearchParams([['', text]]).toString().slice(1);
  const json = JSON.stringify(text).slice(1, -1);
  const forms = [text, component, uri, form, json, json.replace(/\//g, '\\/')];
  forms.push(...forms.slice(1, 4).map(lowerHex));
  for (const upper of [false, true]) {
    forms.push(escapeChars(json, (u) => u > 0x7e, upper));
    forms.push(escapeChars(text, () => true, upper));
  }
  const utf16le = Buffer.from(text, 'utf16le');
  forms.push(utf16le.toString('latin1'), Buffer.from(utf16le).swap16().toString('latin1'));
  return forms;
};

/** The last secrets' forms: a client asks with the same key for every answer, and working
 * out the ~50 spellings took ~5 ms each time. */
let remembered: { secrets: string; forms: string[] } | null = null;

/** Every form the given secrets (the key, the Basic tokens) can take in an answer. */
export function secretForms(secrets: readonly string[]): string[] {
  const id = secrets.join('\u0000');
  if (remembered?.secrets !== id) remembered = { secrets: id, forms: formsOf(secrets) };
  return remembered.forms;
}

function formsOf(secrets: readonly string[]): string[] {
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (secret.length < 4) continue;
    for (const inner of [secret, ...base64Forms(secret)])
      for (const form of textForms(inner)) forms.add(form);
  }
  // Longest first, so a token is removed whole before a key inside it is.
  return [...forms].filter((f) => f.length >= 4).sort((a, b) => b.length - a.length);
}

/** One string scrubbed (a header, a message); the forms come from secretForms. */
export const scrubText = (text: string, forms: readonly string[]): string => {
  // Most strings of an answer (serials, types, times) are shorter than any form of a key.
  if (text.length < (forms.at(-1)?.length ?? Infinity)) return text;
  let out = text;
  for (const form of forms) {
    // Sorted longest first: nothing left can fit once the forms are longer than the text.
    if (form.length > out.length) continue;
    if (out.includes(form)) out = out.split(form).join(SCRUBBED);
  }
  return out;
};

/** The parsed answer with every string (values and keys) scrubbed; untouched when clean. */
export function scrubSecrets(value: unknown, forms: readonly string[]): unknown {
  if (forms.length === 0) return value;
  if (typeof value === 'string') return scrubText(value, forms);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = scrubSecrets(value[i], forms);
    return value;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, inner] of Object.entries(value)) {
      const clean = scrubText(key, forms);
      const scrubbed = scrubSecrets(inner, forms);
      if (clean === key && scrubbed === inner) continue;
      if (clean !== key) Reflect.deleteProperty(value, key);
      // defineProperty: an assignment to a key spelled "__proto__" (an own key of parsed
      // JSON) would set the object's prototype instead.
      Object.defineProperty(value, clean, {
        value: scrubbed,
        writable: true,
        enumerable: true,
        configurable: true,
      });
    }
  }
  return value;
}
