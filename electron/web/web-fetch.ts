/**
 * Browser mode's `fetch` for the API: what the desktop app gets from Chromium's network stack,
 * as far as Node can give it.
 * - Proxy: HTTPS_PROXY / HTTP_PROXY / NO_PROXY (lower-case first, as curl reads them) through
 *   undici's EnvHttpProxyAgent; credentials in the proxy URL (`http://user:pass@proxy:3128`)
 *   are sent as Proxy-Authorization. 127.0.0.1 and [::1] always go direct, like Chromium's
 *   implicit loopback bypass: the training server lives there.
 * - Certificates: the OS store too (a TLS-inspecting corporate proxy's root is installed there),
 *   where this Node can read it — `tls.getCACertificates('system')`, Node ≥ 22.15 / 23.10. On
 *   older Node only Node's own roots and NODE_EXTRA_CA_CERTS are trusted; that is logged once.
 * - A proxy that refuses the tunnel (407: it wants a sign-in; any other status) fails with a
 *   Chromium-named ProxyError, so the core says "proxy" and not "offline".
 * undici is the library Node's own fetch is built on; version 7 has EnvHttpProxyAgent and
 * runs on Node 20.18+.
 */
import * as nodeTls from 'node:tls';
import { EnvHttpProxyAgent, fetch as undiciFetch } from 'undici';
import { ProxyError } from '../common/proxy-error';
import type { Logger } from '../common/logger';
import { ownValue } from '../shared/own-key';

/** Always direct: the training server (127.0.0.1) and anything else on this computer's loopback. */
const ALWAYS_DIRECT = ['127.0.0.1', '[::1]'];

type TlsWithStore = { getCACertificates?: (type?: 'default' | 'system') => string[] };
/** node:tls as typed for Node 20, which has no getCACertificates yet. */
const systemTls = nodeTls as unknown as TlsWithStore;

/**
 * The roots to trust: Node's defaults (its bundled roots plus NODE_EXTRA_CA_CERTS) and the OS
 * store; null where this Node cannot read the OS store (then Node's defaults apply as they are).
 */
export const trustedRoots = (tls: TlsWithStore = systemTls): string[] | null => {
  if (typeof tls.getCACertificates !== 'function') return null;
  return [...new Set([...tls.getCACertificates('default'), ...tls.getCACertificates('system')])];
};

/** The proxy settings the environment gives, as EnvHttpProxyAgent takes them. */
export const proxySettings = (env: Record<string, string | undefined>) => {
  const pick = (name: string): string | undefined =>
    ownValue(env, name.toLowerCase()) || ownValue(env, name.toUpperCase()) || undefined;
  const noProxy = [pick('NO_PROXY'), ...ALWAYS_DIRECT].filter(Boolean).join(',');
  return { httpProxy: pick('HTTP_PROXY'), httpsProxy: pick('HTTPS_PROXY'), noProxy };
};

/** undici's words when a proxy answers CONNECT with anything but 200. */
const TUNNEL_REFUSED = /Proxy response \((\d{3})\) !== 200 when HTTP Tunneling/;

const proxyFailure = (error: unknown): ProxyError | null => {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const refused = TUNNEL_REFUSED.exec(e.message);
    if (refused) {
      return new ProxyError(
        refused[1] === '407' ? 'ERR_PROXY_AUTH_REQUESTED' : 'ERR_TUNNEL_CONNECTION_FAILED',
        error,
      );
    }
  }
  return null;
};

export interface WebFetchOptions {
  env?: Record<string, string | undefined>;
  log: Pick<Logger, 'info'>;
  /** Replaced in tests: where the OS store's roots come from. */
  tls?: TlsWithStore;
}

export const createWebFetch = ({
  env = process.env,
  log,
  tls = systemTls,
}: WebFetchOptions): typeof fetch => {
  const proxy = proxySettings(env);
  const roots = trustedRoots(tls);
  if (roots === null) {
    log.info(
      'This Node cannot read the OS certificate store (it needs Node 22.15 or later): only its own roots and NODE_EXTRA_CA_CERTS are trusted',
      { node: process.versions.node },
    );
  }
  const ca = roots === null ? {} : { ca: roots };
  const dispatcher = new EnvHttpProxyAgent({
    ...proxy,
    connect: ca,
    requestTls: ca,
    proxyTls: ca,
  });
  if (proxy.httpProxy || proxy.httpsProxy) {
    // The proxy's address without any credentials in it.
    const where = (url: string | undefined) => (url ? new URL(url).host : null);
    log.info('API requests go through a proxy', {
      http: where(proxy.httpProxy),
      https: where(proxy.httpsProxy),
      direct: proxy.noProxy,
    });
  }
  return (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    try {
      return await undiciFetch(input as Parameters<typeof undiciFetch>[0], {
        ...(init as Parameters<typeof undiciFetch>[1]),
        dispatcher,
      });
    } catch (error) {
      throw proxyFailure(error) ?? error;
    }
  }) as unknown as typeof fetch;
};
