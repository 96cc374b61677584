import { checkBothThemes, expect, test } from './fixtures';
import { startTraining } from './helpers';

const hashOf = (url: string): string => new URL(url).hash;

test('screens have addresses: Back, Forward, Alt+arrows, mouse side buttons, reload, direct open', async ({
  page,
  web,
}) => {
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(frame.url());
  });
  await startTraining(page, web.info.url);
  expect(hashOf(page.url())).toBe('#/locations');

  // Locations → a location → its scan screen, each with its own address.
  const firstStore = page
    .getByRole('main')
    .getByRole('listitem')
    .first()
    .getByRole('button')
    .first();
  const storeName = (await firstStore.textContent())!.trim();
  await firstStore.click();
  const storeHeading = page.getByRole('heading', { level: 1, name: storeName });
  await expect(storeHeading).toBeFocused();
  expect(hashOf(page.url())).toMatch(/^#\/locations\/[^/]+$/);
  const locationHash = hashOf(page.url());
  await page.getByRole('button', { name: 'Scan device' }).click();
  await expect(page.getByRole('heading', { name: 'Scan device' })).toBeFocused();
  expect(hashOf(page.url())).toBe(`${locationHash}/scan`);

  // The browser's Back and Forward.
  await page.goBack();
  await expect(storeHeading).toBeFocused();
  await page.goForward();
  await expect(page.getByRole('heading', { name: 'Scan device' })).toBeFocused();

  // Alt+Left / Alt+Right (one step each, never two).
  await page.keyboard.press('Alt+ArrowLeft');
  await expect(storeHeading).toBeFocused();
  expect(hashOf(page.url())).toBe(locationHash);
  await page.keyboard.press('Alt+ArrowRight');
  await expect(page.getByRole('heading', { name: 'Scan device' })).toBeFocused();

  // The mouse's back (button 3) and forward (button 4) buttons.
  const mouse = (button: number) =>
    page.evaluate((b) => {
      for (const type of ['mousedown', 'mouseup', 'auxclick'])
        document.body.dispatchEvent(
          new MouseEvent(type, { button: b, bubbles: true, cancelable: true }),
        );
    }, button);
  await mouse(3);
  await expect(storeHeading).toBeFocused();
  await mouse(4);
  await expect(page.getByRole('heading', { name: 'Scan device' })).toBeFocused();

  // Reload keeps the screen.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Scan device' })).toBeVisible();
  expect(hashOf(page.url())).toBe(`${locationHash}/scan`);

  // Open a route directly: the all-devices inventory, then a device from it.
  const origin = new URL(web.info.url).origin;
  await page.goto(`${origin}/#/inventory/all`);
  await expect(page.getByRole('heading', { name: 'All devices' })).toBeVisible();
  await page.getByRole('button', { name: 'Uninstalled' }).click();
  const firstDevice = page.locator('.device-row .serial').first();
  await expect(firstDevice).toBeVisible({ timeout: 20_000 });
  const serial = (await firstDevice.textContent())!.trim();
  await page.goto(`${origin}/#/devices/${encodeURIComponent(serial.toLowerCase())}`);
  await expect(page.getByRole('heading', { level: 1, name: serial })).toBeFocused();
  await page.goto(`${origin}/#/settings`);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();

  // Addresses that name no screen (unknown, or an id no id can be) show the locations.
  for (const bad of [
    '#/nowhere',
    // Ids are the server's opaque strings ("../x" may be one): only what no id can be.
    '#/devices/%2E%2E',
    '#/locations/a%00b',
    '#/locations/%E0%A4%A',
    '#/verify/ABC?at=x',
  ]) {
    await page.goto(`${origin}/${bad}`);
    await expect(page.getByRole('heading', { name: 'Locations' })).toBeVisible();
    expect(hashOf(page.url())).toBe('#/locations');
  }
  await checkBothThemes(page, 'history-fallback');

  // The single-use token was never in an address the history keeps.
  expect(visited.filter((u) => u.includes('token='))).toEqual([web.info.url]);
  expect(page.url()).not.toContain('token=');
});
