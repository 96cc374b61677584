/**
 * Decision record 69 through the UI, against a server whose ids and serials are its own
 * opaque strings (the sandbox's drf-opaque dialect): a store whose id has letters outside
 * ASCII, spaces and "/", "?", "#", "%" opens from the list, keeps its address through reload,
 * Back and Forward; a serial the server spells with spaces is found when typed without them,
 * opens as spelled (also tapped in the store's list), and installs there — the server taking
 * the install on with 202 Accepted and making it 1.5 s later, which the screen waits for.
 */
import { checkBothThemes, expect, test } from './fixtures';
import { escapeRegExp, openLocation } from './helpers';
import { sandboxRequest, type SandboxAccount } from './sandbox-api';

test.use({ sandboxArgs: ['--dialect', 'drf-opaque', '--devices', '60'] });

interface Store {
  id: string;
  name: string;
}

/** Every entry of a list in this dialect's pages ({results, next}). */
async function everyEntry<T>({ info, user }: SandboxAccount, path: string): Promise<T[]> {
  const auth = `${user.organizations[0]!.id}:${user.api_key}`;
  const all: T[] = [];
  for (let page = 1; ; page++) {
    const body = (await sandboxRequest(info, 'GET', `${path}?page=${page}`, undefined, auth)) as {
      results: T[];
      next: string | null;
    };
    all.push(...body.results);
    if (body.next === null) return all;
  }
}

const hashOf = (url: string): string => new URL(url).hash;

test('a store with an id of any characters and a serial spelled with spaces: opened, kept, installed', async ({
  signedInPage: page,
  sandbox,
}) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));

  const stores = await everyEntry<Store>(sandbox, '/locations');
  const store = stores.find(
    (s) =>
      ['/', '?', '#', '%', ' '].every((c) => s.id.includes(c)) &&
      [...s.id].some((c) => c.charCodeAt(0) > 0x7f) &&
      stores.filter((other) => other.name === s.name).length === 1,
  );
  if (!store) throw new Error('the dialect should name a store with every reserved character');
  const [spare] = await everyEntry<{ serial_number: string }>(sandbox, '/uninstalled-devices');
  const spelled = spare!.serial_number;
  expect(spelled).toMatch(/^PC( \d{4}){4}$/);

  // Opened from the list: its address names it, escaped as one segment.
  await openLocation(page, store.name);
  const storeHash = `#/locations/${encodeURIComponent(store.id)}`;
  expect(hashOf(page.url())).toBe(storeHash);
  const heading = page.getByRole('heading', { level: 1, name: store.name });
  await page.reload();
  await expect(heading).toBeVisible();
  expect(hashOf(page.url())).toBe(storeHash);

  // Typed without its spaces, as a person reads a label: the server's spelling opens.
  await page.getByRole('button', { name: 'Scan device' }).click();
  await page.getByLabel('Serial number').fill(spelled.replaceAll(' ', ''));
  await page.getByRole('button', { name: 'Look up' }).click();
  const device = page.getByRole('heading', { level: 1, name: spelled });
  await expect(device).toBeVisible();
  const deviceHash = `#/devices/${encodeURIComponent(spelled)}?at=${encodeURIComponent(store.id)}`;
  await expect.poll(() => hashOf(page.url())).toBe(deviceHash);
  await page.reload();
  await expect(device).toBeVisible();
  await checkBothThemes(page, 'opaque-ids-device');

  // Back to the store and forward again, by the browser's own history.
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Scan device' })).toBeVisible();
  await page.goBack();
  await expect(heading).toBeVisible();
  expect(hashOf(page.url())).toBe(storeHash);
  await page.goForward();
  await page.goForward();
  await expect(device).toBeVisible();

  // Installed here: the server takes it on (202) and makes it 1.5 s later; the app says
  // installed only then (Verify opens on the server's answer).
  await page.getByRole('button', { name: 'Install here' }).click();
  await expect(page.getByRole('heading', { name: `Verify ${spelled}` })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByRole('main')).toContainText(store.name);
  const onServer = (await sandboxRequest(
    sandbox.info,
    'GET',
    `/devices/${encodeURIComponent(spelled)}`,
    undefined,
    `${sandbox.user.organizations[0]!.id}:${sandbox.user.api_key}`,
  )) as { location: Store | null };
  expect(onServer.location?.id).toBe(store.id);

  // Tapped in the store's list: the device opens as the server spells it.
  await openLocation(page, store.name);
  await page.getByRole('button', { name: new RegExp(`^${escapeRegExp(spelled)}`) }).click();
  await expect(device).toBeVisible();
  expect(hashOf(page.url())).toBe(deviceHash);
  await checkBothThemes(page, 'opaque-ids-installed');

  // Tapped in Inventory's list of every device, too.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Inventory' })
    .click();
  await page.getByRole('button', { name: 'All devices' }).click();
  await page.getByLabel('Search inventory').fill(spelled.slice(-9));
  await page.locator('.device-row').filter({ hasText: spelled }).click();
  await expect(device).toBeVisible();
  expect(hashOf(page.url())).toBe(`#/devices/${encodeURIComponent(spelled)}`);

  // The queue is empty: sent once, done.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Activity' })
    .click();
  await expect(page.getByRole('main')).toContainText(spelled);
  await expect(page.getByText('Waiting for the server')).toHaveCount(0);
  expect(problems).toEqual([]);
});
