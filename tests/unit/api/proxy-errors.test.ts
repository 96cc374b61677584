/**
 * A proxy that refuses, does not answer or wants a sign-in is not "the Wi-Fi is down": the
 * technician gets words about the proxy, the action stays queued (the request never reached
 * the server), and a 407 does not blame the API address.
 */
import { describe, expect, it } from 'vitest';
import { traitsOf } from '../../../electron/shared/error-traits';
import {
  classifyCause,
  errorFromCause,
  errorFromStatus,
} from '../../../electron/core/api/error-mapping';
import { errorWords } from '../../../renderer/src/lib/words/error-text';

describe('proxy failures', () => {
  it.each([
    [{ code: 'ERR_PROXY_CONNECTION_FAILED' }],
    [{ code: 'ERR_TUNNEL_CONNECTION_FAILED' }],
    [new Error('net::ERR_PROXY_AUTH_UNSUPPORTED')],
    [{ code: 'ERR_PROXY_CERTIFICATE_INVALID' }],
  ])('%o is a proxy failure, not offline or TLS', (cause) => {
    expect(classifyCause(cause)).toBe('proxy');
    const error = errorFromCause(cause, {
      host: 'api.example.com',
      timeoutMs: 15_000,
      secrets: [],
    });
    expect(error.kind).toBe('proxy');
    expect(errorWords(error).message).toMatch(/proxy/);
    expect(errorWords(error).nextStep).toMatch(/proxy settings/);
  });

  it('a plain connection refusal is still offline', () => {
    expect(classifyCause({ code: 'ECONNREFUSED' })).toBe('offline');
  });

  it('407 is the proxy asking for a sign-in, in words about the proxy', () => {
    const error = errorFromStatus({
      status: 407,
      host: 'api.example.com',
      body: undefined,
      retryAfterS: undefined,
      subject: { kind: 'list' },
    });
    expect(error.kind).toBe('proxy');
    expect(errorWords(error).message).toMatch(/api\.example\.com.*proxy/);
  });

  it('keeps queued work queued: it counts as no connection, and stops the replay', () => {
    expect(traitsOf('proxy')).toMatchObject({
      connectivity: true,
      stopsReplay: true,
      outcomeMayBeUnknown: false,
    });
  });
});
