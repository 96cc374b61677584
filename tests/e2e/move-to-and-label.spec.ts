import type { Page } from '@playwright/test';
import { checkBothThemes, expect, test } from './fixtures';
import { bridgeOp as op, escapeRegExp, openFirstStore } from './helpers';

interface Store {
  id: string;
  name: string;
  address?: { line1?: string; city?: string } | null;
}
interface Device {
  serial: string;
  label: string | null;
  location?: { id: string } | null;
}

/** The device as the (training) server has it now. */
const onServer = (page: Page, serial: string) =>
  op<{ value: Device }>(page, 'getDevice', { serial, fresh: true }).then((d) => d.value);

/** Words that find exactly this store in a store search (same-named stores exist). */
const uniqueQuery = (s: Store) => `${s.name} ${s.address?.line1 ?? ''}`;

/** Training mode's stores as the core has them, once its Locations list shows them. */
async function trainingStores(page: Page): Promise<Store[]> {
  await expect(page.getByRole('main').getByRole('listitem').first()).toBeVisible();
  return (await op<{ value: Store[] }>(page, 'listLocations', {})).value;
}

test('"Move to…" moves an installed device to a store picked on its screen, asked first like every move', async ({
  trainingPage: page,
}) => {
  const stores = await trainingStores(page);
  await openFirstStore(page);
  const from = new URL(page.url()).hash.slice('#/locations/'.length);
  const here = stores.find((s) => s.id === from)!;
  const there = stores.find((s) => s.id !== from && s.address?.line1)!;

  const installed = page.getByRole('rowheader').getByRole('button').first();
  const serial = (await installed.textContent())!.trim();
  await installed.click();
  await expect(page.getByRole('heading', { level: 1, name: serial })).toBeVisible();

  // The picker is the Install at… one, titled for the move, without the store it is at.
  await page.getByRole('button', { name: 'Move to…' }).click();
  const picker = page.getByRole('region', { name: 'Move to…' });
  const search = picker.getByLabel('Search stores (name, city, address)');
  await expect(search).toBeFocused();
  await search.fill(uniqueQuery(here));
  await expect(picker.getByText('No store matches.')).toBeVisible();
  await search.fill(uniqueQuery(there));
  await page.keyboard.press('Enter');

  // Asked like every question that takes a device out of a store: it opens on Cancel.
  const dialog = page.getByRole('dialog', { name: `Move ${serial}?` });
  await expect(dialog).toContainText(
    new RegExp(`installed at ${escapeRegExp(here.name)}.*Move it to ${escapeRegExp(there.name)}`),
  );
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await checkBothThemes(page, 'move-to-confirm');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  expect((await onServer(page, serial)).location?.id).toBe(from);

  await page.getByRole('button', { name: 'Move to…' }).click();
  await search.fill(uniqueQuery(there));
  await picker.getByRole('button', { name: new RegExp(escapeRegExp(there.name)) }).click();
  await dialog.getByRole('button', { name: 'Move' }).click();
  // Moved: Verify at the new store, as after any install there.
  await expect(page.getByRole('heading', { name: `Verify ${serial}` })).toBeVisible();
  expect(new URL(page.url()).hash).toMatch(new RegExp(`^#/verify/${serial}\\?at=${there.id}&`));
  expect((await onServer(page, serial)).location?.id).toBe(there.id);
});

test('a label given while installing is saved with the install: by "Install at…" and by "Install here"', async ({
  trainingPage: page,
}) => {
  const stores = await trainingStores(page);
  const store = stores.find((s) => s.address?.line1)!;
  const [first, second] = (
    await op<{ rows: Device[] }>(page, 'queryDevices', { view: 'uninstalled', offset: 0, limit: 2 })
  ).rows.map((d) => d.serial);

  await page.evaluate((s) => (location.hash = `#/devices/${s}`), first!);
  await page.getByLabel('Label (optional)').fill('Entrance left');
  await checkBothThemes(page, 'install-label');
  await page.getByRole('button', { name: 'Install at…' }).click();
  await page.getByLabel('Search stores (name, city, address)').fill(uniqueQuery(store));
  await page.keyboard.press('Enter');
  const install = page.getByRole('dialog', { name: `Install ${first}?` });
  await expect(install).toContainText('Label: Entrance left');
  await install.getByRole('button', { name: 'Install' }).click();
  await expect(page.getByRole('heading', { name: `Verify ${first}` })).toBeVisible();
  expect(await onServer(page, first!)).toMatchObject({
    label: 'Entrance left',
    location: { id: store.id },
  });

  await page.evaluate(
    ([s, at]) => (location.hash = `#/devices/${s}?at=${at}`),
    [second!, store.id],
  );
  await page.getByLabel('Label (optional)').fill('Till 2');
  await page.getByRole('button', { name: 'Install here' }).click();
  await expect(page.getByRole('heading', { name: `Verify ${second}` })).toBeVisible();
  expect(await onServer(page, second!)).toMatchObject({
    label: 'Till 2',
    location: { id: store.id },
  });
});
