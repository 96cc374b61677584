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
    ['fieldinstaller://locations/loc_01.a:b~c', '/locations/loc_01.a:b~c'],
    ['fieldinstaller://locations/loc-1/', '/locations/loc-1'],
    ['FieldInstaller://Locations/L1', '/locations/L1'],
    ['fieldinstaller://devices/CNT-00042', '/devices/CNT-00042'],
    // As written: the core finds the server's spelling (a server may spell serials lower-case).
    ['fieldinstaller://devices/cnt-00042', '/devices/cnt-00042'],
    ['fieldinstaller://devices/A.b_c-1', '/devices/A.b_c-1'],
  ])('opens %s as %s', (link, path) => {
    expect(parseDeepLink(link)).toEqual({ ok: true, path });
  });

  it.each([
    // traversal, with and without encoding
    'fieldinstaller://locations/..',
    'fieldinstaller://locations/../settings',
    'fieldinstaller://locations/.',
    'fieldinstaller://locations/%2e%2e',
    'fieldinstaller://locations/%2E%2E%2Fsettings',
    // encoded and real slashes, backslashes
    'fieldinstaller://locations/a%2Fb',
    'fieldinstaller://locations/a/b',
    'fieldinstaller://locations/a\\b',
    'fieldinstaller://devices/CNT%2F1',
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
    // characters ids and serials never have
    'fieldinstaller://locations/-loc',
    'fieldinstaller://locations/loc 1',
    'fieldinstaller://locations/%20loc',
    'fieldinstaller://locations/lo<script>',
    'fieldinstaller://devices/CNT:1',
    'fieldinstaller://locations/loc\u00001',
    'fieldinstaller://locations/loc\n1',
    ' fieldinstaller://locations/loc-1',
    // sizes
    `fieldinstaller://locations/${'a'.repeat(129)}`,
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

  it('accepts the longest valid id and refuses anything past the length cap unread', () => {
    expect(parseDeepLink(`fieldinstaller://locations/${'a'.repeat(128)}`).ok).toBe(true);
    const long = `fieldinstaller://locations/${'a'.repeat(MAX_DEEP_LINK_LENGTH)}`;
    expect(parseDeepLink(long)).toEqual({ ok: false, reason: 'too long' });
  });

  it('never yields a path outside /locations/{id} or /devices/{serial} (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (tail) => {
        for (const link of [`fieldinstaller://${tail}`, `fieldinstaller://locations/${tail}`]) {
          const result = parseDeepLink(link);
          if (result.ok) {
            expect(result.path).toMatch(/^\/(locations|devices)\/[A-Za-z0-9][A-Za-z0-9._:~-]*$/);
            expect(result.path.split('/')).not.toContain('..');
          }
        }
      }),
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
