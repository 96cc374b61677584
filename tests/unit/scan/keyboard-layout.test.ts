/** The keyboard-layout trap: a US-set scanner typing into a German or French computer. */
import { describe, expect, it } from 'vitest';
import { FALLBACK_LOCALE, resolveLocale } from '../../../i18n/locales';
import { setLocaleSource } from '../../../renderer/src/lib/words/active-locale';
import {
  layoutSwapCandidates,
  scannerLayoutText,
  scannerLayoutWarning,
} from '../../../renderer/src/lib/scan/keyboard-layout';

describe('scannerLayoutWarning', () => {
  it('German QWERTZ computer: "-" arrives as "ß" and Y/Z swap; the meant serial is recovered', () => {
    expect(scannerLayoutWarning('FTCß1234')).toEqual({
      kind: 'scanner_layout',
      layout: 'qwertz',
      repaired: 'FTC-1234',
    });
    expect(scannerLayoutWarning('FTCßXZ12')?.repaired).toBe('FTC-XY12');
  });

  it('French AZERTY computer: the digit row arrives as symbols, A/Q swap', () => {
    expect(scannerLayoutWarning('FTC)&é"\'')).toEqual({
      kind: 'scanner_layout',
      layout: 'azerty',
      repaired: 'FTC-1234',
    });
    expect(scannerLayoutWarning('QBC)çà')?.repaired).toBe('ABC-90');
  });

  it('other characters a serial never has: a warning without a guess', () => {
    expect(scannerLayoutWarning('FTC€1234')).toEqual({
      kind: 'scanner_layout',
      layout: null,
      repaired: null,
    });
  });

  it('says nothing about serials, label wrappers or an empty scan', () => {
    expect(scannerLayoutWarning('FTC-1234')).toBeNull();
    expect(scannerLayoutWarning('https://example.com/d/FTC-1234?src=qr')).toBeNull();
    expect(scannerLayoutWarning('{"serial":"FTC-1234"}')).toBeNull();
    expect(scannerLayoutWarning('SN: FTC-1234')).toBeNull();
    expect(scannerLayoutWarning('   ')).toBeNull();
    expect(scannerLayoutWarning('hello world')).toBeNull();
  });
});

describe('layoutSwapCandidates', () => {
  it('offers the Y/Z and A/Q, Z/W swaps of a serial that was not found', () => {
    expect(layoutSwapCandidates('FTC-ZY12')).toEqual(['FTC-YZ12', 'FTC-WY12']);
    expect(layoutSwapCandidates('QA-1')).toEqual(['AQ-1']);
    expect(layoutSwapCandidates('FTC-1234')).toEqual([]);
  });
});

describe('scannerLayoutText', () => {
  it('suggests the scanner setting, and the meant serial, in the active language', () => {
    const warning = scannerLayoutWarning('FTCß1234');
    if (!warning) throw new Error('expected a warning');
    expect(scannerLayoutText(warning)).toMatch(/keyboard layout.*Did you mean FTC-1234\?/s);
    setLocaleSource(() => resolveLocale(['de']));
    try {
      expect(scannerLayoutText(warning)).toMatch(/Tastaturlayout.*FTC-1234/s);
    } finally {
      setLocaleSource(() => FALLBACK_LOCALE);
    }
  });
});
