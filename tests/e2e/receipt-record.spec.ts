/**
 * The receipt is the record (decision record 68), in a real Chromium against browser mode and
 * the sandbox: the open items are shown before the contact signs; the receipt names the
 * device's label, its store and times in the zone Settings names; "Earlier visits" names
 * the store and counts the entries the receipt prints; the CSV is named after the store; the
 * receipt's barcode, scanned with a wedge scanner anywhere, opens its check ("Matches"); a
 * 10 MB file to check gives a clear error at once.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { bridgeOp, openNav } from './helpers';
import { scannerBurst } from './helpers/scanner';
import { locations, uninstalledSerials } from './sandbox-api';

test('open items before the sign-off; the receipt’s label, store, zone and barcode; its scan opens its check', async ({
  signedInPage: page,
  sandbox,
}) => {
  test.setTimeout(90_000);
  const [serial] = await uninstalledSerials(sandbox);
  const store = (await locations(sandbox))[0]!;
  // The stores are downloaded (the record names the store as this computer knows it).
  await expect(page.getByText(store.name!).first()).toBeVisible();
  await bridgeOp(page, 'installDevice', { serial, locationId: store.id, label: 'Door left' });
  // Never checked in: an open item the contact must see before signing.
  await bridgeOp(page, 'recordVerification', {
    serial,
    locationId: store.id,
    checkedIn: false,
    walkTestCount: 0,
    walkTestReason: 'No check-in yet',
  });

  await openNav(page, 'Activity');
  await page.getByRole('button', { name: 'Finish visit' }).click();
  const followUp = page.getByRole('region', { name: 'Needs follow-up' }).first();
  const form = page.getByLabel('Why nobody signed');
  await expect(followUp).toContainText(serial!);
  const [openItems, signing] = [(await followUp.boundingBox())!, (await form.boundingBox())!];
  expect(
    openItems.y + openItems.height,
    'the open items come before the sign-off',
  ).toBeLessThanOrEqual(signing.y);
  // Why nobody signed, with a right-to-left override in it: isolated on the receipt.
  await form.fill('Nobody \u202Eserp\u202C from the store');
  await page.getByRole('button', { name: 'Finish without signature' }).click();

  const earlier = page.getByRole('region', { name: 'Earlier visits' });
  await expect(earlier).toContainText(store.name!);
  const listed = (await earlier.getByText(/\d+ entries/).textContent())!.match(/(\d+) entries/)![1];

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    earlier.getByRole('button', { name: /^Export CSV/ }).click(),
  ]);
  const slug = store.name!.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '');
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^field-installer-visit-\\d{4}-\\d{2}-\\d{2}-${slug}\\.csv$`),
  );
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv).toContain('"Door left"');
  // Every bidirectional control removed from the file.
  expect(csv).toContain('"Not signed: Nobody serp from the store"');
  expect(csv).not.toMatch(/[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/);

  await earlier.getByRole('button', { name: /^Receipt/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Visit receipt' })).toBeVisible();
  const row = page
    .getByRole('region', { name: `Store ${store.name}` })
    .getByRole('row')
    .filter({ hasText: serial! });
  await expect(row).toContainText('Door left');
  // The zone is this computer's, named as the system names it.
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  await expect(page.getByText(`Times in ${zone}.`, { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Store sign-off' })).toContainText(
    '\u2068Nobody \u202Eserp\u202C from the store\u2069',
  );
  const record = page.getByRole('region', { name: 'Record' });
  await expect(record).toContainText(new RegExp(`Entries in the record\\s*${listed}\\b`));
  await expect(
    record.getByRole('img', { name: 'Barcode of this receipt’s visit and final hash' }),
  ).toBeVisible();
  const code = (await record.locator('figcaption code').textContent())!;
  expect(code).toMatch(/^FIR[0-9A-F]{44}$/);

  // Scanned anywhere (here: the list of stores, nothing focused): its check opens and matches.
  await openNav(page, 'Locations');
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await scannerBurst(page, code);
  await expect(page).toHaveURL(/#\/activity\?check=FIR[0-9A-F]{44}$/);
  const check = page.getByRole('region', { name: 'Check a receipt' });
  await expect(check.getByRole('status')).toContainText('Matches: the record of the visit');

  // A file far over the limit: said at once, never read whole.
  await check.getByLabel('Receipt CSV file').setInputFiles({
    name: 'newlines.csv',
    mimeType: 'text/csv',
    buffer: Buffer.alloc(10 * 1024 * 1024, 0x0a),
  });
  await expect(check.getByRole('status')).toContainText('This file is larger than 4 MB');
});
