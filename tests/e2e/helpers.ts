/** Steps several specs share: signing in with a sandbox user and finding test devices. */
import { expect, type Page } from '@playwright/test';
import { sandboxRequest, type SandboxInfo, type SandboxUser } from './fixtures';

export const twoOrgUser = (info: SandboxInfo): SandboxUser => {
  const user = info.users.find((u) => u.organizations.length > 1);
  if (!user) throw new Error('the sandbox seed has no user with two organizations');
  return user;
};

/** Signs in with a key and, for a user of several organizations, picks the first one. */
export async function signInWithKey(
  page: Page,
  url: string,
  info: SandboxInfo,
): Promise<SandboxUser> {
  const user = twoOrgUser(info);
  await page.goto(url);
  await page.getByLabel('API base URL').fill(info.base_url);
  await page.getByLabel('API key').fill(user.api_key);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Choose organization' })).toBeVisible();
  const org = user.organizations[0]!;
  await page.getByRole('radio', { name: org.name }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Locations' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByText(org.name, { exact: true })).toBeVisible();
  return user;
}

export const auth = (user: SandboxUser): string => `${user.organizations[0]!.id}:${user.api_key}`;

interface ApiDevice {
  serial_number: string;
  location?: { id: string; name: string } | null;
}

/** Where the server has a device now (the sandbox answers `{data}` or the bare device). */
export async function serverDeviceLocation(
  info: SandboxInfo,
  user: SandboxUser,
  serial: string,
): Promise<string | null> {
  const body = (await sandboxRequest(info, 'GET', `/devices/${serial}`, undefined, auth(user))) as
    ApiDevice | { data: ApiDevice };
  return ('data' in body ? body.data : body).location?.id ?? null;
}
interface ApiLocation {
  id: string;
  name: string;
}

export async function uninstalledSerials(info: SandboxInfo, user: SandboxUser): Promise<string[]> {
  const body = (await sandboxRequest(
    info,
    'GET',
    '/uninstalled-devices',
    undefined,
    auth(user),
  )) as { data: ApiDevice[] };
  return body.data.map((d) => d.serial_number);
}

export async function locations(info: SandboxInfo, user: SandboxUser): Promise<ApiLocation[]> {
  const body = (await sandboxRequest(info, 'GET', '/locations', undefined, auth(user))) as {
    data: ApiLocation[];
  };
  return body.data;
}

export const openLocation = async (page: Page, name: string): Promise<void> => {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Locations' })
    .click();
  await page.getByLabel('Search locations').fill(name);
  await page.getByRole('main').getByRole('button', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
};

/**
 * Signed in, on a store's screen once the first sync is over (so an action taken next is sent
 * at once), with a device that is not installed anywhere.
 */
export async function atStoreAfterFirstSync(
  page: Page,
  url: string,
  info: SandboxInfo,
): Promise<{ user: SandboxUser; serial: string; store: ApiLocation }> {
  const user = await signInWithKey(page, url, info);
  const [serial] = await uninstalledSerials(info, user);
  const [store] = await locations(info, user);
  if (!serial || !store) throw new Error('sandbox has no uninstalled device or no location');
  await openLocation(page, store.name);
  await expect(page.getByRole('banner')).toContainText('Next sync in', { timeout: 30_000 });
  return { user, serial, store };
}

/** An operation over the bridge, as the page itself calls it: what the core has (or did). */
export const bridgeOp = <T>(page: Page, name: string, input: object): Promise<T> =>
  page.evaluate(
    async ([n, i]) => {
      const res = await fetch(`/api/op/${n}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(i),
      });
      return ((await res.json()) as { value: unknown }).value;
    },
    [name, input] as const,
  ) as Promise<T>;

/** Training mode from the sign-in screen, then the Inventory screen. */
export const openTrainingInventory = async (page: Page, url: string): Promise<void> => {
  await page.goto(url);
  await page.getByRole('button', { name: 'Start training mode' }).click();
  await expect(page.getByRole('heading', { name: 'Locations' })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Inventory' })
    .click();
};

/** Training mode's Inventory opened, and the serial of the first uninstalled device listed. */
export async function trainingSpareSerial(page: Page, url: string): Promise<string> {
  await openTrainingInventory(page, url);
  const spare = page.locator('.device-row .serial').first();
  await expect(spare).toBeVisible({ timeout: 20_000 });
  return (await spare.textContent())!.trim();
}

/** Opens the first store of the Locations list; its name as the list shows it. */
export async function openFirstStore(page: Page): Promise<string> {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Locations' })
    .click();
  const store = page.getByRole('main').getByRole('listitem').first().getByRole('button').first();
  const name = (await store.textContent())!.trim();
  await store.click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  return name;
}

/** A store or device name as a literal inside a RegExp. */
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
