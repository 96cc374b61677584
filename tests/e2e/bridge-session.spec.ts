/**
 * Browser mode's session in a real Chromium: the printed URL opens the app once; its token
 * leaves the address bar before anything renders and is traded for an HttpOnly cookie, so
 * reload and Back keep the app, and the same URL in another browser (a fresh context, as if
 * taken from this one's history) opens nothing.
 */
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
