/**
 * Browser mode's session in a real Chromium: the printed URL opens the app once; its token
 * leaves the address bar before anything renders and is traded for an HttpOnly cookie and a
 * secret the page keeps in its origin's storage, so reload, Back and another tab keep the app,
 * and the same URL in another browser (a fresh context, as if taken from this one's history)
 * opens nothing. Cookies ignore ports: Chromium sends the session cookie to any other local
 * server the user browses to, which can replay it — and is refused, lacking the secret.
 */
import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { expect, test } from './fixtures';

test('the printed URL opens a session that survives reload and Back; its token is then dead', async ({
  page,
  web,
  browser,
}) => {
  const printed = web.info.url;
  const origin = new URL(printed).origin;
  await page.goto(printed);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeFocused();
  expect(page.url()).not.toContain('token=');

  const cookies = await page.context().cookies(origin);
  expect(cookies).toHaveLength(1);
  expect(cookies[0]).toMatchObject({
    name: `fi_bridge_${new URL(printed).port}`,
    httpOnly: true,
    sameSite: 'Strict',
    path: '/',
    domain: '127.0.0.1',
    expires: -1,
  });
  expect(cookies[0]!.value).not.toContain(new URL(printed).searchParams.get('token'));
  // The page's script cannot read it.
  expect(await page.evaluate('document.cookie')).toBe('');

  await page.getByRole('button', { name: 'Start training mode' }).click();
  const locations = page.getByRole('heading', { name: 'Locations' });
  await expect(locations).toBeVisible();

  await page.reload();
  await expect(locations).toBeVisible();
  await expect(page.getByText('Training mode')).toBeVisible();
  expect(page.url()).not.toContain('token=');

  await page.goto('about:blank');
  await page.goBack();
  await expect(locations).toBeVisible();
  // The bare origin, or with the screen's hash route; never the token.
  expect([`${origin}/`, `${origin}/#/locations`]).toContain(page.url());
  // Nothing in this tab's history still carries the token.
  expect(await page.evaluate('history.length')).toBeGreaterThan(1);

  // Another tab of the same browser, even with the old address: the session is its cookie.
  const second = await page.context().newPage();
  await second.goto(printed);
  await expect(second.getByRole('heading', { name: 'Locations' })).toBeVisible();
  expect(second.url()).not.toContain('token=');
  await second.close();

  // Another browser with the address from history: the token is used up, nothing opens.
  const stranger = await browser.newContext();
  try {
    const other = await stranger.newPage();
    await other.goto(printed);
    await expect(other.getByText('This page was opened without its access token.')).toBeVisible();
    await expect(other.getByRole('heading', { name: 'Locations' })).toHaveCount(0);
    await expect(other.getByRole('heading', { name: 'Sign in' })).toHaveCount(0);
    expect(other.url()).not.toContain('token=');
    expect(await stranger.cookies(origin)).toEqual([]);
  } finally {
    await stranger.close();
  }

  // And the session the first browser holds is untouched by the stranger's attempt.
  await page.reload();
  await expect(locations).toBeVisible();
});

/** A request to the bridge as another local process makes it: any headers it likes. */
const replay = (url: string, method: string, headers: IncomingHttpHeaders): Promise<number> =>
  new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
      res.destroy();
    });
    req.on('error', reject);
    req.end(method === 'POST' ? '{}' : undefined);
  });

test('a cookie Chromium sends to another local server opens nothing when replayed: the secret stays with the page', async ({
  page,
  web,
}) => {
  const printed = web.info.url;
  const origin = new URL(printed).origin;
  await page.goto(printed);
  await page.getByRole('button', { name: 'Start training mode' }).click();
  await expect(page.getByRole('heading', { name: 'Locations' })).toBeVisible();

  // Another server on 127.0.0.1, another port: the user browses to it in the same browser.
  const seen: IncomingHttpHeaders[] = [];
  const other = createServer((req, res) => {
    seen.push(req.headers);
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end('<!doctype html><title>Another local app</title><p>hello</p>');
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  try {
    const otherOrigin = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    await page.goto(otherOrigin);
    await expect(page.getByText('hello')).toBeVisible();
    const cookie = seen.map((h) => h.cookie ?? '').find((c) => c.includes('fi_bridge_'));
    expect(cookie, 'Chromium sent the bridge cookie to the other port').toContain(
      `fi_bridge_${new URL(printed).port}=`,
    );
    // The other origin's page cannot read the page's secret: storage is per origin.
    expect(await page.evaluate(() => localStorage.length)).toBe(0);

    // Replayed with the Host and Origin the bridge expects: every door stays shut.
    const headers = { Cookie: cookie!, Origin: origin, 'Content-Type': 'application/json' };
    for (const operation of ['sessionStatus', 'listVisits'])
      expect(await replay(`${origin}/api/op/${operation}`, 'POST', headers), operation).toBe(401);
    expect(await replay(`${origin}/api/events`, 'GET', { Cookie: cookie! })).toBe(401);
    const refused = await new Promise<number>((resolve) => {
      const ws = new WebSocket(`${origin.replace(/^http/, 'ws')}/api/socket`, ['fi-bridge'], {
        headers: { Cookie: cookie!, Origin: origin },
      });
      ws.once('open', () => resolve(101));
      ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.once('error', () => resolve(-1));
    });
    expect(refused).toBe(403);
  } finally {
    await new Promise((resolve) => other.close(resolve));
  }

  // The app itself, back on its origin, still has its session.
  await page.goto(origin);
  await expect(page.getByRole('heading', { name: 'Locations' })).toBeVisible();
  await expect(page.getByText('Training mode')).toBeVisible();
});
