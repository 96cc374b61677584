/**
 * Removes secrets from anything about to be logged: values under secret-looking keys,
 * Authorization headers, Basic/Bearer credentials and credentials inside URLs.
 */
const SECRET_KEY = /^(authorization|api[-_]?key|apikey|password|secret|token|x-installer-token)$/i;
const CREDENTIAL_PATTERNS: [RegExp, string][] = [
  [/\b(Basic|Bearer)\s+[A-Za-z0-9+/=._~-]+/g, '$1 [redacted]'],
  [/(\/\/)[^/@\s:]*:[^/@\s]*@/g, '$1[redacted]@'],
  [/([?&](?:token|api_key|key)=)[^&\s"]+/gi, '$1[redacted]'],
  [/\bsbx_[A-Za-z0-9]{8,}/g, '[redacted]'],
];

export function redactText(text: string): string {
  return CREDENTIAL_PATTERNS.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text);
}

export function redact<T>(value: T, depth = 0): T {
  if (depth > 8) return '[deep]' as T;
  if (typeof value === 'string') return redactText(value) as T;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1)) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      out[key] = SECRET_KEY.test(key) ? '[redacted]' : redact(v, depth + 1);
    }
    return out as T;
  }
  return value;
}
