import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  deepLinkInArgv,
  MAX_DEEP_LINK_LENGTH,
  parseDeepLink,
} from '../../../electron/main/deep-link';

describe('deep link parser (pure, runs for real)', () => {
  it.each([
    ['fieldinstaller://locations/loc-1', '/locations/loc-1'],
    ['fieldinstaller://locations/loc_01.a:b~c', '/locations/loc_01.a%3Ab~c'],
    ['fieldinstaller://locations/loc-1/', '/locations/loc-1'],
    ['FieldInstaller://Locations/L1', '/locations/L1'],
    ['fieldinstaller://devices/CNT-00042', '/devices/CNT-00042'],
    // As written: the core finds the server's spelling (a server may spell serials lower-case).
    ['fieldinstaller://devices/cnt-00042', '/devices/cnt-00042'],
    ['fieldinstaller://devices/A.b_c-1', '/devices/A.b_c-1'],
    // Ids and serials are the server's opaque strings: any letters, spaces and reserved
    // characters, percent-encoded in the link as one segment, and encoded again in the path.
    ['fieldinstaller://locations/de:g%C3%B6ttingen-9920', '/locations/de%3Ag%C3%B6ttingen-9920'],
    ['fieldinstaller://locations/de:göttingen-9920', '/locations/de%3Ag%C3%B6ttingen-9920'],
    ['fieldinstaller://locations/a%2Fb%20c%3Fd%23e%25f', '/locations/a%2Fb%20c%3Fd%23e%25f'],
    ['fieldinstaller://locations/%2E%2E%2Fsettings', '/locations/..%2Fsettings'],
    ['fieldinstaller://locations/a\\b', '/locations/a%5Cb'],
    ['fieldinstaller://locations/-loc', '/locations/-loc'],
    ['fieldinstaller://locations/loc 1', '/locations/loc%201'],
    ['fieldinstaller://devices/PC%200033%208396', '/devices/PC%200033%208396'],
    ['fieldinstaller://devices/CNT%2F1', '/devices/CNT%2F1'],
    ['fieldinstaller://devices/CNT:1', '/devices/CNT%3A1'],
  ])('opens %s as %s', (link, path) => {
    expect(parseDeepLink(link)).toEqual({ ok: true, path });
  });

  it.each([
    // traversal, with and without encoding
    'fieldinstaller://locations/..',
    'fieldinstaller://locations/../settings',
    'fieldinstaller://locations/.',
    'fieldinstaller://locations/%2e%2e',
    // a real slash is another segment
    'fieldinstaller://locations/a/b',
    'fieldinstaller://devices//CNT-1',
    // query strings and fragments
    'fieldinstaller://locations/loc-1?x=1',
    'fieldinstaller://locations/loc-1?',
    'fieldinstaller://devices/CNT-1#frag',
    'fieldinstaller://locations/loc-1/?next=https://evil.example',
    // other schemes and shapes
    'https://locations/loc-1',
    'javascript:alert(1)//fieldinstaller://locations/a',
    'file:///etc/passwd',
    'app://installer/index.html',
    'fieldinstaller:locations/loc-1',
    'fieldinstaller:///locations/loc-1',
    'fieldinstaller://settings/x',
    'fieldinstaller://locations/',
    'fieldinstaller://locations',
    'fieldinstaller://user:pass@locations/loc-1',
    'fieldinstaller://locations:80/loc-1',
    // what no id has: control characters, a lone surrogate half, malformed escapes
    'fieldinstaller://locations/loc\u00001',
    'fieldinstaller://locations/loc%001',
    'fieldinstaller://locations/loc\n1',
    'fieldinstaller://locations/loc%0A1',
    'fieldinstaller://locations/%ED%A0%80',
    'fieldinstaller://locations/100%',
    'fieldinstaller://locations/%zz',
    ' fieldinstaller://locations/loc-1',
    // sizes
    `fieldinstaller://locations/${'a'.repeat(201)}`,
    `fieldinstaller://devices/${'A'.repeat(65)}`,
    `fieldinstaller://locations/${'a'.repeat(100_000)}`,
    '',
  ])('refuses %j', (link) => {
    const result = parseDeepLink(link);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason.length).toBeGreaterThan(3);
  });

  it.each([null, undefined, 42, {}, ['fieldinstaller://locations/a']])(
    'refuses non-text %j',
    (value) => {
      expect(parseDeepLink(value).ok).toBe(false);
    },
  );

  it('accepts the longest valid id, even all escaped, and refuses anything past the cap unread', () => {
    expect(parseDeepLink(`fieldinstaller://locations/${'a'.repeat(200)}`).ok).toBe(true);
    // 200 three-byte characters, each written as three escapes.
    const escaped = encodeURIComponent('ö'.repeat(100) + '東'.repeat(100));
    expect(parseDeepLink(`fieldinstaller://locations/${escaped}`).ok).toBe(true);
    const long = `fieldinstaller://locations/${'a'.repeat(MAX_DEEP_LINK_LENGTH)}`;
    expect(parseDeepLink(long)).toEqual({ ok: false, reason: 'too long' });
  });

  it('never yields a path outside /locations/{id} or /devices/{serial} (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 400 }),
          fc.string({ unit: 'grapheme', maxLength: 60 }).map(encodeURIComponent),
        ),
        (tail) => {
          for (const link of [`fieldinstaller://${tail}`, `fieldinstaller://locations/${tail}`]) {
            const result = parseDeepLink(link);
            if (result.ok) {
              // One segment, as encodeURIComponent writes it, that decodes to no dot segment.
              expect(result.path).toMatch(/^\/(locations|devices)\/[A-Za-z0-9._~!*'()%-]+$/);
              const segment = decodeURIComponent(result.path.split('/')[2]!);
              expect(['.', '..']).not.toContain(segment);
              expect(encodeURIComponent(segment)).toBe(result.path.split('/')[2]);
            }
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('finds the link among Chromium’s switches in argv (Windows, Linux)', () => {
    expect(
      deepLinkInArgv([
        'C:\\Program Files\\Field Installer\\Field Installer.exe',
        '--allow-file-access-from-files',
        'FIELDINSTALLER://devices/CNT-1',
        'fieldinstaller://locations/other',
      ]),
    ).toBe('FIELDINSTALLER://devices/CNT-1');
    expect(deepLinkInArgv(['/usr/bin/field-installer', '--training'])).toBeNull();
  });
});
