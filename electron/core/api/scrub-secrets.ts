/**
 * Every string that comes from a server is scrubbed of the key and the Basic token before it
 * leaves the API client. A server or a gateway that echoes the Authorization header back — in
 * a 422 field message, a 409 location name, any field of any answer — would otherwise carry
 * the key into the renderer, the outbox, the activity log and the CSV export.
 */
export const SCRUBBED = '[removed]';

/** The forms a secret can take in an answer: as is, URL-encoded, and base64 `user:key` tokens. */
export function secretForms(secrets: readonly string[]): string[] {
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (secret.length < 4) continue;
    forms.add(secret);
    forms.add(encodeURIComponent(secret));
    forms.add(Buffer.from(`:${secret}`, 'utf8').toString('base64').replace(/=+$/, ''));
  }
  // Longest first, so a token is removed whole before a key inside it is.
  return [...forms].filter((f) => f.length >= 4).sort((a, b) => b.length - a.length);
}

const scrubText = (text: string, forms: readonly string[]): string => {
  let out = text;
  for (const form of forms) if (out.includes(form)) out = out.split(form).join(SCRUBBED);
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
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const clean = scrubText(key, forms);
      const inner = scrubSecrets(record[key], forms);
      if (clean !== key) delete record[key];
      record[clean] = inner;
    }
  }
  return value;
}
