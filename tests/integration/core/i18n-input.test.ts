/**
 * What a technician in Japan, Germany or France types reaches the right rows: search over the
 * real local database (training mode's inventory) folds full-width characters (a Japanese
 * IME's digits and letters), case and accents; and the core reports the OS's languages only
 * when the host gives them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCoreHarness, type CoreHarness } from '../../helpers/core-harness';

let harness: CoreHarness;

/** "FTC-1234" as a Japanese IME in full-width mode types it. */
const fullWidth = (text: string): string =>
  [...text]
    .map((ch) => (ch >= '!' && ch <= '~' ? String.fromCharCode(ch.charCodeAt(0) + 0xfee0) : ch))
    .join('');

beforeAll(async () => {
  harness = await startCoreHarness();
  await harness.call('startTraining');
  await harness.call('syncNow');
});
afterAll(async () => {
  await harness?.close();
});

describe('search input from other keyboards', () => {
  it('full-width digits and letters find the serial they spell', async () => {
    const first = await harness.call('queryDevices', { view: 'all', offset: 0, limit: 1 });
    const serial = first.rows[0]?.serial;
    if (!serial) throw new Error('training mode has no devices');
    const digits = /\d{3,}/.exec(serial)?.[0] ?? '';
    expect(digits.length).toBeGreaterThanOrEqual(3);

    const typed = fullWidth(digits);
    expect(typed).not.toBe(digits);
    const byDigits = await harness.call('queryDevices', {
      view: 'all',
      q: typed,
      offset: 0,
      limit: 500,
    });
    expect(byDigits.rows.map((d) => d.serial)).toContain(serial);

    const whole = await harness.call('queryDevices', {
      view: 'all',
      q: fullWidth(serial.toLowerCase()),
      offset: 0,
      limit: 5,
    });
    expect(whole.rows.map((d) => d.serial)).toContain(serial);

    // One or two characters match the end of the serial, also typed full width.
    const suffix = await harness.call('queryDevices', {
      view: 'all',
      q: fullWidth(serial.slice(-2)),
      offset: 0,
      limit: 1,
    });
    expect(suffix.rows[0]?.serial.endsWith(serial.slice(-2))).toBe(true);
  });
});

describe('systemLanguages', () => {
  it('is empty when the host does not tell (browser mode asks the browser instead)', async () => {
    expect(await harness.call('systemLanguages')).toEqual([]);
  });
});
