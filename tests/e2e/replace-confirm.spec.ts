import { expect, test } from './fixtures';
import { openLocation } from './helpers';
import {
  apiGet,
  installOnServer,
  locations,
  serverDeviceLocation,
  updateOnServer,
} from './sandbox-api';
import { scannerBurst } from './helpers/scanner';

interface ApiDevice {
  serial_number: string;
  device_type_name: string;
}

// Replace ran at the second scan without a question and without comparing the devices (a
// Door Counter replaced by a Thermal Counter), and said the broken device was not at this
// store only after both scans. Each scan is checked at once now, and the replacement is
// asked, naming both devices, opening on Cancel.
test('Replace checks each scan at once and asks first, naming both devices and a type change', async ({
  page,
  sandbox,
  signIn,
}) => {
  const spares = await apiGet<ApiDevice[]>(sandbox, '/uninstalled-devices');
  const broken = spares.find((d) => d.device_type_name === 'Door Counter DC-200');
  const fresh = spares.find((d) => d.device_type_name === 'Thermal Counter T5');
  const elsewhere = spares.find((d) => d !== broken && d !== fresh);
  const [store, other] = await locations(sandbox);
  if (!broken || !fresh || !elsewhere || !store || !other)
    throw new Error('the sandbox seed lacks the devices or stores this test needs');
  await installOnServer(sandbox, broken.serial_number, store.id);
  await updateOnServer(sandbox, broken.serial_number, { name: 'Entrance left' });
  await installOnServer(sandbox, elsewhere.serial_number, other.id);
  await signIn(page);
  await openLocation(page, store.name);
  await page.getByRole('button', { name: 'Replace device' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Replace a device' })).toBeVisible();

  // The first scan is a device of another store: refused at once, saying where it is; the
  // next scan goes into the same field.
  await scannerBurst(page, elsewhere.serial_number);
  await expect(
    page.getByText(
      new RegExp(`^${elsewhere.serial_number} is not installed here\\. It is at ${other.name} \\(`),
    ),
  ).toBeVisible();
  await expect(page.getByLabel('Broken device')).toBeFocused();

  // The right one: its type, label and store are shown before anything else is asked.
  await scannerBurst(page, broken.serial_number);
  await expect(page.getByLabel('Broken device')).toHaveValue(broken.serial_number);
  const facts = page.getByRole('main').getByRole('definition');
  await expect(facts.filter({ hasText: 'Door Counter DC-200' })).toBeVisible();
  await expect(facts.filter({ hasText: 'Entrance left' })).toBeVisible();
  await expect(facts.filter({ hasText: store.name })).toBeVisible();
  await expect(page.getByLabel('New device')).toBeFocused();

  // The obvious mistakes are refused at once: the same device again, a serial that is no
  // device at all.
  await scannerBurst(page, broken.serial_number);
  await expect(page.getByText('That is the broken device. Scan the new one.')).toBeVisible();
  await scannerBurst(page, 'FTC-ZZZZ9999');
  await expect(
    page
      .getByRole('main')
      .getByText(/FTC-ZZZZ9999/)
      .last(),
  ).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The new one: asked, naming both, warning that the types differ; it opens on Cancel.
  await scannerBurst(page, fresh.serial_number);
  const dialog = page.getByRole('dialog', {
    name: `Replace ${broken.serial_number} with ${fresh.serial_number}?`,
  });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`${broken.serial_number} (Door Counter DC-200)`);
  await expect(dialog).toContainText(`${fresh.serial_number} (Thermal Counter T5)`);
  await expect(dialog).toContainText(
    'Not the same type: a Door Counter DC-200 would be replaced by a Thermal Counter T5.',
  );
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  expect(await serverDeviceLocation(sandbox, broken.serial_number)).toBe(store.id);

  // Asked again and confirmed: replaced, then verified.
  await page.getByLabel('New device').press('Enter');
  await dialog.getByRole('button', { name: 'Replace' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: `Verify ${fresh.serial_number}` }),
  ).toBeVisible();
});
