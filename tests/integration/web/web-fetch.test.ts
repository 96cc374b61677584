/**
 * Browser mode on a corporate network (electron/web/web-fetch.ts): HTTPS_PROXY / HTTP_PROXY /
 * NO_PROXY from the environment and the OS certificate store. A real loopback CONNECT proxy
 * that records every request (tests/helpers/connect-proxy.ts), a real sandbox over HTTP and
 * HTTPS, the real API client. The proxied target is `localhost` (the proxy resolves it);
 * 127.0.0.1 is the training server's address and always goes direct.
 */
import { connect as tlsConnect, rootCertificates } from 'node:tls';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../electron/core/api/client';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/index';
import { createWebFetch, proxySettings, trustedRoots } from '../../../electron/web/web-fetch';
import { startConnectProxy, type ConnectProxy } from '../../helpers/connect-proxy';

let sandbox: RunningSandbox;
let tlsSandbox: RunningSandbox;
let proxy: ConnectProxy | null = null;
const log = { info: () => undefined };

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 3 });
  tlsSandbox = await startSandbox({ port: 0, seed: 3, tls: true });
});
afterAll(async () => {
  await sandbox.close();
  await tlsSandbox.close();
});
afterEach(async () => {
  await proxy?.close();
  proxy = null;
});

const viaLocalhost = (s: RunningSandbox) => s.baseUrl.replace('127.0.0.1', 'localhost');
const user = () => sandbox.users[0]!;
/** The real API client over the fetch under test. */
const organizationsThrough = (fetch: typeof globalThis.fetch, baseUrl: string, apiKey: string) =>
  createApiClient({
    baseUrl,
    organizationId: null,
    getApiKey: () => Promise.resolve(apiKey),
    fetch,
    maxRetries: 0,
  }).listOrganizations();

describe('browser mode’s fetch behind a proxy (real loopback CONNECT proxy)', () => {
  it('sends API requests through HTTPS_PROXY / HTTP_PROXY', async () => {
    proxy = await startConnectProxy();
    const fetch = createWebFetch({ env: { HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url }, log });
    const { organizations } = await organizationsThrough(
      fetch,
      viaLocalhost(sandbox),
      user().api_key,
    );
    expect(organizations.length).toBeGreaterThan(0);
    const port = new URL(sandbox.baseUrl).port;
    expect(proxy.calls).toEqual([
      { method: 'CONNECT', target: `localhost:${port}`, proxyAuthorization: null },
    ]);
  });

  it('goes direct for NO_PROXY hosts, and for 127.0.0.1 always (the training server)', async () => {
    proxy = await startConnectProxy();
    const bypass = createWebFetch({ env: { http_proxy: proxy.url, no_proxy: 'localhost' }, log });
    await organizationsThrough(bypass, viaLocalhost(sandbox), user().api_key);
    const plain = createWebFetch({ env: { HTTP_PROXY: proxy.url }, log });
    await organizationsThrough(plain, sandbox.baseUrl, user().api_key);
    expect(proxy.calls).toEqual([]);
  });

  it('sends the credentials in the proxy URL; a refused sign-in is a proxy error, not "offline"', async () => {
    proxy = await startConnectProxy({ credentials: { user: 'tech', password: 's3cret' } });
    const withCredentials = new URL(proxy.url);
    withCredentials.username = 'tech';
    withCredentials.password = 's3cret';
    const good = createWebFetch({ env: { HTTP_PROXY: withCredentials.href }, log });
    await organizationsThrough(good, viaLocalhost(sandbox), user().api_key);
    expect(proxy.calls.at(-1)?.proxyAuthorization).toBe(
      `Basic ${Buffer.from('tech:s3cret').toString('base64')}`,
    );

    const none = createWebFetch({ env: { HTTP_PROXY: proxy.url }, log });
    const error = await organizationsThrough(none, viaLocalhost(sandbox), user().api_key).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ kind: 'proxy' });
  });

  it('reaches an HTTPS server through the tunnel, trusting a root from the OS store', async () => {
    proxy = await startConnectProxy();
    // The sandbox's self-signed certificate, as a TLS-inspecting proxy's root would be: in the
    // OS store, not in Node's bundled roots.
    const { port } = new URL(tlsSandbox.baseUrl);
    const pem = await new Promise<string>((resolve, reject) => {
      const socket = tlsConnect(
        {
          host: '127.0.0.1',
          port: Number(port),
          rejectUnauthorized: false,
          servername: 'localhost',
        },
        () => {
          const raw = socket.getPeerCertificate().raw.toString('base64');
          socket.end();
          resolve(
            `-----BEGIN CERTIFICATE-----\n${raw.match(/.{1,64}/g)?.join('\n')}\n-----END CERTIFICATE-----\n`,
          );
        },
      );
      socket.on('error', reject);
    });
    const osStore = {
      getCACertificates: (type?: 'default' | 'system') =>
        type === 'system' ? [pem] : [...rootCertificates],
    };
    const env = { HTTPS_PROXY: proxy.url };
    const target = viaLocalhost(tlsSandbox);
    const apiKey = tlsSandbox.users[0]!.api_key;

    const withStore = createWebFetch({ env, log, tls: osStore });
    const { organizations } = await organizationsThrough(withStore, target, apiKey);
    expect(organizations.length).toBeGreaterThan(0);
    expect(proxy.calls[0]).toMatchObject({ method: 'CONNECT', target: `localhost:${port}` });

    // Node's own roots alone do not know it: the certificate is refused.
    const without = createWebFetch({ env, log, tls: {} });
    await expect(organizationsThrough(without, target, apiKey)).rejects.toMatchObject({
      kind: 'tls',
    });
  });
});

describe('proxy settings and roots (pure)', () => {
  it('reads lower-case first, as curl does, and always keeps loopback direct', () => {
    expect(
      proxySettings({
        https_proxy: 'http://lower:3128',
        HTTPS_PROXY: 'http://upper:3128',
        NO_PROXY: '.corp.example',
      }),
    ).toEqual({
      httpProxy: undefined,
      httpsProxy: 'http://lower:3128',
      noProxy: '.corp.example,127.0.0.1,[::1]',
    });
  });

  it('adds the OS store to Node’s roots where Node can read it, and says so where it cannot', () => {
    expect(
      trustedRoots({ getCACertificates: (t) => (t === 'system' ? ['B', 'A'] : ['A']) }),
    ).toEqual(['A', 'B']);
    expect(trustedRoots({})).toBeNull();
    const lines: string[] = [];
    createWebFetch({ env: {}, log: { info: (line) => lines.push(line) }, tls: {} });
    expect(lines.join('\n')).toMatch(/cannot read the OS certificate store.*NODE_EXTRA_CA_CERTS/);
  });
});
