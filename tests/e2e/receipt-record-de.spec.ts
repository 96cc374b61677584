/**
 * The receipt made from the record, in German at 1366×768 (decision record 68): the device's
 * label, its store, the time zone Settings names, the barcode; the print (PDF) carries the
 * label, the barcode's text and the isolated reason; no console error on the way.
 */
import { desktopLanguage, expect, test } from './fixtures';
import { bridgeOp } from './helpers';
import { pdfText } from './helpers/pdf-text';

test.use({ ...desktopLanguage('de-DE'), viewport: { width: 1366, height: 768 } });

test('Beleg: Bezeichnung, Filiale, Zeitzone und Barcode, auch im PDF; keine Konsolenfehler', async ({
  page,
  web,
}) => {
  test.setTimeout(90_000);
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(String(error)));
  // Training mode, in German.
  await page.goto(web.info.url);
  await page.getByRole('button', { name: 'Übungsmodus starten' }).click();
  await expect(page.getByRole('main').getByRole('listitem').first()).toBeVisible();
  const store = (
    await bridgeOp<{ value: { id: string; name: string }[] }>(page, 'listLocations', {})
  ).value[0]!;
  const serial = (
    await bridgeOp<{ rows: { serial: string }[] }>(page, 'queryDevices', {
      view: 'uninstalled',
      offset: 0,
      limit: 1,
    })
  ).rows[0]!.serial;
  await bridgeOp(page, 'installDevice', { serial, locationId: store.id, label: 'Tür links' });
  await bridgeOp(page, 'recordVerification', {
    serial,
    locationId: store.id,
    checkedIn: true,
    walkTestCount: 3,
  });
  const visit = await bridgeOp<{ id: string }>(page, 'finishVisit', {
    signOff: { signed: false, reason: 'Niemand \u202Eda\u202C vom Markt' },
  });
  await page.goto(page.url().replace(/#.*$/, `#/receipts/${visit.id}`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: serial });
  await expect(row).toContainText('Tür links');
  await expect(page.getByRole('columnheader', { name: 'Bezeichnung' })).toBeVisible();
  // The zone is this computer's, named as the system names it.
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  await expect(page.getByText(`Zeiten in ${zone}.`, { exact: true })).toBeVisible();
  const code = (await page.locator('figure.barcode figcaption code').textContent())!;
  expect(code).toMatch(/^FIR[0-9A-F]{44}$/);

  await page.emulateMedia({ media: 'print' });
  const text = (await pdfText(await page.pdf({ format: 'A4', printBackground: true }))).replace(
    /\s+/g,
    '',
  );
  await page.emulateMedia({ media: 'screen' });
  for (const expected of ['Türlinks', code, store.name.replace(/\s+/g, '')])
    expect(text, `the PDF says "${expected}"`).toContain(expected);
  expect(problems).toEqual([]);
});
