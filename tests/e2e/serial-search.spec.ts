import { expect, test } from './fixtures';

// Decision record 33: serials are found the way people read labels — without the
// dash, with a space, by their last characters (every serial of a vendor starts "FTC-") — and
// a serial that does not exist is met with the close ones the computer has ("Did you mean").
test('Inventory finds a serial typed without its dash or by its last characters; Scan offers "Did you mean"', async ({
  page,
  spareSerial: serial,
}) => {
  expect(serial).toMatch(/^FTC-[A-Z0-9]{8}$/);
  const search = page.getByLabel('Search inventory');
  const listed = page.getByRole('list', { name: 'Inventory' }).locator('.serial');

  for (const typed of [serial.replace('-', ''), `FTC ${serial.slice(4)}`.toLowerCase()]) {
    await search.fill(typed);
    await expect(listed, typed).toHaveText([serial]);
  }
  await search.fill(serial.slice(-2));
  await expect(listed.filter({ hasText: serial })).toHaveCount(1);

  // The training serials have no "1" (no I/1 look-alikes on labels): this one does not exist.
  const misread = `${serial.slice(0, -1)}1`;
  await page.getByRole('main').getByRole('button', { name: 'Scan device' }).click();
  await page.getByLabel('Serial number').fill(misread);
  await page.getByLabel('Serial number').press('Enter');
  await expect(page.getByText(`No device with serial number ${misread}`)).toBeVisible();
  const offers = page.getByRole('region', { name: 'Did you mean one of these devices' });
  await offers.getByRole('button', { name: serial }).click();
  await expect(page.getByRole('heading', { level: 1, name: serial })).toBeVisible();
});
