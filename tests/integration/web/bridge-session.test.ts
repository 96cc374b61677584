/**
 * Browser mode's session: the printed URL's token is good for one exchange, for a session
 * cookie (HttpOnly, SameSite=Strict, Path=/, no Domain, random, memory only) and a secret the
 * page keeps and sends itself (decision 71). Reload works through both; a request without
 * either is refused; the token itself opens nothing after the exchange, wherever it is sent.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BRIDGE_SESSION_PATH } from '../../../electron/shared/bridge-protocol';
import {
  sessionHeaders,
  startBridgeHarness,
  type BridgeHarness,
} from '../../helpers/bridge-harness';

let web: BridgeHarness;

beforeEach(async () => {
  web = await startBridgeHarness({ exchange: false });
});

afterEach(() => web.close());

const exchange = (token: string, headers: Record<string, string> = {}) =>
  fetch(web.bridge.origin + BRIDGE_SESSION_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ token }),
  });

const op = (name: string, headers: Record<string, string> = {}, query = '') =>
  fetch(`${web.bridge.origin}/api/op/${name}${query}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: '{}',
  });

const events = async (headers: Record<string, string> = {}, query = '') => {
  const controller = new AbortController();
  const res = await fetch(`${web.bridge.origin}/api/events${query}`, {
    headers,
    signal: controller.signal,
  });
  controller.abort();
  return res.status;
};

/** A successful exchange: the Set-Cookie split into `name=value` and its attributes, the
 * secret, and the headers a page of the session sends. */
async function signIn(): Promise<{
  cookie: string;
  attributes: string[];
  secret: string;
  session: Record<string, string>;
}> {
  const res = await exchange(web.bridge.token);
  expect(res.status).toBe(200);
  const { secret } = (await res.json()) as { secret: string };
  const [cookie = '', ...attributes] = (res.headers.get('set-cookie') ?? '')
    .split(';')
    .map((p) => p.trim());
  return { cookie, attributes, secret, session: sessionHeaders({ cookie, secret }) };
}

describe('the bridge session', () => {
  it('refuses every operation and the event stream before the exchange', async () => {
    expect((await op('sessionStatus')).status).toBe(401);
    expect(await events()).toBe(401);
  });

  it('trades the token once for an HttpOnly, SameSite=Strict, Path=/ session cookie', async () => {
    const { cookie, attributes, secret } = await signIn();
    const [name, value = ''] = cookie.split('=');
    expect(name).toBe(web.bridge.cookieName);
    expect(value.length).toBeGreaterThanOrEqual(32);
    expect(value).not.toContain(web.bridge.token);
    // The secret is another random value, in the answer's body only.
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(secret).not.toBe(value);
    expect(secret).not.toContain(web.bridge.token);
    const lower = attributes.map((a) => a.toLowerCase());
    expect(lower).toContain('httponly');
    expect(lower).toContain('samesite=strict');
    expect(lower).toContain('path=/');
    // A session cookie for exactly this host: no Domain, no lifetime beyond the browser's.
    expect(lower.some((a) => a.startsWith('domain'))).toBe(false);
    expect(lower.some((a) => a.startsWith('expires') || a.startsWith('max-age'))).toBe(false);

    // Single use: the same token again (from history, another browser) is refused.
    const again = await exchange(web.bridge.token);
    expect(again.status).toBe(401);
    expect(again.headers.get('set-cookie')).toBeNull();
    // Even by the browser that holds the session: it gets no second cookie.
    expect((await exchange(web.bridge.token, { Cookie: cookie })).status).toBe(401);
  });

  it('a wrong token neither opens a session nor burns the right one', async () => {
    const wrong = web.bridge.token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await exchange(wrong)).status).toBe(401);
    expect((await exchange('')).status).toBe(401);
    await signIn();
  });

  it('gives one session when two exchanges race', async () => {
    const answers = await Promise.all([exchange(web.bridge.token), exchange(web.bridge.token)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401]);
  });

  it('refuses an exchange from another origin or not as JSON', async () => {
    expect((await exchange(web.bridge.token, { Origin: 'http://127.0.0.1:1' })).status).toBe(403);
    const form = await fetch(web.bridge.origin + BRIDGE_SESSION_PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `token=${web.bridge.token}`,
    });
    expect(form.status).toBe(415);
    expect((await fetch(web.bridge.origin + BRIDGE_SESSION_PATH)).status).toBe(405);
    await signIn(); // none of them used the token up
  });

  it('works across reloads with the cookie and the secret; with either alone, nothing', async () => {
    const { cookie, secret, session } = await signIn();
    for (let reload = 0; reload < 3; reload++) {
      // A reload: the page again (no token in its address), then its calls and stream.
      const page = await fetch(`${web.bridge.origin}/`, { headers: { Cookie: cookie } });
      expect(page.status).toBe(200);
      const status = await op('sessionStatus', session);
      expect(status.status).toBe(200);
      expect(await status.json()).toMatchObject({ ok: true, value: { signedIn: false } });
      expect(await events({ Cookie: cookie }, `?secret=${secret}`)).toBe(200);
    }
    expect((await op('sessionStatus')).status).toBe(401);
    expect(await events()).toBe(401);
    // The cookie alone: what Chromium sends to any port of 127.0.0.1.
    expect((await op('sessionStatus', { Cookie: cookie })).status).toBe(401);
    expect(await events({ Cookie: cookie })).toBe(401);
    // The secret alone.
    expect((await op('sessionStatus', { 'X-Bridge-Secret': secret })).status).toBe(401);
    expect(await events({}, `?secret=${secret}`)).toBe(401);
    const forged = cookie.replace(/=.*/, `=${'A'.repeat(43)}`);
    expect((await op('sessionStatus', { ...session, Cookie: forged })).status).toBe(401);
    // Another bridge's cookie (another port's name) is not ours.
    const otherName = cookie.replace(/^fi_bridge_\d+/, 'fi_bridge_1');
    expect((await op('sessionStatus', { ...session, Cookie: otherName })).status).toBe(401);
  });

  it('refuses the token in any later request, wherever it is put', async () => {
    const { token, cookieName } = web.bridge;
    await signIn();
    const q = `?token=${encodeURIComponent(token)}`;
    expect((await op('sessionStatus', { 'x-installer-token': token })).status).toBe(401);
    expect((await op('sessionStatus', {}, q)).status).toBe(401);
    expect((await op('sessionStatus', { Cookie: `${cookieName}=${token}` })).status).toBe(401);
    expect((await op('sessionStatus', { Authorization: `Bearer ${token}` })).status).toBe(401);
    expect(await events({}, q)).toBe(401);
    expect(await events({ Cookie: `${cookieName}=${token}` })).toBe(401);
  });
});
