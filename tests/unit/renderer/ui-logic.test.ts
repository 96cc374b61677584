import { describe, expect, it } from 'vitest';
import { parsePreferences } from '../../../renderer/src/lib/state/preferences';
import { sparklinePoints } from '../../../renderer/src/lib/traffic/sparkline';

describe('sparkline', () => {
  it('scales from zero so a flat quiet week stays at the bottom', () => {
    expect(sparklinePoints([0, 5, 10], 100, 20)).toBe('0.0,20.0 50.0,10.0 100.0,0.0');
    expect(sparklinePoints([], 100, 20)).toBe('');
  });
});

describe('preferences', () => {
  it('falls back to defaults for corrupt or out-of-range values', () => {
    expect(parsePreferences('{not json')).toEqual({
      theme: 'system',
      language: 'system',
      scanner: { maxInterKeyMs: 50, minLength: 6 },
      sounds: false,
    });
    expect(
      parsePreferences(
        '{"theme":"dark","language":"klingon","scanner":{"maxInterKeyMs":5000,"minLength":"x"}}',
      ),
    ).toEqual({
      theme: 'dark',
      language: 'system',
      scanner: { maxInterKeyMs: 200, minLength: 6 },
      sounds: false,
    });
  });
  it('keeps a language the app speaks, the pseudo-locale included', () => {
    expect(parsePreferences('{"language":"de"}').language).toBe('de');
    expect(parsePreferences('{"language":"en-GB"}').language).toBe('en-GB');
    expect(parsePreferences('{"language":"en-XA"}').language).toBe('en-XA');
  });
  it('keeps scan sounds off unless they were turned on (true, nothing else)', () => {
    expect(parsePreferences('{"sounds":true}').sounds).toBe(true);
    expect(parsePreferences('{"sounds":"yes"}').sounds).toBe(false);
    expect(parsePreferences(null).sounds).toBe(false);
  });
});
