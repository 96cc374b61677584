/**
 * A whole accuracy audit against the sandbox in browser mode (the sandbox's "minute" buckets
 * are 2 s long, the managed policy asks a sample of 6 crossings with no minimum time, so the
 * audit runs in seconds): counted with the In/Out buttons, a key and the handheld scanner on
 * the printed sheet's barcode, a mistaken count taken back, the wait for the device's check-in
 * after the window, the result with its numbers, and the same words on the receipt — in
 * English and in German.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, startWeb, test } from './fixtures';
import {
  atStoreAfterFirstSync,
  finishVisitUnsigned,
  openLastReceipt,
  openNav,
  signInWithKey,
} from './helpers';
import { sandboxRequest } from './sandbox-api';
import { scannerBurst } from './helpers/scanner';

const PASSED =
  'Audit passed; In 100% (device 4, by hand 4); Out 100% (device 3, by hand 3); Overall 100% (device 7, by hand 7)';

test('an accuracy audit counted by buttons, a key and the scanner passes, and the receipt says so with its numbers', async ({
  page,
  dataDir,
  sandbox,
}) => {
  const policy = join(dataDir, 'policy.json');
  writeFileSync(policy, JSON.stringify({ AuditMinimumCrossings: 6, AuditMinimumMinutes: 0 }));
  const web = await startWeb(join(dataDir, 'app'), ['--policy-file', policy]);
  const info = sandbox.info;
  await sandboxRequest(info, 'PUT', '/_sandbox/traffic', { minuteBucketSeconds: 2 });
  await signInWithKey(page, web.info.url, info);
  const { serial, store } = await atStoreAfterFirstSync(page, sandbox);
  await page.getByRole('button', { name: 'Scan device' }).click();
  await page.getByLabel('Serial number').fill(serial);
  await page.getByRole('button', { name: 'Look up' }).click();
  await page.getByRole('button', { name: 'Install here' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Verify ${serial}` })).toBeVisible();
  // From now on the device counts only the people the test sends across its line.
  const cross = (people: { in: number; out: number }) =>
    sandboxRequest(info, 'POST', `/_sandbox/devices/${serial}/people`, people);
  await cross({ in: 0, out: 0 });
  // It checks in when the test says, so the wait for its check-in after the window shows.
  await sandboxRequest(info, 'POST', `/_sandbox/devices/${serial}/silence`, { silent: true });

  const audit = page.getByRole('region', { name: 'Accuracy audit' });
  await expect(audit).toContainText('over at least 6 crossings');
  await audit.getByRole('button', { name: 'Start audit' }).click();
  await expect(audit.getByText('The device counts in buckets of 2 sec')).toBeVisible();
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
  await sandboxRequest(info, 'POST', `/_sandbox/devices/${serial}/checkin`);
  await expect(audit.getByRole('status')).toHaveText(PASSED.replace(/; /, ' '), {
    timeout: 10_000,
  });

  await openNav(page, 'Activity');
  const auditRow = page.getByRole('row').filter({ hasText: 'Accuracy audit' });
  await expect(auditRow).toContainText(PASSED.replace(/; /, ' '));
  await finishVisitUnsigned(page);
  await openLastReceipt(page);
  const row = page
    .getByRole('region', { name: `Store ${store.name}` })
    .getByRole('row')
    .filter({ hasText: serial });
  await expect(row).toContainText(PASSED);

  await page.evaluate(() =>
    localStorage.setItem('field-installer.preferences', JSON.stringify({ language: 'de' })),
  );
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  // The store's region is named in German now: the same row found by its serial.
  const rowDe = page.locator('section.store').getByRole('row').filter({ hasText: serial });
  await expect(rowDe).toContainText(
    'Zählprüfung bestanden; Hinein 100 % (Gerät 4, von Hand 4); Hinaus 100 % (Gerät 3, von Hand 3); Insgesamt 100 % (Gerät 7, von Hand 7)',
  );
});
