import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NOT_MANAGED, readPolicyValues } from '../../../electron/common/managed/policy';
import { macPolicyFile, readManagedSettings } from '../../../electron/common/managed/read-policy';
import { parseRegQuery } from '../../../electron/common/managed/reg-query';

/** Captured from `reg query HKLM\Software\Policies\FieldInstaller` on Windows 11 (CRLF). */
const REG_QUERY_OUTPUT = [
  '',
  'HKEY_LOCAL_MACHINE\\Software\\Policies\\FieldInstaller',
  '    ApiBaseUrl    REG_SZ    https://api.example.com/v1',
  '    LockApiBaseUrl    REG_DWORD    0x1',
  '    UpdateUrl    REG_SZ    https://updates.example.com/field-installer',
  '    UpdatesEnabled    REG_DWORD    0x0',
  '    Binary    REG_BINARY    0102',
  '',
].join('\r\n');

/** `plutil -convert json -o - "/Library/Managed Preferences/com.fieldinstaller.app.plist"`. */
const PLUTIL_JSON =
  '{"ApiBaseUrl":"https:\\/\\/api.example.com\\/v1","LockApiBaseUrl":true,"UpdatesEnabled":false}';

describe('managed settings: sources parsed for real', () => {
  it('parses reg query output (strings, DWORDs in hex; other types skipped)', () => {
    expect(parseRegQuery(REG_QUERY_OUTPUT)).toEqual({
      ApiBaseUrl: 'https://api.example.com/v1',
      LockApiBaseUrl: 1,
      UpdateUrl: 'https://updates.example.com/field-installer',
      UpdatesEnabled: 0,
    });
    expect(parseRegQuery('    Name With Spaces    REG_SZ    a value  with  spaces')).toEqual({
      'Name With Spaces': 'a value  with  spaces',
    });
    expect(
      parseRegQuery('ERROR: The system was unable to find the specified registry key'),
    ).toEqual({});
  });

  it('reads Windows policy through reg query', async () => {
    const calls: string[][] = [];
    const reading = await readManagedSettings({
      platform: 'win32',
      bundleId: 'com.fieldinstaller.app',
      exec: async (file, args) => {
        calls.push([file, ...args]);
        return REG_QUERY_OUTPUT;
      },
    });
    expect(calls).toEqual([['reg', 'query', 'HKLM\\Software\\Policies\\FieldInstaller']]);
    expect(reading).toEqual({
      settings: {
        source: { kind: 'windows-policy', where: 'HKLM\\Software\\Policies\\FieldInstaller' },
        apiBaseUrl: 'https://api.example.com/v1',
        apiBaseUrlLocked: true,
        updateUrl: 'https://updates.example.com/field-installer',
        updatesEnabled: false,
      },
      problems: [],
    });
  });

  it('treats a missing policy key (reg exits 1) as not managed', async () => {
    const reading = await readManagedSettings({
      platform: 'win32',
      bundleId: 'x',
      exec: () => Promise.reject(new Error('reg exited with code 1')),
    });
    expect(reading).toEqual({ settings: NOT_MANAGED, problems: [] });
  });

  it('reads a macOS configuration profile through plutil', async () => {
    const file = macPolicyFile('com.fieldinstaller.app');
    expect(file).toBe('/Library/Managed Preferences/com.fieldinstaller.app.plist');
    const reading = await readManagedSettings({
      platform: 'darwin',
      bundleId: 'com.fieldinstaller.app',
      readText: async () => 'bplist00…',
      exec: async (command, args) => {
        expect([command, ...args]).toEqual(['plutil', '-convert', 'json', '-o', '-', file]);
        return PLUTIL_JSON;
      },
    });
    expect(reading.settings).toEqual({
      source: { kind: 'macos-profile', where: file },
      apiBaseUrl: 'https://api.example.com/v1',
      apiBaseUrlLocked: true,
      updateUrl: null,
      updatesEnabled: false,
    });
  });

  it('a macOS laptop without a profile is not managed', async () => {
    const missing = Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
    const reading = await readManagedSettings({
      platform: 'darwin',
      bundleId: 'com.fieldinstaller.app',
      readText: () => Promise.reject(missing),
      exec: () => Promise.reject(new Error('must not run')),
    });
    expect(reading).toEqual({ settings: NOT_MANAGED, problems: [] });
  });

  describe('Linux policy file (real files)', () => {
    let dir: string;
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'fi-policy-'));
    });
    afterEach(() => rmSync(dir, { recursive: true, force: true }));
    const read = (text: string | null) => {
      const file = join(dir, 'policy.json');
      if (text !== null) writeFileSync(file, text);
      return readManagedSettings({ platform: 'linux', bundleId: 'x', linuxFile: file });
    };

    it('reads a valid file', async () => {
      const reading = await read(
        JSON.stringify({ ApiBaseUrl: 'https://api.example.com/v1', UpdatesEnabled: false }),
      );
      expect(reading.problems).toEqual([]);
      expect(reading.settings).toMatchObject({
        source: { kind: 'linux-file', where: join(dir, 'policy.json') },
        apiBaseUrl: 'https://api.example.com/v1',
        apiBaseUrlLocked: false,
        updatesEnabled: false,
      });
    });

    it('no file: not managed, no problem', async () => {
      expect(await read(null)).toEqual({ settings: NOT_MANAGED, problems: [] });
    });

    it('broken JSON: not managed, one clear problem line, no throw', async () => {
      const reading = await read('{"ApiBaseUrl": ');
      expect(reading.settings).toEqual(NOT_MANAGED);
      expect(reading.problems).toHaveLength(1);
      expect(reading.problems[0]).toMatch(/policy\.json: not valid JSON/);
    });

    it('bad values are ignored one by one, the good ones kept', async () => {
      const reading = await read(
        JSON.stringify({
          ApiBaseUrl: 'http://api.example.com/v1',
          LockApiBaseUrl: true,
          UpdateUrl: 'https://updates.example.com',
          UpdatesEnabled: 'no',
          Surprise: 1,
        }),
      );
      expect(reading.settings).toMatchObject({
        apiBaseUrl: null,
        apiBaseUrlLocked: false, // nothing to lock
        updateUrl: 'https://updates.example.com',
        updatesEnabled: null,
      });
      expect(reading.problems.join('\n')).toMatch(/ApiBaseUrl ignored: must start with https/);
      expect(reading.problems.join('\n')).toMatch(/UpdatesEnabled ignored/);
      expect(reading.problems.join('\n')).toMatch(/unknown policy "Surprise"/);
    });

    it.each(['[]', '"text"', 'null', '42'])(
      'not an object (%s): a problem, not managed',
      async (text) => {
        const reading = await read(text);
        expect(reading.settings).toEqual(NOT_MANAGED);
        expect(reading.problems).toHaveLength(1);
      },
    );
  });

  it('FullRefreshHours: whole hours from 1 to 720, from the registry or a file; anything else is named and ignored', () => {
    const where = { kind: 'windows-policy', where: 'HKLM' } as const;
    expect(readPolicyValues({ FullRefreshHours: 48 }, where).settings.fullRefreshHours).toBe(48);
    for (const bad of [0, 721, 1.5, '24']) {
      const reading = readPolicyValues({ FullRefreshHours: bad }, where);
      expect(reading.settings.fullRefreshHours).toBeUndefined();
      expect(reading.problems.join('\n')).toMatch(/FullRefreshHours ignored/);
    }
  });

  it('a lock without a URL locks nothing', () => {
    const { settings } = readPolicyValues(
      { LockApiBaseUrl: 1 },
      { kind: 'windows-policy', where: 'HKLM' },
    );
    expect(settings.apiBaseUrlLocked).toBe(false);
  });
});
