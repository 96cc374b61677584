import { checkBothThemes, expect, test } from './fixtures';
import {
  finishVisitUnsigned,
  installHere,
  openLastReceipt,
  openNav,
  openStoreWithSpare,
  startWalkTest,
} from './helpers';
import { apiGet, sandboxRequest } from './sandbox-api';
import { pdfText } from './helpers/pdf-text';

/** Layout splits runs of text (and ligatures such as "fi") with spaces: compare without them. */
const squash = (text: string) => text.replace(/\s+/g, '');

interface ApiLocation {
  name: string;
  address?: { city?: string } | null;
}

test('a finished visit has a printable receipt: store and city, organization, times, each device with its verification and walk test', async ({
  signedInPage: page,
  sandbox,
}) => {
  test.setTimeout(150_000);
  const { info, user } = sandbox;
  const org = user.organizations[0]!.name;
  const { serial, store } = await openStoreWithSpare(page, sandbox);
  const city = (await apiGet<ApiLocation>(sandbox, `/locations/${store.id}`)).address?.city ?? '';
  await installHere(page, serial);
  await sandboxRequest(info, 'POST', `/_sandbox/devices/${serial}/checkin`);
  await startWalkTest(page);
  await sandboxRequest(info, 'POST', `/_sandbox/devices/${serial}/walk-through`, { count: 3 });
  await expect(page.getByRole('region', { name: 'Walk test' })).toContainText('Walk test passed', {
    timeout: 30_000,
  });
  await expect(page.getByRole('region', { name: 'Check-in' })).toContainText('Online', {
    timeout: 30_000,
  });
  await page.getByRole('button', { name: 'Record as “Verified”' }).click();
  await expect(page.getByText('Recorded as “Verified”.')).toBeVisible();

  await openNav(page, 'Activity');
  await finishVisitUnsigned(page);
  await openLastReceipt(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Visit receipt' })).toBeVisible();
  const section = page.getByRole('region', { name: `Store ${store.name}` });
  await expect(section.getByRole('heading')).toHaveText(`${store.name}, ${city}`);
  const row = section.getByRole('row').filter({ hasText: serial });
  await expect(row).toContainText('Installed');
  await expect(row).toContainText('Verified');
  await expect(row).toContainText('Passed (3 of 3)');
  await expect(page.getByText(org, { exact: true }).last()).toBeVisible();
  await checkBothThemes(page, 'visit-receipt');

  // Browser mode: "Save as PDF" opens the browser's print dialog (stubbed to count it).
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => void ((window as unknown as { printed: number }).printed += 1);
  });
  await page.getByRole('button', { name: 'Save as PDF' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

  // What the print gives, as a PDF: the receipt's facts, no navigation, no buttons.
  await page.emulateMedia({ media: 'print', colorScheme: 'dark' });
  const text = await pdfText(await page.pdf({ format: 'A4', printBackground: true }));
  for (const expected of [
    'Visit receipt',
    org,
    `${store.name}, ${city}`,
    serial,
    'Installed',
    'Verified',
    'Passed (3 of 3)',
    'Started',
    'Finished',
  ])
    expect(squash(text), `the PDF says "${expected}"`).toContain(squash(expected));
  expect(text).not.toContain('Save as PDF');
  expect(text).not.toContain('Inventory');
  await page.emulateMedia({ media: 'screen' });
});
