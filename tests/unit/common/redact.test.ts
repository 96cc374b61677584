import { describe, expect, it } from 'vitest';
import { redact, redactText } from '../../../electron/common/redact';

describe('log redaction', () => {
  it('blanks values under secret-looking keys at any depth', () => {
    const out = redact({ apiKey: 'k1', nested: { api_key: 'k2', password: 'p', list: [{ token: 't' }] }, ok: 'fine' });
    expect(out).toEqual({
      apiKey: '[redacted]',
      nested: { api_key: '[redacted]', password: '[redacted]', list: [{ token: '[redacted]' }] },
      ok: 'fine',
    });
  });

  it('removes Basic and Bearer credentials and URL credentials from free text', () => {
    const basic = Buffer.from('org_1:sbx_0123456789abcdef').toString('base64');
    const text = redactText(`Authorization: Basic ${basic} then Bearer abc.def and https://u:p@host/x?token=zzz&a=1`);
    expect(text).not.toContain(basic);
    expect(text).not.toContain('abc.def');
    expect(text).not.toContain('u:p@');
    expect(text).not.toContain('zzz');
    expect(text).toContain('a=1');
  });

  it('removes sandbox-shaped keys wherever they appear', () => {
    expect(redactText('key sbx_0123456789abcdef0123456789abcdef used')).toBe('key [redacted] used');
  });

  it('leaves ordinary data alone', () => {
    const data = { serial: 'FTC-1234ABCD', count: 3, when: null };
    expect(redact(data)).toEqual(data);
  });
});
