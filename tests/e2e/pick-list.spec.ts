import { checkBothThemes, expect, test } from './fixtures';
import { scannerBurst } from './helpers/scanner';
import { apiGet, serverPlacements } from './sandbox-api';

interface ApiDevice {
  serial_number: string;
  device_type_name?: string | null;
  location?: { id: string; name: string } | null;
  name?: string;
}

test('a box scanned into the pick list with the handheld scanner: each serial checked at once, the good ones installed one by one, each line showing its state', async ({
  page,
  sandbox,
  atStore: { store },
}) => {
  test.setTimeout(60_000);
  const list = (path: string) => apiGet<ApiDevice[]>(sandbox, path);
  // Two spare devices of one type (the list expects the first one's), one installed elsewhere.
  const spare = await list('/uninstalled-devices');
  const type = spare[0]!.device_type_name;
  const [first, second] = spare.filter((d) => d.device_type_name === type);
  const installed = (await list('/devices')).find((d) => d.location && d.location.id !== store.id);
  if (!first || !second || !installed) throw new Error('sandbox seed too small');

  await page.getByRole('button', { name: 'Pick list' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pick list' })).toBeVisible();
  // The box, scanned: one label the inventory does not know, one device installed elsewhere,
  // one scanned in lower case (the line shows the server's spelling).
  for (const scan of [
    first.serial_number,
    'FTC-NOSUCH-9',
    installed.serial_number,
    second.serial_number.toLowerCase(),
  ])
    await scannerBurst(page, scan);
  await expect(page.getByLabel('Serial numbers'), 'scans are not typed into the field').toHaveValue(
    '',
  );
  const line = (serial: string) => page.locator(`tr[data-serial="${serial}"]`);
  await expect(line('FTC-NOSUCH-9')).toContainText(
    'Skipped Not among the devices saved on this computer: skipped.',
  );
  await expect(line(installed.serial_number)).toContainText(
    `Already installed at ${installed.location!.name}: skipped.`,
  );
  await expect(line(first.serial_number)).toContainText('Ready');
  await expect(line(second.serial_number)).toContainText('Ready');
  await line(first.serial_number)
    .getByLabel(`Label for ${first.serial_number}`)
    .fill('Entrance left');
  await line(first.serial_number).getByLabel(`Label for ${first.serial_number}`).blur();
  await expect(page.getByText('To install: 2. Skipped: 2.')).toBeVisible();
  await checkBothThemes(page, 'pick-list');

  await page.getByRole('button', { name: 'Install the pick list here' }).click();
  for (const device of [first, second])
    await expect(line(device.serial_number)).toContainText(
      // The store's name isolated for direction inside the sentence (words/bidi.ts).
      `Done Installed at \u2068${store.name}\u2069.`,
    );
  await expect(line('FTC-NOSUCH-9')).toContainText('Skipped');
  await expect(line(installed.serial_number)).toContainText('Skipped');
  await expect(page.getByText('To install: 0. Skipped: 2. Installed or queued: 2.')).toBeVisible();
  // A column pasted into the one-line field keeps its line breaks: two lines, not one.
  await page.getByLabel('Serial numbers').focus();
  await page.evaluate((text) => {
    const data = new DataTransfer();
    data.setData('text/plain', text);
    document.activeElement!.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, `${first.serial_number}\r\nFTC-NOSUCH-8`);
  await expect(line('FTC-NOSUCH-8')).toContainText('Skipped');
  await expect(page.locator('tbody tr').nth(4)).toContainText('Scanned twice (line 1): skipped.');
  const placements = await serverPlacements(sandbox.info);
  expect(placements[first.serial_number]).toBe(store.id);
  expect(placements[second.serial_number]).toBe(store.id);
  expect(placements[installed.serial_number]).toBe(installed.location!.id);
  const labelled = await apiGet<ApiDevice>(sandbox, `/devices/${first.serial_number}`);
  expect(labelled.name).toBe('Entrance left');
});
