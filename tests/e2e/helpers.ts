/** Steps in the app that several specs share: signing in, opening a store, scanning a serial. */
import { expect, type Locator, type Page } from '@playwright/test';
import {
  BRIDGE_SECRET_HEADER,
  BRIDGE_SECRET_STORAGE_KEY,
} from '../../electron/shared/bridge-protocol';
import {
  locations,
  twoOrgUser,
  uninstalledSerials,
  type ApiLocation,
  type SandboxAccount,
  type SandboxInfo,
  type SandboxUser,
} from './sandbox-api';

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

/** Opens one of the main navigation's screens (Locations, Inventory, Activity, Settings…). */
export const openNav = (page: Page, screen: string): Promise<void> =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: screen }).click();

/** On Activity: finishes the visit with no signature, saying why nobody signed. */
export async function finishVisitUnsigned(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Finish visit' }).click();
  await page.getByLabel('Why nobody signed').fill('Nobody from the store present');
  await page.getByRole('button', { name: 'Finish without signature' }).click();
}

/** On Activity: opens the receipt of the one earlier visit. */
export const openLastReceipt = (page: Page): Promise<void> =>
  page
    .getByRole('region', { name: 'Earlier visits' })
    .getByRole('button', { name: /^Receipt/ })
    .click();

export const openLocation = async (page: Page, name: string): Promise<void> => {
  await openNav(page, 'Locations');
  await page.getByLabel('Search locations').fill(name);
  await page.getByRole('main').getByRole('button', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
};

/** From a store's screen: Scan device, the serial typed and looked up (its screen opens). */
export async function lookUpSerial(page: Page, serial: string): Promise<void> {
  await page.getByRole('button', { name: 'Scan device' }).click();
  await page.getByLabel('Serial number').fill(serial);
  await page.getByRole('button', { name: 'Look up' }).click();
}

/** From a store's screen: the serial looked up, its screen open, then "Install here". */
export async function installHere(page: Page, serial: string): Promise<void> {
  await lookUpSerial(page, serial);
  await expect(page.getByRole('heading', { level: 1, name: serial })).toBeVisible();
  await page.getByRole('button', { name: 'Install here' }).click();
}

/** On the server's first store's screen: the store, and a device not installed anywhere. */
export async function openStoreWithSpare(
  page: Page,
  server: SandboxAccount,
): Promise<{ serial: string; store: ApiLocation }> {
  const [serial] = await uninstalledSerials(server);
  const [store] = await locations(server);
  if (!serial || !store) throw new Error('sandbox has no uninstalled device or no location');
  await openLocation(page, store.name);
  return { serial, store };
}

/** openStoreWithSpare once the first sync is over (so an action taken next is sent at once). */
export async function atStoreAfterFirstSync(
  page: Page,
  server: SandboxAccount,
): Promise<{ serial: string; store: ApiLocation }> {
  const found = await openStoreWithSpare(page, server);
  await expect(page.getByRole('banner')).toContainText('Next sync in', { timeout: 30_000 });
  return found;
}

/** An operation over the bridge, as the page itself calls it (the cookie, and the secret it
 * keeps in its storage): what the core has (or did). */
export const bridgeOp = <T>(page: Page, name: string, input: object): Promise<T> =>
  page.evaluate(
    async ([n, i, header, key]) => {
      const res = await fetch(`/api/op/${n}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [header]: localStorage.getItem(key) ?? '' },
        body: JSON.stringify(i),
      });
      return ((await res.json()) as { value: unknown }).value;
    },
    [name, input, BRIDGE_SECRET_HEADER, BRIDGE_SECRET_STORAGE_KEY] as const,
  ) as Promise<T>;

/**
 * On Verify: starts the walk test (its main button before anyone has walked) and waits until
 * the screen counts from that start; passes walked from now on are the walk test's.
 */
export async function startWalkTest(page: Page, button = 'Start walk test'): Promise<void> {
  await page.locator('.record-bar').getByRole('button', { name: button }).click();
  await expect(page.locator('.record-bar').getByRole('button', { name: button })).toHaveCount(0);
}

/**
 * Training's walk test: "Simulate a walk-through" (Verify's main button while walking) pressed
 * `passes` times, or until the walk test passed on the practice store's own visitors too.
 */
export async function simulatePasses(
  page: Page,
  passes: number,
  button = 'Simulate a walk-through',
): Promise<void> {
  const simulate = page.locator('.record-bar').getByRole('button', { name: button });
  for (let pass = 0; pass < passes; pass++) {
    if (!(await simulate.isVisible())) return;
    await simulate.click();
  }
}

/** Opens a store in `country` (two letters) of those saved here; its id and name. */
export async function openStoreIn(
  page: Page,
  country: string,
): Promise<{ id: string; name: string }> {
  const { value } = await bridgeOp<{
    value: { id: string; name: string; address?: { country?: string | null } | null }[];
  }>(page, 'listLocations', {});
  const store = value.find((l) => l.address?.country === country);
  if (!store) throw new Error(`no store in ${country}`);
  await page.evaluate((id) => (location.hash = `#/locations/${encodeURIComponent(id)}`), store.id);
  await expect(page.getByRole('heading', { level: 1, name: store.name })).toBeVisible();
  return { id: store.id, name: store.name };
}

/** Training mode from the sign-in screen, on Locations. */
export const startTraining = async (page: Page, url: string): Promise<void> => {
  await page.goto(url);
  await page.getByRole('button', { name: 'Start training mode' }).click();
  await expect(page.getByRole('heading', { name: 'Locations' })).toBeVisible();
};

/** Training mode from the sign-in screen, then the Inventory screen. */
export const openTrainingInventory = async (page: Page, url: string): Promise<void> => {
  await startTraining(page, url);
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

/** On an inventory list: its first device's row once the list has arrived, and its serial. */
export async function firstDeviceRow(page: Page): Promise<{ row: Locator; serial: string }> {
  const row = page.locator('.device-row').first();
  await expect(row).toBeVisible({ timeout: 20_000 });
  return { row, serial: (await row.locator('.serial').textContent())!.trim() };
}

/** The app's language as Settings stores it (e.g. the pseudo-locale 'en-XA'), then a reload. */
export async function preferLanguage(page: Page, language: string): Promise<void> {
  await page.evaluate(
    (chosen) =>
      localStorage.setItem('field-installer.preferences', JSON.stringify({ language: chosen })),
    language,
  );
  await page.reload();
}
