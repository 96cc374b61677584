/**
 * The store's sign-off and the chained record, in a real Chromium against browser mode and
 * the sandbox: a verification's note is corrected (an amendment), the contact signs with the
 * mouse, the visit is finished, the receipt shows the signature, the name, the correction and
 * the record's final hash; the visit's CSV checks out in "Check a
 * receipt"; the typed hash checks out in German too.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { bridgeOp } from './helpers';
import { locations, uninstalledSerials } from './sandbox-api';

test('sign with the mouse, finish, the receipt shows signature and hash; its CSV and hash check out (also in German)', async ({
  signedInPage: page,
  sandbox,
}) => {
  test.setTimeout(60_000);
  const [serial] = await uninstalledSerials(sandbox);
  const store = (await locations(sandbox))[0]!;
  // The visit's entries (the install and Verify screens have their own tests).
  await bridgeOp(page, 'installDevice', { serial, locationId: store.id });
  // Recorded from what the core reads; nobody walked here, which the reason says.
  await bridgeOp(page, 'recordVerification', {
    serial,
    locationId: store.id,
    walkTestReason: 'Nobody walked',
    note: 'Above the door',
  });

  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Activity' }).click();
  // A correction is an amendment with its reason: the log shows the corrected note and says so.
  const thisVisit = page.getByRole('region', { name: 'This visit' });
  await thisVisit.getByRole('button', { name: 'Correct the note' }).click();
  await thisVisit.getByLabel('Corrected note').fill('Above the side door');
  await thisVisit.getByLabel('Reason for the correction').fill('Wrong door noted');
  await thisVisit.getByRole('button', { name: 'Save correction' }).click();
  await expect(thisVisit).toContainText('Above the side door');
  await expect(thisVisit).toContainText(
    // The note and the reason isolated for direction (words/bidi.ts).
    /Corrected .* \(was “\u2068Above the door\u2069”\): \u2068Wrong door noted\u2069/,
  );
  await page.getByRole('button', { name: 'Finish visit' }).click();
  // The open items come in above the pad (the verification says nobody walked); the pad is
  // scrolled to and measured once they are there, so the strokes land where it is.
  await expect(thisVisit.getByRole('region', { name: 'Needs follow-up' })).toBeVisible();
  const pad = page.getByLabel('Signature: draw with the mouse, a finger or a pen');
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height * 0.7);
  await page.mouse.down();
  for (const [x, y] of [
    [0.2, 0.2],
    [0.35, 0.8],
    [0.5, 0.3],
    [0.7, 0.6],
  ] as const) {
    await page.mouse.move(box.x + box.width * x, box.y + box.height * y, { steps: 4 });
  }
  await page.mouse.up();
  await page.getByLabel('Printed name of the signer').fill('Ana Store');
  await page.getByRole('button', { name: 'Finish with signature' }).click();
  await expect(page.getByText('Visit finished at')).toBeVisible();

  const earlier = page.getByRole('region', { name: 'Earlier visits' });
  await earlier
    .getByRole('button', { name: /^Receipt/ })
    .first()
    .click();
  const signOff = page.getByRole('region', { name: 'Store sign-off' });
  await expect(signOff.getByRole('img', { name: 'Signature of Ana Store' })).toBeVisible();
  await expect(signOff.locator('path')).toHaveCount(1);
  await expect(signOff).toContainText(/Signed by \u2068Ana Store\u2069 at \w+ \d+, \d{4}/);
  await expect(page.getByRole('region', { name: 'Corrections' })).toContainText(
    // What people wrote, isolated for direction (words/bidi.ts).
    'note corrected from “\u2068Above the door\u2069” to “\u2068Above the side door\u2069”. Reason: \u2068Wrong door noted\u2069',
  );
  const record = page.getByRole('region', { name: 'Record' });
  await expect(record).toContainText('Entries in the record');
  const hash = (await record.locator('code.hash').textContent())!.replace(/\s+/g, '');
  expect(hash).toMatch(/^[0-9a-f]{64}$/);

  await nav.getByRole('button', { name: 'Activity' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    earlier
      .getByRole('button', { name: /^Export CSV/ })
      .first()
      .click(),
  ]);
  const path = await download.path();
  expect(await readFile(path, 'utf8')).toContain(`"${hash}"`);
  const check = page.getByRole('region', { name: 'Check a receipt' });
  await check.getByLabel('Receipt CSV file').setInputFiles(path);
  await expect(check.getByRole('status')).toContainText('Matches: the record of the visit');

  await nav.getByRole('button', { name: 'Settings' }).click();
  await page.getByLabel('Language of the app').selectOption('de');
  await page
    .getByRole('navigation', { name: 'Hauptnavigation' })
    .getByRole('button', { name: 'Aktivität' })
    .click();
  const prüfen = page.getByRole('region', { name: 'Beleg prüfen' });
  await prüfen.getByLabel('Abschließender Hash').fill(hash.slice(0, 24).toUpperCase());
  await prüfen.getByRole('button', { name: 'Prüfen' }).click();
  await expect(prüfen.getByRole('status')).toContainText('Stimmt überein');
});
