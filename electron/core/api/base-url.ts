/**
 * The API base URL is typed by a person, so it is checked before any key is sent to it:
 * only https, except plain http to this machine (the sandbox and local test servers), because
 * Basic auth over plain http to another host would hand the key to anyone on the network.
 */
import type { FieldRule } from '../../shared';
import { AppError } from '../app-error';

/** The address broke `rule`: said in the error and beside the field. */
const invalid = (rule: Extract<FieldRule, `base_url_${string}`>): AppError =>
  new AppError({
    kind: 'invalid',
    code: 'bad_base_url',
    params: { problem: rule },
    fields: { baseUrl: { rule, code: 'invalid' } },
  });

/**
 * Literal loopback addresses and exactly `localhost`. Not `*.localhost` or `localhost.`: a
 * resolver (or a hosts file) may send those anywhere, and the key would go with them.
 */
const isLoopbackHost = (hostname: string): boolean => {
  const host = hostname.toLowerCase();
  if (host === 'localhost') return true;
  if (host === '[::1]' || host === '::1') return true;
  // WHATWG URL has already normalised IPv4 forms like 0x7f.1 to dotted decimal.
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
};

/** Returns the normalised base URL (no trailing slash) or throws AppError kind 'invalid'. */
export const validateBaseUrl = (raw: string): string => {
  const text = raw.trim();
  if (text === '') throw invalid('base_url_empty');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw invalid('base_url_not_address');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw invalid('base_url_scheme');
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw invalid('base_url_http_remote');
  }
  if (url.username !== '' || url.password !== '') {
    throw invalid('base_url_credentials');
  }
  // Checked on the raw text too: new URL() drops an empty "?" or "#".
  if (url.search !== '' || text.includes('?')) throw invalid('base_url_query');
  if (url.hash !== '' || text.includes('#')) throw invalid('base_url_fragment');
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.protocol}//${url.host}${path}`;
};
