import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSerial, isTypedSerial, SERIAL_MAX_LENGTH } from '../../../electron/shared/id-patterns';
import { normaliseSerial } from '../../../renderer/src/lib/scan/normalise-serial';

const GS = '\u001d';

describe('normaliseSerial', () => {
  it.each([
    ['plain serial', 'FTC-1234ABCD', 'FTC-1234ABCD'],
    ['lower case kept (the core finds the server’s spelling)', 'ftc-1234abcd', 'ftc-1234abcd'],
    ['surrounding whitespace and scanner CR/LF', '  FTC-1234ABCD\r\n', 'FTC-1234ABCD'],
    ['inner whitespace as printed in groups', 'FTC 1234 ABCD', 'FTC1234ABCD'],
    ['dots and underscores kept', 'ab.cd_ef', 'ab.cd_ef'],
    [
      'URL with the serial as last path segment',
      'https://example.com/d/FTC-1234ABCD',
      'FTC-1234ABCD',
    ],
    ['URL with trailing slash', 'https://example.com/d/FTC-1234ABCD/', 'FTC-1234ABCD'],
    ['URL with ?serial=', 'https://example.com/device?serial=ftc-42aa', 'ftc-42aa'],
    ['URL with ?sn= among other params', 'https://x.example/q?lang=en&sn=FTC-9&v=2', 'FTC-9'],
    ['URL with ?Serial_Number=', 'http://example.com/?Serial_Number=FTC-77', 'FTC-77'],
    ['URL path preferred over a numeric ?id=', 'https://example.com/d/FTC-1?id=7', 'FTC-1'],
    ['URL without scheme', 'example.com/d/FTC-5555', 'FTC-5555'],
    ['percent-encoded path segment', 'https://example.com/d/FTC%2D0001', 'FTC-0001'],
    ['SN=value', 'SN=FTC-1234ABCD', 'FTC-1234ABCD'],
    ['sn: value', 'sn: ftc-1234abcd', 'ftc-1234abcd'],
    ['serial:value', 'serial:FTC-1234ABCD', 'FTC-1234ABCD'],
    ['Serial Number: value', 'Serial Number: FTC-1234ABCD', 'FTC-1234ABCD'],
    ['Serial No. value', 'Serial No. FTC-1', 'FTC-1'],
    ['S/N value', 'S/N FTC-1234ABCD', 'FTC-1234ABCD'],
    ['S/N:value', 'S/N:FTC-1234ABCD', 'FTC-1234ABCD'],
    ['key=value with more fields', 'SN=FTC-1;MAC=00:11:22:33:44:55', 'FTC-1'],
    ['JSON payload', '{"model":"X2","serial":"ftc-3"}', 'ftc-3'],
    ['JSON payload with SN key', '{"SN":"FTC-3B"}', 'FTC-3B'],
    ['GS1 human-readable form', '(01)09501101530003(21)FTC12345', 'FTC12345'],
    [
      'GS1 raw form with symbology id and GS',
      `]C10109501101530003${'21'}FTC777${GS}10LOT1`,
      'FTC777',
    ],
    ['GS1 raw form, serial last', `]d2010950110153000321ABC123`, 'ABC123'],
    ['GS1 raw form, serial after GS', `]Q3010950110153000310LOT1${GS}21XYZ9`, 'XYZ9'],
    ['non-GS1 symbology id stripped', ']C0FTC-1234', 'FTC-1234'],
    ['serial that starts with SN is not a key', 'SNX-1234', 'SNX-1234'],
    [
      'numeric serial that looks like GS1 is left alone',
      '0109501101530003219',
      '0109501101530003219',
    ],
  ])('%s', (_name, raw, expected) => {
    expect(normaliseSerial(raw)).toBe(expected);
  });

  it.each([
    ['empty', ''],
    ['whitespace only', '   \t '],
    ['too long', 'A'.repeat(65)],
    ['starts with punctuation', '-FTC-1'],
    ['characters a serial never has', 'FTC#1234'],
    ['a URL with nothing serial-like', 'https://example.com/'],
    ['a URL whose path is not a serial', 'https://example.com/hello%20world!'],
    ['key without value', 'SN='],
    ['JSON without a serial', '{"model":"X2"}'],
    ['invalid JSON', '{serial: FTC-1'],
    ['control characters only', '\u0002\u0003'],
  ])('rejects %s', (_name, raw) => {
    expect(normaliseSerial(raw)).toBeNull();
  });

  it('accepts exactly 64 characters and the shortest (1) serial', () => {
    expect(normaliseSerial('A'.repeat(64))).toBe('A'.repeat(64));
    expect(normaliseSerial('7')).toBe('7');
  });

  // The rule for a typed serial (electron/shared/id-patterns.ts): what it takes the contract
  // takes too, so "A1" scanned opens what #/devices/A1 opens; the server's own spelling may be
  // wider ("PC 0033 8396"), and the core finds it from the typed "PC00338396".
  it('takes a plain serial exactly when the typed-serial rule takes it, and the contract too', () => {
    expect(normaliseSerial('A1')).toBe('A1');
    expect(normaliseSerial('PC 0033 8396')).toBe('PC00338396');
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9._-]{0,70}$/), (text) => {
        expect(normaliseSerial(text)).toBe(isTypedSerial(text) ? text : null);
        if (isTypedSerial(text)) expect(isSerial(text)).toBe(true);
      }),
    );
    expect(normaliseSerial('A'.repeat(SERIAL_MAX_LENGTH + 1))).toBeNull();
  });

  it('is idempotent: a normalised serial normalises to itself', () => {
    for (const raw of ['https://example.com/d/ftc-1', 'S/N ab 12', '(21)Q-9', 'SN=x.y_z']) {
      const once = normaliseSerial(raw);
      expect(once).not.toBeNull();
      expect(normaliseSerial(once ?? '')).toBe(once);
    }
  });
});
