/**
 * The API base URL is typed by a person, so it is checked before any key is sent to it:
 * only https, except plain http to this machine (the sandbox and local test servers), because
 * Basic auth over plain http to another host would hand the key to anyone on the network.
 */
import { AppError } from '../app-error';
import { wording } from './messages';

const invalid = (problem: string): AppError =>
  new AppError({ kind: 'invalid', ...wording.badBaseUrl(problem), fields: { baseUrl: problem } });

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
  if (text === '') throw invalid('it is empty');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw invalid('it is not a web address');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw invalid('it must start with https://');
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw invalid('it must use https:// (plain http is only allowed for this computer)');
  }
  if (url.username !== '' || url.password !== '') {
    throw invalid('it must not contain a user name or password');
  }
  // Checked on the raw text too: new URL() drops an empty "?" or "#".
  if (url.search !== '' || text.includes('?')) throw invalid('it must not contain a query (?…)');
  if (url.hash !== '' || text.includes('#')) throw invalid('it must not contain a fragment (#…)');
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.protocol}//${url.host}${path}`;
};
