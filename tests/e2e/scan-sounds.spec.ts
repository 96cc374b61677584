import { checkBothThemes, expect, test } from './fixtures';
import { firstDeviceRow, startTraining } from './helpers';

/**
 * Page script: records each oscillator started, by frequency. This is the one place a spy is
 * used — Chromium in a test has no ears; what is checked is that the tone was asked for.
 */
const AUDIO_SPY = `(() => {
  window.__tones = [];
  const Real = window.AudioContext;
  window.AudioContext = class extends Real {
    createOscillator() {
      const oscillator = super.createOscillator();
      const start = oscillator.start.bind(oscillator);
      oscillator.start = (...args) => { window.__tones.push(oscillator.frequency.value); return start(...args); };
      return oscillator;
    }
  };
})()`;
const TONES = 'window.__tones.slice()';
// The first note of each tone (lib/scan/scan-sounds.ts): 880 Hz "installed", 220 Hz "problem".
const INSTALLED = 880;
const PROBLEM = 220;

test('scan sounds: off by default, the choice persists, and when on a tone plays for an install and for a refusal', async ({
  page,
  web,
}) => {
  await page.addInitScript(AUDIO_SPY);
  await startTraining(page, web.info.url);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Inventory' }).click();
  const { serial } = await firstDeviceRow(page);

  // Off by default: a refusal is silent.
  const openScan = async () => {
    await nav.getByRole('button', { name: 'Locations' }).click();
    await page.getByRole('main').getByRole('listitem').first().getByRole('button').first().click();
    await page.getByRole('button', { name: 'Scan device' }).click();
  };
  const refuse = async () => {
    await page.getByLabel('Serial number').fill('not a serial!');
    await page.getByRole('button', { name: 'Look up' }).click();
    await expect(page.getByText('That does not look like a serial number.')).toBeVisible();
  };
  await openScan();
  await refuse();
  expect(await page.evaluate(TONES)).toEqual([]);

  // Turned on in Settings; still on after a reload.
  await nav.getByRole('button', { name: 'Settings' }).click();
  const choice = page.getByRole('checkbox', { name: 'Play a sound for scan results' });
  await expect(choice).not.toBeChecked();
  await choice.check();
  await checkBothThemes(page, 'settings-scan-sounds');
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Play a sound for scan results' })).toBeChecked();

  // On: an install by Keep scanning chimes, a refusal buzzes.
  await openScan();
  await page.getByLabel('Keep scanning (install each scanned device here)').check();
  await page.getByLabel('Serial number').fill(serial);
  await page.getByRole('button', { name: 'Look up' }).click();
  await expect(page.getByRole('region', { name: 'Scanned in a row' })).toContainText(
    `Installed ${serial}.`,
  );
  await expect.poll(() => page.evaluate(TONES)).toEqual([INSTALLED, 1320]);
  await refuse();
  await expect.poll(() => page.evaluate(TONES)).toEqual([INSTALLED, 1320, PROBLEM, PROBLEM]);

  // Off again: silence.
  await nav.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('checkbox', { name: 'Play a sound for scan results' }).uncheck();
  await openScan();
  await refuse();
  expect(await page.evaluate(TONES)).toEqual([INSTALLED, 1320, PROBLEM, PROBLEM]);
});
