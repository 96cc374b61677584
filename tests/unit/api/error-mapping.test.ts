import { describe, expect, it } from 'vitest';
import {
  classifyCause,
  errorFromCause,
  errorFromStatus,
  redact,
  safeCause,
} from '../../../electron/core/api/error-mapping';
import { errorWords } from '../../../renderer/src/lib/words/error-text';
import { fieldProblem } from '../../../renderer/src/lib/words/field-issues';

const withCode = (message: string, code: string): Error =>
  Object.assign(new Error(message), { code });
const fetchFailed = (cause: unknown): TypeError => new TypeError('fetch failed', { cause });

describe('classifyCause: Node fetch (undici)', () => {
  it.each([
    [fetchFailed(withCode('getaddrinfo ENOTFOUND api.invalid', 'ENOTFOUND')), 'dns'],
    [fetchFailed(withCode('getaddrinfo EAI_AGAIN api.example.com', 'EAI_AGAIN')), 'dns'],
    [fetchFailed(withCode('connect ECONNREFUSED 127.0.0.1:9', 'ECONNREFUSED')), 'offline'],
    [fetchFailed(withCode('read ECONNRESET', 'ECONNRESET')), 'offline'],
    [fetchFailed(withCode('connect EHOSTUNREACH 10.0.0.1:443', 'EHOSTUNREACH')), 'offline'],
    [fetchFailed(withCode('connect ENETUNREACH 10.0.0.1:443', 'ENETUNREACH')), 'offline'],
    [fetchFailed(withCode('other side closed', 'UND_ERR_SOCKET')), 'offline'],
    [
      new TypeError('terminated', { cause: withCode('other side closed', 'UND_ERR_SOCKET') }),
      'offline',
    ],
    [fetchFailed(withCode('self-signed certificate', 'DEPTH_ZERO_SELF_SIGNED_CERT')), 'tls'],
    [
      fetchFailed(
        withCode('self-signed certificate in certificate chain', 'SELF_SIGNED_CERT_IN_CHAIN'),
      ),
      'tls',
    ],
    [
      fetchFailed(
        withCode('unable to verify the first certificate', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE'),
      ),
      'tls',
    ],
    [fetchFailed(withCode('certificate has expired', 'CERT_HAS_EXPIRED')), 'tls'],
    [
      fetchFailed(
        withCode(
          "Hostname/IP does not match certificate's altnames",
          'ERR_TLS_CERT_ALTNAME_INVALID',
        ),
      ),
      'tls',
    ],
    [fetchFailed(withCode('Connect Timeout Error', 'UND_ERR_CONNECT_TIMEOUT')), 'timeout'],
    [new Error('something nobody expected'), 'offline'],
  ])('%s → %s', (cause, kind) => {
    expect(classifyCause(cause)).toBe(kind);
  });

  it('looks inside AggregateError members (happy-eyeballs connection attempts)', () => {
    const both = new AggregateError([withCode('connect ECONNREFUSED ::1:9', 'ECONNREFUSED')], '');
    expect(classifyCause(fetchFailed(both))).toBe('offline');
    const tlsInside = new AggregateError([withCode('x', 'DEPTH_ZERO_SELF_SIGNED_CERT')], '');
    expect(classifyCause(fetchFailed(tlsInside))).toBe('tls');
  });
});

describe('classifyCause: Electron net.fetch', () => {
  it.each([
    ['net::ERR_INTERNET_DISCONNECTED', 'offline'],
    ['net::ERR_CONNECTION_REFUSED', 'offline'],
    ['net::ERR_CONNECTION_RESET', 'offline'],
    ['net::ERR_NAME_NOT_RESOLVED', 'dns'],
    ['net::ERR_CERT_AUTHORITY_INVALID', 'tls'],
    ['net::ERR_CERT_DATE_INVALID', 'tls'],
    ['net::ERR_TIMED_OUT', 'timeout'],
    ['net::ERR_CONNECTION_TIMED_OUT', 'timeout'],
  ])('%s → %s', (message, kind) => {
    expect(classifyCause(new Error(message))).toBe(kind);
  });
});

describe('errorFromCause', () => {
  it('names the host, keeps a redacted cause and never the key', () => {
    const key = 'sbx_0123456789abcdef0123456789abcdef';
    const cause = fetchFailed(withCode(`bad thing with ${key}`, 'ENOTFOUND'));
    const error = errorFromCause(cause, { host: 'api.invalid', timeoutMs: 15000, secrets: [key] });
    expect(error.kind).toBe('dns');
    expect(errorWords(error).message).toContain('api.invalid');
    expect(errorWords(error).nextStep).not.toBe('');
    const { message, nextStep } = errorWords(error);
    const exposed = `${error.message} ${message} ${nextStep} ${String((error.cause as Error).message)}`;
    expect(exposed).not.toContain(key);
    expect((error.cause as Error).message).toContain('ENOTFOUND');
    expect((error.cause as Error).cause).toBeUndefined();
  });
});

describe('redact', () => {
  it('removes secrets and any Basic credentials', () => {
    const out = redact('key=abcd1234 header Basic OmFiY2QxMjM0 end', ['abcd1234']);
    expect(out).toBe('key=[redacted] header Basic [redacted] end');
    expect(safeCause(new Error('x abcd1234'), ['abcd1234']).message).toBe('x [redacted]');
  });
});

describe('errorFromStatus', () => {
  const list = { kind: 'list' } as const;

  it('401 says the key was not accepted and how to fix it', () => {
    const e = errorFromStatus({
      status: 401,
      body: undefined,
      retryAfterS: undefined,
      subject: list,
    });
    expect(e).toMatchObject({ kind: 'unauthorized', status: 401 });
    expect(errorWords(e).message).toMatch(/API key was not accepted/);
    expect(errorWords(e).nextStep).toMatch(/ask your admin for a current one/i);
  });

  it('403 → forbidden, 404 names the serial', () => {
    expect(
      errorFromStatus({ status: 403, body: {}, retryAfterS: undefined, subject: list }).kind,
    ).toBe('forbidden');
    const e = errorFromStatus({
      status: 404,
      body: {},
      retryAfterS: undefined,
      subject: { kind: 'device', serial: 'FTC-1' },
    });
    expect(e.kind).toBe('not_found');
    expect(errorWords(e).message).toContain('FTC-1');
  });

  it('409 installed elsewhere carries and names the other location', () => {
    const body = {
      error: {
        code: 'device_installed_elsewhere',
        message: 'x',
        details: { location: { id: 'loc_9', name: 'Store 9' } },
      },
    };
    const e = errorFromStatus({ status: 409, body, retryAfterS: undefined, subject: list });
    expect(e.kind).toBe('conflict');
    expect(e.location).toEqual({ id: 'loc_9', name: 'Store 9' });
    expect(errorWords(e).message).toContain('Store 9');
  });

  it('409 location_has_devices says how many', () => {
    const body = {
      error: { code: 'location_has_devices', message: 'x', details: { device_count: 3 } },
    };
    const e = errorFromStatus({ status: 409, body, retryAfterS: undefined, subject: list });
    expect(e.kind).toBe('conflict');
    expect(errorWords(e).message).toMatch(/3 devices/);
    expect(e.location).toBeUndefined();
  });

  it('422 fills fields from details.fields', () => {
    const body = {
      error: {
        code: 'validation_failed',
        message: 'x',
        details: { fields: { 'address.city': 'is required', n: 5 } },
      },
    };
    const e = errorFromStatus({ status: 422, body, retryAfterS: undefined, subject: list });
    expect(e.kind).toBe('invalid');
    // A problem that is not text is still marked, in the app's own words.
    expect(e.fields).toEqual({
      'address.city': { code: 'server', params: { words: 'is required' } },
      n: { code: 'invalid' },
    });
    expect(fieldProblem(e.toShape(), 'n')).toBe('This value is not valid.');
    expect(errorWords(e).message).toContain('address.city is required');
  });

  it('429 carries retryAfterS and says when to retry', () => {
    const e = errorFromStatus({ status: 429, body: undefined, retryAfterS: 120, subject: list });
    expect(e).toMatchObject({ kind: 'rate_limited', retryAfterS: 120 });
    expect(errorWords(e).nextStep).toMatch(/2 minutes/);
  });

  it('5xx → server, 3xx → bad_response (captive portal), odd 4xx → bad_response', () => {
    expect(
      errorFromStatus({ status: 503, body: '<html>', retryAfterS: undefined, subject: list }).kind,
    ).toBe('server');
    const redirect = errorFromStatus({
      status: 302,
      body: undefined,
      retryAfterS: undefined,
      subject: list,
    });
    expect(redirect.kind).toBe('bad_response');
    expect(errorWords(redirect).message).toMatch(/Wi-Fi sign-in/);
    expect(
      errorFromStatus({ status: 418, body: undefined, retryAfterS: undefined, subject: list }).kind,
    ).toBe('bad_response');
  });

  it('never shows the server message text', () => {
    const body = { error: { code: 'forbidden', message: 'SERVER-SECRET-DETAIL' } };
    const e = errorFromStatus({ status: 403, body, retryAfterS: undefined, subject: list });
    const { message, nextStep } = errorWords(e);
    expect(`${e.message}${message}${nextStep}`).not.toContain('SERVER-SECRET-DETAIL');
  });
});
