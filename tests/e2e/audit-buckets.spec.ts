/**
 * An audit whose errors cancel out on totals is not passed (decision record 72): in browser
 * mode against the sandbox, the device counts three people in one bucket that nobody crossed
 * by hand, and misses the three counted by hand in the next. The totals agree (3 and 3); the
 * screen, Activity, the receipt and the CSV say it failed, with both buckets flagged and the
 * interval next to the percentage.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { finishVisitUnsigned, openLastReceipt, openNav } from './helpers';
import { auditDevice } from './helpers/audit-device';
import { countedOps, watchBridge } from './helpers/bridge-watch';

/** The sandbox's "minute" bucket here; buckets start at multiples of it since the epoch. */
const BUCKET_MS = 4_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Waits for the start of the next bucket (plus a little: a tap at the edge belongs to it). */
const nextBucket = async () =>
  sleep(Math.ceil((Date.now() + 1) / BUCKET_MS) * BUCKET_MS - Date.now() + 150);

const FAILED =
  'Audit failed In 0% (device 3, by hand 3); Out 100% (device 0, by hand 0); Overall 0% (device 3, by hand 3); 95% interval 0% to 56.1%; 2 of ';

test.use({ viewport: { width: 1366, height: 768 } });

test('an audit whose misses and double counts cancel out on totals fails, bucket by bucket, everywhere it is shown', async ({
  page,
  dataDir,
  sandbox,
}) => {
  test.setTimeout(120_000);
  const watch = watchBridge(page);
  const { serial, store, cross, checkIn } = await auditDevice(
    page,
    { dataDir, sandbox },
    { minCrossings: 3, bucketSeconds: BUCKET_MS / 1000 },
  );

  const audit = page.getByRole('region', { name: 'Accuracy audit' });
  await audit.getByRole('button', { name: 'Start audit' }).click();
  await expect(audit.locator('.badge')).toHaveText('Counting', { timeout: 10_000 });
  // One bucket: the device counts three nobody counted by hand.
  await nextBucket();
  await cross({ in: 3, out: 0 });
  // The next: three counted by hand, none by the device.
  await nextBucket();
  const inButton = audit.getByRole('button', { name: 'In', exact: true });
  for (let i = 0; i < 3; i++) await inButton.click();
  await expect(audit.locator('.tallies')).toHaveText(/3\s*in\s*0\s*out/);
  await audit.getByRole('button', { name: 'Stop' }).click();
  await expect(audit).toContainText("Waiting for the device's next check-in", { timeout: 15_000 });
  await checkIn();

  const status = audit.getByRole('status');
  await expect(status).toContainText(FAILED, { timeout: 10_000 });
  await expect(status).toContainText(/2 of \d+ buckets off: /);
  const table = audit.getByRole('table', { name: 'Bucket by bucket' });
  const off = table.locator('tbody tr').filter({ hasText: 'Off' });
  await expect(off).toHaveCount(2);
  // Each flagged bucket: time, in by hand, in by the device, out by hand, out by the device.
  await expect(off.nth(0).getByRole('cell')).toHaveText([/\d/, '0', '3', '0', '0', 'Off']);
  await expect(off.nth(1).getByRole('cell')).toHaveText([/\d/, '3', '0', '0', '0', 'Off']);
  // The result is in: the screen stops asking (no request storm), and nothing went wrong.
  const from = Date.now();
  await page.waitForTimeout(15_000);
  const sent = watch.ops(from);
  expect(sent.length, countedOps(sent)).toBeLessThan(8);
  const said = (await status.textContent())!.replace(/\s+/g, ' ').trim();
  const numbers = said.replace(/^Audit failed /, '');

  await openNav(page, 'Activity');
  const auditRow = page.getByRole('row').filter({ hasText: 'Accuracy audit' });
  await expect(auditRow.locator('.badge')).toHaveText('Audit failed');
  await expect(auditRow.locator('.muted')).toHaveText(numbers);
  await finishVisitUnsigned(page);
  await openLastReceipt(page);
  const row = page
    .getByRole('region', { name: `Store ${store.name}` })
    .getByRole('row')
    .filter({ hasText: serial });
  await expect(row).toContainText(`Audit failed; ${numbers}`);

  await openNav(page, 'Activity');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page
      .getByRole('region', { name: 'Earlier visits' })
      .getByRole('button', { name: /^Export CSV/ })
      .first()
      .click(),
  ]);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv).toContain(numbers);
  const lines = csv.split('\r\n');
  const at = lines.indexOf(`"Accuracy audit of ${serial}, bucket by bucket"`);
  expect(at).toBeGreaterThan(0);
  expect(lines[at + 1]).toBe(
    '"Bucket","In by hand","In, device","Out by hand","Out, device","Off"',
  );
  const flagged = lines.slice(at + 2).filter((l) => l.endsWith('"Off"'));
  expect(flagged.map((l) => l.split(',').slice(1).join(','))).toEqual([
    '"0","3","0","0","Off"',
    '"3","0","0","0","Off"',
  ]);

  // In German: the same result, its interval and its buckets off, on the receipt.
  await page.evaluate(() =>
    localStorage.setItem('field-installer.preferences', JSON.stringify({ language: 'de' })),
  );
  await openLastReceipt(page);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  const rowDe = page.locator('section.store').getByRole('row').filter({ hasText: serial });
  await expect(rowDe).toContainText(
    /Zählprüfung nicht bestanden; Hinein 0\s% \(Gerät 3, von Hand 3\);.*95-%-Intervall 0\s% bis 56,1\s%; 2 von \d+ Abschnitten weichen ab: /,
  );
  expect(watch.errors()).toEqual([]);
});
