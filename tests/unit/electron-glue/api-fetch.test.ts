import { describe, expect, it, vi } from 'vitest';
import { createApiFetch, ProxyError, type FetchingSession } from '../../../electron/main/api-fetch';
import { AppError } from '../../../electron/core/app-error';
import { coreHttp } from '../../helpers/core-http';

type SessionFetch = FetchingSession['fetch'];

/** A session whose fetch behaves like Electron's net.fetch for a given answer. */
const fakeSession = (impl: SessionFetch) => {
  const fetch = vi.fn<SessionFetch>(impl);
  return { session: { fetch } satisfies FetchingSession, fetch };
};

/** What Electron's ClientRequest does under redirect: 'manual' when nobody follows. */
const chromiumRedirect: SessionFetch = (_input, init) =>
  init?.redirect === 'manual'
    ? Promise.reject(new Error('Redirect was cancelled'))
    : Promise.resolve(new Response('{"portal":true}', { status: 200 }));

const coreError = async (fetch: typeof globalThis.fetch): Promise<AppError> => {
  const outcome = await coreHttp(fetch)
    .send({
      method: 'GET',
      url: 'https://api.example.com/v1/organizations',
      authorization: 'Basic OmtleS1rZXkta2V5',
      secrets: ['key-key-key'],
      subject: { kind: 'list' },
    })
    .then(
      () => null,
      (error: unknown) => error,
    );
  expect(outcome).toBeInstanceOf(AppError);
  return outcome as AppError;
};

describe('API fetch wrapper (mocked electron, runs without Electron)', () => {
  it('asks for no HTTP cache on every request, keeping the core’s own options', async () => {
    const { session, fetch } = fakeSession(() => Promise.resolve(new Response('{}')));
    const controller = new AbortController();
    await createApiFetch(session)(new URL('https://api.example.com/v1/organizations'), {
      method: 'POST',
      headers: { authorization: 'Basic x' },
      body: '{}',
      redirect: 'manual',
      signal: controller.signal,
      cache: 'default',
    } as RequestInit);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [input, init] = fetch.mock.calls[0] ?? [];
    // Electron's fetch takes a string or a Request, not a URL object.
    expect(input).toBe('https://api.example.com/v1/organizations');
    expect(init).toMatchObject({
      method: 'POST',
      headers: { authorization: 'Basic x' },
      body: '{}',
      redirect: 'manual',
      signal: controller.signal,
      cache: 'no-store',
    });
  });

  it('answers a cancelled manual redirect with an empty 302, never following it', async () => {
    const { session, fetch } = fakeSession(chromiumRedirect);
    const response = await createApiFetch(session)('https://api.example.com/v1/organizations', {
      redirect: 'manual',
    });
    expect(response.status).toBe(302);
    expect(await response.text()).toBe('');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('lets the core read a captive portal’s redirect as a redirect, not as "offline"', async () => {
    const { session, fetch } = fakeSession(chromiumRedirect);
    const error = await coreError(createApiFetch(session));
    expect(error.kind).toBe('bad_response');
    expect(error.code).toBe('redirected');
    expect(error.status).toBe(302);
    // Not a transient failure: asked once, not retried.
    expect(fetch).toHaveBeenCalledTimes(1);

    // What the core saw before the wrapper: the raw rejection reads as a dead network.
    const raw = await coreError((input, init) => chromiumRedirect(String(input), init));
    expect(raw.kind).toBe('offline');
  });

  it('keeps "Redirect was cancelled" as it is when no manual redirect was asked for', async () => {
    const { session } = fakeSession(() => Promise.reject(new Error('Redirect was cancelled')));
    await expect(
      createApiFetch(session)('https://api.example.com/v1/x', { redirect: 'follow' }),
    ).rejects.toThrow('Redirect was cancelled');
  });

  it('lets an abort stay an abort', async () => {
    const controller = new AbortController();
    const reason = new Error('request timed out');
    const { session } = fakeSession(() => {
      controller.abort(reason);
      return Promise.reject(reason);
    });
    await expect(
      createApiFetch(session)('https://api.example.com/v1/x', {
        redirect: 'manual',
        signal: controller.signal,
      }),
    ).rejects.toBe(reason);
  });

  it.each([
    'ERR_PROXY_CONNECTION_FAILED',
    'ERR_TUNNEL_CONNECTION_FAILED',
    'ERR_PROXY_AUTH_REQUESTED',
    'ERR_PROXY_AUTH_UNSUPPORTED',
    'ERR_PROXY_CERTIFICATE_INVALID',
    'ERR_MANDATORY_PROXY_CONFIGURATION_FAILED',
    'ERR_PAC_SCRIPT_FAILED',
    'ERR_SOCKS_CONNECTION_FAILED',
  ])('names the proxy failure net::%s by its code', async (code) => {
    const original = new Error(`net::${code}`);
    const { session } = fakeSession(() => Promise.reject(original));
    const error = await createApiFetch(session)('https://api.example.com/v1/x').catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ProxyError);
    expect(error).toMatchObject({ code, message: `net::${code}`, cause: original });
  });

  it.each([
    'net::ERR_INTERNET_DISCONNECTED',
    'net::ERR_CONNECTION_REFUSED',
    'net::ERR_NAME_NOT_RESOLVED',
    'net::ERR_CERT_AUTHORITY_INVALID',
  ])('leaves other network failures (%s) exactly as Electron threw them', async (message) => {
    const original = new Error(message);
    const { session } = fakeSession(() => Promise.reject(original));
    await expect(createApiFetch(session)('https://api.example.com/v1/x')).rejects.toBe(original);
  });

  it('passes a 407 answer through untouched: it is a status the core reads', async () => {
    const answer = new Response(null, { status: 407 });
    const { session } = fakeSession(() => Promise.resolve(answer));
    expect(await createApiFetch(session)('https://api.example.com/v1/x')).toBe(answer);
  });
});
