import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { checkBothThemes, expect, test } from './fixtures';
import { finishVisitUnsigned, installHere, openLocation } from './helpers';
import { locations, uninstalledSerials } from './sandbox-api';

async function install(page: Page, store: string, serial: string): Promise<void> {
  await openLocation(page, store);
  await installHere(page, serial);
  await expect(page.getByRole('heading', { name: `Verify ${serial}` })).toBeVisible();
}

const openActivity = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Activity' }).click();

test('a visit has a start and a finish; finished visits stay listed with their own entries', async ({
  signedInPage: page,
  sandbox,
}) => {
  test.setTimeout(150_000);
  const { user } = sandbox;
  const [first, second] = await uninstalledSerials(sandbox);
  const store = (await locations(sandbox))[0]!;
  if (!first || !second) throw new Error('sandbox has too few uninstalled devices');

  await install(page, store.name, first);
  await openActivity(page);
  const thisVisit = page.getByRole('region', { name: 'This visit' });
  await expect(thisVisit).toContainText(first);
  await expect(thisVisit).toContainText(`for ${user.organizations[0]!.name}`);
  await finishVisitUnsigned(page);
  await expect(page.getByText('Visit finished at')).toBeVisible();
  await expect(thisVisit.getByRole('table')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Finish visit' })).toBeDisabled();
  const earlier = page.getByRole('region', { name: 'Earlier visits' });
  // The entries of its record, as its receipt counts them: its start, the install, the sign-off.
  await expect(earlier).toContainText('3 entries');
  await checkBothThemes(page, 'visit-finished');

  // The next action starts a new visit: only it shows under "This visit".
  await install(page, store.name, second);
  await openActivity(page);
  await expect(thisVisit).toContainText(second);
  await expect(thisVisit).not.toContainText(first);
  await earlier.getByRole('button', { name: /^Show/ }).click();
  await expect(earlier.getByRole('table')).toContainText(first);
  await expect(earlier.getByRole('table')).not.toContainText(second);
  await checkBothThemes(page, 'visit-earlier-open');

  // The earlier visit's CSV: BOM first, organization and store by name, local time + offset.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    earlier.getByRole('button', { name: /^Export CSV/ }).click(),
  ]);
  const bytes = await readFile(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const csv = bytes.toString('utf8').slice(1);
  const [header, row, blank, visitRow, ...record] = csv.split('\r\n');
  expect(header).toBe(
    '"Organization","Time","Action","Serial number","Label","Location","City","Result","Detail","Needs follow-up","Signed by"',
  );
  // One activity row, then the visit's record (its entries and their hashes).
  expect(blank).toBe('');
  expect(visitRow).toMatch(/^"Visit","v-[0-9a-f-]+"$/);
  expect(record.at(-1)).toBe('');
  expect(record.at(-2)).toMatch(/^"\d+",".*","Store sign-off","[0-9a-f]{64}"$/);
  expect(row).toContain(`"${user.organizations[0]!.name}",`);
  expect(row).toMatch(/,"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d [+-]\d\d:\d\d","Install",/);
  expect(row).toContain(first);
  expect(row).toContain(store.name);
  expect(csv).not.toContain(store.id);
});
