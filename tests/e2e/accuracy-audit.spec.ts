/**
 * A whole accuracy audit against the sandbox in browser mode (the sandbox's "minute" buckets
 * are 10 s long, so every count falls in the first one, as it is compared bucket by bucket;
 * the managed policy asks a sample of 6 crossings with no minimum time, so the audit runs in
 * seconds): counted with the In/Out buttons, a key and the handheld scanner on
 * the printed sheet's barcode, a mistaken count taken back, the wait for the device's check-in
 * after the window, the result with its numbers, and the same words on the receipt — in
 * English and in German.
 */
import { expect, test } from './fixtures';
import { escapeRegExp, finishVisitUnsigned, openLastReceipt, openNav } from './helpers';
import { auditDevice } from './helpers/audit-device';
import { scannerBurst } from './helpers/scanner';

const PASSED =
  'Audit passed; In 100% (device 4, by hand 4); Out 100% (device 3, by hand 3); Overall 100% (device 7, by hand 7); 95% interval 64.5% to 100%; No bucket off';
/** The result as the screen, Activity and the receipt say it (Stop may fall in the next bucket). */
const passed = (text: string) => new RegExp(`^${escapeRegExp(text)} \\([12] compared\\)$`);

test('an accuracy audit counted by buttons, a key and the scanner passes, and the receipt says so with its numbers', async ({
  page,
  dataDir,
  sandbox,
}) => {
  const { serial, store, cross, checkIn } = await auditDevice(
    page,
    { dataDir, sandbox },
    { minCrossings: 6, bucketSeconds: 10 },
  );

  const audit = page.getByRole('region', { name: 'Accuracy audit' });
  await expect(audit).toContainText('over at least 6 crossings');
  await audit.getByRole('button', { name: 'Start audit' }).click();
  await expect(audit.getByText('The device counts in buckets of 10 sec')).toBeVisible();
  await expect(audit.locator('.badge')).toHaveText('Counting');
  await cross({ in: 4, out: 3 });
  const inButton = audit.getByRole('button', { name: 'In', exact: true });
  const outButton = audit.getByRole('button', { name: 'Out', exact: true });
  for (let i = 0; i < 3; i++) await inButton.click();
  await outButton.click();
  await outButton.click();
  await page.getByRole('heading', { level: 1 }).click();
  await page.keyboard.press('i');
  await scannerBurst(page, 'AUDIT-OUT');
  await expect(audit.locator('.tallies')).toHaveText(/4\s*in\s*3\s*out/);
  // A mistaken count, taken back.
  await inButton.click();
  await expect(audit.locator('.tallies')).toHaveText(/5\s*in\s*3\s*out/);
  await audit.getByRole('button', { name: 'Undo last count' }).click();
  await expect(audit.locator('.tallies')).toHaveText(/4\s*in\s*3\s*out/);

  await audit.getByRole('button', { name: 'Stop' }).click();
  await expect(audit).toContainText("Waiting for the device's next check-in", {
    timeout: 10_000,
  });
  await checkIn();
  await expect(audit.getByRole('status')).toHaveText(passed(PASSED.replace(/; /, ' ')), {
    timeout: 10_000,
  });
  const buckets = audit.getByRole('table', { name: 'Bucket by bucket' }).locator('tbody');
  await expect(buckets).toContainText('Within tolerance');
  await expect(buckets).not.toContainText('Off');

  await openNav(page, 'Activity');
  const auditRow = page.getByRole('row').filter({ hasText: 'Accuracy audit' });
  await expect(auditRow.locator('.badge')).toHaveText('Audit passed');
  await expect(auditRow.locator('.muted')).toHaveText(passed(PASSED.replace(/^.*?; /, '')));
  await finishVisitUnsigned(page);
  await openLastReceipt(page);
  const row = page
    .getByRole('region', { name: `Store ${store.name}` })
    .getByRole('row')
    .filter({ hasText: serial });
  await expect(row).toContainText(PASSED);
  await expect(row).toContainText(/compared\)/);

  await page.evaluate(() =>
    localStorage.setItem('field-installer.preferences', JSON.stringify({ language: 'de' })),
  );
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  // The store's region is named in German now: the same row found by its serial.
  const rowDe = page.locator('section.store').getByRole('row').filter({ hasText: serial });
  await expect(rowDe).toContainText(
    /Zählprüfung bestanden; Hinein 100\s% \(Gerät 4, von Hand 4\); Hinaus 100\s% \(Gerät 3, von Hand 3\); Insgesamt 100\s% \(Gerät 7, von Hand 7\); 95-%-Intervall 64,5\s% bis 100\s%; Kein Abschnitt weicht ab \([12] verglichen\)/,
  );
});
