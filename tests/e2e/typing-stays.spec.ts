import { checkBothThemes, expect, test } from './fixtures';
import { openFirstStore } from './helpers';
import { scannerBurst, typeAtPace } from './helpers/scanner';

// People type short words 30–40 ms a key, and text expanders or a remote desktop's "type
// clipboard" type faster than any scanner: in a field that wants free text every key stays
// where it was typed, whatever its speed. Only a serial field, or a screen with no text field
// focused, takes a scan. Playwright's own timing where the rule needs none (text fields);
// keys carrying their own press times 35 ms apart where the app looks at timing.
const PERSON_FAST = { delay: 35 };
const PERSON_GAP_MS = 35;
const EXPANDER = { delay: 0 };

test('typing stays where it was typed at any speed; the serial field and Settings still take scans', async ({
  page,
  spareSerial: spare,
}) => {
  const nav = page.getByRole('navigation', { name: 'Main' });

  // Settings: "Test the scanner" tells a scan from typing, with the options in force.
  await nav.getByRole('button', { name: 'Settings' }).click();
  const testField = page.getByLabel('Scan something here');
  const verdict = page.getByRole('region', { name: 'Test the scanner' }).getByRole('status');
  await testField.click();
  await scannerBurst(page, 'sn=ftc-2b5h97j8');
  await expect(verdict).toContainText('Taken as a scan.');
  // As scanned: the core finds the device's own spelling whatever the case (decision record 34).
  await expect(verdict).toContainText('Serial number: ftc-2b5h97j8');
  await expect(verdict).toContainText('Length 15, ended with Enter.');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await typeAtPace(page, 'abc', 120, 'Enter');
  await expect(verdict).toContainText('Taken as typing, not as a scan:');
  await expect(verdict).toContainText('a pause of 120 ms between keys; a scan allows 50 ms.');
  await expect(verdict).toContainText(
    'If this was the scanner, set “Longest pause between scanner keystrokes (ms)” to 120 or more.',
  );
  await expect(verdict).toContainText('length 3; a scan has at least 6 characters.');
  await checkBothThemes(page, 'settings-scanner-test');

  // The new store's country, typed quickly and left with Tab: the form stays, no lookup.
  await nav.getByRole('button', { name: 'Locations' }).click();
  await page.getByRole('button', { name: 'New location' }).click();
  const name = page.getByLabel('Name');
  await name.click();
  await page.keyboard.type('Expander Store', EXPANDER);
  const country = page.getByRole('combobox', { name: 'Country' });
  await country.click();
  await page.keyboard.type('Germany', PERSON_FAST);
  await page.keyboard.press('Tab');
  await expect(country).not.toBeFocused();
  await expect(country).toHaveValue('Germany');
  await expect(name).toHaveValue('Expander Store');
  await expect(page.getByRole('button', { name: 'Create location' })).toBeVisible();
  expect(new URL(page.url()).hash).not.toContain('/devices/');
  await page.getByRole('button', { name: 'Cancel' }).click();

  // A quick store search keeps its last letters; a serial typed next on the Scan screen is
  // exactly that serial (the "…on" of "Lyon" once turned up at its front).
  const search = page.getByLabel('Search locations');
  await search.click();
  await typeAtPace(page, 'Lyon', PERSON_GAP_MS);
  await expect(search).toHaveValue('Lyon');
  // Alt+Left is Back on the page, but in a text field the key is the field's (Option+Left
  // moves the caret by a word on macOS): the screen and the half-typed search stay.
  await page.keyboard.press('Alt+ArrowLeft');
  await page.keyboard.type(' 2');
  await expect(search).toHaveValue('Lyon 2');
  await expect(page.getByRole('heading', { level: 1, name: 'Locations' })).toBeVisible();
  await nav.getByRole('button', { name: 'Inventory' }).click();
  await page.getByRole('main').getByRole('button', { name: 'Scan device' }).click();
  const serialField = page.getByLabel('Serial number');
  await serialField.click();
  // Held back while the app decides, then given back by a timer without another key.
  await typeAtPace(page, spare, PERSON_GAP_MS);
  await expect(serialField).toHaveValue(spare);

  // The serial field still takes a scan: a scanner set to end with Tab looks it up.
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  await expect(serialField).toHaveValue('');
  await scannerBurst(page, spare.toLowerCase(), 'Tab');
  await expect(page.getByRole('heading', { level: 1, name: spare })).toBeVisible();
});

test("Space works the Scan screen's controls; a walk-test reason keeps all of a text expander's text", async ({
  page,
  spareSerial: spare,
}) => {
  await openFirstStore(page);
  await page.getByRole('button', { name: 'Scan device' }).click();
  // Space ticks the focused checkbox (it went into the serial field instead).
  const keep = page.getByLabel('Keep scanning (install each scanned device here)');
  await keep.focus();
  await page.keyboard.press('Space');
  await expect(keep).toBeChecked();
  await page.keyboard.press('Space');
  await expect(keep).not.toBeChecked();
  await expect(page.getByLabel('Serial number')).toHaveValue('');

  // With focus on the checkbox, a scanner burst is a scan.
  await scannerBurst(page, spare);
  await expect(page.getByRole('heading', { level: 1, name: spare })).toBeVisible();
  await page.getByRole('button', { name: 'Install here' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Verify ${spare}` })).toBeVisible();

  const passes = page.getByLabel('Passes walked');
  await passes.fill('50');
  // Recording short of the passes asks why.
  await page.getByRole('button', { name: /^Record as “/ }).click();
  const reason = page.getByLabel(/Why it did not pass/);
  const text = 'Door blocked by pallets, walked 3 times';
  await reason.click();
  await page.keyboard.type(text, EXPANDER);
  await expect(reason).toHaveValue(text);
  // Nothing of it turns up in the next field typed into.
  await passes.click();
  await page.keyboard.press('End');
  await page.keyboard.type('0', { delay: 150 });
  await expect(passes).toHaveValue('500');
  await expect(reason).toHaveValue(text);
});
