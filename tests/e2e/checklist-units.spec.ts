/**
 * Lengths in the store's units, not the app's language: in English (US) a store in Germany asks
 * in metres and takes "8,5" as the store writes it, a store in the US in feet. Each entry says
 * its unit and can be switched; "2.6 m" typed where feet are asked is taken as metres and the
 * entry then says metres. A device has one checklist a visit: saved again, it is amended (one
 * row in Activity). Training mode, a checklist file from IT's policy for fixed checks.
 */
import type { Page } from '@playwright/test';
import { expect, startWebWithPolicy, test } from './fixtures';
import { bridgeOp, openNav, openStoreIn, trainingSpareSerial } from './helpers';

/** Installs a spare device at the store on screen; Verify opens. */
async function installSpare(page: Page, serial: string): Promise<void> {
  await page.getByRole('button', { name: 'Scan device' }).click();
  await page.getByLabel('Serial number').fill(serial);
  await page.getByRole('button', { name: 'Look up' }).click();
  await page.getByRole('button', { name: 'Install here' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Verify ${serial}` })).toBeVisible();
}

test('lengths in the store’s units whatever the language, each entry switchable; saved twice it is one checklist', async ({
  page,
  dataDir,
}) => {
  const web = await startWebWithPolicy(dataDir, {}, [
    { check: 'mounting_height', minMetres: 2.32, maxMetres: 9 },
    { check: 'door_distance' },
    { check: 'view_clear' },
  ]);
  const serial = await trainingSpareSerial(page, web.info.url);
  const { rows } = await bridgeOp<{ rows: { serial: string }[] }>(page, 'queryDevices', {
    view: 'uninstalled',
    offset: 0,
    limit: 2,
  });
  const other = rows.map((d) => d.serial).find((s) => s !== serial)!;

  // A store in Germany, the app in US English: metres, and the store's decimal comma.
  await openStoreIn(page, 'DE');
  await installSpare(page, serial);
  const checklist = page.getByRole('region', { name: 'Mounting checklist' });
  await expect(checklist).toContainText('Lengths in the store’s unit (m)');
  const height = checklist.getByLabel('Mounting height (m)');
  await height.fill('8,5');
  await expect(checklist.getByText('Limits for this device type: 2.32 m to 9 m')).toBeVisible();
  // Door distance switched to feet, then "2.6 m" typed there: metres, and the entry says so.
  await checklist.getByLabel('Unit of Distance from the door').selectOption('ft');
  const door = checklist.getByLabel('Distance from the door (ft)');
  await door.fill('2.6 m');
  await door.blur();
  await expect(checklist.getByLabel('Distance from the door (m)')).toHaveValue('2.6');
  await expect(checklist.getByLabel('Unit of Distance from the door')).toHaveValue('m');
  // A number typed is kept as a length when its unit is switched.
  await checklist.getByLabel('Unit of Mounting height').selectOption('ft');
  await expect(checklist.getByLabel('Mounting height (ft)')).toHaveValue('27.89');
  await checklist.getByLabel('Unit of Mounting height').selectOption('m');
  await expect(height).toHaveValue('8.5');
  await checklist.getByRole('radio', { name: 'Yes' }).check();
  await checklist.getByRole('button', { name: 'Save checklist' }).click();
  await expect(checklist.getByRole('status')).toHaveText(
    'Checklist saved with this visit. Mounting checklist: Mounting height: 8.5 m; Distance from the door: 2.6 m; Nothing blocks the view: Yes',
  );

  // Saved again with a correction: amended, not a second checklist.
  await height.fill('3');
  await checklist.getByRole('button', { name: 'Save changes to the checklist' }).click();
  await expect(checklist.getByRole('status')).toContainText('Mounting height: 3 m;');
  await openNav(page, 'Activity');
  const visit = page.getByRole('region', { name: 'This visit' });
  const checklistRows = visit.getByRole('row').filter({ hasText: 'Mounting checklist:' });
  await expect(checklistRows).toHaveCount(1);
  await expect(checklistRows).toContainText('Mounting height: 3 m; Distance from the door: 2.6 m');

  // A store in the US: feet.
  await openStoreIn(page, 'US');
  await installSpare(page, other);
  await expect(checklist).toContainText('Lengths in the store’s unit (ft)');
  await expect(checklist.getByLabel('Mounting height (ft)')).toBeVisible();
  // Feet and inches as on a tape.
  await checklist.getByLabel('Mounting height (ft)').fill(`9' 6"`);
  await checklist.getByLabel('Distance from the door (ft)').fill('3');
  await checklist.getByRole('radio', { name: 'Yes' }).check();
  await checklist.getByRole('button', { name: 'Save checklist' }).click();
  await expect(checklist.getByRole('status')).toContainText(
    'Mounting height: 9.5 ft; Distance from the door: 3 ft',
  );
});
