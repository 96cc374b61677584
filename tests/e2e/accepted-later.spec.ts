/**
 * Accepted is not done (decision record 69), on screen: a server that answers an install
 * "pending" and makes it 15 s later (the sandbox's offset-link-pending dialect). The device's
 * screen and Activity say the server accepted it and the app waits for it — in English and in
 * German — never "installed" before the server shows it; the app follows it by itself and
 * shows it done (that it is sent once: tests/integration/dialects/opaque-ids-pages-accepted).
 */
import { checkBothThemes, expect, test } from './fixtures';
import { openLocation, preferLanguage } from './helpers';
import { sandboxRequest, type SandboxAccount } from './sandbox-api';

test.use({
  sandboxArgs: ['--dialect', 'offset-link-pending', '--devices', '40', '--accepted-delay', '15000'],
  viewport: { width: 1366, height: 768 },
});

/** Every entry of a list in this dialect ({items}, pages linked by a Link header). */
async function entries<T>({ info, user }: SandboxAccount, path: string): Promise<T[]> {
  const auth = `${user.organizations[0]!.id}:${user.api_key}`;
  const all: T[] = [];
  for (let offset = 0; ; offset += 20) {
    const body = (await sandboxRequest(
      info,
      'GET',
      `${path}?offset=${offset}&limit=20`,
      undefined,
      auth,
    )) as { items: T[] };
    all.push(...body.items);
    if (body.items.length < 20) return all;
  }
}

test('an install the server makes later: said accepted and waiting, followed, done once', async ({
  signedInPage: page,
  sandbox,
}) => {
  const problems: string[] = [];
  page.on('console', (m) => void (m.type() === 'error' && problems.push(m.text())));
  page.on('pageerror', (e) => problems.push(e.message));

  const stores = await entries<{ id: string; name: string }>(sandbox, '/locations');
  const store = stores.find((s) => stores.filter((o) => o.name === s.name).length === 1)!;
  const [spare] = await entries<{ serial_number: string }>(sandbox, '/uninstalled-devices');
  const serial = spare!.serial_number;

  await openLocation(page, store.name);
  await page.getByRole('button', { name: 'Scan device' }).click();
  await page.getByLabel('Serial number').fill(serial);
  await page.getByRole('button', { name: 'Look up' }).click();
  await expect(page.getByRole('heading', { level: 1, name: serial })).toBeVisible();
  await page.getByRole('button', { name: 'Install here' }).click();

  // The server answered "pending": the screen waits for the server, it does not say installed.
  const waiting = page.getByRole('status').filter({ hasText: 'accepted by the server' });
  await expect(waiting).toBeVisible({ timeout: 15_000 });
  await expect(waiting).toContainText('Waiting for the server');
  await expect(page.getByRole('heading', { name: `Verify ${serial}` })).toHaveCount(0);
  // The device as the server has it meanwhile: not installed at the store.
  await expect(page.getByRole('main')).not.toContainText(`Installed at${store.name}`);
  await expect(page.getByRole('main')).not.toContainText(store.name);
  await checkBothThemes(page, 'accepted-device');

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Activity' })
    .click();
  const card = page.getByRole('listitem').filter({ hasText: serial }).first();
  await expect(card).toContainText('Accepted by the server at');
  await expect(card).toContainText('Waiting for the server');
  await checkBothThemes(page, 'accepted-activity');

  // The same, in German.
  await preferLanguage(page, 'de');
  await expect(page.getByText('Wartet auf den Server').first()).toBeVisible();
  await expect(page.getByText(/Vom Server um .* angenommen/).first()).toBeVisible();
  await preferLanguage(page, 'en');

  // Followed by itself: done once the server has made it, with nothing sent twice. Activity is
  // shown again first (after the reload its screen comes a moment after the page), so the card
  // is seen to change rather than a screen not yet there read as one that says nothing.
  await expect(card).toBeVisible();
  await expect(card).not.toContainText('Waiting for the server', { timeout: 45_000 });
  await expect(page.getByText('Waiting for the server')).toHaveCount(0);
  const onServer = (await sandboxRequest(
    sandbox.info,
    'GET',
    `/devices/${encodeURIComponent(serial)}`,
    undefined,
    `${sandbox.user.organizations[0]!.id}:${sandbox.user.api_key}`,
  )) as { device: { location: { id: string } | null } };
  expect(onServer.device.location?.id).toBe(store.id);
  expect(problems).toEqual([]);
});
